"""The history of one data folder as the app and the command line use it: read, delete,
put back.

:class:`HistoryService` is the one door to the finished games for the History and
Statistics screens (and for the ``history``, ``stats`` and delete commands of the command
line). Reads open a store of their own, so they may run in a thread worker while the app
goes on (TinyDB objects are not shared between threads). Writes go through one store and
must come from one place at a time (the app runs them in one worker). Every problem a read
met (a damaged file moved aside, records skipped) comes back with the games, in plain words,
for the caller to show.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.i18n import _

if TYPE_CHECKING:
    from companion.history.stats import CareerStats
    from companion.storage import HistoryRecord, HistoryStore


@dataclass(frozen=True)
class HistoryReading:
    """Every readable game (oldest first) and the problems met reading them."""

    records: list[HistoryRecord]
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class HistoryPage:
    """The newest games (newest first), how many games the history holds, and the problems
    met reading them: the History screen's first view."""

    records: list[HistoryRecord]
    total: int
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class StatsReading:
    """The career statistics over every readable game and the problems met reading them."""

    stats: CareerStats
    problems: list[str] = field(default_factory=list)


def _problems(store: HistoryStore) -> list[str]:
    return ([store.notice] if store.notice else []) + list(store.problems)


class HistoryService:
    """The finished games in ``folder``: read them, delete some, put them back.

    Deleted games are remembered, last deleted last, for as long as the service lives
    (:meth:`undo_delete` puts back the last batch), so the app keeps one service for its
    whole run. ``store`` is the store writes go through (the session's); by default one of
    the service's own, opened on the first write.
    """

    def __init__(
        self,
        folder: str | os.PathLike[str],
        store: HistoryStore | None = None,
        *,
        may_move: bool = True,
    ) -> None:
        self.folder = pathlib.Path(folder)
        self._store = store
        self.may_move = may_move
        """Whether a read may move a damaged file aside: only while the data folder's lock
        is held (a read-only second copy reports the damage and leaves the file)."""
        self._deleted: list[list[HistoryRecord]] = []
        self._files: dict[str, bytes] = {}
        """The game files of deleted games, by id, to write back on an undo."""
        self._lock = threading.Lock()

    def _new_store(self) -> HistoryStore:
        from companion.storage import HistoryStore

        return HistoryStore(self.folder, may_move=self.may_move)

    @property
    def store(self) -> HistoryStore:
        """The store writes go through."""
        if self._store is None:
            self._store = self._new_store()
        return self._store

    # --- reading (safe in a thread: a store of its own each time) ----------------------

    def read(self) -> HistoryReading:
        """Every readable game, oldest first, and the problems met (a damaged file moved
        aside, records skipped). Raises ``NewerSchemaError`` for a history written by a
        newer program and ``OSError`` when the file cannot be read."""
        store = self._new_store()
        records = store.all()
        return HistoryReading(records, _problems(store))

    def read_latest(self, count: int) -> HistoryPage:
        """The ``count`` newest games and how many the history holds, reading only those
        shown whole (:meth:`HistoryStore.latest`); raises as :meth:`read` does."""
        store = self._new_store()
        records, total = store.latest(count)
        return HistoryPage(records, total, _problems(store))

    def records(self) -> list[HistoryRecord]:
        """Every readable game, oldest first (problems are not reported)."""
        return self.read().records

    def read_stats(self) -> StatsReading:
        """The career statistics over every readable game, and the problems met.

        The records are built, counted and dropped with the cycle collector paused (they
        hold no cycles), which keeps 10,000 games quick."""
        from companion.history.stats import career_stats
        from companion.storage.history_bulk import gc_paused

        store = self._new_store()
        with gc_paused():
            stats = career_stats(store.all())
        return StatsReading(stats, _problems(store))

    # --- writing (one caller at a time) --------------------------------------------------

    def delete(self, ids: Iterable[str]) -> list[HistoryRecord]:
        """Delete the games with these ids and return them, in the order given. They are
        remembered as one batch for :meth:`undo_delete` once every one is gone. Each
        game's file (``games/<id>.json.gz``) is deleted after its record (a stop between
        the two leaves a file without a record, never a record naming no file) and kept
        in memory for the undo. Raises
        ``KeyError`` (before anything is deleted) if an id is not in the history, and
        ``StorageWriteError`` if the disk refuses (the games deleted before it stay
        remembered)."""
        wanted = list(dict.fromkeys(ids))
        store = self.store
        if len(wanted) > 1:  # one id: the store's own delete says when it is missing
            known = {record.id for record in store.all()}
            missing = [record_id for record_id in wanted if record_id not in known]
            if missing:
                raise KeyError(
                    _("there is no game with id {id} in the history").format(id=repr(missing[0]))
                )
        deleted: list[HistoryRecord] = []
        try:
            for record_id in wanted:
                record = store.delete(record_id)
                deleted.append(record)
                self._delete_file(record)
        finally:
            if deleted:
                with self._lock:
                    self._deleted.append(deleted)
        return deleted

    def _delete_file(self, record: HistoryRecord) -> None:
        from companion.storage.game_documents import remove_document

        raw = remove_document(self.folder, record.game_document)
        if raw is not None:
            with self._lock:
                self._files[record.id] = raw

    def restore(self, records: Sequence[HistoryRecord]) -> None:
        """Put these games back, with their ids (a game already there is replaced), each
        game file first, and forget them as deleted."""
        from companion.storage.game_documents import write_document

        store = self.store
        for record in records:
            with self._lock:
                raw = self._files.get(record.id)
            if raw is not None:
                with contextlib.suppress(ValueError):  # damaged: the record says so
                    write_document(self.folder, record.id, raw)
            store.restore(record)
            with self._lock:
                self._files.pop(record.id, None)
        restored = {record.id for record in records}
        with self._lock:
            batches = [[r for r in batch if r.id not in restored] for batch in self._deleted]
            self._deleted = [batch for batch in batches if batch]

    @property
    def last_deleted(self) -> list[HistoryRecord]:
        """The batch of games deleted last and not yet put back (empty if none)."""
        with self._lock:
            return list(self._deleted[-1]) if self._deleted else []

    def undo_delete(self) -> list[HistoryRecord]:
        """Put back the games deleted last and return them (empty if there were none)."""
        batch = self.last_deleted
        if batch:
            self.restore(batch)
        return batch
