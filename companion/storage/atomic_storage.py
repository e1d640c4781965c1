"""A TinyDB storage that never leaves a half-written file behind.

TinyDB rewrites its whole JSON file on every change and its own ``JSONStorage`` writes in
place, so a crash or a full disk mid-write leaves a truncated file. This storage writes
through :func:`~companion.storage.atomic_write.atomic_write` (a private temp file with an
unpredictable name, fsync, ``os.replace``, fsync of the folder): readers see either the old
file or the new one, never a mix. It reads without following a symbolic link and refuses
anything that is not a regular file (:mod:`companion.storage.safe_files`).
"""

from __future__ import annotations

import json
import os
import pathlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from tinydb.storages import Storage

from companion.i18n import _
from companion.storage.atomic_write import atomic_write, fsync_dir, remove_stray_temp_files
from companion.storage.errors import CorruptFileError
from companion.storage.parsing import MAX_STORE_BYTES, ParseError, parse_json
from companion.storage.safe_files import FileTooBigError, read_data_file

__all__ = [
    "AtomicJSONStorage",
    "check_tinydb_layout",
    "encode_database",
    "fsync_dir",
    "remove_stray_temp_files",
]

_CHUNK_CHARS = 1 << 16


def check_tinydb_layout(data: Any) -> str | None:
    """Why ``data`` is not a TinyDB database (``None`` if it is one): an object of tables,
    each an object mapping whole-number ids to objects."""
    if not isinstance(data, dict):
        return _("it contains {what} instead of a JSON object {{...}}").format(what=json_kind(data))
    for table_name, table in data.items():
        if not isinstance(table, dict):
            return _("the table {table} is {what}, not an object").format(
                table=repr(table_name), what=json_kind(table)
            )
        for doc_id, document in table.items():
            if not (doc_id.isascii() and doc_id.isdigit()):
                return _("the table {table} has an entry named {entry}, not a number").format(
                    table=repr(table_name), entry=repr(doc_id)
                )
            if not isinstance(document, dict):
                return _("entry {entry} of the table {table} is {what}, not an object").format(
                    entry=doc_id, table=repr(table_name), what=json_kind(document)
                )
    return None


def json_kind(value: Any) -> str:
    """What a parsed JSON value is, in words (``"a list"``, ``"an object"``, ``"null"``…)."""
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    if isinstance(value, str):
        return _("a text string")
    if isinstance(value, bool):
        return _("true/false")
    if isinstance(value, int | float):
        return _("a number")
    if value is None:
        return "null"
    return _("an object")


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
        """The whole database, or ``None`` if the file is missing or empty. A link, pipe or
        device where the file should be raises
        :class:`~companion.storage.errors.UnsafeFileError` (an ``OSError``)."""
        try:
            raw = read_data_file(self.path, limit=MAX_STORE_BYTES)
        except FileTooBigError as exc:
            raise CorruptFileError(self.path, exc.message) from None
        if not raw:
            return None
        try:
            data = parse_json(raw)
        except ParseError as exc:
            hint = "; it may have been cut short or edited by hand" if "JSON" in str(exc) else ""
            raise CorruptFileError(self.path, f"{exc}{hint}") from None
        problem = check_tinydb_layout(data)
        if problem is not None:
            raise CorruptFileError(self.path, problem)
        result: dict[str, dict[str, Any]] = data
        return result

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Replace the file with ``data``, atomically. Serialisation errors (a value that
        is not JSON) raise before anything is written."""
        atomic_write(
            self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        )

    def close(self) -> None:
        """Nothing to close: the file is only open during a read or a write."""


def encode_database(
    tables: dict[str, Any], appended: Mapping[str, Iterable[tuple[str, bytes]]] | None = None
) -> Iterator[bytes]:
    """``tables`` as the compact JSON :class:`AtomicJSONStorage` writes, in chunks of about
    64 KB, for :func:`atomic_write`: a large history is never held in memory as one string
    and its bytes. ``appended`` adds, after a table's documents, ``(doc id, JSON bytes)``
    pairs already encoded (an import's games). A value that is not JSON raises
    ``TypeError`` while the chunks are made (:func:`atomic_write` then leaves the target
    as it was)."""
    encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    extra = appended or {}
    chunk = _Chunks()
    chunk.text("{")
    names = [*tables, *(name for name in extra if name not in tables)]
    for position, name in enumerate(names):
        chunk.text(("," if position else "") + encoder.encode(name) + ":{")
        first = True
        for doc_id, document in tables.get(name, {}).items():
            chunk.text(("" if first else ",") + encoder.encode(doc_id) + ":")
            for piece in encoder.iterencode(document):
                chunk.text(piece)
            first = False
            yield from chunk.full()
        for doc_id, raw in extra.get(name, ()):
            chunk.text(("" if first else ",") + encoder.encode(doc_id) + ":")
            chunk.raw(raw)
            first = False
            yield from chunk.full()
        chunk.text("}")
    chunk.text("}")
    yield from chunk.rest()


class _Chunks:
    """Text and bytes gathered into chunks of about :data:`_CHUNK_CHARS`."""

    def __init__(self) -> None:
        self._pending: list[str] = []
        self._out: list[bytes] = []
        self._size = 0

    def text(self, piece: str) -> None:
        self._pending.append(piece)
        self._size += len(piece)

    def raw(self, piece: bytes) -> None:
        self._flush_text()
        self._out.append(piece)
        self._size += len(piece)

    def _flush_text(self) -> None:
        if self._pending:
            self._out.append("".join(self._pending).encode())
            self._pending = []

    def full(self) -> Iterator[bytes]:
        if self._size >= _CHUNK_CHARS:
            yield from self.rest()

    def rest(self) -> Iterator[bytes]:
        self._flush_text()
        if self._out:
            yield b"".join(self._out)
        self._out, self._size = [], 0
