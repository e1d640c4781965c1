"""What the New game form's tests share: opening the form, the fields every start needs,
choosing in it and reading a field's message (the stand-in for the Table, ``table_calls``,
is a fixture of ``tests/app/conftest.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.widgets import Collapsible, Input, Label, Select
from textual.widgets._select import SelectOverlay

from companion.ui.app import StuporSoloApp
from companion.ui.screens.setup.form import EDICT_SLOTS, SetupScreen
from companion.ui.widgets.edict_input import EdictField
from tests.app.pilot_helpers import SIZE, press_and_settle, settle

TILES = ("2T", "1W 1K", "2G 1A", "1S", "1C", "1P")
PILE = "17"


@asynccontextmanager
async def setup_form(
    folder: Path, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[StuporSoloApp, Any, SetupScreen]]:
    """The app on ``folder``, run headless at ``size`` with the New game form open: the
    app, its pilot and the form."""
    app = StuporSoloApp(folder)
    async with app.run_test(size=size) as pilot:
        yield app, pilot, await open_setup(app, pilot)


async def open_setup(app: StuporSoloApp, pilot: Any) -> SetupScreen:
    """Press n on the Start screen: the New game form."""
    await pilot.pause()
    await press_and_settle(pilot, "n")
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def open_folds(screen: SetupScreen, pilot: Any, *folds: str) -> None:
    """Open the folded sections ``folds`` (``ports-fold``, ``board``; both when none is
    named): their fields are made when first opened."""
    for name in folds or ("ports-fold", "board"):
        screen.query_one(f"#{name}", Collapsible).collapsed = False
    await settle(pilot)
    await settle(pilot)


def edict_input(screen: SetupScreen, slot: str) -> Input:
    """The text input of a starting Edict tile."""
    return screen.query_one(f"#{slot}", EdictField).query_one(Input)


async def fill(screen: SetupScreen, pilot: Any, tiles: tuple[str, ...] = TILES) -> None:
    """The six tiles and the counted pile: what every start needs."""
    for (slot, _), text in zip(EDICT_SLOTS, tiles, strict=True):
        edict_input(screen, slot).value = text
    screen.query_one("#pile", Input).value = PILE
    await settle(pilot)


def set_values(screen: SetupScreen, values: dict[str, Any]) -> None:
    """Set the field of each selector to its value, as a player's choices would."""
    for selector, value in values.items():
        field: Any = screen.query_one(selector)
        field.value = value


async def choose_twice(screen: SetupScreen, pilot: Any, value: Any, first: str, second: str) -> str:
    """Choose ``value`` in the Select ``first``, then in ``second`` (ids): what lies in one
    place cannot lie in another, so ``second`` is left blank; returns its message."""
    for name in (first, second):
        screen.query_one(f"#{name}", Select).value = value
        await settle(pilot)
    assert screen.query_one(f"#{second}", Select).is_blank()
    return error(screen, second)


async def open_for_snapshot(pilot: Any) -> SetupScreen:
    """:func:`open_setup`, with the input cursors still (for snapshots)."""
    screen = await open_setup(pilot.app, pilot)
    for widget in screen.query(Input):
        widget.cursor_blink = False
    return screen


def error(screen: SetupScreen, name: str) -> str:
    """The message shown under the field ``name`` ('' when hidden)."""
    label = screen.query_one(f"#{name}-error", Label)
    return str(label.render()) if label.display else ""


def prompts(select: Select[Any]) -> list[str]:
    """The options a Select lists, as shown."""
    overlay = select.query_one(SelectOverlay)
    return [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]


async def start(pilot: Any) -> None:
    """Start game by its key."""
    await press_and_settle(pilot, "ctrl+s")


async def scrolling_done(pilot: Any, container: Any) -> None:
    """Wait until ``container`` has kept its scroll position over three pauses (a scroll
    requested by focus or ``scroll_visible`` lands after a refresh, not at once)."""
    still, last = 0, None
    for _ in range(100):
        await pilot.pause()
        offset = container.scroll_offset
        still = still + 1 if offset == last else 0
        if still >= 3:
            return
        last = offset
    raise AssertionError("the form never stopped scrolling")
