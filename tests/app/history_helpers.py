"""What the History and Statistics screen tests share: the 30 sample games written to a
data folder, the app run on them with the History open, opening either screen and waiting
for the screens' workers."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from companion.storage import HistoryRecord, HistoryStore
from companion.ui.app import StuporSoloApp
from companion.ui.screens.history.games import HistoryScreen
from companion.ui.screens.history.statistics import StatisticsScreen
from tests.app.pilot_helpers import SIZE
from tests.app.sample_history import sample_records


def write_samples(folder: Path) -> list[HistoryRecord]:
    """Write the 30 sample games into ``folder``'s history; returns them."""
    records = sample_records()
    HistoryStore(folder).add_many(records)
    return records


@asynccontextmanager
async def sample_history(folder: Path) -> AsyncIterator[tuple[StuporSoloApp, Any, HistoryScreen]]:
    """The 30 sample games written to ``folder`` and the app run on it with the History
    open: the app, its pilot and the screen (the games are :func:`sample_records`)."""
    write_samples(folder)
    app = StuporSoloApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        yield app, pilot, await open_history(pilot)


async def settle_workers(pilot: Any) -> None:
    """Let the screen's thread workers finish and their results arrive."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def open_statistics(pilot: Any) -> StatisticsScreen:
    """Push the Statistics screen and wait until it has read the history."""
    await pilot.pause()
    screen = StatisticsScreen()
    await pilot.app.push_screen(screen)
    await settle_workers(pilot)
    assert isinstance(pilot.app.screen, StatisticsScreen)
    return screen


async def open_history(pilot: Any) -> HistoryScreen:
    """Press h on the Start screen and wait until the History has read the games."""
    await pilot.pause()
    await pilot.press("h")
    await settle_workers(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    assert screen.view.all_records is not None
    return screen
