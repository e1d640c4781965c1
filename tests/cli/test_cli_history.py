"""``stupor-solo history``, ``locate``, and errors that must never show a traceback."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable
from typing import Any

from companion.paths import GAME_FILE, HISTORY_FILE, SETTINGS_FILE
from companion.storage import HistoryRecord

Run = Callable[..., Any]


def test_empty_history(run: Run) -> None:
    result = run("history")
    assert (result.code, result.out.strip(), result.err) == (0, "No finished games yet.", "")
    result = run("history", "--json")
    assert (result.code, json.loads(result.out)) == (0, [])


def test_history_json_is_every_record_newest_first(
    run: Run, data: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    older = make_record(finished_at="2025-01-01T10:00:00+00:00", total=35)
    newer = make_record(finished_at="2025-02-01T10:00:00+00:00", total=82, seed=2)
    store_records(data, [older, newer])
    result = run("history", "--json")
    assert result.code == 0
    games = json.loads(result.out)
    assert [game["id"] for game in games] == [newer.id, older.id]
    assert set(games[0]) == set(HistoryRecord.model_fields)
    assert set(games[0]["score"]) == {
        "vp_track",
        "structures",
        "most_structures_bonus",
        "resources_vp",
        "total",
        "title",
    }
    assert [HistoryRecord.model_validate(game) for game in games] == [newer, older]


def test_history_table_shows_each_game_newest_first(
    run: Run, data: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    store_records(
        data,
        [
            make_record(finished_at="2025-01-01T10:00:00+00:00", total=35, notes="first try"),
            make_record(
                finished_at="2025-02-01T10:00:00+00:00",
                total=82,
                seed=2,
                house="Swabia",
                difficulty="hard",
                deck_mode="table",
                rounds=7,
                play_seconds=5400,
            ),
        ],
    )
    result = run("history")
    assert result.code == 0
    for header in ("Date", "Score", "Title", "Difficulty", "House", "Deck", "Rounds", "Play time"):
        assert header in result.out
    rows = [line.split() for line in result.out.splitlines()]
    duke = next(i for i, row in enumerate(rows) if "Duke" in row)
    knight = next(i for i, row in enumerate(rows) if "Knight" in row)
    assert duke < knight  # newest first
    assert rows[duke][2:] == [
        "82",
        "Duke",
        "hard",
        "Swabia",
        "table",
        "7",
        "1",
        "h",
        "30",
        "min",
        "—",
    ]
    assert "first try" in result.out
    assert "2 finished games, newest first" in result.out


def test_locate_prints_the_data_files(run: Run, data: pathlib.Path) -> None:
    result = run("locate")
    assert result.code == 0
    assert f"data folder:      {data}\n" in result.out
    assert f"game in progress: {data / GAME_FILE}\n" in result.out
    for name in (GAME_FILE, HISTORY_FILE, SETTINGS_FILE, "backups"):
        assert str(data / name) in result.out


def test_data_dir_that_is_a_file_exits_2(run: Run, tmp_path: pathlib.Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run("history", folder=blocker)
    assert result.code == 2
    assert "is a file, not a folder" in result.err


def test_a_damaged_history_is_moved_aside_and_reported(run: Run, data: pathlib.Path) -> None:
    (data / HISTORY_FILE).write_text("{ not json", encoding="utf-8")
    result = run("history", "--json")
    assert result.code == 0
    assert json.loads(result.out) == []
    assert "could not be read" in result.err
    assert "Traceback" not in result.err
    assert list(data.glob(f"{HISTORY_FILE}.corrupt-*"))


def test_a_newer_history_is_refused_and_left_alone(
    run: Run, data: pathlib.Path, make_record: Any
) -> None:
    record = make_record().model_dump(mode="json")
    record["schema_version"] = 99
    (data / HISTORY_FILE).write_text(json.dumps({"games": {"1": record}}), encoding="utf-8")
    before = (data / HISTORY_FILE).read_bytes()
    for argv in (("history",), ("stats",), ("export", str(data.parent / "x.csv"))):
        result = run(*argv)
        assert result.code == 1, argv
        assert "newer version" in result.err
        assert "Traceback" not in result.err
    args = ("score", "--vp", "1", "--structures", "1", "--frederick-structures", "1")
    result = run(*args, "--grain", "0", "--stone", "0", "--augustales", "0", "--save")
    assert result.code == 1 and "newer version" in result.err
    assert (data / HISTORY_FILE).read_bytes() == before
    assert not (data.parent / "x.csv").exists()


def test_unknown_command_exits_2(run: Run) -> None:
    result = run("frobnicate")
    assert result.code == 2
    assert "invalid choice" in result.err


def test_help_of_a_command_exits_0(run: Run) -> None:
    result = run("score", "--help")
    assert result.code == 0
    for flag in ("--vp", "--structures", "--frederick-structures", "--grain", "--stone"):
        assert flag in result.out
    assert "--augustales" in result.out and "--data-dir" in result.out
