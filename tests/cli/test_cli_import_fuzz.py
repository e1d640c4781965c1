"""The import against what any file may hold (fuzzing): a file is read into games or
refused with its problems named, a valid export with one cell changed is imported or
refused with the history unchanged; and list cells read back exactly."""

from __future__ import annotations

import csv
import io
import json
import pathlib
import tempfile
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import history as history_io
from companion.history import (
    CSV_COLUMNS,
    ImportFileError,
    import_file,
    join_items,
    parse_import_bytes,
    split_items,
)
from companion.paths import HISTORY_FILE
from companion.storage import HistoryRecord, HistoryStore


@given(st.lists(st.text(max_size=20), max_size=6))
def test_list_cells_read_back_exactly(items: list[str]) -> None:
    assert split_items(join_items(items)) == items


def test_hand_typed_list_cells() -> None:
    assert split_items("a;b; c") == ["a", "b", "c"]
    assert split_items("C:\\games\\x") == ["C:\\games\\x"]
    assert split_items("\\e") == [""]
    assert split_items("\\ex") == ["\\ex"]
    assert split_items("\\e\\;") == ["\\e;"]


FILE_NAMES = st.sampled_from(["g.csv", "g.json", "g.txt", "g"])
CSV_HEADER = ",".join(CSV_COLUMNS) + "\n"
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _accepted_or_refused(raw: bytes, name: str) -> None:
    try:
        records = parse_import_bytes(raw, pathlib.Path(name))
    except ImportFileError as exc:
        assert exc.problems and str(exc)
    else:
        assert all(isinstance(record, HistoryRecord) for record in records)


@settings(max_examples=150, deadline=None)
@given(raw=st.binary(max_size=300), name=FILE_NAMES)
def test_fuzz_random_bytes(raw: bytes, name: str) -> None:
    _accepted_or_refused(raw, name)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=300), name=FILE_NAMES, header=st.booleans())
def test_fuzz_random_text(text: str, name: str, header: bool) -> None:
    _accepted_or_refused(((CSV_HEADER if header else "") + text).encode("utf-8"), name)


@settings(max_examples=150, deadline=None)
@given(games=st.lists(JSON_VALUES, max_size=3), wrap=st.booleans())
def test_fuzz_json_shapes(games: list[Any], wrap: bool) -> None:
    document: Any = {"format": "stupor-solo-history", "games": games} if wrap else games
    _accepted_or_refused(json.dumps(document).encode(), "g.json")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    field=st.sampled_from([c for c in CSV_COLUMNS if c != "id"]),
    value=st.one_of(
        st.text(max_size=12),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
        st.sampled_from(["nan", "inf", "-0", "1e400", "9" * 5000, "true", "2025-13-40"]),
    ),
)
def test_fuzz_one_csv_cell_through_the_command(field: str, value: str) -> None:
    """A valid export with one cell changed: imported, or refused with history unchanged."""
    from solo_deck import final_score

    record = HistoryRecord(
        finished_at="2025-03-01T20:15:00+00:00",
        score=final_score(
            vp_track=40, structures=10, frederick_structures=9, grain=1, stone=1, augustales=8
        ),
    )
    rows = list(csv.reader(io.StringIO(history_io.records_to_csv([record]), newline="")))
    rows[1][rows[0].index(field)] = value
    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerows(rows)
    with tempfile.TemporaryDirectory() as folder:
        base = pathlib.Path(folder)
        (base / "data").mkdir()
        source = base / "g.csv"
        source.write_text(buffer.getvalue(), encoding="utf-8")
        try:
            result = import_file(source, base / "data")
        except ImportFileError as exc:
            assert exc.problems[0].startswith("line 2")
            assert not (base / "data" / HISTORY_FILE).exists()
        else:
            assert result.added == 1
            assert len(HistoryStore(base / "data").all()) == 1
