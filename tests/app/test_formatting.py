"""The formatting every screen and the command line share: local times, durations, counts."""

from __future__ import annotations

import datetime as dt
import doctest
import importlib

import pytest

from companion.formatting import (
    format_duration,
    local_date,
    local_time,
    one_line,
    or_dash,
    play_time,
    plural,
    shorten,
    yes_no,
)

PLUS_FIVE_THIRTY = dt.timezone(dt.timedelta(hours=5, minutes=30))


@pytest.mark.parametrize("name", ["companion.formatting", "companion.history.stats"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0


def test_times_are_shown_in_local_time() -> None:
    stamp = "2026-03-01T20:15:00+00:00"
    assert local_time(stamp, PLUS_FIVE_THIRTY) == "2026-03-02 01:45"
    assert local_date(stamp, PLUS_FIVE_THIRTY) == "2026-03-02"
    assert local_time(stamp, dt.UTC) == "2026-03-01 20:15"
    assert local_time(None) == local_date("") == "—"


def test_values_not_recorded_read_as_a_dash() -> None:
    assert [or_dash(v) for v in (None, "", 0, "Savoy")] == ["—", "—", "0", "Savoy"]
    assert [yes_no(v) for v in (None, True, False)] == ["—", "yes", "no"]
    assert play_time(0) == "—" and play_time(4500) == format_duration(4500) == "1 h 15 min"


def test_plural_and_text_helpers() -> None:
    assert [plural(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert plural(1_500, "game") == "1,500 games"
    assert one_line("two\n  lines") == "two lines"
    assert shorten("a rather long note indeed", 10) == "a rather…"
