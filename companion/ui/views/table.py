"""What the Table shows, built once per change of the game: every panel draws from one
immutable :class:`TableView` through the same ``show(view)`` method.

The view holds the engine's answers (limits, travel costs, slots, hand size, what is
pending) so no panel computes a rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from companion.i18n.words import edition

if TYPE_CHECKING:
    from companion.session import GameSession
    from solo_deck import (
        Capacity,
        GameState,
        PalaceLimits,
        PlayerLimits,
        RemovalOdds,
        RoundsForecast,
        Slots,
    )


@dataclass(frozen=True)
class TableView:
    """One moment of the game as the Table shows it."""

    state: GameState
    palace_limits: PalaceLimits
    player_limits: PlayerLimits
    frederick_max_actions: int
    provisional: bool
    house: str
    difficulty: str
    log: tuple[str, ...]
    """The log as the engine wrote it (a line is rendered in the language in use where it
    is shown: the Table shows the last few)."""
    redo: int
    travel_costs: tuple[int | None, ...]
    """Per port: Augustales to sail there now (``None``: your port, or out of reach)."""
    slots: Slots
    hand_size: int
    capacity: Capacity
    workplaces: tuple[str, ...]
    """The Workplace abilities you use now."""
    landing: Mapping[int, Fraction]
    """Where Frederick's ship may end after his next card."""
    risk: Mapping[int, RemovalOdds] | None = None
    """The chance each port loses its card or Ally before your next turn (computed in
    the background; ``None`` until then)."""
    forecast: RoundsForecast | None = None
    """When the game is likely to end (computed in the background)."""
    board_provisional: bool = False
    """The game's board holds assumed values (it was started before you checked yours)."""
    may_pass: bool = True
    """The engine allows a Pass now (it refuses one while your hand holds a card)."""

    @classmethod
    def build(cls, session: GameSession, *, provisional: bool) -> TableView:
        """The view of the session's game now (odds and forecast still to come)."""
        from companion.ui.views.boards import is_provisional
        from solo_deck import (
            Phase,
            capacity,
            frederick_ship_distribution,
            hand,
            slots,
            travel_cost,
            workplaces_in_use,
        )

        state = session.state
        rules = session.ruleset
        setup = session.setup
        ports = range(len(state.voyage.ports))
        landing = frederick_ship_distribution(state) if state.phase is not Phase.GAME_OVER else {}
        return cls(
            state=state,
            palace_limits=session.palace_limits,
            player_limits=session.player_limits,
            frederick_max_actions=rules.rounds.frederick_max_actions.value,
            provisional=provisional,
            board_provisional=is_provisional(rules),
            house=setup.house,
            difficulty=setup.difficulty,
            log=tuple(session.log),
            redo=len(session.redo_log),
            travel_costs=tuple(travel_cost(state, port, rules) for port in ports),
            slots=slots(state, rules),
            hand_size=hand(state, rules),
            capacity=capacity(state, rules),
            workplaces=tuple(_workplace(label) for label in workplaces_in_use(state)),
            landing=landing,
            may_pass="pass" in session.allowed(),
        )

    def with_insight(self, risk: Mapping[int, RemovalOdds], forecast: RoundsForecast) -> TableView:
        """The same view with the background figures filled in."""
        return dataclasses.replace(self, risk=risk, forecast=forecast)


def _workplace(label: str) -> str:
    """A Workplace ability's label (``Village I A``) with its area as the edition names it."""
    area, _space, rest = label.partition(" ")
    return f"{edition(area)} {rest}" if rest else edition(label)


def deck_is_provisional(session: GameSession) -> bool:
    """Whether the game's solo deck is the provisional one and the player has not checked
    all its cards yet (the Table then says so; an unreadable settings file counts as
    nothing checked)."""
    deck = session.setup.deck
    if not deck.provisional:
        return False
    try:
        verified = session.settings.verified_cards()
    except (OSError, ValueError):
        verified = set()
    return not {card.id for card in deck.cards} <= verified
