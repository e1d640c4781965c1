"""kill -9 in the middle of restores and automatic backups: no file is ever half written,
and no game of the history is ever in no file (issue 23).

A forked driver works on a data folder whose ``backups/`` already holds copies named in
the future (a clock that ran ahead): it saves finished games through the session (each
followed by an automatic copy, ``keep = 2``) and, every third step, restores one of the
copies; after each step it acknowledges the game ids the history holds. The test SIGKILLs
it at random moments (seeded), then checks: the history and every copy parse; the next
start leaves no temp file; every game of the last acknowledged history is in some file of
the data folder (the step under way may have replaced the history, but only after copying
it to ``backups/``, and pruning never removes the copy it just made).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import time
import traceback
from pathlib import Path
from typing import NoReturn

from companion.config import BackupPolicy
from companion.paths import BACKUP_DIR, HISTORY_FILE
from companion.session import GameSession
from companion.storage import HistoryStore
from companion.storage.backups import list_backups, read_backup
from companion.storage.restore import BackupError, restore_backup
from tests.records import game_record
from tests.store.crash_driver import Child

KILLS = 150
SEED = 20261126
KEEP = 2
FUTURE = ("history-20301126-000000-000000.json", "history-20301127-000000-000000.json")
WINDOW = 0.006
"""Seconds after an acknowledgement before the kill: about one step (a save, a copy)."""


def _work(folder: Path, seed: int, ack_fd: int) -> None:
    rng = random.Random(seed)
    session = GameSession(folder)
    session.backups = BackupPolicy(automatic=True, keep=KEEP)
    step = 0

    def ack() -> None:
        ids = sorted(record.id for record in HistoryStore(folder).all())
        os.write(ack_fd, f"A {','.join(ids)}\n".encode())

    ack()
    while True:
        step += 1
        if step % 3 == 0 and list_backups(folder):
            with contextlib.suppress(BackupError):
                restore_backup(folder, rng.choice(list_backups(folder)).name, keep=KEEP)
        else:
            session.history.add(game_record(seed=rng.randrange(10**6)))
            session.back_up_history()
        ack()


def _child(folder: Path, seed: int, ack_fd: int) -> NoReturn:
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _work(folder, seed, ack_fd)
    except BaseException:
        with contextlib.suppress(BaseException):
            text = traceback.format_exc().replace("\n", " | ")
            os.write(ack_fd, f"X {text}\n".encode())
    finally:
        os._exit(1)


def _spawn(folder: Path, seed: int) -> Child:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        _child(folder, seed, write_fd)
    os.close(write_fd)
    return Child(pid=pid, read_fd=read_fd)


def _games_in(path: Path) -> set[str]:
    """The game ids in a history file (raises ValueError when it does not parse)."""
    raw = read_backup(path) if path.name.endswith(".gz") else path.read_bytes()
    document = json.loads(raw or b"{}")
    return {game["id"] for game in document.get("games", {}).values()}


def test_kills_during_restores_and_backups_leave_every_game_in_some_file(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    backups = folder / BACKUP_DIR
    backups.mkdir(parents=True)
    for name in FUTURE:  # copies named in the future, from another machine's clock
        (backups / name).write_text('{"games": {}}', encoding="utf-8")
    rng = random.Random(SEED)
    promised: set[str] = set()
    corrupt: list[str] = []
    lost: list[str] = []
    restores_seen = 0
    for kill in range(KILLS):
        child = _spawn(folder, SEED + kill)
        try:
            child.wait_for_acks(rng.randint(1, 6))
            time.sleep(rng.uniform(0, WINDOW))
        finally:
            child.kill()
        failures = [line for line in child.lines if line.startswith("X ")]
        assert failures == [], failures[0]
        acks = [line for line in child.lines if line.startswith("A ")]
        if acks:
            promised = {i for i in acks[-1][2:].split(",") if i}
        GameSession(folder)  # the next start: it clears what an interrupted write left
        assert not list(folder.rglob("*.tmp")), f"kill {kill}: a temp file was left"
        found: set[str] = set()
        for path in [folder / HISTORY_FILE, *list_backups(folder)]:
            if not path.exists():
                continue
            try:
                found |= _games_in(path)
            except ValueError as exc:
                corrupt.append(f"kill {kill}: {path.name}: {exc}")
        missing = promised - found
        if missing:
            lost.append(f"kill {kill}: {len(missing)} game(s) in no file")
        restores_seen += len(acks) // 3
    print(f"\ncrash test (restores, backups): {KILLS} kills, about {restores_seen} restores")
    assert corrupt == []
    assert lost == []
    assert promised, "no game was ever acknowledged: the kills came too early"
