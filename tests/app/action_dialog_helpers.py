"""What the main-action dialog tests share: a started game, Frederick's turn, a Host app
that opens one dialog for the first pending obligation (it reads the dialog with the
methods of :class:`~tests.app.pilot_helpers.DialogHost`), and keys and clicks on it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual.screen import ModalScreen
from textual.widgets import Button

from companion.session import GameSession
from solo_deck import (
    GameState,
    Obligation,
    Ruleset,
    face_down_offers,
    load_ruleset,
    parse_edict,
    slot_actions,
)
from solo_deck.events import (
    Event,
    FrederickTurn,
    PlaceWorkplace,
    PlayCard,
    Promote,
    RevealEdict,
)
from solo_deck.model.grants import MainAction
from tests.app.pilot_helpers import DialogHost, press_and_settle, settle
from tests.game_setups import checked_ruleset, edict_setup

TYPED_BOARD = load_ruleset().model_copy(
    update={
        "castle_board": None,
        "player_board": None,
        "voyage_board": None,
        "workplace_area": None,
    }
)
"""The ruleset of a game saved before the app knew your Castle Board: its Builds are
typed in the older Build dialog."""

CHECKED = checked_ruleset()
"""The packaged boards, checked against the box."""

Factory = Callable[[GameState, Any, "Obligation | None"], ModalScreen[Any]]


def new_session(
    folder: Path, events: Sequence[Event] = (), ruleset: Ruleset | None = None
) -> GameSession:
    """A started game (ship in Roma, nothing known at the ports) with ``events`` applied,
    on ``ruleset`` (unless told, the packaged boards checked: no move asks about an assumed
    board value; ``load_ruleset()`` gives the packaged, provisional ones)."""
    session = GameSession(folder)
    session.start(edict_setup(ruleset=CHECKED if ruleset is None else ruleset))
    for event in events:
        session.push(event)
    return session


def face_down_host(
    folder: Path, factory: Factory, action: MainAction, before: Sequence[Event] = ()
) -> Host:
    """A host for ``factory``'s dialog answering a card played face down for ``action``,
    after ``before`` (see :func:`new_session`)."""
    return Host(new_session(folder, [*before, face_down(action)]), factory)


def frederick_plays(session: GameSession) -> None:
    """Frederick's turn, and any Next Edict tile it draws."""
    session.push(FrederickTurn())
    for position, tile in enumerate(session.state.edicts.next):
        if tile is None:
            session.push(RevealEdict(position=position, edict=parse_edict("1S")))


def second_turn_host(
    folder: Path,
    factory: Factory,
    action: MainAction,
    first_turn: Sequence[Event],
    before: Sequence[Event] = (),
    ruleset: Ruleset | None = None,
) -> Host:
    """A host for ``factory``'s dialog on your second turn: ``first_turn`` played,
    Frederick's turn, ``before`` (a Travel, say), then a card face down for ``action`` in
    the leftmost free slot that gives it."""
    session = new_session(folder, first_turn, ruleset)
    frederick_plays(session)
    offers = face_down_offers(session.state, session.ruleset)
    slot = next(slot for slot, actions in offers.items() if action in actions)
    for event in [*before, face_down(action, slot=slot)]:
        session.push(event)
    return Host(session, factory)


def face_down(action: MainAction, slot: int | None = None) -> PlayCard:
    """A card played face down for ``action``: in ``slot``, else in the first slot of the
    packaged Player Board whose spears give the action."""
    if slot is None:
        slot = next(i for i in range(9) if action in slot_actions(i, load_ruleset()))
    return PlayCard(slot=slot, face_up=False, actions=(action,))


def workplace_on(path: str, tile: str) -> list[Event]:
    """A face-down Promote that enters Path ``path``, and the Workplace ``tile`` named on
    its first space."""
    return [
        face_down("promote"),
        Promote(specialist=0, path=path),
        PlaceWorkplace(path=path, space=1, tile=tile, token=False),
    ]


class Host(DialogHost):
    """Holds a session and opens one dialog, ``factory(state, ruleset, obligation)``, for
    its first pending obligation unless told another."""

    def __init__(
        self, session: GameSession, factory: Factory, obligation: Obligation | None = None
    ) -> None:
        super().__init__(session, factory)
        self.obligation = obligation or session.state.obligation

    def dialog(self) -> ModalScreen[Any]:
        return self.factory(self.session.state, self.session.ruleset, self.obligation)


async def press(pilot: Any, *keys: str) -> None:
    for key in keys:
        await press_and_settle(pilot, key)


async def confirm(pilot: Any) -> None:
    """Click the dialog's confirm button, once it can be pressed again (a Button ignores a
    click during its 0.2 s press animation; a person never clicks that fast twice)."""
    button = pilot.app.screen.query_one("#ok", Button)
    while button.has_class("-active"):
        await pilot.pause(0.05)
    await pilot.click("#ok")
    await settle(pilot)


async def confirm_refused(pilot: Any, reason: str) -> None:
    """:func:`confirm`, and find the same dialog still open, nothing recorded and ``reason`` in
    its error line (the engine's refusal, shown inline)."""
    app = pilot.app
    dialog = app.screen
    await confirm(pilot)
    assert app.results == []
    assert app.screen is dialog
    assert reason in app.dialog_error()
