"""What the app tests share: the terminal size, a host app for one dialog (and its readers
of the dialog) and waiting for the app to finish its work."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from rich.text import Text
from textual.app import App
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, Select

import companion
from companion.session import GameSession
from companion.ui.app import StuporSoloApp
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.quick_pick import GAP
from solo_deck import GameSetup, SoloGame
from solo_deck.events import Event
from tests.app.game_script import script_setup

SIZE = (120, 40)
CSS = Path(companion.__file__).parent / "ui" / "companion.tcss"
ScreenT = TypeVar("ScreenT", bound=Screen[Any])


class DialogHost(App[None]):
    """Holds a session and opens one dialog, made by ``factory`` from the game state (see
    :meth:`dialog`); ``results`` collects what it returns."""

    CSS_PATH = str(CSS)

    def __init__(self, session: GameSession, factory: Callable[..., ModalScreen[Any]]) -> None:
        super().__init__()
        self.session = session
        self.factory = factory
        self.results: list[Any] = []

    def dialog(self) -> ModalScreen[Any]:
        """The dialog to open: ``factory(state)``."""
        return self.factory(self.session.state)

    def on_mount(self) -> None:
        self.push_screen(self.dialog(), self.results.append)

    def text_of(self, selector: str) -> str:
        """The text of the Label ``selector`` on the screen on top."""
        return str(self.screen.query_one(selector, Label).content)

    def dialog_error(self) -> str:
        """The dialog's error line ('' when nothing is wrong)."""
        return self.text_of("#dialog-error")

    def has_decline(self) -> bool:
        """Whether the dialog offers Decline."""
        return bool(self.screen.query("#decline"))

    def select_labels(self, selector: str) -> list[str]:
        """The options the Select ``selector`` lists, as shown."""
        select = self.screen.query_one(selector, Select)
        return [str(prompt) for prompt, _ in select._options]

    def focused_id(self) -> str | None:
        """The id of the focused widget, or of the field holding the focused input."""
        widget = self.focused
        if widget is None:
            return None
        if widget.id is None and widget.parent is not None:
            return widget.parent.id
        return widget.id

    @asynccontextmanager
    async def shown(self, size: tuple[int, int] = SIZE) -> AsyncIterator[Any]:
        """Run headless at ``size`` until the dialog is open and settled: the pilot."""
        async with self.run_test(size=size) as pilot:
            await settle(pilot)
            yield pilot


def unkeyed(text: str) -> str:
    """A numbered quick-pick line's text without the key in front, as the list shows it.

    >>> unkeyed("4  Tunis — 1 space — free")
    'Tunis — 1 space — free'
    """
    return text[1 + len(GAP) :]


def plain(shown: object) -> str:
    """What a table cell or a widget's render shows, without its styles."""
    return shown.plain if isinstance(shown, Text) else str(shown)


async def settle(pilot: Any) -> None:
    """Let the messages of the last key be handled and the screen refresh."""
    await pilot.pause()
    await pilot.pause()


async def open_screen(app: App[Any], pilot: Any, screen: ScreenT) -> ScreenT:
    """Push ``screen`` once the app has settled, let it settle and check it is on top."""
    await settle(pilot)
    await app.push_screen(screen)
    await settle(pilot)
    assert app.screen is screen
    return screen


async def press_and_settle(pilot: Any, *keys: str) -> None:
    """Press ``keys`` (one after the other), then :func:`settle`."""
    await pilot.press(*keys)
    await settle(pilot)


async def wait_for_insight(app: Any, pilot: Any) -> None:
    """Let the odds and the forecast (a worker after a short quiet time) finish, with the
    input cursors still (for snapshots)."""
    await pilot.pause(0.3)
    await app.workers.wait_for_complete()
    await settle(pilot)
    for field in app.screen.query(Input):
        field.cursor_blink = False
    await settle(pilot)


IDLE_TURN_KEYS = ("enter", "enter", "ctrl+d")
"""A turn with nothing done, by keys: Play card, Enter plays the line it opens on (face
down: Promote, the first line and the one played last), then decline the Promote."""


async def idle_turn(pilot: Any) -> None:
    """Play a turn with nothing done (see :data:`IDLE_TURN_KEYS`)."""
    for key in IDLE_TURN_KEYS:
        await pilot.press(key)
        await settle(pilot)


async def open_table(
    app: StuporSoloApp, pilot: Any, *events: Event, setup: GameSetup | None = None
) -> TableScreen:
    """Start ``setup`` (the simple game of :mod:`tests.app.game_script` unless told), push
    ``events`` and open the Table on it; returns the Table."""
    await settle(pilot)
    app.session.start(script_setup() if setup is None else setup)
    for event in events:
        app.session.push(event)
    app.open_table()
    await settle(pilot)
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


def game_of(app: Any) -> SoloGame:
    """The app's game in progress (there must be one)."""
    game = app.session.game
    assert isinstance(game, SoloGame), "no game in progress"
    return game
