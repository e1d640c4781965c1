"""``stupor-solo score``: the maths, the output, --json, --save and missing or bad flags."""

from __future__ import annotations

import datetime as dt
import json
import os
import pathlib
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from filelock import FileLock

import companion.cli.support as cli_support
from companion.cli.quick_score import (
    JSON_KEYS,
    QuickScoreError,
    count_fields,
    parse_count,
    quick_record,
    score,
)
from companion.paths import HISTORY_FILE, LOCK_FILE
from companion.storage import HistoryStore
from tests.scores import TITLE_BOUNDARIES

Run = Callable[..., Any]

SCORE_ARGS = (
    "--vp",
    "40",
    "--structures",
    "10",
    "--frederick-structures",
    "9",
    "--grain",
    "1",
    "--stone",
    "1",
    "--augustales",
    "8",
)
ROOT = pathlib.Path(__file__).resolve().parents[2]


def score_args(**values: int | str) -> list[str]:
    """The six flags with the example game's values, overridden by ``values``."""
    base: dict[str, int | str] = {
        "vp": 40,
        "structures": 10,
        "frederick-structures": 9,
        "grain": 1,
        "stone": 1,
        "augustales": 8,
    }
    base.update({key.replace("_", "-"): value for key, value in values.items()})
    return [part for key, value in base.items() for part in (f"--{key}", str(value))]


def test_example_game_scores_56_feudal_lord(run: Run) -> None:
    result = run("score", *SCORE_ARGS, "--json")
    assert result.code == 0
    assert json.loads(result.out) == {
        "vp_track": 40,
        "structures": 10,
        "most_structures_bonus": 4,
        "resources_vp": 2,
        "total": 56,
        "title": "Feudal lord",
    }


def test_json_is_exactly_one_object_with_the_documented_keys(run: Run) -> None:
    result = run("score", *SCORE_ARGS, "--json")
    assert result.out.count("\n") == 1 and result.out.endswith("\n")
    document = json.loads(result.out)
    assert tuple(document) == JSON_KEYS
    assert all(type(document[key]) is int for key in JSON_KEYS[:-1])
    assert isinstance(document["title"], str)
    assert result.err == ""


@pytest.mark.parametrize(("structures", "frederick"), [(10, 9), (9, 9), (0, 0), (8, 9), (0, 13)])
def test_most_structures_bonus_is_yours_by_default(
    run: Run, structures: int, frederick: int
) -> None:
    # The default rule: Frederick scores nothing, so you always have the most Structures.
    args = score_args(structures=structures, frederick_structures=frederick)
    document = json.loads(run("score", *args, "--json").out)
    assert document["most_structures_bonus"] == 4
    assert document["structures"] == structures


@pytest.mark.parametrize(
    ("total", "title"),
    # The lowest total here is the bonus, 4.
    [(4, "Serf"), *TITLE_BOUNDARIES[1:], (200, "Duke")],
)
def test_title_boundaries(run: Run, total: int, title: str) -> None:
    # No Structures, no resources: the total is the VP track and the most-Structures 4.
    args = score_args(vp=total - 4, structures=0, frederick_structures=1, grain=0, stone=0)
    document = json.loads(run("score", *args, "--augustales", "0", "--json").out)
    assert (document["total"], document["title"]) == (total, title)


@pytest.mark.parametrize(
    ("grain", "stone", "augustales", "resources_vp"),
    [(0, 0, 5, 0), (0, 0, 6, 1), (1, 1, 2, 1), (3, 0, 0, 1), (2, 2, 3, 1), (2, 2, 4, 2)],
)
def test_resources_are_worth_one_vp_per_six_augustales(
    run: Run, grain: int, stone: int, augustales: int, resources_vp: int
) -> None:
    args = score_args(grain=grain, stone=stone, augustales=augustales)
    assert json.loads(run("score", *args, "--json").out)["resources_vp"] == resources_vp


