"""Take over, in the app: the copy holding the data lets go when another asks (saving, then
quitting), and a copy started while another holds the data takes it over and resumes the
exact game. The other copy is a real second process (:mod:`tests.store.take_over_driver`)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

from textual.widgets import OptionList, Static

from companion.storage.lock import DataLock
from companion.ui.app import StuporSoloApp
from companion.ui.screens.data_in_use import DataInUseScreen
from companion.ui.screens.table import TableScreen
from tests.app.game_script import script_setup
from tests.app.pilot_helpers import SIZE, game_of, open_table, settle

ROOT = Path(__file__).resolve().parents[2]


async def driver(mode: str, folder: Path, journal: Path, seconds: float) -> Any:
    """A second copy of the companion in its own process."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.store.take_over_driver",
        mode,
        str(folder),
        str(journal),
        str(seconds),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


async def until(pilot: Any, done: Any, seconds: float = 60.0) -> None:
    """Let the app run until ``done()`` (bounded far above the second or so it takes, so a
    busy machine does not fail it)."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("timed out")


async def test_the_holder_saves_lets_go_and_quits_when_another_copy_asks(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await pilot.press("g", "3", "enter")  # gain 3 VP: one event, saved
        await settle(pilot)
        events = len(game_of(app).events)
        asker = await driver("ask", tmp_path, tmp_path / "journal", 15)
        await until(pilot, lambda: app.let_go)
        assert not app.lock.held if app.lock is not None else False
        out, err = await asker.communicate()
    assert asker.returncode == 0, err.decode()
    assert out.decode().split() == ["taken", str(events)]  # the exact game, every event
    assert app.return_code == 0


async def test_a_new_copy_takes_over_and_resumes_the_exact_game(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    app_game = None
    async with app.run_test(size=SIZE) as pilot:  # a first game, saved and left
        await settle(pilot)
        app.session.start(script_setup())
    journal = tmp_path / "journal"
    holder = await driver("hold", tmp_path, journal, 20)
    assert holder.stdout is not None
    assert await holder.stdout.readline() == b"holding\n"  # it pushed one event more
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DataInUseScreen) and app.read_only
        first = screen.query_one(OptionList).get_option_at_index(0)
        assert first.id == "take_over"
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert not app.read_only and app.lock is not None and app.lock.held
        app_game = game_of(app).to_document()
        await pilot.press("g", "2", "enter")  # this copy writes now
        await settle(pilot)
    await holder.wait()
    assert holder.returncode == 0
    steps = [line.split()[0] for line in journal.read_text().splitlines()]
    assert steps == ["A", "w", "W", "R", "F"]  # it let go, then could not write
    assert app_game is not None and len(app_game["events"]) == 1


async def test_take_over_is_not_offered_for_a_copy_on_another_machine(tmp_path: Path) -> None:
    other = DataLock(tmp_path)
    assert other.acquire()
    try:
        other.owner_path.write_text('{"pid": 4242, "host": "tablet", "since": "2026-01-01"}')
        app = StuporSoloApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, DataInUseScreen)
            ids = [o.id for o in screen.query_one(OptionList).options]
            assert ids == ["history", "quit"]
            await pilot.press("t")
            await settle(pilot)
            assert isinstance(app.screen, DataInUseScreen)
            assert not screen.query_one("#take-over-status", Static).display
    finally:
        other.release()
