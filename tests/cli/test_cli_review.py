"""``stupor-solo review [ID | latest | current] [--json]`` (issue 28)."""

from __future__ import annotations

import json
import pathlib

from companion.session import GameSession
from companion.storage import HistoryStore
from tests.cli.conftest import RecordFactory, Run
from tests.scripted_game import SCRIPT, TOTAL, tableau_setup
from tests.store.crash_driver import build_record


def _finish(folder: pathlib.Path) -> str:
    session = GameSession(folder)
    session.start(tableau_setup())
    for event in SCRIPT:
        session.push(event)
    record = build_record(session)
    session.finish(record)
    return record.id


def test_review_latest_json_has_rounds_sources_and_final(data: pathlib.Path, run: Run) -> None:
    record_id = _finish(data)
    for which in ((), ("latest",), (record_id,)):
        result = run("review", *which, "--json")
        assert result.code == 0, result.err
        shown = json.loads(result.out)
        assert [(r["round"], r["vp_by_source"]) for r in shown["rounds"]] == [
            (1, {"ally_income": 1}),  # Castellan
            (2, {"ally_income": 1 + 3}),  # Castellan and Tento
        ]
        assert sum(shown["vp_by_source"].values()) == TOTAL
        assert shown["final"]["total"] == TOTAL


def test_review_current_works_on_a_game_in_progress(data: pathlib.Path, run: Run) -> None:
    session = GameSession(data)
    session.start(tableau_setup())
    for event in SCRIPT[:30]:
        session.push(event)
    result = run("review", "current", "--json")
    assert result.code == 0, result.err
    shown = json.loads(result.out)
    assert shown["final"] is None
    assert shown["rounds"][0]["vp_by_source"] == {"ally_income": 1}
    assert shown["rounds"][-1]["complete"] is False
    table = run("review", "current")
    assert table.code == 0 and "the round in progress" in table.out


def test_no_game_in_progress_is_said(run: Run) -> None:
    result = run("review", "current")
    assert result.code == 1 and "no game in progress" in result.err


def test_a_quick_entry_has_no_review_and_says_so(
    data: pathlib.Path, run: Run, make_record: RecordFactory
) -> None:
    HistoryStore(data).add(make_record(id="quick1", source="quick"))
    result = run("review", "quick1")
    assert result.code == 1 and "no review" in result.err
    assert run("history").code == 0


def test_a_damaged_document_says_why_and_the_history_still_lists(
    data: pathlib.Path, run: Run
) -> None:
    record_id = _finish(data)
    (data / "games" / f"{record_id}.json.gz").write_bytes(b"[markup]junk")
    result = run("review", record_id)
    assert result.code == 1 and "is damaged" in result.err
    listed = run("history", "--json")
    assert [r["id"] for r in json.loads(listed.out)] == [record_id]


def test_an_unknown_id_is_a_usage_error(run: Run) -> None:
    assert run("review", "nope").code == 2


def test_export_with_games_and_import_round_trip_byte_for_byte(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run, make_record: RecordFactory
) -> None:
    record_id = _finish(data)
    HistoryStore(data).add(make_record(id="quick1", source="quick"))
    first = tmp_path / "first.json"
    assert run("export", "--format", "json", "--with-games", str(first)).code == 0
    other = tmp_path / "other"
    other.mkdir()
    result = run("import", str(first), folder=other)
    assert result.code == 0, result.err
    name = f"games/{record_id}.json.gz"
    assert (other / name).read_bytes() == (data / name).read_bytes()
    second = tmp_path / "second.json"
    assert run("export", "--format", "json", "--with-games", str(second), folder=other).code == 0
    assert second.read_bytes() == first.read_bytes()
    assert json.loads(run("review", record_id, "--json", folder=other).out)["final"]["total"] == (
        TOTAL
    )
    assert "no review" in run("review", "quick1", folder=other).err


def test_an_export_without_games_imports_records_with_no_review(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run
) -> None:
    record_id = _finish(data)
    plain = tmp_path / "plain.json"
    assert run("export", "--format", "json", str(plain)).code == 0
    assert "game_document" not in plain.read_text()
    other = tmp_path / "other"
    other.mkdir()
    assert run("import", str(plain), folder=other).code == 0
    result = run("review", record_id, folder=other)
    assert result.code == 1 and "no review" in result.err
    assert not (other / "games").exists()


def test_a_damaged_document_in_an_import_changes_nothing(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run
) -> None:
    _finish(data)
    exported = tmp_path / "e.json"
    assert run("export", "--format", "json", "--with-games", str(exported)).code == 0
    content = json.loads(exported.read_text())
    content["documents"] = {key: "AAAA" for key in content["documents"]}
    exported.write_text(json.dumps(content))
    other = tmp_path / "other"
    other.mkdir()
    result = run("import", str(exported), folder=other)
    assert result.code == 1 and "damaged" in result.err
    assert run("history", "--json", folder=other).out.strip() == "[]"
