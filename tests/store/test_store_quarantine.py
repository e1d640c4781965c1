"""move_aside: a damaged file is renamed next to itself, never deleted or overwritten."""

from __future__ import annotations

import datetime as dt
import pathlib

import pytest

from companion.storage import StorageWriteError, move_aside

WHEN = dt.datetime(2025, 3, 1, 20, 15, 7)


def test_the_file_is_renamed_with_a_timestamp(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "history.json"
    bad.write_bytes(b"{oops")
    moved = move_aside(bad, "not valid JSON", now=WHEN)
    assert moved == tmp_path / "history.json.corrupt-20250301-201507"
    assert moved.read_bytes() == b"{oops"
    assert not bad.exists()


def test_an_existing_quarantined_file_is_never_overwritten(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "history.json"
    taken = tmp_path / "history.json.corrupt-20250301-201507"
    taken.write_bytes(b"first")
    (tmp_path / "history.json.corrupt-20250301-201507-1").write_bytes(b"second")
    bad.write_bytes(b"third")
    moved = move_aside(bad, "truncated", now=WHEN)
    assert moved.name == "history.json.corrupt-20250301-201507-2"
    assert moved.read_bytes() == b"third"
    assert taken.read_bytes() == b"first"
    assert (tmp_path / "history.json.corrupt-20250301-201507-1").read_bytes() == b"second"


def test_without_a_time_the_current_one_is_used(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "settings.json"
    bad.write_bytes(b"[]")
    moved = move_aside(bad, "wrong shape")
    assert moved.parent == tmp_path
    assert moved.name.startswith("settings.json.corrupt-")
    assert moved.read_bytes() == b"[]"


def test_a_missing_file_cannot_be_moved(tmp_path: pathlib.Path) -> None:
    with pytest.raises(StorageWriteError, match="could not be moved aside"):
        move_aside(tmp_path / "gone.json", "not valid JSON")
