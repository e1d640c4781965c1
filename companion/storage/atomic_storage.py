"""A TinyDB storage that never leaves a half-written file behind.

TinyDB rewrites its whole JSON file on every change and its own ``JSONStorage`` writes in
place, so a crash or a full disk mid-write leaves a truncated file. This storage writes
``<name>.<pid>.tmp`` next to the target, flushes and fsyncs it, then ``os.replace``s it
onto the target: readers see either the old file or the new one, never a mix. A crash can
leave the temp file behind; :func:`remove_stray_temp_files` deletes those at start-up.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import re
from typing import Any

from tinydb.storages import Storage

from companion.storage.errors import CorruptFileError, StorageWriteError, describe_os_error

TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^.+\.\d+\.tmp$")


def temp_path_for(target: pathlib.Path) -> pathlib.Path:
    """The temp file a write to ``target`` goes through: ``<name>.<pid>.tmp``."""
    return target.with_name(f"{target.name}.{os.getpid()}{TEMP_SUFFIX}")


def fsync_dir(folder: pathlib.Path) -> None:
    """Make a rename or delete in ``folder`` durable, where the platform allows it
    (opening a directory fails on Windows; that is ignored)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stray_temp_files(folder: str | os.PathLike[str]) -> list[pathlib.Path]:
    """Delete temp files a crashed write left in ``folder`` (only our ``<name>.<pid>.tmp``
    naming); returns the removed paths. Call it at start-up, once the single-instance lock
    is held, so no other copy of the program is writing."""
    removed: list[pathlib.Path] = []
    try:
        entries = list(pathlib.Path(folder).iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not _TEMP_NAME.match(entry.name) or not entry.is_file():
            continue
        try:
            entry.unlink()
        except OSError:
            continue
        removed.append(entry)
    return removed


def check_tinydb_layout(data: Any) -> str | None:
    """Why ``data`` is not a TinyDB database (``None`` if it is one): an object of tables,
    each an object mapping whole-number ids to objects."""
    if not isinstance(data, dict):
        return f"it contains {_json_kind(data)} instead of a JSON object {{...}}"
    for table_name, table in data.items():
        if not isinstance(table, dict):
            return f"the table {table_name!r} is {_json_kind(table)}, not an object"
        for doc_id, document in table.items():
            if not (doc_id.isascii() and doc_id.isdigit()):
                return f"the table {table_name!r} has an entry named {doc_id!r}, not a number"
            if not isinstance(document, dict):
                return (
                    f"entry {doc_id} of the table {table_name!r} is {_json_kind(document)}, "
                    "not an object"
                )
    return None


def _json_kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a text string"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if value is None:
        return "null"
    return "an object"


class AtomicJSONStorage(Storage):
    """TinyDB storage on one JSON file, replaced atomically on every write.

    ``read`` returns ``None`` for a missing or 0-byte file and raises
    :class:`CorruptFileError` for anything that is not a TinyDB JSON document. ``write``
    raises :class:`StorageWriteError` (the target untouched, no temp file left) when the
    disk says no. Not thread-safe, like TinyDB itself: write from one place only.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = pathlib.Path(path)

    def read(self) -> dict[str, dict[str, Any]] | None:
        """The whole database, or ``None`` if the file is missing or empty."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        if not raw:
            return None
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise CorruptFileError(self.path, "it is not a text file (not UTF-8)") from None
        except json.JSONDecodeError as exc:
            raise CorruptFileError(
                self.path,
                f"it is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}); "
                "it may have been cut short or edited by hand",
            ) from None
        except (ValueError, RecursionError) as exc:
            raise CorruptFileError(self.path, f"it is not valid JSON ({exc})") from None
        problem = check_tinydb_layout(data)
        if problem is not None:
            raise CorruptFileError(self.path, problem)
        result: dict[str, dict[str, Any]] = data
        return result

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Replace the file with ``data``, atomically. Serialisation errors (a value that
        is not JSON) raise before anything is written."""
        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        temp = temp_path_for(self.path)
        try:
            with open(temp, "wb") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, self.path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                temp.unlink(missing_ok=True)
            raise StorageWriteError(
                self.path,
                f"Could not save {self.path.name} in {self.path.parent}: "
                f"{describe_os_error(exc)}. The previous copy of the file, if any, is unchanged.",
                exc.errno,
            ) from exc
        fsync_dir(self.path.parent)

    def close(self) -> None:
        """Nothing to close: the file is only open during a read or a write."""
