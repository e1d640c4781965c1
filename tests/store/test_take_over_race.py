"""Take over under a race: several copies, each in its own process, take the data folder
from each other as fast as they can. Never two writers at once, and no event lost."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.session import GameSession
from companion.storage import takeover
from companion.storage.lock import DataLock
from solo_deck import GameSetup, parse_edict

ROOT = Path(__file__).resolve().parents[2]
COPIES = 4
RACE_SECONDS = 120.0
"""The longest the race may run: it stops once the folder has changed hands
:data:`HAND_OVERS` times (a few seconds here), so only a race that never gets going
reaches it."""
HAND_OVERS = 3 * COPIES


def saved_game(folder: Path) -> None:
    """A started game saved in ``folder``, as the app leaves it."""
    tiles = [parse_edict(t) for t in ("2T", "1W 1K", "2G 1A", "1S", "1C", "1P")]
    session = GameSession(folder)
    setup = GameSetup(
        active_edicts=(tiles[0], tiles[1], tiles[2]),
        next_edicts=(tiles[3], tiles[4], tiles[5]),
        edict_pile=18,
        seed=3,
    )
    session.start(setup)


def driver(mode: str, folder: Path, journal: Path, seconds: float) -> subprocess.Popen[str]:
    """One copy of the companion (see :mod:`tests.store.take_over_driver`)."""
    command = [sys.executable, "-m", "tests.store.take_over_driver", mode]
    return subprocess.Popen(
        [*command, str(folder), str(journal), str(seconds)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def check_journal(lines: list[str]) -> dict[str, int]:
    """Walk the journal in the order things happened; fail at the first moment two
    copies could write, or a copy wrote without holding the lock. Counts each step."""
    holder: str | None = None
    counts = {"A": 0, "w": 0, "W": 0, "R": 0, "Q": 0, "F": 0}
    for number, line in enumerate(lines, 1):
        step, pid = line.split()
        where = f"journal line {number}: {line!r} (holder {holder})"
        assert step != "X", f"a copy wrote after letting go: {where}"
        if step == "A":
            assert holder is None, f"two copies hold the lock: {where}"
            holder = pid
        elif step in "RQ":
            assert holder == pid, where
            holder = None
        elif step in "wW":
            assert holder == pid, f"a write outside the lock: {where}"
        counts[step] += 1
    return counts


def test_copies_taking_over_from_each_other_never_write_together(tmp_path: Path) -> None:
    folder, journal = tmp_path / "data", tmp_path / "journal"
    saved_game(folder)
    copies = [driver("race", folder, journal, RACE_SECONDS) for _ in range(COPIES)]
    deadline = time.monotonic() + RACE_SECONDS
    while time.monotonic() < deadline and all(copy.poll() is None for copy in copies):
        lines = journal.read_text().splitlines() if journal.exists() else []
        if sum(line.startswith("A ") for line in lines) >= HAND_OVERS:
            break
        time.sleep(0.1)
    journal.with_name(journal.name + ".stop").touch()
    failures = []
    for copy in copies:
        _out, err = copy.communicate(timeout=RACE_SECONDS)
        if copy.returncode != 0:
            failures.append(err)
    assert failures == []
    counts = check_journal(journal.read_text().splitlines())
    assert counts["A"] >= HAND_OVERS, counts  # the folder changed hands many times
    assert counts["F"] == counts["R"]  # every copy that let go was fenced
    session = GameSession(folder, clean_on_open=False)
    assert session.load()
    # Each holder resumed the game its predecessor saved: every event is in the file.
    assert len(session.events) == counts["W"] == counts["w"]
    assert not takeover.request_path(folder).exists() or takeover.read(folder) is not None


def test_a_request_from_a_process_that_ended_is_ignored_and_removed(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = takeover.Request(
        pid=int(done.stdout), host=os.uname().nodename, nonce="ab", at=time.time()
    )
    path = takeover.request_path(tmp_path)
    path.write_bytes(dead.to_bytes())
    assert takeover.pending(tmp_path) is None
    assert not path.exists()


@pytest.mark.parametrize(
    "content",
    [b"", b"not json", b'{"pid": "x"}', b'{"pid": 1, "host": "h", "nonce": "", "at": 0}'],
)
def test_a_damaged_request_is_ignored_and_removed(tmp_path: Path, content: bytes) -> None:
    path = takeover.request_path(tmp_path)
    path.write_bytes(content)
    assert takeover.pending(tmp_path) is None
    assert not path.exists()


def test_an_old_request_is_ignored_and_removed(tmp_path: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        old = takeover.Request(
            pid=holder.pid, host=os.uname().nodename, nonce="cd", at=time.time() - 3600
        )
        path = takeover.request_path(tmp_path)
        path.write_bytes(old.to_bytes())
        assert takeover.pending(tmp_path) is None
        assert not path.exists()
        fresh = takeover.Request(pid=holder.pid, host=old.host, nonce="ef", at=time.time())
        path.write_bytes(fresh.to_bytes())
        assert takeover.pending(tmp_path) == fresh
    finally:
        holder.kill()
        holder.wait()


def test_a_link_at_the_request_name_is_never_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("keep")
    takeover.request_path(tmp_path).symlink_to(target)
    assert takeover.pending(tmp_path) is None
    assert target.read_text() == "keep"


async def test_nobody_answering_gives_up_in_time_and_withdraws(tmp_path: Path) -> None:
    mine = DataLock(tmp_path)
    # Another lock object on the same file conflicts even in one process (an OS lock
    # per open file): it stands for a copy that never looks for requests.
    other = DataLock(tmp_path)
    assert other.acquire()
    try:
        request = takeover.ask(tmp_path)
        outcome = await takeover.wait_for_lock(mine, request, timeout=0.3, poll=0.05)
        assert outcome is takeover.Outcome.NO_ANSWER
        assert not takeover.request_path(tmp_path).exists()
        assert not mine.held
    finally:
        other.release()
