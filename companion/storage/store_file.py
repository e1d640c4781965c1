"""One TinyDB file of the companion, opened lazily, with damaged files moved aside.

Each store (game, history, settings) owns one :class:`StoreFile`. Nothing is read until the
first operation. If an operation finds the file damaged, the file is moved aside
(:func:`move_aside`), a plain-English :attr:`StoreFile.notice` is set, and the operation is
run again on the now empty store, so the program goes on.

Only the holder of the data folder's lock may move a file: a store opened with
``may_move=False`` (a reader that does not hold the lock) sets the notice, leaves the file
where it is and raises the :class:`CorruptFileError` for its caller to report.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from tinydb import TinyDB
from tinydb.table import Table

from companion.i18n import _
from companion.storage.atomic_storage import AtomicJSONStorage, encode_database
from companion.storage.atomic_write import atomic_write
from companion.storage.errors import CorruptFileError
from companion.storage.quarantine import move_aside

T = TypeVar("T")


class StoreFile:
    """The file ``folder/file_name``; ``label`` names it for players (``"The game
    history"``) and ``consequence`` says what happens without it (``"the history starts
    empty"``), both in English marked with ``N_`` (translated when a notice is worded)."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        file_name: str,
        label: str,
        consequence: str,
        *,
        may_move: bool = True,
    ) -> None:
        self.folder = pathlib.Path(folder)
        self.path = self.folder / file_name
        self.label = label
        self.consequence = consequence
        self.may_move = may_move
        """Whether a damaged file may be moved aside (only by the lock holder)."""
        self.notice: str | None = None
        self.left_damaged = False
        """Set when a damaged file was found and left in place (``may_move`` is False)."""
        self._db: TinyDB | None = None

    @property
    def db(self) -> TinyDB:
        """The TinyDB on this file (creating it reads nothing)."""
        if self._db is None:
            self._db = TinyDB(self.path, storage=AtomicJSONStorage)
        return self._db

    @property
    def storage(self) -> AtomicJSONStorage:
        """The storage under :attr:`db`, for whole-file reads and writes."""
        storage = self.db.storage
        assert isinstance(storage, AtomicJSONStorage)
        return storage

    def write_whole(
        self,
        tables: dict[str, Any],
        appended: Mapping[str, Iterable[tuple[str, bytes]]] | None = None,
    ) -> None:
        """Replace the whole file with ``tables`` (plus ``appended`` documents already
        encoded as JSON, see :func:`encode_database`): one atomic write, in chunks, for a
        bulk change TinyDB would make record by record; TinyDB's cached ids are dropped."""
        atomic_write(self.path, encode_database(tables, appended))
        self.forget_cached_ids()

    def table(self, name: str) -> Table:
        """A table of this file (creating it reads nothing)."""
        return self.db.table(name)

    def run(self, operation: Callable[[], T]) -> T:
        """Run ``operation``; if it finds the file damaged, move the file aside, set
        :attr:`notice` and run it once more on the empty store. Without ``may_move`` the
        file stays, the notice says so and the :class:`CorruptFileError` is raised."""
        try:
            return operation()
        except CorruptFileError as exc:
            if not self.may_move:
                self.left_damaged = True
                self.notice = _(
                    "{file} could not be read: {reason}. The file was left as it is: only the "
                    "copy of stupor-solo that holds the data folder moves a damaged file aside "
                    "(the app, or a command that writes, does it the next time it runs)."
                ).format(file=_(self.label), reason=exc.reason)
                raise
            self.quarantine(exc.reason)
        return operation()

    def quarantine(self, reason: str) -> str:
        """Move the file aside because of ``reason``; sets and returns :attr:`notice`.
        Also for callers that find a readable file whose content makes no sense."""
        moved = move_aside(self.path, reason)
        self.forget_cached_ids()
        self.notice = _(
            "{file} could not be read: {reason}. The file was kept as {moved} (nothing was "
            "deleted) and {consequence}."
        ).format(file=_(self.label), reason=reason, moved=moved, consequence=_(self.consequence))
        return self.notice

    def forget_cached_ids(self) -> None:
        """Drop TinyDB (and the next ids it caches) after the file was written another way."""
        # TinyDB caches the next document id per table; the file it came from is gone.
        self._db = None


class FileStore:
    """The base of a store kept in one :class:`StoreFile` (``self._file``): the file's
    path and the notice of a damaged file."""

    _file: StoreFile

    @property
    def path(self) -> pathlib.Path:
        """The store's file."""
        return self._file.path

    @property
    def notice(self) -> str | None:
        """Set when a damaged file was moved aside (where to and why), or found and left in
        place by a store opened with ``may_move=False``."""
        return self._file.notice
