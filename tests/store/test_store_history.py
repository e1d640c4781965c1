"""HistoryRecord, migrate_record and HistoryStore."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from companion.paths import GAME_FILE, HISTORY_FILE
from companion.storage import (
    CURRENT_HISTORY_SCHEMA,
    GameStore,
    HistoryRecord,
    HistoryStore,
    NewerSchemaError,
    StorageWriteError,
    migrate_record,
)
from companion.storage import history_record as history_record_module

RecordFactory = Callable[..., HistoryRecord]


def _write_history(folder: pathlib.Path, documents: list[dict[str, Any]]) -> pathlib.Path:
    path = folder / HISTORY_FILE
    table = {str(number): doc for number, doc in enumerate(documents, start=1)}
    path.write_text(json.dumps({"games": table}), encoding="utf-8")
    return path


# --- the record ---------------------------------------------------------------------------


def test_record_defaults(make_record: RecordFactory) -> None:
    record = make_record()
    assert record.schema_version == CURRENT_HISTORY_SCHEMA == 1
    assert len(record.id) == 32 and int(record.id, 16) >= 0
    assert make_record().id != record.id
    assert record.source == "app"
    assert record.notes == ""
    assert record.log_summary == []


def test_record_round_trips_through_json(make_record: RecordFactory) -> None:
    record = make_record(notes="Une belle partie", log_summary=["Round 1: +4 VP"])
    dumped = json.loads(json.dumps(record.model_dump(mode="json")))
    assert HistoryRecord.model_validate(dumped) == record


def test_times_are_normalised_to_utc(make_record: RecordFactory) -> None:
    record = make_record(finished_at="2025-03-01T21:15:00+01:00", started_at="2025-03-01T19:00")
    assert record.finished_at == "2025-03-01T20:15:00+00:00"
    assert record.started_at == "2025-03-01T19:00:00+00:00"


@pytest.mark.parametrize(
    "overrides",
    [
        {"finished_at": "yesterday"},
        {"play_seconds": -1},
        {"play_seconds": float("inf")},
        {"difficulty": "nightmare"},
        {"deck_mode": "paper"},
        {"rounds": -1},
        {"notes": "x" * 2001},
        {"source": "web"},
        {"schema_version": 2},
        {"unknown_field": 1},
    ],
)
def test_record_rejects_bad_values(make_record: RecordFactory, overrides: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        make_record(**overrides)


def test_fingerprint_ignores_id_notes_and_source(make_record: RecordFactory) -> None:
    record = make_record()
    same_game = make_record(notes="typed later", source="import")
    assert record.id != same_game.id
    assert record.fingerprint() == same_game.fingerprint()
    assert len(record.fingerprint()) == 64


@pytest.mark.parametrize(
    "overrides",
    [
        {"finished_at": "2025-03-01T20:16:00+00:00"},
        {"house": "Hohenstaufen"},
        {"seed": 2},
    ],
)
def test_fingerprint_tells_games_apart(
    make_record: RecordFactory, overrides: dict[str, Any]
) -> None:
    assert make_record().fingerprint() != make_record(**overrides).fingerprint()


def test_fingerprint_sees_every_score_field(make_record: RecordFactory) -> None:
    record = make_record()
    other = make_record(score=record.score.model_copy(update={"resources_vp": 2, "total": 57}))
    assert record.fingerprint() != other.fingerprint()


# --- migration ------------------------------------------------------------------------------


def test_migrate_current_version_is_a_copy(make_record: RecordFactory) -> None:
    raw = make_record().model_dump(mode="json")
    migrated = migrate_record(raw)
    assert migrated == raw
    assert migrated is not raw


def test_migrate_record_without_version_is_version_one(make_record: RecordFactory) -> None:
    raw = make_record().model_dump(mode="json")
    del raw["schema_version"]
    assert migrate_record(raw)["schema_version"] == 1


def test_migrate_newer_version_raises() -> None:
    with pytest.raises(NewerSchemaError, match="update the program"):
        migrate_record({"schema_version": CURRENT_HISTORY_SCHEMA + 1})


@pytest.mark.parametrize("version", [0, -3, "1", True, None, 1.5])
def test_migrate_invalid_version_raises_value_error(version: object) -> None:
    with pytest.raises(ValueError, match="schema_version") as caught:
        migrate_record({"schema_version": version})
    assert not isinstance(caught.value, NewerSchemaError)


def test_migrate_not_an_object() -> None:
    with pytest.raises(ValueError, match="must be an object"):
        migrate_record([1, 2])  # type: ignore[arg-type]


def test_a_next_version_is_one_registered_function(
    monkeypatch: pytest.MonkeyPatch, make_record: RecordFactory
) -> None:
    def v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
        raw["mood"] = "fine"
        return raw

    monkeypatch.setattr(history_record_module, "CURRENT_HISTORY_SCHEMA", 2)
    monkeypatch.setitem(history_record_module._MIGRATIONS, 1, v1_to_v2)
    migrated = migrate_record(make_record().model_dump(mode="json"))
    assert migrated["schema_version"] == 2
    assert migrated["mood"] == "fine"


# --- the store --------------------------------------------------------------------------------


def test_creating_the_store_reads_nothing(tmp_path: pathlib.Path) -> None:
    path = tmp_path / HISTORY_FILE
    path.write_bytes(b"{damaged")
    store = HistoryStore(tmp_path)
    assert store.notice is None
    assert path.read_bytes() == b"{damaged"


def test_add_all_get_count(tmp_path: pathlib.Path, make_record: RecordFactory) -> None:
    store = HistoryStore(tmp_path)
    assert store.all() == []
    assert store.count() == 0
    late = make_record(finished_at="2025-03-02T10:00:00+00:00")
    early = make_record(finished_at="2025-03-01T10:00:00+00:00")
    store.add(late)
    store.add(early)
    reopened = HistoryStore(tmp_path)
    assert reopened.all() == [early, late]
    assert reopened.count() == 2
    assert reopened.get(late.id) == late
    assert reopened.get("nope") is None
    assert reopened.problems == []


def test_all_sorts_by_time_not_by_text(tmp_path: pathlib.Path, make_record: RecordFactory) -> None:
    store = HistoryStore(tmp_path)
    evening_paris = make_record(finished_at="2025-03-01T23:30:00+01:00")  # 22:30 UTC
    late_utc = make_record(finished_at="2025-03-01T22:45:00+00:00")
    store.add(late_utc)
    store.add(evening_paris)
    assert [r.id for r in store.all()] == [evening_paris.id, late_utc.id]


def test_adding_the_same_record_twice_keeps_one(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    store = HistoryStore(tmp_path)
    record = make_record()
    store.add(record)
    store.add(record)
    assert store.count() == 1


def test_delete_and_restore(tmp_path: pathlib.Path, make_record: RecordFactory) -> None:
    store = HistoryStore(tmp_path)
    first, second = make_record(), make_record(finished_at="2025-04-01T10:00:00+00:00")
    store.add(first)
    store.add(second)
    deleted = store.delete(first.id)
    assert deleted == first
    assert store.all() == [second]
    assert store.get(first.id) is None
    store.restore(deleted)
    assert store.all() == [first, second]
    assert store.get(first.id) == first
    with pytest.raises(KeyError):
        store.delete("no-such-id")


def test_older_records_are_migrated_and_bad_ones_reported(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    good = make_record()
    no_version = make_record(finished_at="2025-05-01T10:00:00+00:00").model_dump(mode="json")
    del no_version["schema_version"]
    no_score = make_record().model_dump(mode="json")
    del no_score["score"]
    path = _write_history(
        tmp_path,
        [good.model_dump(mode="json"), no_score, no_version, {"schema_version": 0}],
    )
    before = path.read_bytes()
    store = HistoryStore(tmp_path)
    assert [r.id for r in store.all()] == [good.id, no_version["id"]]
    assert len(store.problems) == 2
    assert "score" in store.problems[0] and "was skipped" in store.problems[0]
    assert "schema_version" in store.problems[1]
    assert store.count() == 2
    assert path.read_bytes() == before  # reading migrates in memory only


def test_a_damaged_history_is_moved_aside_and_the_store_goes_on(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    path = tmp_path / HISTORY_FILE
    path.write_bytes(b'{"games": {"1": {"id": "ab')
    store = HistoryStore(tmp_path)
    assert store.all() == []
    assert store.notice is not None
    moved = list(tmp_path.glob(f"{HISTORY_FILE}.corrupt-*"))
    assert [p.read_bytes() for p in moved] == [b'{"games": {"1": {"id": "ab']
    assert str(moved[0]) in store.notice
    assert "not valid JSON" in store.notice
    record = make_record()
    store.add(record)
    assert store.all() == [record]


def test_a_damaged_history_found_by_add_is_moved_aside_too(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    (tmp_path / HISTORY_FILE).write_bytes(b"[]")
    store = HistoryStore(tmp_path)
    record = make_record()
    store.add(record)
    assert store.notice is not None and "a list instead of a JSON object" in store.notice
    assert store.all() == [record]


def test_a_newer_history_is_refused_and_left_byte_for_byte(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    newer = {**make_record().model_dump(mode="json"), "schema_version": 2, "mood": "fine"}
    path = _write_history(tmp_path, [make_record().model_dump(mode="json"), newer])
    before = path.read_bytes()
    store = HistoryStore(tmp_path)
    with pytest.raises(NewerSchemaError, match="update the program"):
        store.all()
    with pytest.raises(NewerSchemaError):
        store.count()
    with pytest.raises(NewerSchemaError):
        HistoryStore(tmp_path).add(make_record())
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [HISTORY_FILE]


def test_a_failed_add_leaves_the_history_unchanged(
    tmp_path: pathlib.Path, make_record: RecordFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = HistoryStore(tmp_path)
    store.add(make_record())
    before = (tmp_path / HISTORY_FILE).read_bytes()

    def disk_full(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", disk_full)
    with pytest.raises(StorageWriteError, match="the disk is full"):
        store.add(make_record())
    monkeypatch.undo()
    assert (tmp_path / HISTORY_FILE).read_bytes() == before
    assert store.count() == 1


def test_the_history_and_the_game_live_in_separate_files(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    HistoryStore(tmp_path).add(make_record())
    assert GameStore(tmp_path).load().document is None
    assert not (tmp_path / GAME_FILE).exists()
