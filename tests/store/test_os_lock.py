"""The data folder's OS lock (:mod:`companion.storage.os_lock`): ``flock`` taken directly
where there is ``fcntl``, ``filelock`` elsewhere; both exclude each other and a
``filelock.FileLock`` on the same file, and the lock goes with the process."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

import pytest
from filelock import FileLock

from companion.storage.os_lock import FileHold, _FilelockHold, _FlockHold

HOLDS = [_FlockHold, _FilelockHold]


@pytest.mark.parametrize("hold", HOLDS)
def test_a_second_hold_on_the_file_is_refused_until_the_first_lets_go(
    tmp_path: Path, hold: type[_FlockHold] | type[_FilelockHold]
) -> None:
    path = str(tmp_path / "lock")
    first, second = hold(path, 0o600), hold(path, 0o600)
    assert first.acquire() and first.is_locked
    assert first.acquire()  # taking it again while held changes nothing
    assert not second.acquire() and not second.is_locked
    first.release()
    assert not first.is_locked
    first.release()  # giving back what is not held is nothing
    assert second.acquire()
    second.release()


@pytest.mark.parametrize("hold", HOLDS)
def test_the_two_ways_and_filelock_exclude_each_other(
    tmp_path: Path, hold: type[_FlockHold] | type[_FilelockHold]
) -> None:
    path = str(tmp_path / "lock")
    with FileLock(path):
        assert not hold(path, 0o600).acquire()
    other = _FilelockHold if hold is _FlockHold else _FlockHold
    mine = hold(path, 0o600)
    assert mine.acquire()
    assert not other(path, 0o600).acquire()
    mine.release()


def test_a_new_lock_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "lock"
    hold = FileHold(str(path), 0o600)
    assert hold.acquire()
    assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0
    hold.release()


def test_a_lock_file_that_cannot_be_made_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        FileHold(str(tmp_path / "missing" / "lock"), 0o600).acquire()


def test_the_lock_goes_with_the_process_that_held_it(tmp_path: Path) -> None:
    path = str(tmp_path / "lock")
    code = (
        "import os, sys; from companion.storage.os_lock import FileHold; "
        "h = FileHold(sys.argv[1], 0o600); print(h.acquire(), flush=True); os._exit(0)"
    )
    held = subprocess.run(
        [sys.executable, "-c", code, path], capture_output=True, text=True, check=True
    )
    assert held.stdout.strip() == "True"
    assert FileHold(path, 0o600).acquire()  # ended without releasing: the OS let it go


def test_a_lock_held_by_another_process_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "lock")
    code = (
        "import sys, time; from companion.storage.os_lock import FileHold; "
        "h = FileHold(sys.argv[1], 0o600); print(h.acquire(), flush=True); time.sleep(30)"
    )
    holder = subprocess.Popen([sys.executable, "-c", code, path], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        assert not FileHold(path, 0o600).acquire()
    finally:
        holder.kill()
        holder.wait()
    assert FileHold(path, 0o600).acquire()
