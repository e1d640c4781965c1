"""One writer per data folder: a lock file held while the app (or a writing command) runs.

The lock is an OS file lock (``filelock``): the operating system drops it when the process
ends, even after a crash or ``kill -9``, so a stale lock never blocks the player. Next to it
an ``.owner`` file says which process holds it, for the message a second copy shows.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from datetime import UTC, datetime
from pathlib import Path

from filelock import FileLock, Timeout

from companion.paths import LOCK_FILE


class DataLock:
    """The data folder's lock. ``acquire()`` never waits: it says whether we got it."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_FILE
        self.owner_path = folder / f"{LOCK_FILE}.owner"
        self._lock = FileLock(str(self.path), timeout=0)

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._lock.is_locked

    def acquire(self) -> bool:
        """Take the lock if nobody else holds it; record who we are."""
        try:
            self._lock.acquire()
        except Timeout:
            return False
        owner = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        # the owner note is only for messages; the lock itself is what counts
        with contextlib.suppress(OSError):
            self.owner_path.write_text(json.dumps(owner), encoding="utf-8")
        return True

    def release(self) -> None:
        """Give the lock back (and remove the owner note)."""
        if not self._lock.is_locked:
            return
        with contextlib.suppress(OSError):
            self.owner_path.unlink(missing_ok=True)
        self._lock.release()

    def holder(self) -> str:
        """Who holds the lock, in words (as far as the owner note tells)."""
        try:
            owner = json.loads(self.owner_path.read_text(encoding="utf-8"))
            pid, host, since = int(owner["pid"]), str(owner["host"]), str(owner["since"])
        except (OSError, ValueError, KeyError, TypeError):
            return "another copy of stupor-solo"
        when = since.replace("T", " ")[:16]
        return f"another copy of stupor-solo (process {pid} on {host}, since {when} UTC)"
