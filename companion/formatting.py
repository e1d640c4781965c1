"""How the app and the command line write values for a person: times, durations, counts.

Stored times are UTC ``isoformat`` strings; everything shown is in the local time of the
machine (:func:`local_time`, :func:`local_date`). A value that was not recorded reads
``—`` (:data:`NOT_RECORDED`). Nothing here imports Textual or reads a file.
"""

from __future__ import annotations

import datetime as dt
import math

from rich.cells import cell_len

from companion.i18n import N_, _, current_language
from companion.i18n.dates import format_date, format_moment

NOT_RECORDED = "—"
"""What a missing value reads as in a table or a list of fields."""


def _local(stamp: str, tz: dt.tzinfo | None) -> dt.datetime | None:
    try:
        return dt.datetime.fromisoformat(stamp).astimezone(tz)
    except (ValueError, OverflowError, OSError):
        return None


def local_time(stamp: str | None, tz: dt.tzinfo | None = None) -> str:
    """A stored time as ``YYYY-MM-DD HH:MM`` (the date the language's way:
    :mod:`companion.i18n.dates`) in local time (``tz`` if given; a time without offset is
    taken as the machine's local time); ``—`` when there is none.

    >>> local_time("2025-03-01T18:20:00+00:00", dt.timezone(dt.timedelta(hours=1)))
    '2025-03-01 19:20'
    >>> local_time(None), local_time("not a time")
    ('—', 'not a time')
    """
    if not stamp:
        return NOT_RECORDED
    moment = _local(stamp, tz)
    if moment is None:
        return stamp[:16].replace("T", " ")
    return format_moment(moment, current_language())


def local_date(stamp: str | None, tz: dt.tzinfo | None = None) -> str:
    """A stored time's date, ``YYYY-MM-DD`` (the language's), in local time (``tz`` if given).

    >>> local_date("2025-03-01T23:30:00+00:00", dt.timezone(dt.timedelta(hours=1)))
    '2025-03-02'
    """
    if not stamp:
        return NOT_RECORDED
    moment = _local(stamp, tz)
    return stamp[:10] if moment is None else format_date(moment, current_language())


def format_duration(seconds: float) -> str:
    """A play time in words a player reads at a glance (its units the language's).

    >>> format_duration(42), format_duration(2700), format_duration(4500)
    ('42 s', '45 min', '1 h 15 min')
    >>> format_duration(90061)
    '25 h 01 min'
    """
    if isinstance(seconds, bool) or not math.isfinite(seconds) or seconds < 0:
        # a programmer's error, never a player's: English
        wrong = f"a duration must be 0 seconds or more, not {seconds!r}"
        raise ValueError(wrong)
    whole = round(seconds)
    if whole < 60:
        return _("{seconds} s").format(seconds=whole)
    minutes = round(seconds / 60)
    if minutes < 60:
        return _("{minutes} min").format(minutes=minutes)
    hours, minutes = divmod(minutes, 60)
    return _("{hours} h {minutes} min").format(hours=hours, minutes=f"{minutes:02d}")


def play_time(seconds: float, missing: str = NOT_RECORDED) -> str:
    """A recorded play time (:func:`format_duration`); ``missing`` for 0 (not recorded).

    >>> play_time(4500), play_time(0), play_time(0, "not recorded")
    ('1 h 15 min', '—', 'not recorded')
    """
    return format_duration(seconds) if seconds else missing


def or_dash(value: object) -> str:
    """``value`` as text; ``—`` for ``None`` or an empty string."""
    return NOT_RECORDED if value is None or value == "" else str(value)


def yes_no(value: bool | None) -> str:
    """``yes``, ``no``, or ``—`` when not recorded (English: the caller shows it through
    ``_()``)."""
    return NOT_RECORDED if value is None else (N_("yes") if value else N_("no"))


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and the noun that goes with it (``many`` for an irregular plural).

    >>> plural(1, "game"), plural(2, "game"), plural(0, "game"), plural(10_000, "game")
    ('1 game', '2 games', '0 games', '10,000 games')
    >>> plural(2, "Ally", "Allies")
    '2 Allies'
    """
    noun = word if count == 1 else (many or f"{word}s")
    return f"{count:,} {noun}"


def one_line(text: str) -> str:
    """``text`` with every run of white space (new lines too) made one space."""
    return " ".join(text.split())


def shorten(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, with ``…`` when something was cut: at a word's end
    when one is near, so no word is cut in two.

    >>> shorten("short", 10), shorten("a rather long note indeed", 10)
    ('short', 'a rather…')
    >>> shorten("Frederick removes Gisela", 20), shorten("Supercalifragilistic", 10)
    ('Frederick removes…', 'Supercali…')
    """
    if cell_len(text) <= width:
        return text
    cut = text
    while cut and cell_len(cut) > width - 1:
        cut = cut[:-1]
    word_cut = not text[len(cut)].isspace()
    space = cut.rfind(" ")
    if word_cut and space > len(cut) // 2:  # back to the last whole word
        cut = cut[:space]
    return cut.rstrip() + "…"
