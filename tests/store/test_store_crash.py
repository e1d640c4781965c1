"""kill -9 at random moments: the saved game and the history survive every crash.

A driver of the real store (:mod:`tests.store.crash_driver`: ``GameSession`` on a data
folder) is forked, plays the scripted game's events one by one, records each finished game
in the history (its game file ``games/<id>.json.gz`` first), deletes the game finished
before it (record, then game file) and starts the next, acknowledging every step only
after the call returned. The test SIGKILLs it at random moments (seeded), then checks the
folder and starts a new driver on it, so the games follow each other across the crashes:
:data:`KILLS` kills in all, shared by :data:`WORKERS` worker processes, each with its own
data folder and seed (one per CPU, so the 1,000 kills fit in CI time), and the figures of
all of them printed.

After every kill: both data files parse as JSON (or are absent) and every game file
decodes; the stray temp files of an interrupted write (in the data folder, ``games/``,
``backups/``) are removed when the folder is opened; the resumed game is exactly the
replay of the script's first events, at least as many as were acknowledged (one more when
the kill fell between a save and its acknowledgement); every acknowledged finished game is
in the history unless its delete had started, and so is a game whose file disappeared;
every game of the history names a game file that is there and decodes; an acknowledged
delete left neither the record nor the file.

Besides kills at any moment, shares of them aim at a game being finished (its game file
and record written) and at a game being deleted (just after the driver says it starts).
"""

from __future__ import annotations

import json
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.paths import GAME_FILE, HISTORY_FILE
from companion.session import GameSession
from companion.storage import HistoryStore
from companion.storage.game_documents import (
    GAMES_DIR,
    DocumentUnavailable,
    decode,
    document_name,
    read_raw,
)
from solo_deck import GameState, SoloGame
from tests.app.game_script import play_in_engine, script_setup
from tests.store.crash_driver import Child, record_id_for, spawn

KILLS = 1000
WORKERS = 4
"""Worker processes sharing the kills (each forks its own drivers)."""
SEED = 20251122
MAX_ACKS_BEFORE_KILL = 45
"""Up to most of the scripted game: the kills fall all over a game, and at its end."""
WRITE_WINDOW = 0.004
"""Seconds: about one push (apply, serialise, write, fsync), so the kill lands in it."""
EARLY_KILL_SHARE = 0.1
EARLY_KILL_WINDOW = 0.03
"""A share of the kills come 0-30 ms after the fork, while the driver resumes or starts."""
FINISH_KILL_SHARE = 0.15
FINISH_WINDOW = 0.03
"""A share of the kills come 0-30 ms after a game's last event: while it is finished."""
DELETE_KILL_SHARE = 0.1
DELETE_WINDOW = 0.01
"""A share of the kills come 0-10 ms after the driver says it starts deleting a game."""


@dataclass
class Figures:
    """What the run saw, printed at the end."""

    kills: int = 0
    resumes: int = 0
    resumed_mid_game: int = 0
    mid_write: int = 0
    corruptions: list[str] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    ahead: list[int] = field(default_factory=list)
    finishing: int = 0
    finish_window: int = 0
    finished: set[str] = field(default_factory=set)
    in_history: set[str] = field(default_factory=set)
    deleting: set[str] = field(default_factory=set)
    """Games whose delete started (``d``): they may be gone."""
    deleted: set[str] = field(default_factory=set)
    """Games whose delete was acknowledged (``D``): they must be gone, file and all."""
    in_game_file: int = 0
    """Kills that left a temp file in ``games/`` (inside a game file's write)."""
    in_delete: int = 0
    """Kills after a delete started and before it was acknowledged."""
    missing: int = 0
    """Finished games missing from the history (summed over the workers)."""

    def add(self, other: Figures) -> None:
        """Fold in the figures of another worker (its own folder and games)."""
        self.kills += other.kills
        self.resumes += other.resumes
        self.resumed_mid_game += other.resumed_mid_game
        self.mid_write += other.mid_write
        self.corruptions += other.corruptions
        self.lost += other.lost
        self.ahead += other.ahead
        self.finishing += other.finishing
        self.finish_window += other.finish_window
        self.finished |= other.finished
        self.in_history |= other.in_history
        self.deleting |= other.deleting
        self.deleted |= other.deleted
        self.in_game_file += other.in_game_file
        self.in_delete += other.in_delete
        self.missing += len(other.finished - other.in_history - other.deleting)


@dataclass
class Stored:
    """The game in progress found on disk."""

    record_id: str
    events: int


class Script:
    """The scripted events and, for each prefix, the replayed document and state."""

    def __init__(self) -> None:
        self.setup = script_setup()
        self.events = play_in_engine().events
        self.documents = SoloGame(self.setup, self.events).to_document()["events"]
        self._replays: dict[int, tuple[dict[str, Any], GameState]] = {}

    def replay(self, count: int) -> tuple[dict[str, Any], GameState]:
        if count not in self._replays:
            game = SoloGame(self.setup, self.events[:count])
            self._replays[count] = (game.to_document(), game.state)
        return self._replays[count]


