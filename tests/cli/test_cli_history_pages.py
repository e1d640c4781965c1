"""Ten thousand games, near-flat: ``history`` shows the latest 20 games (``--last N``,
``--all``) and reads whole only the games it shows."""

from __future__ import annotations

import json
import pathlib

import pytest

from benchmarks.history_gen import generate_records, write_history
from companion.storage.history_store import HistoryStore
from tests.cli.conftest import Run


@pytest.fixture
def newest_first(data: pathlib.Path) -> list[str]:
    records = generate_records(45)
    write_history(data, records)
    return [record.id for record in reversed(records)]


def test_history_shows_the_latest_20_and_says_how_to_see_all(
    run: Run, newest_first: list[str]
) -> None:
    result = run("history")
    assert result.code == 0, result.err
    assert "The latest 20 of 45 finished games, newest first" in result.out
    assert "history --all" in result.out
    rows = [line for line in result.lines if line[:2] == "20" and line[4:5] == "-"]
    assert len(rows) == 20
    everything = run("history", "--all")
    assert "45 finished games, newest first" in everything.out
    assert len([line for line in everything.lines if line[:2] == "20" and line[4:5] == "-"]) == 45


def test_last_n_and_json(run: Run, newest_first: list[str]) -> None:
    shown = json.loads(run("history", "--json", "--last", "3").out)
    assert [game["id"] for game in shown] == newest_first[:3]
    every = json.loads(run("history", "--json").out)
    assert [game["id"] for game in every] == newest_first
    assert run("history", "--last", "0").code == 2
    assert run("history", "--last", "2", "--all").code == 2


def test_history_reads_whole_only_the_games_shown(
    run: Run, newest_first: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    validated: list[str] = []
    real = HistoryStore._valid_records

    def counted(self: HistoryStore, documents: list[object]) -> object:
        validated.extend(str(doc.get("id")) for doc in documents)  # type: ignore[attr-defined]
        return real(self, documents)  # type: ignore[arg-type]

    def whole(*_: object) -> None:
        raise AssertionError("every game was validated to show 20")

    monkeypatch.setattr(HistoryStore, "_valid_records", counted)
    monkeypatch.setattr("companion.storage.history_store.read_current_records", whole)
    result = run("history", "--last", "5")
    assert result.code == 0, result.err
    assert validated == newest_first[:5]


def test_a_bad_game_among_the_newest_is_skipped_and_named(
    data: pathlib.Path, newest_first: list[str]
) -> None:
    path = data / "history.json"
    document = json.loads(path.read_bytes())
    for stored in document["games"].values():
        if stored["id"] == newest_first[1]:
            stored["score"]["total"] = "lots"
    path.write_text(json.dumps(document))
    store = HistoryStore(data)
    shown, total = store.latest(3)
    assert total == 45
    assert [r.id for r in shown] == [newest_first[0], *newest_first[2:4]]
    assert len(store.problems) == 1 and newest_first[1] in store.problems[0]


def test_a_page_of_the_usual_file_is_read_without_parsing_it(
    data: pathlib.Path, newest_first: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.storage.atomic_storage import AtomicJSONStorage

    def refuse(*_: object) -> None:
        raise AssertionError("the whole file was parsed")

    monkeypatch.setattr(AtomicJSONStorage, "read", refuse)
    shown, total = HistoryStore(data).latest(4)
    assert ([r.id for r in shown], total) == (newest_first[:4], 45)


def test_a_damaged_record_on_the_page_is_skipped_and_the_page_filled(
    data: pathlib.Path, newest_first: list[str]
) -> None:
    path = data / "history.json"
    raw = path.read_bytes()
    at = raw.index(f'"id":"{newest_first[1]}"'.encode())
    cut = raw.index(b'"score":{', at)
    path.write_bytes(raw[:cut] + b'"score":{{' + raw[cut + 9 :])
    store = HistoryStore(data)
    shown, total = store.latest(3)
    assert total == 45
    assert [r.id for r in shown] == [newest_first[0], *newest_first[2:4]]
    assert len(store.problems) == 1


@pytest.mark.parametrize(
    "edit",
    [
        lambda raw: raw.replace(b'"schema_version":1,', b"", 1),  # the first format
        lambda raw: raw.replace(b"+00:00", b"+01:00", 1),
        lambda raw: raw.replace(b'{"games":{', b'{"games":{"0":{"x":{"1":{}}},', 1),
    ],
    ids=["older-record", "other-offset", "odd-record"],
)
def test_any_other_file_is_paged_the_careful_way(
    data: pathlib.Path, newest_first: list[str], edit: object
) -> None:
    path = data / "history.json"
    path.write_bytes(edit(path.read_bytes()))  # type: ignore[operator]
    store = HistoryStore(data)
    every = [r.id for r in reversed(store.all())]
    shown, _ = HistoryStore(data).latest(5)
    assert [r.id for r in shown] == every[:5]
