"""The greedy bot: each move the one with the best immediate gain, by the value function of
:mod:`solo_deck.play.value`.

- **Your turn's first decision** (sail, play a card, pass): every card you may hold, face up
  or face down, at your port and at each port in reach, is judged by what it would gain now
  (:mod:`solo_deck.play.estimates`, less the voyage's coins); the best is played, in the
  free slot whose own actions are worth least, and a face-down card is the one worth least
  face up.
- **The End Phase's steps** come in the order the engine lists them (no choice is in them).
- **Every other decision** (which site, which Ally, which Edict and how, which reward, a
  resource split, what to put back, whether to decline): each legal move is played on a
  copy of the game (:meth:`SoloGame.preview <solo_deck.game.SoloGame.preview>`, the real
  fold) and the one leaving the position worth most is chosen (the first of equals).

It looks no further than the move in hand: it does not keep a card for later or plan a
castle; that is the plan bot's part (:mod:`solo_deck.play.plan`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solo_deck.errors import RuleError
from solo_deck.events import Decline, PlayCard, PlayerEdict, Travel
from solo_deck.game import SoloGame
from solo_deck.model.moves import Move
from solo_deck.model.state import Phase
from solo_deck.play.estimates import PLAIN, Estimates, distinct_plays, pending_worth, played
from solo_deck.play.value import worth
from solo_deck.queries import travel_cost
from solo_deck.rules.card_slots import slot_actions


class GreedyBot:
    """The move with the best immediate gain (see the module)."""

    name = "greedy"

    def choose(self, game: SoloGame, moves: Sequence[Move], rng: random.Random) -> Move:
        if no_choice(game, moves):
            return moves[0]
        if your_turn_begins(game):
            return self._turn(game, moves)
        return best_by_preview(game, moves)

    def _turn(self, game: SoloGame, moves: Sequence[Move]) -> Move:
        state, ruleset = game.state, game.ruleset
        plays = [m for m in moves if isinstance(m.event, PlayCard)]
        if not plays:
            return moves[0]  # nothing to play: pass
        distinct = distinct_plays(plays)
        here = Estimates(state, ruleset)
        best = max(distinct.values(), key=lambda m: _value(here, m))
        stay = _value(here, best)
        per_vp = ruleset.scoring.augustales_per_vp.value
        sail: Move | None = None
        at_sea = [m for m in distinct.values() if here.at_sea(played(m))]
        for move in moves if at_sea else ():  # only these gain by sailing
            if not isinstance(move.event, Travel):
                continue
            there = here.at_port(move.event.port)
            cost = (travel_cost(state, move.event.port, ruleset) or 0) / per_vp
            value = max(_value(there, m) for m in at_sea) - cost
            if value > stay:
                stay, sail = value, move
        if sail is not None:
            return sail
        return in_best_slot(here, best, plays)


def no_choice(game: SoloGame, moves: Sequence[Move]) -> bool:
    """True when the first move is the one to make: the only one, or an End Phase step
    (bookkeeping: taken in the order listed)."""
    state = game.state
    return len(moves) == 1 or (state.phase is Phase.END_PHASE and state.obligation is None)


def your_turn_begins(game: SoloGame) -> bool:
    """True at a turn's first decision: sail, play a card or pass."""
    return game.state.phase is Phase.PLAYER and game.state.obligation is None


def _value(estimates: Estimates, move: Move) -> float:
    return estimates.play(played(move))


def in_best_slot(estimates: Estimates, chosen: Move, plays: Sequence[Move]) -> Move:
    """Among the moves that play what ``chosen`` plays, the one in the slot whose own
    actions are worth least (and, face down, with the card worth least face up)."""
    event = chosen.event
    assert isinstance(event, PlayCard)
    ruleset = estimates.ruleset

    def same(move: Move) -> bool:
        other = move.event
        assert isinstance(other, PlayCard)
        if other.face_up != event.face_up or other.actions != event.actions:
            return False
        return not event.face_up or other.card_id == event.card_id

    def cost(move: Move) -> tuple[float, float, int]:
        other = move.event
        assert isinstance(other, PlayCard)
        kept = [a for a in slot_actions(other.slot, ruleset) if a not in other.actions]
        slot_value = max((estimates.action(a, PLAIN) for a in kept), default=0.0)
        card_value = 0.0
        if not other.face_up and other.card_id is not None:
            card_value = estimates.card(other.card_id)
        return slot_value, card_value, other.slot

    return min((m for m in plays if same(m)), key=cost)


def best_by_preview(game: SoloGame, moves: Sequence[Move]) -> Move:
    """The move whose position after it is worth most (the first of equals; declining
    comes last among equals: what gains nothing is still taken)."""
    ranked = ranked_by_preview(game, moves)
    return ranked[0][1] if ranked else moves[0]


def ranked_by_preview(game: SoloGame, moves: Sequence[Move]) -> list[tuple[float, Move]]:
    """``moves`` with the worth of the position after each, best first (equals in the
    order listed, declining last among them; of the Edicts that differ only in which Next
    tile slides down, the first alone: that gains nothing now)."""
    ruleset = game.ruleset
    ordered = sorted(moves, key=lambda move: isinstance(move.event, Decline))
    ranked: list[tuple[float, Move]] = []
    seen: set[tuple[int, str]] = set()
    for move in ordered:
        event = move.event
        if isinstance(event, PlayerEdict):
            key = (event.slot, repr(sorted(event.choice.items())))
            if key in seen:
                continue
            seen.add(key)
        try:
            after, _ = game.preview(move.event)
        except RuleError:  # pragma: no cover - the engine lists only what it accepts
            continue
        ranked.append((worth(after, ruleset) + pending_worth(after, ruleset), move))
    ranked.sort(key=lambda pair: -pair[0])
    return ranked