def kill_at_random(child: Child, rng: random.Random, durable: Stored | None, total: int) -> None:
    """Wait for a random number of acks and a random tiny delay, then SIGKILL."""
    try:
        draw = rng.random()
        if draw < EARLY_KILL_SHARE:
            time.sleep(rng.uniform(0, EARLY_KILL_WINDOW))
        elif draw < EARLY_KILL_SHARE + FINISH_KILL_SHARE:
            # the resume (or start) ack, then the game's remaining events
            child.wait_for_acks(1 + total - (durable.events if durable else 0))
            time.sleep(rng.uniform(0, FINISH_WINDOW))
        elif draw < EARLY_KILL_SHARE + FINISH_KILL_SHARE + DELETE_KILL_SHARE:
            # ... then the game finished (F) and the delete of the one before it started (d)
            child.wait_for_acks(3 + total - (durable.events if durable else 0))
            time.sleep(rng.uniform(0, DELETE_WINDOW))
        else:
            child.wait_for_acks(rng.randint(1, MAX_ACKS_BEFORE_KILL))
            time.sleep(rng.uniform(0, WRITE_WINDOW))
    finally:
        child.kill()


def follow_acks(lines: list[str], durable: Stored | None, figures: Figures) -> Stored | None:
    """What the acknowledgements promise is on disk (``None``: no game is promised)."""
    for line in lines:
        kind, _, rest = line.partition(" ")
        if kind == "X":
            raise AssertionError(f"the driver failed: {rest.replace(' | ', chr(10))}")
        if kind == "R":
            record_id, count = rest.split()
            assert durable == Stored(record_id, int(count)), f"resumed {line!r}, not {durable}"
        elif kind == "S":
            durable = Stored(rest, 0)
        elif kind == "E":
            assert durable is not None and int(rest) == durable.events + 1, (line, durable)
            durable = Stored(durable.record_id, int(rest))
        elif kind == "F":
            assert durable is not None and rest == durable.record_id, (line, durable)
            figures.finished.add(rest)
            durable = None
        elif kind == "d":
            assert durable is None and rest in figures.finished, line  # again: interrupted
            figures.deleting.add(rest)
        elif kind == "D":
            assert rest in figures.deleting, line
            figures.deleted.add(rest)
        else:
            raise AssertionError(f"unknown ack {line!r}")
    return durable


def check_files_parse(folder: Path, figures: Figures) -> None:
    for name in (GAME_FILE, HISTORY_FILE):
        path = folder / name
        if not path.exists():
            continue
        try:
            json.loads(path.read_bytes())
        except ValueError as exc:
            figures.corruptions.append(f"kill {figures.kills}: {name} does not parse: {exc}")
    for path in (folder / GAMES_DIR).glob("*.json.gz"):
        try:
            decode(path.read_bytes())
        except ValueError as exc:
            figures.corruptions.append(f"kill {figures.kills}: {path.name} is damaged: {exc}")


def check_games(folder: Path, figures: Figures) -> None:
    """Every game of the history names a game file that is there and decodes; a game whose
    delete was acknowledged is in neither."""
    for record in HistoryStore(folder).all():
        try:
            read_raw(folder, record.game_document)
        except DocumentUnavailable as exc:
            figures.corruptions.append(f"kill {figures.kills}: {record.id}: {exc}")
    for record_id in figures.deleted:
        if record_id in figures.in_history:
            figures.corruptions.append(f"kill {figures.kills}: deleted {record_id} is back")
        if (folder / document_name(record_id)).exists():
            figures.corruptions.append(f"kill {figures.kills}: deleted {record_id}'s file stayed")


def reopen(folder: Path, script: Script, figures: Figures) -> Stored | None:
    """Open the folder as the next start would, and check the game found there."""
    temp_files = list(folder.rglob("*.tmp"))
    figures.mid_write += bool(temp_files)
    figures.in_game_file += any(path.parent.name == GAMES_DIR for path in temp_files)
    session = GameSession(folder)
    assert not list(folder.rglob("*.tmp")), "stray temp files survived the next start"
    resumed = session.load()
    figures.resumes += 1
    if session.notices:
        figures.corruptions.append(f"kill {figures.kills}: {session.notices}")
    if not resumed:
        return None
    game = session.game
    assert game is not None
    count = len(game.events)
    figures.resumed_mid_game += count > 0
    document = game.to_document()
    expected_document, expected_state = script.replay(count)
    if document["events"] != script.documents[:count]:
        figures.corruptions.append(f"kill {figures.kills}: the events are not the script's")
    elif document != expected_document or game.state != expected_state:
        figures.corruptions.append(f"kill {figures.kills}: the game is not the replay")
    return Stored(record_id_for(session.started_at), count)


