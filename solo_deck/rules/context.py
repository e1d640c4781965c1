"""What every event handler receives besides the state and the event."""

from __future__ import annotations

from dataclasses import dataclass

from solo_deck.model.limits import PlayerLimits
from solo_deck.model.obligations import Obligation
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState


@dataclass(frozen=True)
class Context:
    """The ruleset, the player's limits built from it, and ``first``: the obligation the
    event meets (already taken off the queue), or ``None`` for an event of its own (playing
    a card, travelling at the start of a turn, an End Phase step)."""

    ruleset: Ruleset
    limits: PlayerLimits
    first: Obligation | None = None


Outcome = tuple[GameState, str, list[Obligation]]
"""A handler's result: the new state, the log line, and what the event triggers (in the
rules' order; they go before whatever else is pending)."""
