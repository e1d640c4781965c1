"""Which Table keys apply now, from the engine alone.

A key is *shown* when it belongs to the moment (Frederick's key on his turn, the End Phase
key in the End Phase...) and *lit* exactly when the engine accepts one of its events now
(:data:`companion.ui.keys.game.TABLE_EVENTS`; ``follow`` takes the events that meet the first
pending obligation). Keys that change nothing (help, log, what if, menu) are always lit;
undo and redo when there is something to move.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from companion.ui.keys.game import TABLE_EVENTS

if TYPE_CHECKING:
    from companion.session import GameSession


class KeyState(Enum):
    """How the footer shows a key."""

    HIDDEN = "hidden"
    DIMMED = "dimmed"
    LIT = "lit"


ALWAYS = frozenset({"help", "what_if", "log", "menu"})


def table_key_states(session: GameSession) -> dict[str, KeyState]:
    """Every Table action → how its key shows now."""
    if not session.has_game:
        return {"menu": KeyState.LIT}
    state = session.state
    allowed = session.allowed()
    first = state.obligation
    phase = state.phase.value
    shown = {
        "frederick": phase == "frederick",
        "reveal": bool(state.awaiting_reveal),
        "play": phase == "player" and first is None,
        "travel": phase == "player" and first is None,
        "pass_turn": phase == "player" and first is None,
        "follow": first is not None,
        "decline": first is not None,
        "end_phase": phase == "end_phase",
        "final_score": phase == "game_over",
        "gain": phase != "game_over",
        "correct": True,
        "undo": True,
        "redo": session.can_redo,
    }
    events = dict(TABLE_EVENTS)
    if first is not None:
        events["follow"] = (*first.event_types, "decline")
    states: dict[str, KeyState] = {}
    for action, visible in shown.items():
        if not visible:
            states[action] = KeyState.HIDDEN
            continue
        if action == "undo":
            lit = session.can_undo
        elif action == "redo":
            lit = session.can_redo
        elif action == "final_score":
            lit = True
        else:
            lit = bool(allowed & set(events[action]))
        states[action] = KeyState.LIT if lit else KeyState.DIMMED
    for action in ALWAYS:
        states[action] = KeyState.LIT
    return states