def compare(
    durable: Stored | None, stored: Stored | None, history: set[str], total: int, figures: Figures
) -> None:
    """Check what is on disk against what was acknowledged."""
    where = f"kill {figures.kills}: acknowledged {durable}, stored {stored}"
    if durable is None:  # nothing promised: at most a new game, not yet acknowledged
        assert stored is None or stored.events == 0, where
        figures.lost.append(0)
        figures.ahead.append(0)
        return
    if stored is not None and stored.record_id == durable.record_id:
        assert stored.events <= durable.events + 1, f"{where}: more than one step ahead"
        figures.lost.append(max(0, durable.events - stored.events))
        figures.ahead.append(max(0, stored.events - durable.events))
        return
    # The acknowledged game is gone: only right if it was complete and is in the history
    # (killed after finish() had written the history, before its acknowledgement).
    if durable.events == total and durable.record_id in history:
        assert stored is None or stored.events == 0, where
        figures.finished.add(durable.record_id)
        figures.lost.append(0)
        figures.ahead.append(0)
        return
    figures.lost.append(durable.events)
    figures.corruptions.append(f"{where}: the game in progress was lost")


def check_history(folder: Path, figures: Figures) -> set[str]:
    """The ids in the history; a damaged history or a lost game counts as a corruption."""
    history = HistoryStore(folder)
    ids = [record.id for record in history.all()]
    if history.notice or history.problems:
        figures.corruptions.append(f"kill {figures.kills}: {history.notice} {history.problems}")
    if len(ids) != len(set(ids)):
        figures.corruptions.append(f"kill {figures.kills}: a game is in the history twice")
    return set(ids)


def summary(figures: Figures, elapsed: float, workers: int = 1) -> str:
    mean_ahead = sum(figures.ahead) / max(1, len(figures.ahead))
    missing = figures.missing + len(figures.finished - figures.in_history - figures.deleting)
    return (
        f"crash test: {figures.kills} kills in {workers} worker{'s' * (workers > 1)} "
        f"({figures.mid_write} inside a write: temp file "
        f"left), {figures.resumes} resumes ({figures.resumed_mid_game} mid-game), "
        f"{len(figures.corruptions)} corruptions, events lost per kill: "
        f"{max(figures.lost, default=0)} (max), mean events ahead of ack {mean_ahead:.2f}, "
        f"finished games {len(figures.finished)}, "
        f"{f'{missing} MISSING' if missing else 'all present'}; "
        f"{figures.finishing} kills while finishing a game ({figures.finish_window} after its "
        f"history write), {figures.in_game_file} inside a game file's write, "
        f"{figures.in_delete} while deleting a game ({len(figures.deleted)} deletes "
        f"acknowledged), {elapsed:.1f} s"
    )


def run_kills(folder: Path, seed: int, kills: int) -> Figures:
    """Kill drivers on ``folder`` ``kills`` times (stopping at the first corruption)."""
    rng = random.Random(seed)
    script = Script()
    total = len(script.events)
    figures = Figures()
    durable: Stored | None = None
    while figures.kills < kills and not figures.corruptions:
        child = spawn(folder, script.setup, script.events)
        kill_at_random(child, rng, durable, total)
        figures.kills += 1
        durable = follow_acks(child.lines, durable, figures)
        last = child.lines[-1] if child.lines else ""
        figures.in_delete += last.startswith("d ")
        figures.finishing += durable is not None and durable.events == total
        check_files_parse(folder, figures)
        stored = reopen(folder, script, figures)
        figures.in_history = check_history(folder, figures)
        check_games(folder, figures)
        if durable and durable.events == total and durable.record_id in figures.in_history:
            figures.finish_window += stored is None or stored.record_id == durable.record_id
        compare(durable, stored, figures.in_history, total, figures)
        if figures.finished - figures.in_history - figures.deleting:
            figures.corruptions.append(f"kill {figures.kills}: a finished game is missing")
        durable = stored
    return figures


def test_kill_9_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    shares = [KILLS // WORKERS + (n < KILLS % WORKERS) for n in range(WORKERS)]
    figures = Figures()
    started = time.monotonic()
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=WORKERS, mp_context=context) as pool:
            runs = [
                pool.submit(run_kills, tmp_path / f"data-{n}", SEED + n, share)
                for n, share in enumerate(shares)
            ]
            for run in runs:
                figures.add(run.result())
    finally:
        print("\n" + summary(figures, time.monotonic() - started, WORKERS))
    assert figures.corruptions == []
    assert max(figures.lost) == 0
    assert figures.missing == 0
    assert figures.kills >= KILLS
    assert figures.finished, "no game was finished: the kills never reached a game's end"
    assert figures.deleted, "no game was deleted: the kills never let a delete end"
    assert figures.in_delete, "no kill came while a game was deleted"
