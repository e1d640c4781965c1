"""A headless driver of the real store, for the crash test.

:func:`spawn` forks a child from the (already imported) test process. The child opens a
:class:`GameSession` on a data folder, resumes the stored game (or starts one) and plays the
scripted events one by one with ``session.push``; at the end of a game it records it with
``session.finish`` (which writes the game's file ``games/<id>.json.gz``, then its history
record), deletes every other game of the history as the History screen does (the record,
then its game file), so the history stays small, and starts the next one, forever. After
each call has *returned* it acknowledges the step on a pipe, one line each:

``R <record id> <events>``
    the stored game was resumed with that many events;
``S <record id>``
    a new game was started (and saved, with no event);
``E <events>``
    an event was pushed (and saved): the game now has that many;
``F <record id>``
    the finished game is in the history (and its in-progress file removed);
``d <record id>``
    about to delete that game (sent before the delete starts: not a promise);
``D <record id>``
    that game is deleted: its record and its game file are gone;
``X <traceback>``
    the child failed (the test reports it).

The record id of a game is derived from its ``started_at`` (made precise to the
microsecond in the child), so a game finished twice, because the child was killed between
the history write and the removal of the game file, is stored under the same id and not
duplicated.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import select
import signal
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

import companion.session.game_session as session_module
from companion.session import GameSession
from companion.storage import HistoryRecord
from companion.storage.history_record import game_fields
from solo_deck import GameSetup, final_score
from solo_deck.events import Event
from solo_deck.rules.scoring import final_counts

LOG_LINES = 40
ACK_SECONDS = 120.0
"""The longest a driver may stay silent before the test calls it stuck. One step is one
push with its fsyncs, a few milliseconds; on a machine whose disk is busy with other work
an fsync has taken seconds, so the bound is generous: only a hung driver reaches it."""


def record_id_for(started_at: str | None) -> str:
    """The history id of the game that started at ``started_at``."""
    if not started_at:
        raise ValueError("a game without started_at cannot be given a record id")
    return "crash-" + hashlib.sha256(started_at.encode("utf-8")).hexdigest()[:32]


def precise_utc_now() -> str:
    """``utc_now`` to the microsecond: two games never share a start time."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def build_record(session: GameSession) -> HistoryRecord:
    """The history record of the finished game in ``session``, as the app would make it."""
    game = session.game
    assert game is not None
    state = game.state
    setup = game.setup
    score = final_score(**final_counts(state), ruleset=setup.ruleset)
    return HistoryRecord(
        id=record_id_for(session.started_at),
        finished_at=precise_utc_now(),
        started_at=session.started_at,
        play_seconds=round(session.play_seconds, 1),
        **game_fields(setup, state),
        score=score,
        frederick_structures=state.palace.structures,
        log_summary=[line[:300] for line in game.log[-LOG_LINES:]],
        source="app",
    )


def play_forever(folder: Path, setup: GameSetup, events: Sequence[Event], ack_fd: int) -> None:
    """The child's work: resume or start, then play games one after the other."""

    def ack(line: str) -> None:
        os.write(ack_fd, f"{line}\n".encode())

    session = GameSession(folder)
    if session.load():
        assert session.game is not None
        ack(f"R {record_id_for(session.started_at)} {len(session.game.events)}")
    else:
        session.start(setup)
        ack(f"S {record_id_for(session.started_at)}")
    while True:
        game = session.game
        assert game is not None
        for event in events[len(game.events) :]:
            session.push(event)
            ack(f"E {len(game.events)}")
        record = build_record(session)
        session.finish(record)
        ack(f"F {record.id}")
        for older in session.history.all():
            if older.id != record.id:
                ack(f"d {older.id}")
                session.history_service.delete([older.id])
                ack(f"D {older.id}")
        session.start(setup)
        ack(f"S {record_id_for(session.started_at)}")


def _child(folder: Path, setup: GameSetup, events: Sequence[Event], ack_fd: int) -> NoReturn:
    """Run in the forked child: never returns, never runs the parent's (pytest's) code."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        session_module.utc_now = precise_utc_now
        play_forever(folder, setup, events, ack_fd)
    except BaseException:  # the parent reads the traceback
        with contextlib.suppress(BaseException):
            text = traceback.format_exc().replace("\n", " | ")
            os.write(ack_fd, f"X {text}\n".encode())
    finally:
        os._exit(code)


@dataclass
class Child:
    """A running driver: its process id and the read end of its pipe."""

    pid: int
    read_fd: int
    buffer: bytes = b""
    lines: list[str] = field(default_factory=list)
    reaped: bool = False

    def wait_for_acks(self, count: int, timeout: float = ACK_SECONDS) -> None:
        """Block until ``count`` acknowledgements have arrived in all (a driver silent for
        ``timeout`` seconds is stuck)."""
        while len(self.lines) < count:
            ready, _, _ = select.select([self.read_fd], [], [], timeout)
            if not ready:
                raise TimeoutError(f"the driver sent {len(self.lines)} acks in {timeout} s")
            if not self._read_some():
                raise RuntimeError(f"the driver stopped: {self.lines[-1:]}")

    def kill(self) -> None:
        """SIGKILL the child, reap it, and read every ack it sent before dying."""
        if not self.reaped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.reaped = True
        while self._read_some():
            pass
        os.close(self.read_fd)

    def _read_some(self) -> bool:
        chunk = os.read(self.read_fd, 65536)
        if not chunk:
            return False
        self.buffer += chunk
        *complete, self.buffer = self.buffer.split(b"\n")
        self.lines.extend(line.decode() for line in complete)
        return True


def spawn(folder: Path, setup: GameSetup, events: Sequence[Event]) -> Child:
    """Fork a driver on ``folder``; the caller must :meth:`Child.kill` it."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        _child(folder, setup, events, write_fd)
    os.close(write_fd)
    return Child(pid=pid, read_fd=read_fd)
