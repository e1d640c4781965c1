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
from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from tinydb import Query
from tinydb.table import Document

from companion.i18n import N_, _
from companion.paths import HISTORY_FILE
from companion.plain_text import clip_text, clip_value
from companion.storage.errors import CorruptFileError, NewerSchemaError
from companion.storage.history_append import append_record
from companion.storage.history_bulk import read_current_records
from companion.storage.history_page import newest_documents
from companion.storage.history_record import (
    CURRENT_HISTORY_SCHEMA,
    HistoryRecord,
    migrate_record,
)
from companion.storage.parsing import MAX_STORE_BYTES
from companion.storage.safe_files import read_data_file
from companion.storage.store_file import FileStore, StoreFile
from solo_deck import describe_validation_error

if TYPE_CHECKING:
    from companion.storage.backups import BackupCopy

TABLE = "games"

_TIME_ORDER = attrgetter("finished_at", "id")
"""Sort key, oldest first: ``finished_at`` is a normalised UTC ``isoformat`` string, and
those sort as text in time order (the same order as :attr:`HistoryRecord.finished`)."""


def _stored_order(document: Mapping[str, Any]) -> tuple[str, str]:
    """A record's place in time order from its stored fields: its ``finished_at`` when
    stored as the program writes it (normalised UTC, ``+00:00``), else the one validation
    gives it (a record of an older format); a record that does not validate sorts first
    (oldest), where a page of the newest games leaves it unread."""
    stamp, record_id = document.get("finished_at"), document.get("id")
    if isinstance(stamp, str) and stamp.endswith("+00:00") and isinstance(record_id, str):
        return stamp, record_id
    try:
        record = HistoryRecord.model_validate(migrate_record(dict(document)))
    except (ValidationError, ValueError, TypeError, ArithmeticError):
        return "", ""
    return record.finished_at, record.id


LABEL = N_("The game history")


def already_there(ids: Sequence[str]) -> str:
    """The refusal of games whose ids the history already holds (the first five named)."""
    return _("ids already in the history: {ids}").format(ids=", ".join(ids[:5]))