def test_text_output_shows_the_breakdown_and_title(run: Run, data: pathlib.Path) -> None:
    result = run("score", *SCORE_ARGS)
    assert result.code == 0
    assert not result.missing(
        "VP track 40",
        "Structures (10) 10",
        "Most Structures bonus (rule always: yours in solo) 4",
        "Resources (12 Augustales worth, 6 per VP) 2",
        "Total 56",
        "Title Feudal lord",
    )
    assert not (data / HISTORY_FILE).exists()  # no --save, nothing written


def test_save_adds_one_quick_record(run: Run, data: pathlib.Path) -> None:
    before = dt.datetime.now(dt.UTC)
    result = run("score", *SCORE_ARGS, "--save", "--notes", "Kept the Keep · ça va")
    assert result.code == 0
    assert "Saved to the history" in result.out
    records = HistoryStore(data).all()
    assert len(records) == 1
    record = records[0]
    assert record.source == "quick"
    assert record.score.total == 56 and record.score.title == "Feudal lord"
    assert record.frederick_structures == 9
    assert record.notes == "Kept the Keep · ça va"
    assert before - dt.timedelta(seconds=1) <= record.finished <= dt.datetime.now(dt.UTC)
    assert record.finished.utcoffset() == dt.timedelta(0)
    unknown = (record.difficulty, record.house, record.deck_mode, record.seed, record.rounds)
    assert unknown == (None, None, None, None, None)


def test_save_twice_adds_two_games(run: Run, data: pathlib.Path) -> None:
    assert run("score", *SCORE_ARGS, "--save").code == 0
    assert run("score", *SCORE_ARGS, "--save").code == 0
    assert HistoryStore(data).count() == 2


def test_save_with_json_keeps_stdout_pure_json(run: Run, data: pathlib.Path) -> None:
    result = run("score", *SCORE_ARGS, "--save", "--json")
    assert result.code == 0
    assert json.loads(result.out)["total"] == 56
    assert "Saved to the history" in result.err
    assert HistoryStore(data).count() == 1


def test_notes_without_save_is_pointed_out(run: Run) -> None:
    result = run("score", *SCORE_ARGS, "--notes", "hello")
    assert result.code == 0
    assert "--notes is only kept with --save" in result.err


def test_data_dir_after_the_subcommand(run: Run, tmp_path: pathlib.Path) -> None:
    other = tmp_path / "other"
    result = run("score", "--data-dir", str(other), *SCORE_ARGS, "--save", folder=None)
    assert result.code == 0
    assert HistoryStore(other).count() == 1


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        ("--vp", "-3", "--vp must be a whole number of 0 or more, not '-3'"),
        ("--grain", "two", "--grain must be a whole number of 0 or more, not 'two'"),
        ("--stone", "1.5", "--stone must be a whole number of 0 or more, not '1.5'"),
        ("--augustales", "", "--augustales must be a whole number of 0 or more, not ''"),
        ("--structures", "14", "--structures can be at most 13"),
        ("--frederick-structures", "99", "--frederick-structures can be at most 13"),
        ("--vp", "100000", "--vp can be at most 999"),
    ],
)
def test_bad_values_exit_2_with_a_clear_message(
    run: Run, data: pathlib.Path, flag: str, value: str, message: str
) -> None:
    args = [*SCORE_ARGS, "--save"]
    args[args.index(flag) + 1] = value
    result = run("score", *args)
    assert result.code == 2
    assert message in result.err
    assert result.err.startswith("stupor-solo score: ")
    assert "Traceback" not in result.err
    assert result.out == ""
    assert not (data / HISTORY_FILE).exists()


def test_missing_flags_without_a_terminal_exit_2_naming_them(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_support, "stdin_is_tty", lambda: False)
    result = run("score", "--vp", "40", "--grain", "1", "--json")
    assert result.code == 2
    # Under the built-in rule Frederick's castle is not compared, so it is not asked for.
    assert "missing --structures, --stone, --augustales" in result.err
    assert result.out == ""


