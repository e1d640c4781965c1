"""AtomicJSONStorage: whole-file atomic writes, plain errors, and stray temp files."""

from __future__ import annotations

import errno
import json
import os
import pathlib
import re
from collections.abc import Callable
from typing import Any

import pytest
from tinydb import TinyDB

from companion.storage import (
    AtomicJSONStorage,
    CorruptFileError,
    StorageWriteError,
    remove_stray_temp_files,
)

OLD = {"game": {"1": {"turn": 1}}}
NEW = {"game": {"1": {"turn": 2, "note": "Frédéric II"}}}


def _disk_full(*args: Any, **kwargs: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_write_leaves_a_valid_compact_file_and_no_temp_file(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "current_game.json"
    storage = AtomicJSONStorage(target)
    storage.write(NEW)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current_game.json"]
    text = target.read_text(encoding="utf-8")
    assert json.loads(text) == NEW
    assert "Frédéric" in text  # ensure_ascii=False
    assert ", " not in text and ": " not in text  # compact separators
    assert storage.read() == NEW


def test_write_replaces_the_previous_content(tmp_path: pathlib.Path) -> None:
    storage = AtomicJSONStorage(tmp_path / "f.json")
    storage.write(OLD)
    storage.write(NEW)
    assert storage.read() == NEW


def test_missing_and_empty_files_read_as_none(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "f.json"
    assert AtomicJSONStorage(target).read() is None
    target.write_bytes(b"")
    assert AtomicJSONStorage(target).read() is None


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"game": {"1": {"turn": 1}', "not valid JSON"),
        (b"\xff\xfe\x00garbage", "not a text file"),
        (b"[1, 2, 3]", "a list instead of a JSON object"),
        (b'"hello"', "a text string instead of"),
        (b'{"game": [1, 2]}', "the table 'game' is a list"),
        (b'{"game": {"one": {}}}', "entry named 'one'"),
        (b'{"game": {"1": 5}}', "entry 1 of the table 'game' is a number"),
        (b"   ", "not valid JSON"),
    ],
)
def test_unreadable_content_raises_corrupt_file_error(
    tmp_path: pathlib.Path, content: bytes, reason: str
) -> None:
    target = tmp_path / "f.json"
    target.write_bytes(content)
    with pytest.raises(CorruptFileError) as caught:
        AtomicJSONStorage(target).read()
    assert isinstance(caught.value, ValueError)
    assert caught.value.path == target
    assert reason in caught.value.reason
    assert target.read_bytes() == content


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "f.json"
    target.write_bytes(b"\xef\xbb\xbf" + json.dumps(OLD).encode())
    assert AtomicJSONStorage(target).read() == OLD


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_full_disk_leaves_the_previous_file_intact(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "current_game.json"
    storage = AtomicJSONStorage(target)
    storage.write(OLD)
    before = target.read_bytes()
    monkeypatch.setattr(os, failing, _disk_full)
    with pytest.raises(StorageWriteError) as caught:
        storage.write(NEW)
    monkeypatch.undo()
    error = caught.value
    assert isinstance(error, OSError)
    assert error.errno == errno.ENOSPC
    assert error.path == target
    message = str(error)
    assert "Could not save current_game.json" in message
    assert "the disk is full" in message
    assert "unchanged" in message
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current_game.json"]


def test_a_failed_first_write_creates_nothing(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "replace", _disk_full)
    with pytest.raises(StorageWriteError):
        AtomicJSONStorage(tmp_path / "f.json").write(NEW)
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_folder_leaves_the_previous_file_intact(
    tmp_path: pathlib.Path, make_read_only: Callable[[pathlib.Path], None]
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    target = folder / "history.json"
    storage = AtomicJSONStorage(target)
    storage.write(OLD)
    before = target.read_bytes()
    make_read_only(folder)
    with pytest.raises(StorageWriteError, match="permission denied") as caught:
        storage.write(NEW)
    assert caught.value.errno in (errno.EACCES, errno.EPERM)
    assert target.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["history.json"]


def test_a_value_that_is_not_json_raises_before_writing(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "f.json"
    storage = AtomicJSONStorage(target)
    storage.write(OLD)
    with pytest.raises(TypeError):
        storage.write({"game": {"1": {"when": object()}}})
    assert storage.read() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_temp_files_are_named_after_the_target_with_an_unpredictable_part(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real_replace = os.replace

    def spy(source: Any, target: Any) -> None:
        seen.append(pathlib.Path(source).name)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", spy)
    storage = AtomicJSONStorage(tmp_path / "history.json")
    for _ in range(3):
        storage.write(NEW)
    assert len(set(seen)) == 3, "a new name every time"
    for name in seen:
        assert re.fullmatch(r"history\.json\.[a-z0-9_]{8}\.tmp", name), name
        assert str(os.getpid()) not in name.split(".")


def test_stray_temp_files_are_removed_and_nothing_else(tmp_path: pathlib.Path) -> None:
    strays = [
        "current_game.json.4242.tmp",
        "history.json.7.tmp",
        "settings.json.1.tmp",
        "history.json.k2_9ab0q.tmp",
    ]
    keep = ["history.json", "notes.tmp", "history.json.abc.tmp", "current_game.json.tmp"]
    for name in strays + keep:
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / "folder.json.12.tmp").mkdir()
    removed = remove_stray_temp_files(tmp_path)
    assert sorted(p.name for p in removed) == sorted(strays)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*keep, "folder.json.12.tmp"])


def test_remove_stray_temp_files_in_a_missing_folder(tmp_path: pathlib.Path) -> None:
    assert remove_stray_temp_files(tmp_path / "nowhere") == []


def test_tinydb_works_on_the_storage_and_reads_lazily(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "db.json"
    target.write_bytes(b"{not json")
    db = TinyDB(target, storage=AtomicJSONStorage)  # reads nothing yet
    with pytest.raises(CorruptFileError):
        db.table("games").all()
    target.unlink()
    db.table("games").insert({"score": 56})
    assert db.table("games").all() == [{"score": 56}]
    assert json.loads(target.read_text(encoding="utf-8")) == {"games": {"1": {"score": 56}}}
