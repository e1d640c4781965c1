"""Take over: a new copy of the app asks the copy holding the data folder to let go.

The protocol is a small control file in the data folder, ``stupor-solo.takeover``, next to
the lock (a signal would need the holder's process id to be trusted, and a wrong one could
end an unrelated program):

1. The new copy writes a *request* (:func:`ask`): its process id, host, a random nonce and
   the time. The file is private and written atomically, like every data file.
2. The holder looks for a request a few times a second (:func:`pending`). It honours one
   that is fresh (:data:`REQUEST_TTL`), from this machine, from a process still alive and
   not its own; a stale one it removes (:func:`discard`). To let go it saves, closes its
   write fence and gives the lock back (:meth:`DataLock.let_go
   <companion.storage.lock.DataLock.let_go>`), then quits. If it cannot save its last
   move it *declines*: it removes the request and stays.
3. The new copy tries the lock until it gets it, the request disappears or was replaced by
   another copy's (declined, or another copy asked later: the last to ask wins), or the
   time runs out (:func:`wait_for_lock`). With the lock it removes its request (:func:`withdraw`)
   and reads the game from the file the old copy saved.

Never two writers: the lock is an OS lock, so only one copy can hold it, and a copy writes
only while it holds it; the fence keeps a copy that let go from writing in the moment
before it has quit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from companion.storage.atomic_write import atomic_write
from companion.storage.parsing import parse_json
from companion.storage.safe_files import check_data_entry, read_small_data_file

if TYPE_CHECKING:
    from companion.storage.lock import DataLock

REQUEST_FILE = "stupor-solo.takeover"
"""The control file's name in the data folder."""
REQUEST_LIMIT = 4096
"""The largest request read (it is a few dozen bytes)."""
REQUEST_TTL = 30.0
"""Seconds a request stays valid: an older one is left over from a copy that gave up."""
POLL_SECONDS = 0.25
"""How often the holder looks for a request."""
TRY_SECONDS = 0.02
"""How often the asker tries the lock (often: between the holder letting go and the asker
taking the lock, a copy starting up could take it)."""
WAIT_SECONDS = 10.0
"""How long the asker waits for the holder to let go."""


@dataclass(frozen=True)
class Request:
    """One copy's request to take the data folder over."""

    pid: int
    host: str
    nonce: str
    at: float
    """When it was made (seconds since the epoch)."""

    def to_bytes(self) -> bytes:
        """The file's content."""
        fields = {"pid": self.pid, "host": self.host, "nonce": self.nonce, "at": self.at}
        return json.dumps(fields).encode()

    @classmethod
    def parse(cls, raw: bytes | None) -> Request | None:
        """The request in ``raw``, or ``None`` for anything this program did not write."""
        try:
            data = parse_json(raw or b"")
            request = cls(
                pid=int(data["pid"]),
                host=str(data["host"]),
                nonce=str(data["nonce"]),
                at=float(data["at"]),
            )
        except (ValueError, KeyError, TypeError, OverflowError):
            return None
        sane = 0 < request.pid < 2**32 and 0 < len(request.nonce) <= 64
        if not sane or not request.host.isprintable() or len(request.host) > 255:
            return None
        return request


def request_path(folder: Path) -> Path:
    """Where the request lives."""
    return folder / REQUEST_FILE


def read(folder: Path) -> Request | None:
    """The request in the folder, if any (a damaged or foreign file reads as none; a link
    at its name is refused: :class:`~companion.storage.errors.UnsafeFileError`)."""
    return Request.parse(read_small_data_file(request_path(folder), REQUEST_LIMIT))


def ask(folder: Path) -> Request:
    """Write this process's request (replacing any other copy's)."""
    request = Request(
        pid=os.getpid(), host=socket.gethostname(), nonce=secrets.token_hex(8), at=time.time()
    )
    atomic_write(request_path(folder), request.to_bytes(), fenced=False)
    return request


def withdraw(folder: Path, request: Request) -> None:
    """Remove ``request`` if the file still holds it (not another copy's newer one)."""
    found = _read_quietly(folder)
    if found is not None and found.nonce == request.nonce:
        discard(folder)


def discard(folder: Path) -> None:
    """Remove whatever request is in the folder (never through a link)."""
    path = request_path(folder)
    with contextlib.suppress(OSError):
        if check_data_entry(path):
            path.unlink()


def _read_quietly(folder: Path) -> Request | None:
    try:
        return read(folder)
    except OSError:
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # a process of another user: alive, but not one of ours
        return True
    except OSError:
        return False
    return True


def pending(folder: Path, *, now: float | None = None) -> Request | None:
    """The request the holder of ``folder`` should honour now, if any. A request that is
    stale (too old, from a process that ended, or unreadable) is removed; one from
    another machine or this process is left alone and ignored."""
    path = request_path(folder)
    try:
        if not os.path.lexists(path):
            return None
        request = read(folder)
    except OSError:
        return None
    moment = time.time() if now is None else now
    if request is None or not 0 <= moment - request.at <= REQUEST_TTL:
        discard(folder)
        return None
    if request.host != socket.gethostname() or request.pid == os.getpid():
        return None
    if not _alive(request.pid):
        discard(folder)
        return None
    return request


class Outcome(Enum):
    """How a take over ended for the copy that asked."""

    TAKEN = "taken"
    """This copy holds the lock now."""
    DECLINED = "declined"
    """The holder removed the request: it could not save its last move."""
    SUPERSEDED = "superseded"
    """Another copy asked after this one: the last to ask wins."""
    NO_ANSWER = "no_answer"
    """The holder did not let go in time (busy, an older version, a command)."""


async def wait_for_lock(
    lock: DataLock,
    request: Request,
    *,
    timeout: float = WAIT_SECONDS,
    poll: float = TRY_SECONDS,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> Outcome:
    """Try ``lock`` until it is taken or the request is answered otherwise (see
    :class:`Outcome`); the request is removed unless another copy's replaced it."""
    folder = lock.folder
    deadline = time.monotonic() + timeout
    while True:
        if lock.acquire():
            withdraw(folder, request)
            return Outcome.TAKEN
        found = _read_quietly(folder)
        if found is None:
            return Outcome.DECLINED
        if found.nonce != request.nonce:
            return Outcome.SUPERSEDED
        if time.monotonic() >= deadline:
            withdraw(folder, request)
            return Outcome.NO_ANSWER
        await sleep(poll)
