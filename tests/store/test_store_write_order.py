"""Every save path writes in the one safe order (issue 16, "Also").

The file-system calls of each way the program writes a file are recorded (``os.open``,
``os.write``, ``os.fsync``, ``os.close``, ``os.replace`` and anything that could write the
target in place) and checked: a temp file in the target's folder, created with
``O_CREAT | O_EXCL | O_NOFOLLOW`` under an unpredictable name; the data written to it;
the temp file fsynced and closed; renamed onto the target with ``os.replace``; then the
folder fsynced. The target itself is never opened for writing. Save paths: the game in
progress, the history (one game and a bulk import), the settings, the lock's owner note,
a history backup, a CLI export and the rescue export of an unsaved game.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.cli import main
from companion.paths import GAME_FILE, HISTORY_FILE, LOCK_FILE, SETTINGS_FILE
from companion.session import GameSession
from companion.storage import HistoryRecord, HistoryStore, SettingsStore
from companion.storage.backups import backup_history, read_backup
from companion.storage.lock import DataLock
from tests.app.game_script import script_setup
from tests.scores import SAMPLE_SCORE

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_TRUNC | os.O_CREAT
TEMP_NAME = re.compile(r"^(?P<target>.+)\.[a-z0-9_]{8}\.tmp$")


@dataclass
class Op:
    name: str
    path: pathlib.Path | None
    flags: int = 0
    to: pathlib.Path | None = None


@dataclass
class Recorder:
    """The file-system calls made while :meth:`watching`."""

    ops: list[Op] = field(default_factory=list)
    fds: dict[int, pathlib.Path] = field(default_factory=dict)

    @contextmanager
    def watching(self, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
        real = {name: getattr(os, name) for name in ("open", "write", "fsync", "close")}
        real.update({name: getattr(os, name) for name in ("replace", "rename", "link")})

        def open_(path: Any, flags: int, mode: int = 0o777, *, dir_fd: Any = None) -> int:
            fd: int = real["open"](path, flags, mode, dir_fd=dir_fd)
            where = pathlib.Path(os.fsdecode(path))
            self.fds[fd] = where
            self.ops.append(Op("open", where, flags))
            return fd

        def on_fd(name: str) -> Callable[..., Any]:
            def call(fd: int, *args: Any) -> Any:
                self.ops.append(Op(name, self.fds.get(fd)))
                if name == "close":
                    self.fds.pop(fd, None)
                return real[name](fd, *args)

            return call

        def moved(name: str) -> Callable[..., Any]:
            def call(source: Any, target: Any, *args: Any, **kwargs: Any) -> Any:
                self.ops.append(
                    Op(
                        name,
                        pathlib.Path(os.fsdecode(source)),
                        to=pathlib.Path(os.fsdecode(target)),
                    )
                )
                return real[name](source, target, *args, **kwargs)

            return call

        with monkeypatch.context() as patch:
            patch.setattr(os, "open", open_)
            for name in ("write", "fsync", "close"):
                patch.setattr(os, name, on_fd(name))
            for name in ("replace", "rename", "link"):
                patch.setattr(os, name, moved(name))
            yield

    def check_saved(self, target: pathlib.Path) -> list[str]:
        """Assert the safe order for every write of ``target`` (TinyDB's upsert writes
        twice: an update, then an insert); returns the calls of the last one, as words."""
        real = _real(target)
        assert real is not None
        target = real
        replaces = [
            i
            for i, op in enumerate(self.ops)
            if op.name == "replace" and op.to is not None and _real(op.to) == target
        ]
        assert replaces, f"{target.name} is written by an os.replace onto it"
        in_place = [
            op
            for op in self.ops
            if op.name == "open" and _real(op.path) == target and op.flags & WRITE_FLAGS
        ]
        assert not in_place, "the target itself is never opened for writing"
        return [step for at in replaces for step in self._check_one(target, at)][-6:]

    def _check_one(self, target: pathlib.Path, at: int) -> list[str]:
        folder = target.parent
        temp = _real(self.ops[at].path)
        assert temp is not None
        match = TEMP_NAME.match(temp.name)
        assert temp.parent == folder and match and match["target"] == target.name, temp
        opened = [
            i for i, op in enumerate(self.ops) if op.name == "open" and _real(op.path) == temp
        ]
        assert len(opened) == 1, "a new name for every write"
        flags = self.ops[opened[0]].flags
        for flag in ("O_CREAT", "O_EXCL", "O_NOFOLLOW"):
            assert flags & getattr(os, flag), f"the temp file is opened without {flag}"
        on_temp = [(i, op.name) for i, op in enumerate(self.ops) if _real(op.path) == temp]
        writes = [i for i, name in on_temp if name == "write"]
        fsyncs = [i for i, name in on_temp if name == "fsync"]
        closes = [i for i, name in on_temp if name == "close"]
        assert writes and fsyncs and closes, on_temp
        assert opened[0] < min(writes) and max(writes) < fsyncs[-1] < closes[-1] < at
        following = [i for i, op in enumerate(self.ops) if i > at and op.name == "replace"]
        until = following[0] if following else len(self.ops)
        folder_syncs = [
            i
            for i in range(at + 1, until)
            if self.ops[i].name == "fsync" and _real(self.ops[i].path) == folder
        ]
        assert folder_syncs, "the folder is fsynced after the rename, before the next write"
        steps = ["open temp (O_CREAT|O_EXCL|O_NOFOLLOW)", f"write x{len(writes)}", "fsync temp"]
        return [*steps, "close", "replace onto target", "fsync folder"]


def _real(path: pathlib.Path | None) -> pathlib.Path | None:
    if path is None:
        return None
    return pathlib.Path(os.path.realpath(path.parent)) / path.name


def game(seed: int) -> HistoryRecord:
    return HistoryRecord(finished_at="2025-03-01T20:15:00+00:00", seed=seed, score=SAMPLE_SCORE)


def _record(monkeypatch: pytest.MonkeyPatch, work: Callable[[], Any]) -> Recorder:
    recorder = Recorder()
    with recorder.watching(monkeypatch):
        work()
    return recorder


def test_the_game_in_progress(data: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession(data)
    recorder = _record(monkeypatch, lambda: session.start(script_setup()))
    steps = recorder.check_saved(data / GAME_FILE)
    print(f"\nsave order (game): {' → '.join(steps)}")


def test_the_history_one_game_and_an_import(
    data: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = HistoryStore(data)
    _record(monkeypatch, lambda: store.add(game(1))).check_saved(data / HISTORY_FILE)
    bulk = _record(monkeypatch, lambda: HistoryStore(data).add_many([game(2), game(3)]))
    bulk.check_saved(data / HISTORY_FILE)
    assert len(HistoryStore(data).all()) == 3


def test_the_settings(data: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SettingsStore(data)
    _record(monkeypatch, lambda: store.set_verified(["S01"])).check_saved(data / SETTINGS_FILE)


def test_the_lock_owner_note(data: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lock = DataLock(data)
    try:
        recorder = _record(monkeypatch, lock.acquire)
        recorder.check_saved(data / f"{LOCK_FILE}.owner")
    finally:
        lock.release()


def test_a_history_backup(data: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    HistoryStore(data).add(game(1))
    made: list[pathlib.Path | None] = []
    recorder = _record(monkeypatch, lambda: made.append(backup_history(data)))
    assert made[0] is not None
    recorder.check_saved(made[0])
    assert read_backup(made[0]) == (data / HISTORY_FILE).read_bytes()


def test_an_export(
    data: pathlib.Path,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    HistoryStore(data).add(game(1))
    target = tmp_path / "games.json"
    codes: list[int] = []
    argv = ["--data-dir", str(data), "export", str(target)]
    recorder = _record(monkeypatch, lambda: codes.append(main(argv)))
    assert codes == [0], capsys.readouterr().err
    recorder.check_saved(target)
    assert len(json.loads(target.read_text(encoding="utf-8"))["games"]) == 1


def test_the_rescue_export_of_an_unsaved_game(
    data: pathlib.Path, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = GameSession(data)
    session.start(script_setup())
    target = tmp_path / "rescue.json"
    _record(monkeypatch, lambda: session.export_game(target)).check_saved(target)