class HistoryStore(FileStore):
    """Finished games in ``folder``. Creating one reads nothing.

    ``notice`` is set (plain English) when a damaged history file was moved aside;
    ``problems`` lists the records the last read skipped. A history holding a record from a
    newer version of the program raises :class:`NewerSchemaError` and is never written.
    """

    def __init__(self, folder: str | os.PathLike[str], *, may_move: bool = True) -> None:
        self._file = StoreFile(
            folder,
            HISTORY_FILE,
            label=LABEL,
            consequence=N_("the history starts empty"),
            may_move=may_move,
        )
        self.problems: list[str] = []
        self._checked = False

    @property
    def left_damaged(self) -> bool:
        """Whether the last read found the file damaged and left it (``may_move=False``):
        :meth:`all` then returned no games."""
        return self._file.left_damaged

    # --- reading ----------------------------------------------------------------------

    def all(self) -> list[HistoryRecord]:
        """Every readable record, oldest ``finished_at`` first. A store that may not move
        files returns no games for a damaged file (:attr:`notice` says why)."""
        records = self._current_records()
        if records is None:
            try:
                documents = self._documents()
            except CorruptFileError:
                if self._file.may_move:
                    raise  # pragma: no cover - StoreFile.run moved it and read again
                self.problems = []
                return []
            records = self._valid_records(documents)
        records.sort(key=_TIME_ORDER)
        return records

    def latest(self, count: int) -> tuple[list[HistoryRecord], int]:
        """The ``count`` newest readable records, newest first, and how many games the
        history holds (readable or not): only the records shown are validated (a
        :class:`HistoryRecord` each), the others are only parsed and sorted by their
        stored time, so a page of 10,000 games costs about a JSON parse. Records skipped
        on the way are listed in :attr:`problems`; a newer record anywhere raises
        :class:`NewerSchemaError`, as :meth:`all` does.

        A file in the usual shape is not even parsed: the records' places and times are
        found in its bytes (:mod:`companion.storage.history_page`)."""
        page = self._newest_page(count)
        if page is not None:
            return page
        try:
            data = self._file.run(self._file.storage.read) or {}
        except CorruptFileError:
            if self._file.may_move:
                raise  # pragma: no cover - StoreFile.run moved it and read again
            self.problems = []
            return [], 0
        table: dict[str, dict[str, Any]] = data.get(TABLE, {})
        self._check_versions(table.values())
        keyed = sorted(
            ((_stored_order(document), doc_id) for doc_id, document in table.items()),
            reverse=True,
        )
        skipped: list[str] = []
        shown: list[HistoryRecord] = []
        for _key, doc_id in keyed:
            if len(shown) >= count:
                break
            shown.extend(self._valid_records([Document(table[doc_id], doc_id=int(doc_id))]))
            skipped += self.problems
        self.problems = skipped
        shown.sort(key=_TIME_ORDER, reverse=True)
        return shown, len(table)

    def _newest_page(self, count: int) -> tuple[list[HistoryRecord], int] | None:
        try:
            raw = read_data_file(self.path, limit=MAX_STORE_BYTES)
        except OSError:
            return None  # the careful way raises it with the reason
        found = newest_documents(raw, CURRENT_HISTORY_SCHEMA) if raw else None
        if found is None:
            return None
        documents, total = found
        skipped: list[str] = []
        shown: list[HistoryRecord] = []
        for doc_id, document in documents:
            if len(shown) >= count:
                break
            if document is None:
                skipped.append(
                    _("Game {number} in the history was skipped: it is damaged").format(
                        number=doc_id
                    )
                )
                continue
            shown.extend(self._valid_records([Document(document, doc_id=doc_id)]))
            skipped += self.problems
        self.problems = skipped
        self._checked = True
        return shown, total

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

    def add(self, record: HistoryRecord, *, copy: bool = False) -> BackupCopy | None:
        """Store ``record``; one with the same id is replaced, so adding twice is
        harmless. Raises ``StorageWriteError`` (history unchanged) if the disk refuses.

        A new game is appended to the file's bytes without reading the history
        (:mod:`companion.storage.history_append`), so saving one game takes about as long
        with 10,000 games as with 100; a file not in the usual shape goes TinyDB's way.
        With ``copy``, the appended history's backup copy is compressed meanwhile and
        returned (:class:`~companion.storage.backups.BackupCopy`, to save); ``None`` when
        the file went TinyDB's way (then :func:`backup_history` reads it)."""
        from companion.storage.backups import BackupCopy

        copies: list[BackupCopy] = []
        if append_record(
            self.path,
            record.id,
            record.model_dump_json().encode(),
            CURRENT_HISTORY_SCHEMA,
            (lambda content: copies.append(BackupCopy(self.path.parent, content, len(content[0]))))
            if copy
            else None,
        ):
            self._file.forget_cached_ids()
            return copies[0] if copies else None
        self._ensure_writable()
        stored = record.model_dump(mode="json")
        self._file.run(lambda: self._file.table(TABLE).upsert(stored, Query().id == record.id))
        return None

    def add_many(self, records: Iterable[HistoryRecord]) -> None:
        """Store several new records in one atomic write (an import). Raises
        ``ValueError`` (nothing written) if an id is already in the history or repeated.

        Linear in the size of the history and of ``records``: the file is read once, each
        record is dumped once, and the new file is written in chunks."""
        self._ensure_writable()
        documents = [record.model_dump(mode="json") for record in records]
        seen: set[str] = set()
        repeated: set[str] = set()
        for document in documents:
            (repeated if document["id"] in seen else seen).add(document["id"])

        def write() -> None:
            data = self._file.storage.read() or {}
            table = data.setdefault(TABLE, {})
            taken = {doc.get("id") for doc in table.values()}
            clash = sorted((seen & taken) | repeated)
            if clash:
                raise ValueError(already_there(clash))
            next_id = max((int(key) for key in table), default=0) + 1
            for offset, document in enumerate(documents):
                table[str(next_id + offset)] = document
            self._file.write_whole(data)

        self._file.run(write)

    def add_encoded(self, documents: Sequence[tuple[str, bytes]]) -> None:
        """Store ``(id, JSON of the record)`` pairs already checked and encoded (an import:
        its records are not kept in memory as objects) in one atomic write. Raises
        ``ValueError`` (nothing written) if an id is already in the history or repeated."""
        self._ensure_writable()
        ids = [record_id for record_id, _raw in documents]
        seen = set(ids)
        if len(seen) != len(ids):
            raise ValueError(_("an id is repeated among the games to add"))

        def write() -> None:
            data = self._file.storage.read() or {}
            table = data.setdefault(TABLE, {})
            clash = sorted(seen & {doc.get("id") for doc in table.values()})
            if clash:
                raise ValueError(already_there(clash))
            next_id = max((int(key) for key in table), default=0) + 1
            rows = [(str(next_id + n), raw) for n, (_id, raw) in enumerate(documents)]
            self._file.write_whole(data, {TABLE: rows})

        self._file.run(write)

    def delete(self, record_id: str) -> HistoryRecord:
        """Remove the record with this id and return it (keep it to :meth:`restore`).
        Raises ``KeyError`` if there is no readable record with this id."""
        record = self.get(record_id)
        if record is None:
            raise KeyError(
                _("there is no game with id {id} in the history").format(id=repr(record_id))
            )
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
            raw = read_data_file(self.path)
        except OSError:
            return None  # the careful way raises it with the reason
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

    def _check_versions(self, documents: Iterable[Mapping[str, Any]]) -> None:
        """Raise before anything is written if any record is from a newer program."""
        for document in documents:
            version = document.get("schema_version")
            if type(version) is int and version > CURRENT_HISTORY_SCHEMA:
                raise NewerSchemaError(_(LABEL), version, CURRENT_HISTORY_SCHEMA, self._file.path)
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
            except (ValueError, TypeError, ArithmeticError) as exc:
                # one record that cannot be read never takes the others down
                self._skip(document, str(exc) or type(exc).__name__)
        return records

    def _skip(self, document: Document, why: str) -> None:
        raw = document.get("id", "?")
        plain = isinstance(raw, str) and raw.isprintable() and len(raw) <= 64
        record_id = raw if plain else clip_value(raw)
        self.problems.append(
            _("Game {number} (id {id}) in the history was skipped: {why}").format(
                number=document.doc_id, id=record_id, why=clip_text(why, 300)
            )
        )
