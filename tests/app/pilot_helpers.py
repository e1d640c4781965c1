"""What the app tests share: the terminal size and waiting for the app to finish its work."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

from solo_deck import SoloGame

SIZE = (120, 40)


async def settle(pilot: Any) -> None:
    """Let the messages of the last key be handled and the screen refresh."""
    await pilot.pause()
    await pilot.pause()


async def wait_for_insight(app: Any, pilot: Any) -> None:
    """Let the odds and the forecast (a worker after a short quiet time) finish, with the
    input cursors still (for snapshots)."""
    await pilot.pause(0.3)
    await app.workers.wait_for_complete()
    await settle(pilot)
    for field in app.screen.query(Input):
        field.cursor_blink = False
    await settle(pilot)


IDLE_TURN_KEYS = ("enter", "enter", "enter", "ctrl+d")
"""A turn with nothing done, by keys: Play card, the first choice (face down: Promote),
Play, then decline the Promote the card offers."""


async def idle_turn(pilot: Any) -> None:
    """Play a turn with nothing done (see :data:`IDLE_TURN_KEYS`)."""
    for key in IDLE_TURN_KEYS:
        await pilot.press(key)
        await settle(pilot)


def game_of(app: Any) -> SoloGame:
    """The app's game in progress (there must be one)."""
    game = app.session.game
    assert isinstance(game, SoloGame), "no game in progress"
    return game
