"""One writer per data folder: a lock file held while the app (or a writing command) runs.

The lock is an OS file lock (:mod:`companion.storage.os_lock`): the operating system drops
it when the process ends, even after a crash or ``kill -9``, so a stale lock never blocks
the player. Next to it an ``.owner`` note says which process holds it, for the message a
second copy shows. Both are private (0600) and neither is ever opened through a symbolic
link: a link at either name is refused with a plain message
(:class:`~companion.storage.errors.UnsafeFileError`).

A copy that lets another take over (:mod:`companion.storage.takeover`) gives the lock back
with :meth:`DataLock.let_go`, which first closes this process's write fence on the folder
(:mod:`companion.storage.fence`): from then on it writes nothing there, even before it quits.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from datetime import UTC, datetime
from pathlib import Path

from companion.i18n import _
from companion.paths import LOCK_FILE
from companion.storage.atomic_write import atomic_write
from companion.storage.errors import StorageWriteError, describe_os_error
from companion.storage.fence import close_folder, open_folder
from companion.storage.os_lock import FileHold
from companion.storage.parsing import parse_json
from companion.storage.safe_files import PRIVATE_FILE_MODE, check_data_entry, read_small_data_file

OWNER_NOTE_LIMIT = 4096
"""The largest owner note read (it is a few dozen bytes)."""


class DataLock:
    """The data folder's lock. ``acquire()`` never waits: it says whether we got it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_FILE
        self.owner_path = folder / f"{LOCK_FILE}.owner"
        self._lock = FileHold(str(self.path), PRIVATE_FILE_MODE)

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._lock.is_locked

    def acquire(self) -> bool:
        """Take the lock if nobody else holds it; record who we are. Raises
        :class:`UnsafeFileError` if the lock file or its note is a link (or anything but a
        regular file), and ``OSError`` if the lock file cannot be made."""
        check_data_entry(self.path)
        check_data_entry(self.owner_path)
        try:
            if not self._lock.acquire():
                return False
        except OSError as exc:
            check_data_entry(self.path)  # a link put there meanwhile: refused with the reason
            raise StorageWriteError(
                self.path,
                _("Could not take the lock {file}: {reason}.").format(
                    file=self.path, reason=describe_os_error(exc)
                ),
                exc.errno,
            ) from exc
        open_folder(self.folder)  # a copy that handed the folder over may write again
        owner = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        # the owner note is only for messages; the lock itself is what counts
        with contextlib.suppress(OSError):
            atomic_write(self.owner_path, json.dumps(owner).encode())
        return True

    def release(self) -> None:
        """Give the lock back (and remove the owner note)."""
        if not self._lock.is_locked:
            return
        with contextlib.suppress(OSError):
            if check_data_entry(self.owner_path):
                self.owner_path.unlink()
        self._lock.release()

    def let_go(self) -> None:
        """Give the lock back for good: close the write fence on the folder first, so
        nothing this process still does (a key already queued) can write there once
        another copy holds the lock."""
        close_folder(self.folder)
        self.release()

    def holder_note(self) -> tuple[int, str] | None:
        """The holder's process id and host name from the owner note (``None`` when the
        note is missing or not one this program wrote)."""
        raw = read_small_data_file(self.owner_path, OWNER_NOTE_LIMIT)
        try:
            owner = parse_json(raw or b"")
            pid, host = int(owner["pid"]), str(owner["host"])
        except (ValueError, KeyError, TypeError, OverflowError):
            return None
        if not (0 < pid < 2**32 and host.isprintable() and len(host) <= 255):
            return None
        return pid, host

    def held_on_this_machine(self) -> bool:
        """True when the owner note says the holder runs on this machine (the only case
        in which a take over can be asked for)."""
        try:
            note = self.holder_note()
        except OSError:
            return False
        return note is not None and note[1] == socket.gethostname()

    def holder(self) -> str:
        """Who holds the lock, in words (as far as the owner note tells)."""
        raw = read_small_data_file(self.owner_path, OWNER_NOTE_LIMIT)
        try:
            owner = parse_json(raw or b"")
            pid, host, since = int(owner["pid"]), str(owner["host"]), str(owner["since"])
        except (ValueError, KeyError, TypeError, OverflowError):
            return _("another copy of stupor-solo")
        if not (0 < pid < 2**32 and host.isprintable() and len(host) <= 255):
            return _("another copy of stupor-solo")
        when = since.replace("T", " ")[:16]
        if not when.isprintable():
            return _("another copy of stupor-solo")
        return _("another copy of stupor-solo (process {pid} on {host}, since {when} UTC)").format(
            pid=pid, host=host, when=when
        )
