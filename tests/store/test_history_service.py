"""The history service: read with problems reported, delete by ids, put back, statistics."""

from __future__ import annotations

import json
import pathlib
import threading
from collections.abc import Callable

import pytest

from companion.history.service import HistoryService
from companion.history.stats import career_stats
from companion.paths import HISTORY_FILE
from companion.storage import HistoryRecord, HistoryStore

RecordFactory = Callable[..., HistoryRecord]


@pytest.fixture
def records(tmp_path: pathlib.Path, make_record: RecordFactory) -> list[HistoryRecord]:
    """Three games of March 2025, stored oldest first in ``tmp_path``."""
    games = [
        make_record(id=f"game-{n}", finished_at=f"2025-03-0{n}T20:00:00+00:00") for n in (1, 2, 3)
    ]
    HistoryStore(tmp_path).add_many(games)
    return games


def test_read_gives_every_game_oldest_first(
    tmp_path: pathlib.Path, records: list[HistoryRecord]
) -> None:
    service = HistoryService(tmp_path)
    reading = service.read()
    assert reading.records == records
    assert reading.problems == []
    assert service.records() == records


def test_read_reports_skipped_games_and_a_damaged_file(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    good = make_record()
    bad = make_record().model_dump(mode="json")
    del bad["score"]
    (tmp_path / HISTORY_FILE).write_text(
        json.dumps({"games": {"1": good.model_dump(mode="json"), "2": bad}}), encoding="utf-8"
    )
    reading = HistoryService(tmp_path).read()
    assert reading.records == [good]
    assert len(reading.problems) == 1 and "was skipped" in reading.problems[0]

    (tmp_path / HISTORY_FILE).write_text("{damaged", encoding="utf-8")
    reading = HistoryService(tmp_path).read()
    assert reading.records == []
    assert len(reading.problems) == 1 and "not valid JSON" in reading.problems[0]


def test_read_stats_are_the_career_stats_of_the_games(
    tmp_path: pathlib.Path, records: list[HistoryRecord]
) -> None:
    reading = HistoryService(tmp_path).read_stats()
    assert reading.stats == career_stats(records)
    assert reading.problems == []


def test_reads_run_in_threads_with_stores_of_their_own(
    tmp_path: pathlib.Path, records: list[HistoryRecord]
) -> None:
    service = HistoryService(tmp_path)
    results: list[list[HistoryRecord]] = []
    threads = [threading.Thread(target=lambda: results.append(service.records())) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [records] * 4


def test_delete_by_ids_and_undo_puts_the_same_games_back(
    tmp_path: pathlib.Path, records: list[HistoryRecord]
) -> None:
    first, second, third = records
    service = HistoryService(tmp_path)
    assert service.last_deleted == []
    assert service.undo_delete() == []

    assert service.delete([third.id, first.id, third.id]) == [third, first]
    assert service.delete([second.id]) == [second]
    assert HistoryStore(tmp_path).all() == []
    assert service.last_deleted == [second]

    assert service.undo_delete() == [second]  # the last batch first
    assert HistoryStore(tmp_path).all() == [second]
    assert service.undo_delete() == [third, first]
    assert HistoryStore(tmp_path).all() == [first, second, third]
    assert service.last_deleted == []


def test_delete_of_an_unknown_id_deletes_nothing(
    tmp_path: pathlib.Path, records: list[HistoryRecord]
) -> None:
    service = HistoryService(tmp_path)
    with pytest.raises(KeyError, match="no-such-game"):
        service.delete([records[0].id, "no-such-game"])
    with pytest.raises(KeyError, match="no-such-game"):
        service.delete(["no-such-game"])
    assert HistoryStore(tmp_path).all() == records
    assert service.last_deleted == []


def test_restore_forgets_the_games_put_back(
    tmp_path: pathlib.Path, records: list[HistoryRecord]
) -> None:
    first, second, third = records
    store = HistoryStore(tmp_path)
    service = HistoryService(tmp_path, store=store)
    assert service.store is store
    service.delete([first.id, second.id])
    service.restore([second])  # say, from an export
    assert service.last_deleted == [first]
    assert store.all() == [second, third]
    service.restore([first])
    assert service.last_deleted == []
    assert store.all() == [first, second, third]
