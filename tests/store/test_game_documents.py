"""Each finished game kept whole: ``games/<id>.json.gz`` beside the history (issue 28)."""

from __future__ import annotations

import gzip
import json
import pathlib
import stat

import pytest

from companion.session import GameSession
from companion.storage import HistoryRecord, HistoryStore
from companion.storage.backups import BackupCopy
from companion.storage.game_documents import (
    DocumentUnavailable,
    decode,
    encode,
    read_document,
    write_document,
)
from solo_deck import SoloGame, review
from tests.scripted_game import SCRIPT, TOTAL, tableau_setup
from tests.store.crash_driver import build_record


def finished_session(folder: pathlib.Path) -> GameSession:
    session = GameSession(folder)
    session.start(tableau_setup())
    for event in SCRIPT:
        session.push(event)
    return session


def test_a_finished_game_keeps_its_document_and_the_record_names_it(data: pathlib.Path) -> None:
    session = finished_session(data)
    document = session.require_game().to_document()
    session.finish(build_record(session))
    (record,) = HistoryStore(data).all()
    assert record.game_document == f"games/{record.id}.json.gz"
    path = data / record.game_document
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_document(data, record.game_document) == document
    # the history itself holds no events
    assert "events" not in (data / "history.json").read_text()
    result = review(SoloGame.from_document(read_document(data, record.game_document)))
    assert result.final is not None and result.final.total == TOTAL


def test_the_document_is_written_before_the_record(
    data: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = finished_session(data)
    seen: list[bool] = []
    original = HistoryStore.add

    def add(store: HistoryStore, record: HistoryRecord, *, copy: bool = False) -> BackupCopy | None:
        name = record.game_document
        seen.append(name is not None and (data / name).is_file())
        return original(store, record, copy=copy)

    monkeypatch.setattr(HistoryStore, "add", add)
    session.finish(build_record(session))
    assert seen == [True]


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda p: p.unlink(), "is missing"),
        (lambda p: p.write_bytes(b"not gzip"), "is damaged"),
        (lambda p: p.write_bytes(encode({"a": 1})[:20]), "is damaged"),
    ],
)
def test_a_missing_or_damaged_document_leaves_the_record_readable(
    data: pathlib.Path, damage: object, reason: str
) -> None:
    session = finished_session(data)
    session.finish(build_record(session))
    (record,) = HistoryStore(data).all()
    assert record.game_document is not None
    damage(data / record.game_document)  # type: ignore[operator]
    (again,) = HistoryStore(data).all()
    assert again == record
    with pytest.raises(DocumentUnavailable, match=reason):
        read_document(data, again.game_document)


def test_a_record_without_a_document_says_no_review(data: pathlib.Path) -> None:
    with pytest.raises(DocumentUnavailable, match="no review"):
        read_document(data, None)


def test_the_bytes_are_the_same_for_the_same_game_and_a_bomb_is_refused(
    data: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert encode({"x": [1, 2]}) == encode({"x": [1, 2]})
    monkeypatch.setattr("companion.storage.game_documents.MAX_INFLATED_BYTES", 10_000)
    bomb = gzip.compress(b"[" + b"0," * 100_000 + b"0]", mtime=0)
    assert len(bomb) < 10_000
    with pytest.raises(ValueError, match="too large"):
        decode(bomb)
    with pytest.raises(ValueError):
        write_document(data, "abc", b"junk")
    assert not (data / "games" / "abc.json.gz").exists()
    name = write_document(data, "abc", encode({"ok": True}))
    assert json.loads(json.dumps(read_document(data, name))) == {"ok": True}


def test_review_stats_average_the_reviewed_games_only(data: pathlib.Path) -> None:
    from companion.history.review_stats import review_stats
    from tests.records import game_record

    session = finished_session(data)
    session.finish(build_record(session))
    HistoryStore(data).add(game_record(id="quick1", source="quick", total=12))
    broken = game_record(id="gone1", game_document="games/gone1.json.gz", total=10)
    HistoryStore(data).add(broken)
    stats = review_stats(data, HistoryStore(data).all())
    assert (stats.reviewed, stats.unavailable) == (1, 1)
    assert stats.average_by_source["ally_income"] == 5
    assert sum(stats.average_by_source.values()) == TOTAL
    # the best round is round 2: Castellan 1 + Tento 3 (round 1: Castellan 1)
    assert stats.best_round is not None and (stats.best_round.vp, stats.best_round.round) == (4, 2)
    # Knight from 30 (solo_deck/data/ruleset.toml, scoring.titles)
    assert stats.best_score == TOTAL and stats.next_title == ("Knight", 30 - TOTAL)
