"""What the follow-through dialog tests share: a session reached by real events on a known
board, a host app that opens one dialog (it reads the dialog with the methods of
:class:`~tests.app.pilot_helpers.DialogHost`), and keys for its fields."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual.screen import ModalScreen

from companion.session import GameSession
from solo_deck import GameState, parse_edict
from solo_deck.events import (
    Build,
    Event,
    PlayCard,
    PlayerEdict,
    RevealEdict,
)
from solo_deck.setup import initial_state
from tests.app.action_dialog_helpers import TYPED_BOARD
from tests.app.pilot_helpers import DialogHost, press_and_settle
from tests.game_setups import ACTIVE, KNOWN_BOARD, edict_setup

RICH: dict[str, Any] = {
    "grain": 1,
    "stone": 2,
    "augustales": 30,
    "towers": 3,
    "walls": 3,
    "sites": ("T1", "W1", "T2", "W2", "T3", "W3"),
    "closed_sides": ("grain", "stone"),
}
"""Well off, three Towers and Walls of the ring standing (two sides closed: W1's and W2's,
between T1, T2 and T3; W3 waits for T4)."""
KEEP: tuple[Event, ...] = (
    PlayCard(slot=0, face_up=False, actions=("build",)),
    Build(structure="keep", site="K2", cover="slot", stone=2),
)
"""A face-down Build of a Keep: an Edict is owed."""
TYPED_KEEP: tuple[Event, ...] = (
    PlayCard(slot=0, face_up=False, actions=("build",)),
    Build(structure="keep", cover="slot", stone=2),
)
"""The same in a game saved before the boards were known (see :func:`typed_game`)."""

Factory = Callable[[GameState, Any], ModalScreen[Any]]


def start_game(
    folder: Path,
    events: Sequence[Event] = (),
    player: dict[str, Any] | None = None,
    active: Sequence[str] = ACTIVE,
    **setup: Any,
) -> GameSession:
    """A session whose game starts with your side changed as given (a known board unless
    ``setup`` says otherwise), then ``events`` pushed."""
    game_setup = edict_setup(active, **(KNOWN_BOARD | setup))
    state = initial_state(game_setup)
    changes = RICH | (player or {})
    if game_setup.ruleset.castle_board is None:  # no board: the castle is counts only
        changes = changes | {"sites": None}
    state = state.model_copy(update={"player": state.player.model_copy(update=changes)})
    session = GameSession(folder)
    session.start(game_setup.model_copy(update={"start": state}))
    for event in events:
        session.push(event)
    return session


def issue(slot: int) -> tuple[Event, Event]:
    """Issue Active ``slot`` of the test tiles adding every kind, and type the tile drawn
    into the Next space it left."""
    tile = parse_edict(ACTIVE[slot])
    edict = PlayerEdict(slot=slot, choice=dict.fromkeys(tile.kinds(), "add"), replacement=slot)
    return edict, RevealEdict(position=slot, edict=parse_edict("1G"))


class Host(DialogHost):
    """Holds a session and opens one dialog, ``factory(state, ruleset)``."""

    def dialog(self) -> ModalScreen[Any]:
        return self.factory(self.session.state, self.session.ruleset)


def owed(cls: Callable[..., ModalScreen[Any]]) -> Factory:
    """The dialog answering the first pending obligation."""
    return lambda state, rules: cls(state, rules, state.obligation)


async def type_text(pilot: Any, text: str) -> None:
    await pilot.press(*list(text))


async def choose(pilot: Any, *moves: str) -> None:
    """Open the focused Select, move (``up``/``down``) and pick."""
    await press_and_settle(pilot, "enter", *moves, "enter")


def typed_game(folder: Path, events: Sequence[Event] = (), **kwargs: Any) -> GameSession:
    """:func:`start_game` on a game saved before the app knew the boards (schema 2): its
    Edict's icons come before the reward and the Edict dialog offers every Active tile,
    which the Edict and reward dialog tests below check."""
    return start_game(folder, events, ruleset=TYPED_BOARD, **kwargs)
