"""A copy of the companion without a screen, for the take-over tests: it holds or asks for
the data folder through the real :class:`~companion.session.takeover.TakeOver`, the real lock and
the real session (every event saved to the game file as the app saves it).

``python -m tests.store.take_over_driver MODE FOLDER JOURNAL SECONDS``

``hold``
    Take the lock (the game must be saved already), push one event, then wait for a
    request to take over and let go; then try one more event, which the write fence must
    refuse.
``ask``
    Ask the holder to let go (waiting at most ``SECONDS``) and print the outcome; with the
    lock, print how many events the saved game has, then give the lock back.
``race``
    Until ``SECONDS`` have passed or the file ``JOURNAL.stop`` appears (the test makes it
    once the folder has changed hands often enough, so a busy machine only makes the race
    longer): take the lock, or ask the holder for it; while holding, push a few events,
    then wait for a request and let go; then try one more event (the fence must refuse it)
    and ask again.

Every step goes to ``JOURNAL`` as one line appended with a single ``write`` to a file
opened with ``O_APPEND``, so the lines of all the processes are in the order the steps
happened: ``A pid`` (holds the lock; written after taking it), ``w pid`` / ``W pid`` (before
pushing an event / after the push and its save returned), ``R pid`` (about to let go;
written before the lock is given back), ``Q pid`` (time is up: about to give the lock
back, not to another copy), ``F pid`` (an event after letting go was refused)
and ``X pid`` (it was not: a second writer).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from pathlib import Path

from companion.session import GameSession, TakeOver
from companion.storage.lock import DataLock
from companion.storage.takeover import Outcome
from solo_deck.events import Gain


class Copy:
    """One copy: a session, the lock and the journal."""

    def __init__(self, folder: Path, journal: Path) -> None:
        self.folder = folder
        self.stop = journal.with_name(journal.name + ".stop")
        self.fd = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self.lock = DataLock(folder)
        self.session = GameSession(folder, clean_on_open=False)

    def note(self, what: str) -> None:
        """One journal line."""
        os.write(self.fd, f"{what} {os.getpid()}\n".encode())

    def holding(self) -> TakeOver:
        """Just took the lock: read the game the last holder saved."""
        self.note("A")
        self.session = GameSession(self.folder, clean_on_open=False)
        if not self.session.load():
            raise RuntimeError("no saved game to resume")
        return TakeOver(self.session, self.lock)

    def push(self) -> None:
        """One event, saved."""
        self.note("w")
        self.session.push(Gain(vp=1))
        self.note("W")

    def after_letting_go(self) -> None:
        """The fence must refuse a write from this copy now."""
        try:
            self.session.push(Gain(vp=1))
        except OSError:
            self.note("F")
        else:
            self.note("X")

    def time_up(self, until: float) -> bool:
        """``until`` has passed, or the test has said stop."""
        return time.monotonic() >= until or self.stop.exists()

    def wait_and_let_go(self, take_over: TakeOver, until: float) -> bool:
        """Wait for a request (until ``until`` or the stop file); let go. True if it let go."""
        while not self.time_up(until):
            if take_over.requested() is not None:
                self.note("R")
                reason = take_over.let_go()
                if reason is not None:
                    raise RuntimeError(reason)
                self.after_letting_go()
                return True
            time.sleep(0.01)
        return False


def hold(copy: Copy, seconds: float) -> None:
    """See the module: ``hold``."""
    if not copy.lock.acquire():
        raise RuntimeError("the lock is taken")
    take_over = copy.holding()
    copy.push()
    print("holding", flush=True)
    if not copy.wait_and_let_go(take_over, time.monotonic() + seconds):
        raise RuntimeError("nobody asked")


def ask(copy: Copy, seconds: float) -> None:
    """See the module: ``ask``."""
    asker = TakeOver(copy.session, copy.lock)
    outcome = asyncio.run(asker.take(timeout=seconds))
    print(outcome.value, flush=True)
    if outcome is Outcome.TAKEN:
        copy.holding()
        print(len(copy.session.events), flush=True)
        copy.note("Q")
        copy.lock.release()


def race(copy: Copy, seconds: float) -> None:
    """See the module: ``race``."""
    rng = random.Random(os.getpid())
    until = time.monotonic() + seconds
    while not copy.time_up(until):
        got = copy.lock.acquire()
        if not got:
            asker = TakeOver(copy.session, copy.lock)
            got = asyncio.run(asker.take(timeout=1.0)) is Outcome.TAKEN
        if not got:
            time.sleep(rng.uniform(0, 0.05))
            continue
        take_over = copy.holding()
        for _ in range(rng.randint(1, 4)):
            copy.push()
        if not copy.wait_and_let_go(take_over, until):
            copy.note("Q")
            copy.lock.release()
            return
        time.sleep(rng.uniform(0.05, 0.2))  # as an app quits (and is started again)


def main(argv: list[str]) -> int:
    """Run one mode (see the module)."""
    mode, folder, journal, seconds = argv
    copy = Copy(Path(folder), Path(journal))
    modes = {"hold": hold, "ask": ask, "race": race}
    modes[mode](copy, float(seconds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
