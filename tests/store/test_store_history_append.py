"""Ten thousand games, near-flat: adding one game appends to the history file's bytes
without reading the history (no TinyDB read, no validation of the other games), the file
stays one TinyDB document readable the careful way, and anything unusual goes TinyDB's
way exactly as before. The backups are compressed copies."""

from __future__ import annotations

import json
import pathlib

import pytest

from benchmarks.history_gen import generate_records, write_history
from companion.paths import HISTORY_FILE
from companion.storage import HistoryStore
from companion.storage.atomic_storage import AtomicJSONStorage
from companion.storage.backups import backup_history, read_backup
from companion.storage.errors import NewerSchemaError
from tests.records import game_record


def _history(folder: pathlib.Path, count: int = 5) -> list[str]:
    records = generate_records(count)
    write_history(folder, records)
    return [record.id for record in records]


def _no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the whole history was read to add one game")

    monkeypatch.setattr(AtomicJSONStorage, "read", refuse)
    monkeypatch.setattr("companion.storage.history_store.read_current_records", refuse)


def test_adding_a_game_does_not_read_the_history(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = _history(tmp_path)
    with monkeypatch.context() as patched:
        _no_reading(patched)
        HistoryStore(tmp_path).add(game_record(id="new-one"))
        HistoryStore(tmp_path).add(game_record(id="new-two"))
    document = json.loads((tmp_path / HISTORY_FILE).read_bytes())
    assert list(document) == ["games"]
    assert list(document["games"]) == [str(n) for n in range(1, len(ids) + 3)]
    store = HistoryStore(tmp_path)
    assert sorted(r.id for r in store.all()) == sorted([*ids, "new-one", "new-two"])
    assert store.problems == []


def test_the_same_id_is_replaced_not_added(tmp_path: pathlib.Path) -> None:
    ids = _history(tmp_path)
    HistoryStore(tmp_path).add(game_record(id=ids[2], notes="again"))
    records = HistoryStore(tmp_path).all()
    assert len(records) == len(ids)
    assert [r.notes for r in records if r.id == ids[2]] == ["again"]


def test_a_history_from_a_newer_version_is_still_refused_and_unchanged(
    tmp_path: pathlib.Path,
) -> None:
    _history(tmp_path)
    path = tmp_path / HISTORY_FILE
    newer = path.read_bytes().replace(b'"schema_version":1', b'"schema_version":99', 1)
    path.write_bytes(newer)
    with pytest.raises(NewerSchemaError):
        HistoryStore(tmp_path).add(game_record(id="new-one"))
    assert path.read_bytes() == newer


@pytest.mark.parametrize(
    "edit",
    [
        lambda raw: raw + b"\n",
        lambda raw: json.dumps(json.loads(raw), indent=1).encode(),
        lambda raw: raw[:-3],
        lambda raw: b'{"games":{}}',
        lambda raw: b"",
    ],
    ids=["trailing-newline", "indented", "cut-short", "empty-table", "empty-file"],
)
def test_an_unusual_file_goes_tinydbs_way(tmp_path: pathlib.Path, edit: object) -> None:
    ids = _history(tmp_path)
    path = tmp_path / HISTORY_FILE
    path.write_bytes(edit(path.read_bytes()))  # type: ignore[operator]
    store = HistoryStore(tmp_path)
    store.add(game_record(id="new-one"))
    found = {r.id for r in HistoryStore(tmp_path).all()}
    assert "new-one" in found
    if b"games" in path.read_bytes() and store.notice is None:
        assert found >= set(ids) or len(found) == 1


def test_a_backup_is_a_compressed_copy(tmp_path: pathlib.Path) -> None:
    _history(tmp_path, 300)
    history = (tmp_path / HISTORY_FILE).read_bytes()
    copy = backup_history(tmp_path)
    assert copy is not None and copy.name.endswith(".json.gz")
    assert copy.stat().st_size * 5 < len(history)
    assert read_backup(copy) == history
