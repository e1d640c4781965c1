"""Issue 39, P3: a page coming back after its connection dropped gets an app that opens
the saved game before it draws anything, so the Start screen never shows on the way
back (a tap meant for the Table cannot land on its menu); a new page starts on one Start
screen."""

from __future__ import annotations

from pathlib import Path

from benchmarks.metrics.browser import saved_game
from companion.serve.app_process import served_app
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
