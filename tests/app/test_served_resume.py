"""Issue 39, P3: a page coming back after its connection dropped gets an app that opens
the saved game before it draws anything, so the Start screen never shows on the way
back (a tap meant for the Table cannot land on its menu); a new page starts on one Start
screen."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from benchmarks.metrics.browser import saved_game
from companion.serve.app_process import served_app
from companion.storage.lock import DataLock
from companion.ui import data_hold
from companion.ui.screens.data_in_use import DataInUseScreen
from companion.ui.screens.start import StartScreen
from companion.ui.screens.table import TableScreen
from tests.app.pilot_helpers import SIZE, settle


async def test_a_page_come_back_draws_the_table_first(tmp_path: Path) -> None:
    saved_game(tmp_path, seed=5)
    drawn: list[str] = []
    app = served_app(resume=True)(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        drawn.append(type(app.screen).__name__)  # what the first frame showed
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape")  # the Start screen lies under it, as in a terminal
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        # one Start screen (the served app once pushed a second one, and took the lock and
        # read the configuration twice: Escape then led from Start to Start)
        assert [type(screen).__name__ for screen in app.screen_stack] == ["Screen", "StartScreen"]
    assert drawn == ["TableScreen"]


async def test_a_new_page_starts_on_the_start_screen(tmp_path: Path) -> None:
    saved_game(tmp_path, seed=5)
    app = served_app(resume=False)(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        # one Start screen (the served app once pushed a second one, and took the lock and
        # read the configuration twice: Escape then led from Start to Start)
        assert [type(screen).__name__ for screen in app.screen_stack] == ["Screen", "StartScreen"]


# --- the page's earlier app, still closing ------------------------------------------------
# serve starts the new app of a page that came back at once, while its earlier app is still
# closing (--after PID): before it runs, the new app waits for that app's data lock, bounded,
# and only for that app. Here the test process holds the lock, so its note names our pid.


async def test_a_page_come_back_waits_for_its_earlier_app_then_draws_the_table(
    tmp_path: Path,
) -> None:
    saved_game(tmp_path, seed=5)
    earlier = DataLock(tmp_path)
    assert earlier.acquire()
    app = served_app(resume=True, earlier=os.getpid())(tmp_path)
    closing = threading.Timer(0.3, earlier.release)  # the earlier app lets go
    started = time.monotonic()
    closing.start()
    try:
        app.get_ready()
        waited = time.monotonic() - started
        assert app.lock is not None and app.lock.held
        assert DataLock(tmp_path).holder_note() == (os.getpid(), socket.gethostname())
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert not app.read_only
            assert [type(screen).__name__ for screen in app.screen_stack] == [
                "Screen",
                "StartScreen",
                "TableScreen",
            ]
        assert 0.25 <= waited < data_hold.EARLIER_APP_WAIT
    finally:
        closing.join()


async def test_data_held_by_any_other_app_is_said_at_once(tmp_path: Path) -> None:
    # the lock's note names this process, not the page's earlier app: not waited for
    waited = await _waited_then_data_in_use(tmp_path, earlier=os.getpid() + 1)
    assert waited < 2


async def test_an_earlier_app_that_never_lets_go_is_waited_for_only_so_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(data_hold, "EARLIER_APP_WAIT", 0.4)
    waited = await _waited_then_data_in_use(tmp_path, earlier=os.getpid())
    assert 0.4 <= waited < 3


async def _waited_then_data_in_use(folder: Path, earlier: int) -> float:
    """With the data held by this process all along: how long a page come back after
    ``earlier``'s app waited before it ran; it then says the data is in use."""
    saved_game(folder, seed=5)
    holder = DataLock(folder)
    assert holder.acquire()
    app = served_app(resume=True, earlier=earlier)(folder)
    try:
        started = time.monotonic()
        app.get_ready()
        waited = time.monotonic() - started
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, DataInUseScreen)
            assert app.read_only
        return waited
    finally:
        holder.release()


def test_a_page_come_back_imports_the_table_before_it_runs(tmp_path: Path) -> None:
    code = (
        "import sys; from pathlib import Path;"
        "from companion.serve.app_process import served_app;"
        f"app = served_app(resume=True)(Path({str(tmp_path)!r}), use_lock=False);"
        "table = 'companion.ui.screens.table';"
        "before = table in sys.modules;"
        "app.get_ready();"
        "print(before, table in sys.modules, 'solo_deck.game' in sys.modules)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert shown.stdout.split() == ["False", "True", "True"]
