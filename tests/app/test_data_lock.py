"""One writer per data folder: a second copy says the data is in use and writes nothing."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path
from typing import Any

from textual.widgets import Static

from companion.cli import main
from companion.storage.lock import DataLock
from companion.ui.app import StuporSoloApp
from companion.ui.screens.data_in_use import DataInUseScreen
from companion.ui.screens.history.games import HistoryScreen
from companion.ui.screens.start import StartScreen
from tests.app.pilot_helpers import SIZE, press_and_settle, settle


async def test_a_second_copy_says_the_data_is_in_use_and_offers_the_history(
    tmp_path: Path,
) -> None:
    first = DataLock(tmp_path)
    assert first.acquire()
    try:
        before = sorted(p.name for p in tmp_path.iterdir())
        app = StuporSoloApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, DataInUseScreen)
            assert app.read_only
            text = str(app.screen.query_one("#in-use-text", Static).content)
            assert "is in use by" in text and f"process {os.getpid()}" in text
            await press_and_settle(pilot, "h")
            assert isinstance(app.screen, HistoryScreen)
        assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written
    finally:
        first.release()


async def test_the_lock_is_given_back_when_the_app_ends(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        other = DataLock(tmp_path)
        assert not other.acquire()  # the app holds it
    assert other.acquire()
    other.release()


async def test_a_writing_command_is_refused_while_the_app_runs(tmp_path: Path, capsys: Any) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        args = ["--data-dir", str(tmp_path), "score", "--vp", "40", "--structures", "10"]
        args += ["--frederick-structures", "9", "--grain", "1", "--stone", "1"]
        with contextlib.redirect_stderr(io.StringIO()) as captured:
            code = main([*args, "--augustales", "8", "--save"])
    err = captured.getvalue()
    assert code == 1
    assert "in use by" in err and f"process {os.getpid()}" in err
    assert not (tmp_path / "history.json").exists()


def test_a_crashed_holder_leaves_no_stale_lock(tmp_path: Path) -> None:
    pid = os.fork()
    if pid == 0:  # the child takes the lock and dies without releasing it
        DataLock(tmp_path).acquire()
        os._exit(0)
    os.waitpid(pid, 0)
    lock = DataLock(tmp_path)
    assert lock.acquire()
    lock.release()
