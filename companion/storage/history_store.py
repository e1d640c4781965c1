"""The history of finished games: one record per game in ``history.json``.

The history can grow large and TinyDB re-reads and rewrites the whole file for every
change, so nothing is read until it is needed (the Start screen, not the game screen), and
it is written once per finished game. Older records are migrated in memory when read;
records that do not validate are skipped and listed in :attr:`HistoryStore.problems`.

:meth:`HistoryStore.all` first tries :func:`read_current_records` (the whole file validated
in one pass, for the usual file of current, valid records) and reads the file the careful
way, record by record, only when that does not fit.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from pydantic import ValidationError
from tinydb import Query
from tinydb.table import Document

from companion.paths import HISTORY_FILE
from companion.storage.errors import NewerSchemaError
from companion.storage.history_bulk import read_current_records
from companion.storage.history_record import (
    CURRENT_HISTORY_SCHEMA,
    HistoryRecord,
    migrate_record,
)
from companion.storage.store_file import StoreFile
from solo_deck.data_files import describe_validation_error

TABLE = "games"

_TIME_ORDER = attrgetter("finished_at", "id")
"""Sort key, oldest first: ``finished_at`` is a normalised UTC ``isoformat`` string, and
those sort as text in time order (the same order as :attr:`HistoryRecord.finished`)."""


class HistoryStore:
    """Finished games in ``folder``. Creating one reads nothing.

    ``notice`` is set (plain English) when a damaged history file was moved aside;
    ``problems`` lists the records the last read skipped. A history holding a record from a
    newer version of the program raises :class:`NewerSchemaError` and is never written.
    """

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self._file = StoreFile(
            folder,
            HISTORY_FILE,
            label="The game history",
            consequence="the history starts empty",
        )
        self.problems: list[str] = []
        self._checked = False

    @property
    def path(self) -> pathlib.Path:
        """The history file."""
        return self._file.path

    @property
    def notice(self) -> str | None:
        """Set when a damaged history file was moved aside: where to and why."""
        return self._file.notice

    # --- reading ----------------------------------------------------------------------

    def all(self) -> list[HistoryRecord]:
        """Every readable record, oldest ``finished_at`` first."""
        records = self._current_records()
        if records is None:
            records = self._valid_records(self._documents())
        records.sort(key=_TIME_ORDER)
        return records

    def get(self, record_id: str) -> HistoryRecord | None:
        """The record with this id, or ``None`` (also for an unreadable one, which is then
        listed in :attr:`problems`)."""
        matching = [doc for doc in self._documents() if doc.get("id") == record_id]
        records = self._valid_records(matching)
        return records[0] if records else None

    def count(self) -> int:
        """How many readable records there are (as many as :meth:`all` returns)."""
        return len(self.all())

    # --- writing ----------------------------------------------------------------------

    def add(self, record: HistoryRecord) -> None:
        """Store ``record``; one with the same id is replaced, so adding twice is
        harmless. Raises ``StorageWriteError`` (history unchanged) if the disk refuses."""
        self._ensure_writable()
        stored = record.model_dump(mode="json")
        self._file.run(lambda: self._file.table(TABLE).upsert(stored, Query().id == record.id))

    def add_many(self, records: Sequence[HistoryRecord]) -> None:
        """Store several new records in one atomic write (an import). Raises
        ``ValueError`` (nothing written) if an id is already in the history or repeated."""
        self._ensure_writable()
        ids = [record.id for record in records]
        documents = [record.model_dump(mode="json") for record in records]

        def write() -> None:
            table = self._file.table(TABLE)
            taken = {doc.get("id") for doc in table.all()}
            clash = sorted((set(ids) & taken) | {i for i in ids if ids.count(i) > 1})
            if clash:
                raise ValueError(f"ids already in the history: {', '.join(clash[:5])}")
            table.insert_multiple(documents)

        self._file.run(write)

    def delete(self, record_id: str) -> HistoryRecord:
        """Remove the record with this id and return it (keep it to :meth:`restore`).
        Raises ``KeyError`` if there is no readable record with this id."""
        record = self.get(record_id)
        if record is None:
            raise KeyError(f"there is no game with id {record_id!r} in the history")
        self._ensure_writable()
        self._file.run(lambda: self._file.table(TABLE).remove(Query().id == record_id))
        return record

    def restore(self, record: HistoryRecord) -> None:
        """Undo a :meth:`delete`: put the record back with the same id."""
        self.add(record)

    # --- internals --------------------------------------------------------------------

    def _current_records(self) -> list[HistoryRecord] | None:
        """Every record, read in one pass, when the file holds only valid records in the
        current schema (then nothing is skipped and none is newer); ``None`` otherwise,
        and for a missing or empty file."""
        try:
            raw = self.path.read_bytes()
        except OSError:
            return None
        records = read_current_records(raw, TABLE) if raw else None
        if records is not None:
            self.problems = []
            self._checked = True
        return records

    def _documents(self) -> list[Document]:
        documents = self._file.run(lambda: self._file.table(TABLE).all())
        self._check_versions(documents)
        return documents

    def _ensure_writable(self) -> None:
        if not self._checked:
            self._documents()

    def _check_versions(self, documents: list[Document]) -> None:
        """Raise before anything is written if any record is from a newer program."""
        for document in documents:
            version = document.get("schema_version")
            if type(version) is int and version > CURRENT_HISTORY_SCHEMA:
                raise NewerSchemaError(
                    "The game history", version, CURRENT_HISTORY_SCHEMA, self._file.path
                )
        self._checked = True

    def _valid_records(self, documents: list[Document]) -> list[HistoryRecord]:
        self.problems = []
        records: list[HistoryRecord] = []
        for document in documents:
            try:
                records.append(HistoryRecord.model_validate(migrate_record(dict(document))))
            except ValidationError as exc:
                self._skip(document, describe_validation_error(exc))
            except NewerSchemaError:
                raise
            except ValueError as exc:
                self._skip(document, str(exc))
        return records

    def _skip(self, document: Document, why: str) -> None:
        record_id: Any = document.get("id", "?")
        self.problems.append(
            f"Game {document.doc_id} (id {record_id}) in the history was skipped: {why}"
        )
