"""The one-pass reading of the history (``history_bulk``) and its fallback: whatever the
file holds, ``HistoryStore.all()`` gives exactly what reading it record by record gives
(same records, same order, same problems, same notice, same errors)."""

from __future__ import annotations

import codecs
import datetime as dt
import gc
import json
import math
import pathlib
import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.paths import HISTORY_FILE
from companion.storage import HistoryRecord, HistoryStore, NewerSchemaError
from companion.storage import history_bulk as bulk_module
from companion.storage.history_bulk import gc_paused, read_current_records
from companion.storage.history_record import normalise_timestamp
from companion.storage.history_store import TABLE

RecordFactory = Callable[..., HistoryRecord]


def _dump(record: HistoryRecord) -> dict[str, Any]:
    return record.model_dump(mode="json")


def _write(folder: pathlib.Path, documents: list[Any], **tables: Any) -> bytes:
    table = {str(number): doc for number, doc in enumerate(documents, start=1)}
    raw = json.dumps({TABLE: table, **tables}).encode("utf-8")
    (folder / HISTORY_FILE).write_bytes(raw)
    return raw


def _careful(folder: pathlib.Path) -> tuple[list[HistoryRecord], list[str], str | None]:
    """What the store read before the one-pass way existed: every document migrated and
    validated on its own, sorted by the parsed finish time."""
    store = HistoryStore(folder)
    records = store._valid_records(store._documents())
    records.sort(key=lambda record: (record.finished, record.id))
    return records, store.problems, store.notice


def _read(folder: pathlib.Path) -> tuple[list[HistoryRecord], list[str], str | None]:
    store = HistoryStore(folder)
    return store.all(), store.problems, store.notice


def _same_as_careful(folder: pathlib.Path) -> list[HistoryRecord]:
    raw = (folder / HISTORY_FILE).read_bytes()
    try:
        records, problems, notice = _read(folder)
    except NewerSchemaError as exc:
        with pytest.raises(NewerSchemaError) as careful:
            _careful(folder)
        assert str(careful.value) == str(exc)
        return []
    (folder / HISTORY_FILE).write_bytes(raw)  # a damaged file was moved aside: put it back
    for moved in folder.glob(f"{HISTORY_FILE}.corrupt-*"):
        moved.unlink()
    expected, expected_problems, expected_notice = _careful(folder)
    assert records == expected
    assert [r.model_fields_set for r in records] == [r.model_fields_set for r in expected]
    assert [type(r.play_seconds) for r in records] == [type(r.play_seconds) for r in expected]
    assert problems == expected_problems
    assert (notice is None) == (expected_notice is None)
    return records


# --- the usual file: read in one pass ---------------------------------------------------------


