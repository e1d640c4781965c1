"""Hostile input on the command line (issue 16): no traceback, a plain message, the right
exit code, nothing created or changed that should not be.

Items covered here: 1 (stored markup and escape sequences shown as text), 2 (impossible
imported games refused), 3 (dates at the calendar's edge), 9 (imports that read without
limit), 11 (exit codes, short echoes, no data folder for a failed or read-only command),
12 (readers never rename files without the lock), 14 (no terminal: exit 2).
"""

from __future__ import annotations

import json
import os
import pathlib
import resource
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from companion.paths import HISTORY_FILE, LOCK_FILE
from companion.storage import HistoryRecord
from tests.scores import breakdown

Run = Callable[..., Any]
ROOT = pathlib.Path(__file__).resolve().parents[2]
SCORE_ARGS: tuple[str, ...] = ("--vp", "40", "--structures", "10", "--frederick-structures", "9")
SCORE_ARGS += ("--grain", "1", "--stone", "1", "--augustales", "8")


def files_in(folder: pathlib.Path) -> dict[str, bytes]:
    """Every file below ``folder`` with its bytes (what "nothing changed" compares)."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.is_symlink()
    }


def write_history_json(folder: pathlib.Path, documents: list[dict[str, Any]]) -> None:
    """A history.json holding exactly ``documents`` (as stored, nothing validated)."""
    folder.mkdir(parents=True, exist_ok=True)
    games = {str(index): document for index, document in enumerate(documents, start=1)}
    (folder / HISTORY_FILE).write_text(json.dumps({"games": games}), encoding="utf-8")


def stupor_solo(
    *args: str,
    stdin: Any = subprocess.DEVNULL,
    timeout: float = 30,
    memory_mb: int = 1500,
) -> subprocess.CompletedProcess[str]:
    """``stupor-solo ARGS`` in its own process, its memory capped (a read without limit
    fails there, not in the test process) and killed after ``timeout`` seconds."""

    def cap_memory() -> None:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    code = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap_memory,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


# --- 1: stored text is data ---------------------------------------------------------------


@pytest.mark.parametrize("notes", ["[/bold]", "[/]", "[link=http://x]y[/]", "[b]z"])
def test_markup_in_saved_notes_is_shown_as_typed(run: Run, notes: str) -> None:
    assert run("score", *SCORE_ARGS, "--save", "--notes", notes).code == 0
    for command in ("history", "stats"):
        result = run(command)
        assert result.code == 0, result.err
        assert "Traceback" not in result.err
    shown = run("history")
    assert notes in shown.out  # exactly as typed: no tag eaten, no link made


def test_markup_in_a_stored_house_and_title_is_shown_as_text(
    run: Run, data: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    odd_title = breakdown(
        vp_track=40, structures=10, most_structures_bonus=4, resources_vp=2, title="[/]"
    )
    store_records(data, [make_record(house="[/]", seed=1), make_record(score=odd_title, seed=2)])
    history = run("history")
    assert history.code == 0, history.err
    assert history.out.count("[/]") == 2
    stats = run("stats")
    assert stats.code == 0, stats.err
    assert "[/]" in stats.out


def test_escape_sequences_in_notes_never_reach_the_terminal(run: Run) -> None:
    notes = "won\x1b]0;pwned\x07 \x1b[2J\u202eeasily\r"
    assert run("score", *SCORE_ARGS, "--save", "--notes", notes).code == 0
    shown = run("history")
    assert shown.code == 0
    for control in ("\x1b", "\x07", "\u202e", "\r"):
        assert control not in shown.out
    (stored,) = json.loads(run("history", "--json").out)
    assert stored["notes"] == "won]0;pwned [2Jeasily\n"  # a lone CR is a line break


# --- 2: impossible imported games -----------------------------------------------------------


def _game(make_record: Any, **changes: Any) -> dict[str, Any]:
    game: dict[str, Any] = make_record().model_dump(mode="json")
    for key, value in changes.items():
        if key in game["score"]:
            game["score"][key] = value
        else:
            game[key] = value
    return game


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"total": 9999}, "games[0].score: Value error, the total 9999 is not the sum"),
        ({"title": "Emperor"}, "games[0].score.title: 'Emperor' is not the title a total of 56"),
        ({"rounds": True}, "games[0].rounds: Input should be a valid integer"),
        ({"vp_track": True}, "games[0].score.vp_track: Input should be a valid integer"),
        ({"title": "D" * 1_000_000}, "games[0].score: Value error, the title has 1 to 40"),
        ({"total": 10**400, "vp_track": 10**400}, "games[0].score: Value error, no part"),
        ({"most_structures_bonus": 5, "total": 57}, "games[0].score.most_structures_bonus"),
        ({"play_seconds": 1e300}, "games[0].play_seconds: Input should be less than or equal"),
    ],
)
def test_an_impossible_game_is_refused_naming_record_and_field(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, changes: Any, where: str
) -> None:
    source = tmp_path / "games.json"
    source.write_text(json.dumps({"games": [_game(make_record, **changes)]}), encoding="utf-8")
    result = run("import", str(source))
    assert result.code == 1, result.out
    assert where in result.err
    assert "Traceback" not in result.err
    assert len(result.err) < 2000, "a huge value is not echoed"
    assert not (data / HISTORY_FILE).exists()
    assert run("stats").code == 0


def test_an_impossible_csv_row_names_its_line_and_column(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any
) -> None:
    from companion.history import records_to_csv

    text = records_to_csv([make_record()]).replace(",56,Feudal lord,", ",56,Duke,")
    source = tmp_path / "games.csv"
    source.write_text(text, encoding="utf-8")
    result = run("import", str(source))
    assert result.code == 1
    assert "line 2, title: 'Duke' is not the title a total of 56 earns (Feudal lord)" in result.err
    assert not (data / HISTORY_FILE).exists()


# --- 3: dates at the calendar's edge ----------------------------------------------------------

EDGE_DATES = ("0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00", "1969-12-31T23:59:59")


@pytest.mark.parametrize("moment", EDGE_DATES)
def test_an_edge_date_in_an_import_is_refused_plainly(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, moment: str
) -> None:
    source = tmp_path / "games.json"
    game = _game(make_record, finished_at=moment)
    source.write_text(json.dumps({"games": [game]}), encoding="utf-8")
    result = run("import", str(source))
    assert result.code == 1
    assert f"games[0].finished_at: Value error, {moment!r} is not between 1970-01-01" in result.err
    assert not (data / HISTORY_FILE).exists()


@pytest.mark.parametrize("moment", EDGE_DATES)
def test_a_stored_edge_date_is_reported_and_the_other_games_shown(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, moment: str
) -> None:
    good = make_record(seed=1)
    bad = {**make_record(seed=2).model_dump(mode="json"), "finished_at": moment}
    write_history_json(data, [good.model_dump(mode="json"), bad])
    history = run("history", "--json")
    assert history.code == 0, history.err
    assert [game["id"] for game in json.loads(history.out)] == [good.id]
    assert f"(id {bad['id']}) in the history was skipped" in history.err
    assert run("stats").code == 0
    target = tmp_path / "out.json"
    assert run("export", str(target)).code == 0
    assert len(json.loads(target.read_text(encoding="utf-8"))["games"]) == 1
    source = tmp_path / "more.json"
    source.write_text(json.dumps({"games": [make_record(seed=3).model_dump(mode="json")]}), "utf-8")
    assert run("import", str(source)).code == 0


# --- 9: imports that read without limit ---------------------------------------------------


def test_importing_dev_zero_is_refused_at_once(tmp_path: pathlib.Path) -> None:
    result = stupor_solo("--data-dir", str(tmp_path / "data"), "import", "/dev/zero")
    assert result.returncode == 1, result.stderr[-500:]
    assert "it is a device, not a regular file" in result.stderr
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    assert not (tmp_path / "data").exists()


def test_importing_a_named_pipe_does_not_wait(tmp_path: pathlib.Path) -> None:
    fifo = tmp_path / "games.csv"
    os.mkfifo(fifo)
    result = stupor_solo("--data-dir", str(tmp_path / "data"), "import", str(fifo), timeout=20)
    assert result.returncode == 1
    assert "it is a named pipe (FIFO), not a regular file" in result.stderr


def test_importing_a_loop_of_links_is_a_plain_error(run: Run, tmp_path: pathlib.Path) -> None:
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    result = run("import", str(tmp_path / "a.json"))
    assert result.code == 1
    assert "cannot read the file: it is a symbolic link, or the path has too many" in result.err


def test_importing_a_file_over_the_cap_says_the_cap(run: Run, tmp_path: pathlib.Path) -> None:
    from companion.history import MAX_IMPORT_BYTES

    big = tmp_path / "big.csv"
    with big.open("wb") as handle:
        handle.truncate(MAX_IMPORT_BYTES + 1)  # sparse: no disk used
    result = run("import", str(big))
    assert result.code == 1
    assert "than the 128 MB an import file may be" in result.err


def test_importing_a_folder_is_refused(run: Run, tmp_path: pathlib.Path) -> None:
    result = run("import", str(tmp_path))
    assert result.code == 1
    assert "cannot read the file: it is a folder, not a regular file" in result.err


# --- 11: exit codes, echoes, folders ---------------------------------------------------------


def test_a_count_of_thousands_of_digits_is_a_usage_error(run: Run) -> None:
    result = run("score", *SCORE_ARGS[:-1], "9" * 5000)
    assert result.code == 2
    assert "--augustales can be at most 999" in result.err
    assert "a number of 5,000 digits" in result.err
    assert len(result.err) < 300


def test_notes_over_2000_characters_are_a_usage_error_and_nothing_is_saved(
    run: Run, data: pathlib.Path
) -> None:
    result = run("score", *SCORE_ARGS, "--save", "--notes", "n" * 2001)
    assert result.code == 2
    assert "--notes has at most 2,000 characters, not 2,001" in result.err
    assert not (data / HISTORY_FILE).exists()


@pytest.mark.parametrize(
    "argv",
    [
        ("score", "--vp", "x" * 131_072),
        ("export", "--format", "x" * 131_072, "out"),
        ("history", "--colour", "x" * 131_072),
        ("export", "y" * 131_072),
    ],
)
def test_a_huge_bad_value_is_echoed_cut_short(run: Run, argv: tuple[str, ...]) -> None:
    result = run(*argv)
    assert result.code == 2
    assert 0 < len(result.err) < 2000
    assert "Traceback" not in result.err


@pytest.mark.parametrize(
    "argv",
    [
        ("score", "--vp", "x"),
        ("score", "--vp", "1"),  # the other counts are missing and there is no terminal
        ("score", *SCORE_ARGS, "--save", "--notes", "n" * 3000),
        ("history",),
        ("history", "--json"),
        ("stats",),
        ("export", "--format", "csv", "-"),
        ("export", "games.txt"),
        ("import", "no-such-file.csv"),
        ("locate",),
        ("--bogus",),
    ],
)
def test_failed_and_read_only_commands_create_no_data_folder(
    run: Run, tmp_path: pathlib.Path, argv: tuple[str, ...]
) -> None:
    folder = tmp_path / "not-yet"
    run(*argv, folder=folder)
    assert not folder.exists()


# --- 12: readers never rename files without the lock --------------------------------------


@pytest.mark.parametrize("argv", [("history",), ("stats",), ("export", "--format", "csv", "-")])
def test_a_reader_leaves_a_damaged_history_while_another_copy_holds_the_lock(
    run: Run, data: pathlib.Path, argv: tuple[str, ...]
) -> None:
    from filelock import FileLock

    (data / HISTORY_FILE).write_bytes(b'{"games": {"1": {"finished')
    with FileLock(str(data / LOCK_FILE)):
        before = files_in(data)
        result = run(*argv)
        assert files_in(data) == before, "nothing renamed while the lock is held elsewhere"
    assert result.code == 1
    assert "The game history could not be read" in result.err
    assert "The file was left as it is" in result.err
    assert not list(data.glob("*.corrupt-*"))


def test_a_reader_that_can_take_the_lock_moves_a_damaged_history_aside(
    run: Run, data: pathlib.Path
) -> None:
    (data / HISTORY_FILE).write_bytes(b'{"games": {"1": {"finished')
    result = run("history")
    assert result.code == 0
    assert "No finished games yet." in result.out
    assert "was kept as" in result.err
    assert len(list(data.glob("history.json.corrupt-*"))) == 1


# --- 14: no terminal ------------------------------------------------------------------------


def test_the_app_without_a_terminal_says_so_in_one_line_and_exits_2(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "data"
    with (tmp_path / "out.txt").open("w") as out:
        code = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"
        done = subprocess.run(
            [sys.executable, "-c", code, "--data-dir", str(folder)],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            timeout=20,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "needs a terminal" in done.stderr
    assert not folder.exists(), "nothing created, no lock held"


def test_a_record_stored_with_markup_round_trips_through_export_and_import(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    record: HistoryRecord = make_record(house="[red]", notes="[/bold] a [link=x]b[/link]")
    store_records(data, [record])
    target = tmp_path / "games.csv"
    assert run("export", str(target)).code == 0
    fresh = tmp_path / "fresh"
    assert run("import", str(target), folder=fresh).code == 0
    shown = run("history", folder=fresh)
    assert shown.code == 0 and "[red]" in shown.out
