"""``stupor-solo export`` and ``import``: lossless round trips, idempotent imports, bad
files refused with the line and field named and nothing changed, backups (the fuzzing of
the import and its list cells: ``test_cli_import_fuzz``)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import pathlib
from collections.abc import Callable
from typing import Any

import pytest

from companion import history as history_io
from companion.history import (
    CSV_COLUMNS,
    ImportFileError,
    backup_history,
    import_file,
    list_backups,
    parse_import_bytes,
)
from companion.paths import BACKUP_DIR, HISTORY_FILE
from companion.storage import HistoryRecord, HistoryStore
from companion.storage.backups import read_backup
from tests.scores import score

Run = Callable[..., Any]


@pytest.fixture
def varied(make_record: Any) -> list[HistoryRecord]:
    """Games that exercise every awkward corner of CSV and JSON."""
    return [
        make_record(
            finished_at="2025-01-01T20:00:00+00:00",
            notes='Line one,\nline "two"; ça va — 日本\r\nend',
            end_reasons=["The Edict pile ran out.", "a; b\\c", ""],
            log_summary=["Frederick issued Edict II: +1 Tower, +2 Grain", "\\e literal"],
            play_seconds=4321.123456789,
            easier_solo=True,
        ),
        # A quick entry: the score and nothing else (every other field empty).
        HistoryRecord(
            finished_at="2025-01-02T20:00:00.250000+00:00", score=score(vp_track=8), source="quick"
        ),
        make_record(
            finished_at="2025-01-03T20:00:00+00:00",
            total=90,
            seed=2**63 - 1,
            house="Sicily",
            difficulty="hard",
            deck_mode="table",
            source="import",
            notes=" leading and trailing spaces ",
        ),
    ]


@pytest.fixture
def stored(
    data: pathlib.Path, varied: list[HistoryRecord], store_records: Any
) -> list[HistoryRecord]:
    """The :func:`varied` games, as the history of the data folder."""
    store_records(data, varied)
    return varied


def history_bytes(folder: pathlib.Path) -> bytes | None:
    path = folder / HISTORY_FILE
    return path.read_bytes() if path.exists() else None


# --- export -------------------------------------------------------------------------------


def test_export_csv_has_one_row_per_game_with_flat_columns(
    run: Run, tmp_path: pathlib.Path, stored: list[HistoryRecord]
) -> None:
    target = tmp_path / "games.csv"
    result = run("export", "--format", "csv", str(target))
    assert result.code == 0
    assert f"Exported 3 games to {target}." in result.out
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"), newline="")))
    assert len(rows) == 3
    for column in ("id", "schema_version", "vp_track", "structures", "most_structures_bonus"):
        assert column in rows[0]
    for column in ("resources_vp", "total", "title", "notes", "end_reasons"):
        assert column in rows[0]
    first = rows[0]
    assert first["id"] == stored[0].id and first["schema_version"] == "1"
    assert first["total"] == "56" and first["title"] == "Feudal lord"
    assert first["end_reasons"] == "The Edict pile ran out.; a\\; b\\\\c; \\e"
    assert rows[1]["house"] == "" and rows[1]["difficulty"] == ""
    assert rows[2]["end_reasons"] == "The Edict pile ran out."


def test_every_record_field_has_a_csv_column() -> None:
    # game_document names a file beside the history: it travels only in a JSON export
    # with --with-games (issue 28), never in a CSV cell.
    fields = set(HistoryRecord.model_fields) - {"score", "game_document"}
    score_fields = set(HistoryRecord.model_fields["score"].annotation.model_fields)  # type: ignore[union-attr]
    assert set(CSV_COLUMNS) == fields | score_fields
    assert len(CSV_COLUMNS) == len(set(CSV_COLUMNS))


def test_export_json_document_shape(
    run: Run, tmp_path: pathlib.Path, stored: list[HistoryRecord]
) -> None:
    target = tmp_path / "games.json"
    assert run("export", str(target)).code == 0  # format from the extension
    document = json.loads(target.read_text(encoding="utf-8"))
    assert list(document) == ["format", "schema_version", "export_bytes", "games"]
    assert document["format"] == "stupor-solo-history"
    assert document["schema_version"] == 1
    assert [HistoryRecord.model_validate(game) for game in document["games"]] == stored


def test_export_to_stdout(
    run: Run, data: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    store_records(data, [make_record()])
    result = run("export", "--format", "json", "-")
    assert result.code == 0
    assert len(json.loads(result.out)["games"]) == 1


def test_export_needs_a_format_it_can_tell(run: Run, tmp_path: pathlib.Path) -> None:
    result = run("export", str(tmp_path / "games.txt"))
    assert result.code == 2
    assert "--format csv, --format json or --format bgstats" in result.err
    assert not (tmp_path / "games.txt").exists()
    assert run("export", "--format", "xml", str(tmp_path / "g.xml")).code == 2


def test_export_never_overwrites_the_programs_own_files(
    run: Run, data: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    store_records(data, [make_record()])
    before = history_bytes(data)
    result = run("export", "--format", "json", str(data / HISTORY_FILE))
    assert result.code == 2
    assert "is inside the data folder" in result.err
    assert history_bytes(data) == before


def test_export_to_a_missing_folder_fails_plainly(run: Run, tmp_path: pathlib.Path) -> None:
    result = run("export", str(tmp_path / "no" / "such" / "games.csv"))
    assert result.code == 1
    assert "Traceback" not in result.err
    assert result.err.startswith("stupor-solo: ")


# --- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_then_import_into_an_empty_folder_is_lossless(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, stored: list[HistoryRecord], fmt: str
) -> None:
    target = tmp_path / f"games.{fmt}"
    assert run("export", "--format", fmt, str(target)).code == 0
    fresh = tmp_path / "fresh"
    result = run("import", str(target), folder=fresh)
    assert result.code == 0, result.err
    assert "Imported 3 new games from" in result.out
    assert "skipped 0" in result.out
    assert HistoryStore(fresh).all() == HistoryStore(data).all() == stored


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_importing_the_same_file_twice_adds_nothing_the_second_time(
    run: Run, tmp_path: pathlib.Path, varied: list[HistoryRecord], fmt: str
) -> None:
    target = tmp_path / f"games.{fmt}"
    history_io.write_export(varied, target, fmt)  # type: ignore[arg-type]
    assert "Imported 3 new games" in run("import", str(target)).out
    result = run("import", str(target))
    assert result.code == 0
    assert "Imported 0 new games" in result.out and "skipped 3 already" in result.out


def test_a_game_already_in_the_history_is_skipped_even_with_another_id_and_notes(
    data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    game = make_record()
    store_records(data, [game])
    other_copy = game.model_copy(update={"id": "another", "notes": "edited", "source": "import"})
    target = tmp_path / "one.json"
    history_io.write_export([other_copy, other_copy], target, "json")
    result = import_file(target, data)
    assert (result.added, result.skipped, result.backup) == (0, 2, None)
    assert HistoryStore(data).all() == [game]


def test_an_imported_game_whose_id_is_taken_gets_a_new_id(
    data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    mine = make_record(id="same")
    store_records(data, [mine])
    theirs = make_record(id="same", seed=99)  # another game
    target = tmp_path / "theirs.csv"
    history_io.write_export([theirs], target, "csv")
    assert import_file(target, data).added == 1
    stored = HistoryStore(data).all()
    assert len(stored) == 2 and mine in stored
    imported = next(r for r in stored if r.seed == 99)
    assert imported.id != "same"
    assert imported.model_copy(update={"id": "same"}) == theirs


def test_a_history_json_from_another_data_folder_can_be_imported(
    run: Run, tmp_path: pathlib.Path, varied: list[HistoryRecord], store_records: Any
) -> None:
    other = tmp_path / "laptop"
    store_records(other, varied)
    result = run("import", str(other / HISTORY_FILE))
    assert result.code == 0, result.err
    assert "Imported 3 new games" in result.out


def test_csv_without_optional_columns_imports_as_source_import(
    data: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    target = tmp_path / "mine.csv"
    target.write_text(
        "finished_at,vp_track,structures,most_structures_bonus,resources_vp,total,title\n"
        "2024-12-24T18:00:00+01:00,40,10,4,2,56,Feudal lord\n"
        "\n"
        "2024-12-25 18:00,20,5,0,1,26,Serf\n",
        encoding="utf-8",
    )
    assert import_file(target, data).added == 2
    first, second = HistoryStore(data).all()
    assert first.finished_at == "2024-12-24T17:00:00+00:00"
    assert second.finished_at == "2024-12-25T18:00:00+00:00"
    assert {first.source, second.source} == {"import"}
    assert first.schema_version == 1 and first.notes == "" and first.end_reasons == []


def test_a_semicolon_separated_csv_from_a_spreadsheet_is_read(
    data: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    target = tmp_path / "excel.csv"
    target.write_text(
        "finished_at;vp_track;structures;most_structures_bonus;resources_vp;total;title;notes\r\n"
        '2024-12-24 18:00;40;10;4;2;56;Feudal lord;"good, close; game"\r\n',
        encoding="utf-8-sig",
    )
    assert import_file(target, data).added == 1
    (game,) = HistoryStore(data).all()
    assert game.score.total == 56 and game.notes == "good, close; game"


# --- bad files ----------------------------------------------------------------------------------


def good_csv(records: list[HistoryRecord]) -> str:
    return history_io.records_to_csv(records)


def test_a_bad_csv_line_is_refused_naming_the_line_and_field(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    store_records(data, [make_record(seed=50)])
    before = history_bytes(data)
    games = [
        make_record(seed=seed, finished_at=f"2025-04-0{seed}T10:00:00+00:00") for seed in (1, 2, 3)
    ]
    lines = good_csv(games).splitlines()
    header = lines[0].split(",")
    cells = lines[3].split(",")  # the third game is on line 4
    cells[header.index("total")] = "lots"
    lines[3] = ",".join(cells)
    target = tmp_path / "bad.csv"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("import", str(target))
    assert result.code == 1
    assert "bad.csv cannot be imported (nothing was changed)" in result.err
    assert "line 4, total: Input should be a valid integer" in result.err
    assert "Traceback" not in result.err
    assert result.out == ""
    assert history_bytes(data) == before
    assert not (data / BACKUP_DIR).exists()


def test_csv_line_numbers_count_physical_lines(tmp_path: pathlib.Path, make_record: Any) -> None:
    games = [
        make_record(notes="two\nlines", seed=1, difficulty="easy"),
        make_record(seed=2, difficulty="medium", finished_at="2025-05-01T10:00:00+00:00"),
    ]
    text = good_csv(games).replace(",medium,", ",impossible,")
    with pytest.raises(ImportFileError) as caught:
        parse_import_bytes(text.encode(), tmp_path / "g.csv")
    assert caught.value.problems == [
        "line 4, difficulty: Input should be 'easy', 'medium' or 'hard'"
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("finished_at,total\n", "line 1: missing column(s) vp_track, structures"),
        ("finished_at,colour\n", "line 1: unknown column 'colour'"),
        (
            "finished_at,vp_track,structures,most_structures_bonus,resources_vp,total,title\n"
            "2025-01-01,1,1,0,0,2\n",
            "line 2: 6 cells, but the header has 7 columns",
        ),
        (
            "finished_at,vp_track,structures,most_structures_bonus,resources_vp,total,title\n"
            "yesterday,1,1,0,0,2,Serf\n",
            "line 2, finished_at: Value error, 'yesterday' is not an ISO 8601 date and time",
        ),
        (
            "schema_version,finished_at,vp_track,structures,most_structures_bonus,resources_vp,"
            "total,title\n7,2025-01-01,1,1,0,0,2,Serf\n",
            "line 2, schema_version: saved by a newer version of this program",
        ),
        (
            "finished_at,vp_track,structures,most_structures_bonus,resources_vp,total,title\n"
            '2025-01-01,1,1,0,0,2,"Serf" x\n',
            "line 2: not valid CSV",
        ),
        ("", "the file is empty"),
    ],
)
def test_bad_csv_files(tmp_path: pathlib.Path, text: str, problem: str) -> None:
    with pytest.raises(ImportFileError) as caught:
        parse_import_bytes(text.encode(), tmp_path / "g.csv")
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems


def test_a_bad_json_field_is_refused_naming_the_game_and_field(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    store_records(data, [make_record(seed=50)])
    before = history_bytes(data)
    games = [make_record(seed=seed).model_dump(mode="json") for seed in (1, 2, 3)]
    games[1]["score"]["total"] = -5
    target = tmp_path / "bad.json"
    target.write_text(json.dumps({"format": "stupor-solo-history", "games": games}), "utf-8")
    result = run("import", str(target))
    assert result.code == 1
    assert "games[1].score.total: Input should be greater than or equal to 0" in result.err
    assert history_bytes(data) == before


@pytest.mark.parametrize(
    ("document", "problem"),
    [
        ("[1, 2", "line 1, column 6: not valid JSON"),
        ('"games"', "the file holds a text string"),
        ('{"format": "chess-pgn", "games": []}', "format: 'chess-pgn' is not"),
        ('{"schema_version": 2, "games": []}', "schema_version: 2 was written by a newer"),
        ('{"schema_version": "1", "games": []}', "schema_version: must be a whole number"),
        ('{"format": "stupor-solo-history"}', "games: missing"),
        ('{"games": 3}', "games: must be a list of games, not a number"),
        ('{"games": [7]}', "games[0]: a history record must be an object, not int"),
        ('{"games": [{"schema_version": 3}]}', "games[0].schema_version: saved by a newer"),
        ('{"games": [{"schema_version": 0}]}', "games[0]: schema_version must be a whole"),
        ('{"games": [{"finished_at": "2025-01-01"}]}', "games[0].score: Field required"),
        ('{"games": [{"finished_at": "2025-01-01", "colour": 1}]}', "games[0].colour: Extra"),
    ],
)
def test_bad_json_files(tmp_path: pathlib.Path, document: str, problem: str) -> None:
    with pytest.raises(ImportFileError) as caught:
        parse_import_bytes(document.encode(), tmp_path / "g.json")
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems


def test_not_utf8_names_the_line(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ImportFileError, match=r"line 2: the file is not UTF-8 text"):
        parse_import_bytes(b"finished_at\n\xff\xfe", tmp_path / "g.csv")


def test_a_missing_file_is_refused_plainly(run: Run, tmp_path: pathlib.Path) -> None:
    result = run("import", str(tmp_path / "nope.csv"))
    assert result.code == 1
    assert "cannot read the file: there is no such file" in result.err


def test_the_format_is_told_by_content_without_an_extension(
    tmp_path: pathlib.Path, make_record: Any
) -> None:
    game = make_record()
    for fmt in ("csv", "json"):
        text = history_io.export_text([game], fmt)
        assert parse_import_bytes(("\ufeff" + text).encode(), tmp_path / "games") == [game]


def test_many_problems_are_listed_up_to_ten(tmp_path: pathlib.Path) -> None:
    games = [{"finished_at": "2025-01-01"} for _ in range(15)]
    with pytest.raises(ImportFileError) as caught:
        parse_import_bytes(json.dumps(games).encode(), tmp_path / "g.json")
    assert len(caught.value.problems) == 15
    assert str(caught.value).endswith("... and 5 more problems")


# --- backups --------------------------------------------------------------------------------


def test_an_import_of_several_games_backs_the_history_up_first(
    data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, store_records: Any, run: Run
) -> None:
    store_records(data, [make_record(seed=50)])
    before = history_bytes(data)
    target = tmp_path / "two.json"
    history_io.write_export([make_record(seed=1), make_record(seed=2)], target, "json")
    result = run("import", str(target))
    assert result.code == 0
    backups = list_backups(data)
    assert len(backups) == 1
    assert read_backup(backups[0]) == before
    assert f"saved as {backups[0]}" in result.out


def test_an_import_of_one_game_or_into_no_history_makes_no_backup(
    data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any, store_records: Any
) -> None:
    two = tmp_path / "two.json"
    history_io.write_export([make_record(seed=1), make_record(seed=2)], two, "json")
    assert import_file(two, data).backup is None  # there was no history yet
    one = tmp_path / "one.json"
    history_io.write_export([make_record(seed=3)], one, "json")
    assert import_file(one, data).backup is None
    assert list_backups(data) == []


def test_backups_rotate_keeping_the_last_five(data: pathlib.Path) -> None:
    (data / HISTORY_FILE).write_text('{"games": {}}', encoding="utf-8")
    (data / BACKUP_DIR).mkdir()
    quarantined = data / BACKUP_DIR / "history.json.corrupt-20250101-000000"
    quarantined.write_text("keep me")
    start = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    made = []
    for minute in range(7):
        (data / HISTORY_FILE).write_text(f'{{"games": {{}}, "n": {minute}}}', encoding="utf-8")
        made.append(backup_history(data, now=start + dt.timedelta(minutes=minute)))
    kept = list_backups(data)
    assert kept == made[2:]
    assert kept[0].name == "history-20250101-000200-000000.json.gz"
    assert read_backup(kept[-1]) == b'{"games": {}, "n": 6}'
    assert quarantined.read_text() == "keep me"
    # Two backups in the same microsecond do not overwrite each other.
    again = backup_history(data, now=start + dt.timedelta(minutes=6))
    assert again is not None and again.name == "history-20250101-000600-000000-1.json.gz"
    assert list_backups(data)[-2:] == [made[-1], again]


def test_no_backup_of_a_missing_or_empty_history(data: pathlib.Path) -> None:
    assert backup_history(data) is None
    (data / HISTORY_FILE).write_bytes(b"")
    assert backup_history(data) is None
    assert not (data / BACKUP_DIR).exists()


def test_import_while_the_app_holds_the_lock_changes_nothing(
    run: Run, data: pathlib.Path, tmp_path: pathlib.Path, make_record: Any
) -> None:
    from filelock import FileLock

    from companion.paths import LOCK_FILE

    target = tmp_path / "g.json"
    history_io.write_export([make_record()], target, "json")
    with FileLock(str(data / LOCK_FILE)):
        result = run("import", str(target))
    assert result.code == 1 and "in use by another copy" in result.err
    assert history_bytes(data) is None