def test_missing_flags_are_asked_for_on_a_terminal(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["nine", "-1", "10", "8"])  # structures x3, augustales
    monkeypatch.setattr(cli_support, "stdin_is_tty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda *prompt: next(answers))
    result = run("score", "--vp", "40", "--grain", "1", "--stone", "1", "--json")
    assert result.code == 0
    assert json.loads(result.out)["total"] == 56  # stdout holds only the JSON
    assert "Structures in your castle (--structures): " in result.err
    assert "not 'nine'" in result.err and "not '-1'" in result.err


def test_end_of_input_while_asking_exits_2(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_more(*prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr(cli_support, "stdin_is_tty", lambda: True)
    monkeypatch.setattr("builtins.input", no_more)
    result = run("score", "--vp", "40")
    assert result.code == 2
    assert "no value for --structures" in result.err


def test_save_while_the_app_holds_the_lock_changes_nothing(
    run: Run, data: pathlib.Path, make_record: object
) -> None:
    assert run("score", *SCORE_ARGS, "--save").code == 0
    before = (data / HISTORY_FILE).read_bytes()
    with FileLock(str(data / LOCK_FILE)):
        result = run("score", *SCORE_ARGS, "--save")
        as_json = run("score", *SCORE_ARGS, "--save", "--json")
    for refused in (result, as_json):
        assert refused.code == 1
        assert "in use by another copy" in refused.err
        # issue 26: the lock is checked first, so no score is printed above the refusal,
        # and the message says what to do
        assert refused.out == ""
        assert "Close it and run this again to save the score" in refused.err
        assert "leave out --save" in refused.err
    assert (data / HISTORY_FILE).read_bytes() == before


def test_unknown_option_exits_2(run: Run) -> None:
    result = run("score", "--vp", "1", "--bogus")
    assert result.code == 2
    assert "unrecognized arguments: --bogus" in result.err


# --- the module behind the command ----------------------------------------------------------


def test_quick_score_module() -> None:
    values = {
        "vp_track": 40,
        "structures": 10,
        "frederick_structures": 9,
        "grain": 1,
        "stone": 1,
        "augustales": 8,
    }
    breakdown = score(values)
    assert breakdown.total == 56
    assert [spec.flag for spec in count_fields()] == [
        "--vp",
        "--structures",
        "--frederick-structures",
        "--grain",
        "--stone",
        "--augustales",
    ]
    assert parse_count(" 7 ", next(s for s in count_fields() if s.flag == "--grain")) == 7
    with pytest.raises(QuickScoreError, match="at most 13"):
        score({**values, "structures": 14})
    with pytest.raises(QuickScoreError, match="notes"):
        quick_record(breakdown, frederick_structures=9, notes="x" * 2001)
    moment = dt.datetime(2025, 5, 1, 12, 0, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    record = quick_record(breakdown, frederick_structures=9, now=moment)
    assert record.finished_at == "2025-05-01T10:00:00+00:00"


# --- real processes ------------------------------------------------------------------------


def _run_process(*argv: str, data: pathlib.Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "STUPOR_SOLO_DATA": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def test_process_missing_flags_without_a_terminal_exit_2(data: pathlib.Path) -> None:
    done = _run_process("score", "--vp", "40", "--json", data=data)
    assert done.returncode == 2
    assert "missing --structures, --grain, --stone, --augustales" in (done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_process_help_lists_every_command(data: pathlib.Path) -> None:
    done = _run_process("--help", data=data)
    assert done.returncode == 0
    for command in ("score", "history", "stats", "export", "import", "locate"):
        assert f"    {command} " in done.stdout
    assert "--data-dir" in done.stdout


def test_process_score_json(data: pathlib.Path) -> None:
    done = _run_process("score", *SCORE_ARGS, "--json", data=data)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["title"] == "Feudal lord"
