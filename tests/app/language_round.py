"""A whole round played by keys, in whatever language is in use, for the tests in each
language: your turn (a card played face down through the Play card dialog, the Promote it
offers declined), Frederick's turns (space), your pass (the question answered yes), the
End Phase (its keys) and the Final score.

The keys are the ones the Table, the dialogs and the End Phase bind, never a label read
off the screen, so the same round plays in every language. The game is the End Phase
tests' prepared position (:func:`tests.app.end_phase_helpers.prepared_setup`) with your
castle complete, so the game ends with this round, and one card in hand.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from companion.ui.app import StuporSoloApp
from companion.ui.screens.end_phase import EndPhaseScreen
from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.table import TableScreen
from solo_deck import GameSetup, Phase
from tests.app.end_phase_helpers import COMPLETE, prepared_setup
from tests.app.pilot_helpers import settle

Look = Callable[[str], Awaitable[None]]
"""Called with the moment's name (:data:`MOMENTS`) each time the round reaches one."""

MOMENTS = (
    "your turn",
    "play card",
    "promote",
    "frederick's turn",
    "pass",
    "end phase",
    "end phase done",
    "final score",
)
"""The moments of the round, in the order they first come."""

MOST_STEPS = 40
"""The round takes about twenty steps; more means the keys no longer move it on."""


def round_setup() -> GameSetup:
    """The prepared position with your castle complete and one card in your hand."""
    setup = prepared_setup(COMPLETE)
    assert setup.start is not None
    return setup.model_copy(update={"start": setup.start.model_copy(update={"hand": 1})})


async def _keys(pilot: Any, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def play_round(app: StuporSoloApp, pilot: Any, look: Look) -> list[str]:
    """From the Table of :func:`round_setup` to the Final score by keys, calling ``look``
    at each step (see :data:`MOMENTS`); returns the moments in the order seen."""
    seen: list[str] = []

    async def at(moment: str) -> None:
        seen.append(moment)
        await look(moment)

    for _ in range(MOST_STEPS):
        screen = app.screen
        state = app.session.state
        if isinstance(screen, FinalScoreScreen):
            await at("final score")
            return seen
        if isinstance(screen, EndPhaseScreen):
            await at("end phase")
            await _keys(pilot, "c", "a", "r")
            await at("end phase done")
            await _keys(pilot, "e")
        elif isinstance(screen, PlayCardModal):
            await at("play card")
            await _keys(pilot, "enter")  # the line it opens on: face down, Promote
        elif isinstance(screen, PromoteModal):
            await at("promote")
            await _keys(pilot, "ctrl+d")  # declined
        elif isinstance(screen, ConfirmModal):
            await at("pass")
            await _keys(pilot, "y")
        elif not isinstance(screen, TableScreen):
            raise AssertionError(f"the round reached {screen!r}")
        elif state.edicts.awaiting:
            await _keys(pilot, "1", "g", "enter")  # the Next tile drawn: 1 Grain
        elif state.phase is Phase.PLAYER:
            await at("your turn")
            await _keys(pilot, "enter" if state.hand else "P")
        elif state.phase is Phase.FREDERICK:
            await at("frederick's turn")
            await _keys(pilot, "space")
        else:
            await _keys(pilot, "f" if state.phase is Phase.GAME_OVER else "e")
    raise AssertionError(f"no Final score after {MOST_STEPS} steps: {seen}")
