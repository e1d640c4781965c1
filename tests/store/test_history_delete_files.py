"""Deleting a game deletes its game file (``games/<id>.json.gz``); undoing the delete
writes it back byte for byte, before the record that names it."""

from __future__ import annotations

import pathlib

from companion.history.service import HistoryService
from companion.storage import HistoryStore
from companion.storage.game_documents import read_raw
from tests.cli.test_cli_review import _finish


def test_deleting_a_game_deletes_its_file_and_undo_brings_it_back(
    tmp_path: pathlib.Path,
) -> None:
    record_id = _finish(tmp_path)
    record = HistoryStore(tmp_path).get(record_id)
    assert record is not None and record.game_document is not None
    path = tmp_path / record.game_document
    before = path.read_bytes()
    service = HistoryService(tmp_path)
    service.delete([record_id])
    assert not path.exists()
    assert list((tmp_path / "games").iterdir()) == []
    assert service.undo_delete() == [record]
    assert path.read_bytes() == before
    assert read_raw(tmp_path, record.game_document) == before


def test_a_game_without_a_file_is_deleted_as_before(tmp_path: pathlib.Path) -> None:
    record_id = _finish(tmp_path)
    record = HistoryStore(tmp_path).get(record_id)
    assert record is not None and record.game_document is not None
    (tmp_path / record.game_document).unlink()
    service = HistoryService(tmp_path)
    assert [r.id for r in service.delete([record_id])] == [record_id]
    assert HistoryStore(tmp_path).all() == []
    assert service.undo_delete() == [record]
    assert not (tmp_path / record.game_document).exists()
