"""The plan bot: a scripted strategy a player would recognise, *castle first, then Allies,
and keep Frederick small*.

- **Your turn**: build whenever a Build gains something (face down in a slot that gives
  it); otherwise, once your castle has three Towers, summon an Ally worth having (sailing
  to it when it lies within reach); otherwise gather what building takes: a face-up card
  that gives resources or coins, or the best face-up card; and when none is worth playing,
  a face-down card for the best action left.
- **Edicts**: every kind of icon is removed from Frederick's palace where the rules allow it
  (added only where it must be): a small palace keeps your Independents ahead of him.
- **A Market visit** buys the Stone or Grain the cheapest open site lacks, when the
  Market there sells it.
- **Everything else** (which site, which reward, a resource split, a Purchase offered by a
  card): the choice leaving the position worth most, as the greedy bot judges it
  (:func:`solo_deck.play.greedy.best_by_preview`); a Great Structure only when its coins
  leave 6 in hand.
"""

# i18n: sentences are Text
from __future__ import annotations

import random
from collections.abc import Sequence

from solo_deck.data.loaders import great_structures
from solo_deck.events import Build, PlayCard, PlayerEdict, Travel, VisitMarket
from solo_deck.game import SoloGame
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.moves import Move
from solo_deck.model.palace import Direction
from solo_deck.model.state import GameState
from solo_deck.play.estimates import Estimates, PlayKey, distinct_plays, played
from solo_deck.play.greedy import best_by_preview, in_best_slot, no_choice, your_turn_begins
from solo_deck.queries import travel_cost
from solo_deck.rules.castle_sites import site_offers

ALLIES_AFTER_TOWERS = 3
"""Towers built before the plan turns to Allies."""
COINS_KEPT = 6
"""Augustales a Great Structure must leave in hand."""


class PlanBot:
    """Castle first, then Allies, and Frederick kept small (see the module)."""

    name = "plan"

    def choose(self, game: SoloGame, moves: Sequence[Move], rng: random.Random) -> Move:
        state = game.state
        if no_choice(game, moves):
            return moves[0]
        if your_turn_begins(game):
            return self._turn(game, moves)
        edicts = [m for m in moves if isinstance(m.event, PlayerEdict)]
        if edicts:
            return min(edicts, key=_added)
        need = _shortfall(game)
        buys = [m for m in moves if isinstance(m.event, VisitMarket) and m.event.buys]
        if need is not None and buys and _sells(state, state.voyage.player, need):
            return max(buys, key=lambda m: (_buys(m), -_sells_count(m)))
        builds = [m for m in moves if not _great_too_dear(game, m)]
        return best_by_preview(game, builds or moves)

    def _turn(self, game: SoloGame, moves: Sequence[Move]) -> Move:
        state, ruleset = game.state, game.ruleset
        plays = [m for m in moves if isinstance(m.event, PlayCard)]
        if not plays:
            return moves[0]  # nothing to play: pass
        distinct = distinct_plays(plays)
        here = Estimates(state, ruleset)
        build = _face_down(distinct, "build")
        if build is not None and here.play(played(build)) > 0:
            return in_best_slot(here, build, plays)
        if state.player.towers >= ALLIES_AFTER_TOWERS:
            summon = _face_down(distinct, "summon")
            if summon is not None:
                if here.play(played(summon)) > 0:
                    return in_best_slot(here, summon, plays)
                sail = _sail_to_summon(game, moves, here, summon)
                if sail is not None:
                    return sail
        face_up = [m for m in distinct.values() if played(m).face_up]
        gathering = [m for m in face_up if here.play(played(m)) > 0]
        if gathering:
            best = max(gathering, key=lambda m: here.play(played(m)))
            return in_best_slot(here, best, plays)
        best = max(distinct.values(), key=lambda m: here.play(played(m)))
        return in_best_slot(here, best, plays)


def _face_down(distinct: dict[PlayKey, Move], action: str) -> Move | None:
    """The face-down play giving ``action`` alone, if a free slot gives it."""
    return next(
        (m for m in distinct.values() if not played(m).face_up and played(m).actions == (action,)),
        None,
    )


def _sail_to_summon(
    game: SoloGame, moves: Sequence[Move], here: Estimates, summon: Move
) -> Move | None:
    """The voyage to the nearest port whose Ally is worth summoning, if one is in reach."""
    per_vp = game.ruleset.scoring.augustales_per_vp.value
    options = []
    for move in moves:
        if isinstance(move.event, Travel):
            cost = travel_cost(game.state, move.event.port, game.ruleset) or 0
            value = here.at_port(move.event.port).play(played(summon)) - cost / per_vp
            if value > 0:
                options.append((cost, -value, move.event.port, move))
    return min(options)[3] if options else None


def _added(move: Move) -> int:
    """How many kinds of icon an Edict choice adds to Frederick's palace."""
    assert isinstance(move.event, PlayerEdict)
    return sum(direction == Direction.ADD for direction in move.event.choice.values())


def _great_too_dear(game: SoloGame, move: Move) -> bool:
    """True for a Great Structure whose coins would leave fewer than :data:`COINS_KEPT`."""
    event = move.event
    if not isinstance(event, Build) or event.great is None:
        return False
    cost = event.augustales
    if cost is None:
        cost = great_structures()[event.great].augustales or 0
    return game.state.player.augustales - cost < COINS_KEPT


def _shortfall(game: SoloGame) -> str | None:
    """The resource (``grain`` or ``stone``) missing for the open site you lack least for,
    when every open site you could build lacks something (``None``: one is affordable, or
    none is open)."""
    state, player = game.state, game.state.player
    if player.sites is None:
        return None
    limits = PlayerLimits.from_ruleset(game.ruleset)
    missing = []
    for offer in site_offers(state, game.ruleset):
        kind = offer.site.kind
        if offer.why_not is not None or player.built(kind) >= limits.castle_max(kind):
            continue
        stone = max(0, offer.cost.stone - player.stone)
        grain = max(0, offer.cost.grain - player.grain)
        if not stone and not grain:
            return None
        missing.append((stone + grain, "stone" if stone >= grain else "grain"))
    return min(missing)[1] if missing else None


def _sells(state: GameState, port: int, resource: str) -> bool:
    """True when the Market known at ``port`` sells you ``resource`` for coins you have."""
    tile = state.board.markets[port] if port < len(state.board.markets) else None
    trade = tile.buy if tile is not None else None
    return (
        trade is not None
        and trade.resource == resource
        and (state.player.augustales >= trade.augustales)
    )


def _buys(move: Move) -> int:
    assert isinstance(move.event, VisitMarket)
    return move.event.buys


def _sells_count(move: Move) -> int:
    assert isinstance(move.event, VisitMarket)
    return move.event.sells
