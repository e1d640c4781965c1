"""The game in progress: one document in its own small file, saved after every event.

The file (``current_game.json``) holds one TinyDB table ``game`` with one document: the
``SoloGame.to_document()`` dict plus a ``meta`` dict the companion keeps beside it
(``started_at``, ``play_seconds``). It is kept apart from the history so that saving an
event costs the same however many games have been played.
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass
from typing import Any

from tinydb.table import Document

from companion.i18n import N_, _
from companion.paths import GAME_FILE
from companion.storage.atomic_write import fsync_dir
from companion.storage.errors import (
    CorruptFileError,
    NewerSchemaError,
    StorageWriteError,
    describe_os_error,
)
from companion.storage.fence import check_may_write
from companion.storage.store_file import FileStore, StoreFile
from solo_deck import SCHEMA_VERSION

LABEL = N_("The saved game in progress")

TABLE = "game"
DOC_ID = "1"
META_KEY = "meta"


@dataclass(frozen=True)
class LoadResult:
    """What :meth:`GameStore.load` found.

    ``document`` is the saved ``SoloGame`` document with its ``meta`` dict, or ``None``
    when there is no game in progress. ``notice`` is a plain-English message when a damaged
    file was moved aside (where it went and what was wrong), else ``None``.
    """

    document: dict[str, Any] | None
    notice: str | None = None


class GameStore(FileStore):
    """The game in progress in ``folder``. It never reads or writes the history."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self._file = StoreFile(
            folder,
            GAME_FILE,
            label=LABEL,
            consequence=N_("no game in progress was restored"),
        )
        self._checked = False

    def exists(self) -> bool:
        """True if a non-empty game file is there (cheap: the file is not parsed, so a
        damaged file counts too, and so does a link or anything else at its name, which
        :meth:`load` then refuses with the reason)."""
        try:
            found = os.lstat(self._file.path)
        except OSError:
            return False
        return not stat.S_ISREG(found.st_mode) or found.st_size > 0

    def load(self) -> LoadResult:
        """The saved game, if any. A damaged file is moved aside and reported in
        ``notice``. Raises :class:`NewerSchemaError` (file untouched) for a game saved by a
        newer version of the program."""
        self._file.notice = None
        document = self._file.run(self._read_checked)
        self._checked = True
        return LoadResult(document=document, notice=self._file.notice)

    def save(self, document: dict[str, Any], meta: dict[str, Any]) -> None:
        """Replace the saved game with ``document`` (from ``SoloGame.to_document()``) and
        ``meta``, atomically: one write of the whole file, nothing read first once the
        file has been checked. Raises :class:`StorageWriteError` (old save intact) if the
        disk refuses, and :class:`NewerSchemaError` rather than overwrite a newer save."""
        if not isinstance(document, dict) or not isinstance(meta, dict):
            # a programmer's error, never a player's: English
            wrong = "save() takes the game document and the meta data as dicts"
            raise TypeError(wrong)
        version = document.get("schema_version")
        if not _is_version(version):
            # a programmer's error, never a player's: English
            wrong = f"the game document has no valid schema_version ({version!r})"
            raise ValueError(wrong)
        if not self._checked:
            self.load()  # never overwrite a newer program's save; moves a damaged one aside
        stored = {**document, META_KEY: dict(meta)}
        # One whole-file write through the storage rather than TinyDB's table update:
        # that would read the file first and merge keys into the old document.
        self._file.storage.write({TABLE: {DOC_ID: stored}})

    def clear(self) -> None:
        """Remove the game in progress (once it is in the history). Raises
        :class:`StorageWriteError` if the file cannot be deleted."""
        check_may_write(self._file.path)
        try:
            os.unlink(self._file.path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StorageWriteError(
                self._file.path,
                _("Could not remove the finished game's file {file}: {reason}.").format(
                    file=self._file.path, reason=describe_os_error(exc)
                ),
                exc.errno,
            ) from exc
        with contextlib.suppress(OSError):
            fsync_dir(self._file.folder)

    def quarantine(self, reason: str) -> str:
        """Move the game file aside because its content cannot be used (for instance the
        engine could not replay it: ``reason`` says why); returns the notice for the
        player."""
        self._checked = True
        return self._file.quarantine(reason)

    def _read_checked(self) -> dict[str, Any] | None:
        documents = self._file.table(TABLE).all()
        if not documents:
            return None
        # There is one document; should a hand edit have left more, the newest wins.
        newest: Document = max(documents, key=lambda doc: doc.doc_id)
        document = dict(newest)
        version = document.get("schema_version")
        if not _is_version(version):
            raise CorruptFileError(
                self._file.path,
                _("the saved game has no valid schema_version ({version})").format(
                    version=repr(version)
                ),
            )
        assert isinstance(version, int)
        if version > SCHEMA_VERSION:
            raise NewerSchemaError(_(LABEL), version, SCHEMA_VERSION, self._file.path)
        return document


def _is_version(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1