def test_a_file_of_valid_records_is_read_in_one_pass(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    late = make_record(finished_at="2025-03-02T10:00:00+00:00", play_seconds=61)
    early = make_record(finished_at="2025-03-01T23:30:00+01:00", id="1early")  # 22:30 UTC
    same_time = make_record(finished_at="2025-03-01T22:30:00+00:00", id="0same")
    raw = _write(tmp_path, [_dump(late), _dump(early), _dump(same_time)])
    fast = read_current_records(raw, TABLE)
    assert fast == [late, early, same_time]  # file order; the store sorts them
    assert _same_as_careful(tmp_path) == [same_time, early, late]


def test_the_one_pass_read_keeps_the_collector_running(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    _write(tmp_path, [_dump(make_record())])
    assert gc.isenabled()
    HistoryStore(tmp_path).all()
    assert gc.isenabled()


def test_an_empty_or_missing_history_has_no_games(tmp_path: pathlib.Path) -> None:
    assert _read(tmp_path) == ([], [], None)
    (tmp_path / HISTORY_FILE).write_bytes(b"")
    assert _read(tmp_path) == ([], [], None)
    (tmp_path / HISTORY_FILE).write_bytes(b"{}")
    assert read_current_records(b"{}", TABLE) == []
    assert _read(tmp_path) == ([], [], None)


def test_a_byte_order_mark_is_read_as_before(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    record = make_record()
    raw = codecs.BOM_UTF8 + _write(tmp_path, [_dump(record)])
    (tmp_path / HISTORY_FILE).write_bytes(raw)
    assert read_current_records(raw, TABLE) == [record]
    assert _same_as_careful(tmp_path) == [record]


# --- anything else: the careful way, with the same outcome ------------------------------------


def test_one_bad_record_is_skipped_and_reported_as_before(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    good = [make_record(finished_at=f"2025-03-0{day}T10:00:00+00:00") for day in range(1, 5)]
    bad = {**_dump(make_record()), "difficulty": "nightmare"}
    raw = _write(tmp_path, [_dump(good[0]), _dump(good[1]), bad, _dump(good[2]), _dump(good[3])])
    assert read_current_records(raw, TABLE) is None
    records = _same_as_careful(tmp_path)
    assert records == good
    store = HistoryStore(tmp_path)
    store.all()
    assert len(store.problems) == 1
    assert store.problems[0].startswith(f"Game 3 (id {bad['id']}) in the history was skipped:")
    assert "difficulty" in store.problems[0]


@pytest.mark.parametrize(
    ("change", "kept"),
    [
        ({"schema_version": True}, False),  # not a whole number: refused, as before
        ({"schema_version": 1.0}, False),
        ({"schema_version": 0}, False),
        ({"easier_solo": 1}, True),  # lax values the careful way accepts: still accepted
        ({"rounds": 6.0}, True),
        ({"notes": "\ud800"}, False),
        ({"play_seconds": math.nan}, False),
    ],
)
def test_a_value_the_strict_read_refuses_is_judged_the_careful_way(
    tmp_path: pathlib.Path, make_record: RecordFactory, change: dict[str, Any], kept: bool
) -> None:
    other = make_record(finished_at="2025-01-01T10:00:00+00:00")
    raw = _write(tmp_path, [_dump(other), {**_dump(make_record()), **change}])
    assert read_current_records(raw, TABLE) is None
    records = _same_as_careful(tmp_path)
    assert len(records) == (2 if kept else 1)


@pytest.mark.parametrize(
    "change",
    [
        {"play_seconds": 4500},
        {"finished_at": "2025-03-01 21:15:00.000000+01:00", "started_at": None},
        {"finished_at": "2025-03-01T20:15:00.000001+00:00", "house": "x" * 40},
    ],
)
def test_values_the_strict_read_accepts_are_read_as_before(
    tmp_path: pathlib.Path, make_record: RecordFactory, change: dict[str, Any]
) -> None:
    raw = _write(tmp_path, [{**_dump(make_record()), **change}])
    assert read_current_records(raw, TABLE) is not None
    _same_as_careful(tmp_path)


def test_a_record_without_version_is_migrated_as_before(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    old = _dump(make_record())
    del old["schema_version"]
    raw = _write(tmp_path, [old])
    assert read_current_records(raw, TABLE) is None
    [record] = _same_as_careful(tmp_path)
    assert "schema_version" in record.model_fields_set


def test_a_newer_record_is_still_refused(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    newer = {**_dump(make_record()), "schema_version": 2}
    raw = _write(tmp_path, [_dump(make_record()), newer])
    assert read_current_records(raw, TABLE) is None
    with pytest.raises(NewerSchemaError):
        HistoryStore(tmp_path).all()


@pytest.mark.parametrize(
    "raw",
    [
        b'{"games": {"first": RECORD}}',  # not a TinyDB id
        b'{"games": {"1": RECORD}, "_default": {}}',  # another table
        b'{"games": {"1": RECORD}} trailing',
        b'{"games": {"1": RECORD}',  # cut short
        b'{"games": [RECORD]}',
        b"[RECORD]",
    ],
)
def test_a_file_that_is_not_just_a_table_of_records_is_read_the_careful_way(
    tmp_path: pathlib.Path, make_record: RecordFactory, raw: bytes
) -> None:
    raw = raw.replace(b"RECORD", json.dumps(_dump(make_record())).encode())
    (tmp_path / HISTORY_FILE).write_bytes(raw)
    assert read_current_records(raw, TABLE) is None
    _same_as_careful(tmp_path)


def test_invalid_utf8_is_moved_aside_as_before(
    tmp_path: pathlib.Path, make_record: RecordFactory
) -> None:
    text = json.dumps({TABLE: {"1": _dump(make_record(notes="café"))}}, ensure_ascii=False)
    raw = text.encode("utf-8").replace("é".encode(), b"\xe9")  # Latin-1, not UTF-8
    (tmp_path / HISTORY_FILE).write_bytes(raw)
    assert read_current_records(raw, TABLE) is None
    records, problems, notice = _read(tmp_path)
    assert records == [] and problems == []
    assert notice is not None and "not UTF-8" in notice


TRICKY = st.sampled_from(
    [
        None,
        True,
        False,
        0,
        1,
        1.0,
        -1,
        2**63,
        10**30,
        0.5,
        "",
        "x" * 301,
        "hard",
        "2025-03-01T10:00:00Z",
        "2025-03-01T10:00:00.000000+00:00",
        "2025-W09-6T10:00:00+00:00",
        [],
        ["a"],
        {},
        {"vp_track": 1},
    ]
)
FIELDS = [
    "schema_version",
    "id",
    "finished_at",
    "started_at",
    "play_seconds",
    "difficulty",
    "easier_solo",
    "house",
    "deck_mode",
    "seed",
    "rounds",
    "score",
    "frederick_structures",
    "notes",
    "end_reasons",
    "log_summary",
    "source",
    "extra_field",
]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    changes=st.lists(
        st.one_of(
            st.none(),
            st.tuples(st.sampled_from(FIELDS), TRICKY),
            # (without an id a record gets a new random one at every read)
            st.tuples(st.sampled_from([f for f in FIELDS if f != "id"]), st.just("<delete>")),
        ),
        min_size=1,
        max_size=4,
    ),
    minutes=st.lists(st.integers(0, 3), min_size=4, max_size=4),
)
def test_any_mix_of_records_reads_as_the_careful_way_reads_it(
    tmp_path_factory: pytest.TempPathFactory,
    make_record: RecordFactory,
    changes: list[tuple[str, Any] | None],
    minutes: list[int],
) -> None:
    folder = tmp_path_factory.mktemp("history")
    documents = []
    for index, change in enumerate(changes):
        stamp = f"2025-03-01T10:0{minutes[index]}:00+00:00"
        document = _dump(make_record(finished_at=stamp, id=f"game{index % 2}"))
        if change is not None:
            name, value = change
            if value == "<delete>":
                document.pop(name, None)
            elif name == "score" and isinstance(value, dict):
                document["score"] = {**document["score"], **value}
            else:
                document[name] = value
        documents.append(document)
    _write(folder, documents)
    _same_as_careful(folder)


# --- normalised times: the shortcut for a time already in UTC ---------------------------------


def _normalise_the_long_way(value: str) -> str:
    moment = dt.datetime.fromisoformat(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).isoformat()


@given(
    moment=st.datetimes(
        min_value=dt.datetime(1970, 1, 2),
        max_value=dt.datetime(2999, 12, 30),
        timezones=st.sampled_from(
            [None, dt.UTC, dt.timezone(dt.timedelta(hours=1)), dt.timezone(dt.timedelta(0))]
        ),
    ),
    spec=st.sampled_from(["auto", "seconds", "microseconds", "minutes", "milliseconds"]),
    sep=st.sampled_from(["T", " "]),
)
def test_times_are_normalised_as_before(moment: dt.datetime, spec: str, sep: str) -> None:
    text = moment.isoformat(sep=sep, timespec=spec)
    assert normalise_timestamp(text) == _normalise_the_long_way(text)


@pytest.mark.parametrize(
    "text",
    [
        "2025-03-01T10:00:00+00:00",
        "2025-03-01T10:00:00.000001+00:00",
        "2025-03-01T10:00:00.000000+00:00",
        "2025-W09-6T10:00:00+00:00",
        "2025-03-01T10:00:00,500000+00:00",
        "20250301T100000+00:00",
        "2025-03-01T10:00:00-00:00",
    ],
)
def test_near_utc_times_are_normalised_as_before(text: str) -> None:
    assert normalise_timestamp(text) == _normalise_the_long_way(text)


@pytest.mark.parametrize("text", ["2025-02-30T10:00:00+00:00", "2025-03-01T24:00:00+00:00"])
def test_an_impossible_utc_time_is_still_refused(text: str) -> None:
    with pytest.raises(ValueError, match="is not an ISO 8601 date and time"):
        normalise_timestamp(text)


# --- pausing the cycle collector ---------------------------------------------------------------


def test_gc_paused_nests_and_restores_the_collector() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), gc_paused():
        raise RuntimeError("boom")
    assert gc.isenabled()


def test_gc_paused_leaves_a_stopped_collector_stopped() -> None:
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_gc_paused_resumes_after_the_last_of_several_threads() -> None:
    inside = threading.Barrier(3)
    leave = threading.Event()

    def pause() -> None:
        with gc_paused():
            inside.wait()
            leave.wait()

    threads = [threading.Thread(target=pause) for _ in range(2)]
    for thread in threads:
        thread.start()
    inside.wait()
    assert not gc.isenabled()
    leave.set()
    for thread in threads:
        thread.join()
    assert gc.isenabled()
    assert bulk_module._pauses == 0
