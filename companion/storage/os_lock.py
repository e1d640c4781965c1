"""An exclusive, never-waiting lock on one file, which the operating system drops when the
process ends (even after a crash or ``kill -9``).

Where ``fcntl`` exists (Linux, macOS, the BSDs) this is ``flock`` on the file, taken here
directly: that is all the app needs from a lock, and ``filelock`` 4, which does the same,
loads 21 modules (about 0.8 MB resident, measured by ``python -m benchmarks --only
memory``, issue 39). Elsewhere (Windows) ``filelock`` takes it. Both are ``flock`` on
POSIX, so a ``filelock.FileLock`` held on the same file (as the tests hold one) and this
lock exclude each other, in one process or two.

>>> import tempfile, pathlib
>>> path = str(pathlib.Path(tempfile.mkdtemp()) / "x.lock")
>>> first, second = FileHold(path, 0o600), FileHold(path, 0o600)
>>> first.acquire(), second.acquire()
(True, False)
>>> first.release(); second.acquire()
True
>>> second.release(); second.is_locked
False
"""

from __future__ import annotations

import os
from typing import Protocol


class _Lock(Protocol):
    @property
    def is_locked(self) -> bool: ...

    def acquire(self) -> bool: ...

    def release(self) -> None: ...


class _FlockHold:
    """``flock(LOCK_EX | LOCK_NB)`` on a file opened (made if missing) with ``mode``."""

    def __init__(self, path: str, mode: int) -> None:
        self._path = path
        self._mode = mode
        self._fd: int | None = None

    @property
    def is_locked(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        import fcntl

        if self._fd is not None:
            return True
        fd = os.open(self._path, os.O_RDWR | os.O_CREAT, self._mode)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return True

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


class _FilelockHold:
    """``filelock.FileLock`` with no waiting, where there is no ``fcntl``."""

    def __init__(self, path: str, mode: int) -> None:
        from filelock import FileLock

        self._lock = FileLock(path, timeout=0, mode=mode)

    @property
    def is_locked(self) -> bool:
        return self._lock.is_locked

    def acquire(self) -> bool:
        from filelock import Timeout

        if self._lock.is_locked:
            return True
        try:
            self._lock.acquire()
        except Timeout:
            return False
        return True

    def release(self) -> None:
        if self._lock.is_locked:
            self._lock.release()


class FileHold:
    """The lock on ``path`` (a new file gets ``mode``): :meth:`acquire` takes it or says
    another open of the file holds it; ``OSError`` when the file cannot be opened."""

    def __init__(self, path: str, mode: int) -> None:
        self._lock: _Lock
        try:
            import fcntl  # noqa: F401
        except ImportError:
            self._lock = _FilelockHold(path, mode)
        else:
            self._lock = _FlockHold(path, mode)

    @property
    def is_locked(self) -> bool:
        """True while this object holds the lock."""
        return self._lock.is_locked

    def acquire(self) -> bool:
        """Take the lock if nobody holds it (never waits); whether this object holds it."""
        return self._lock.acquire()

    def release(self) -> None:
        """Give the lock back (nothing if not held)."""
        self._lock.release()
