"""What a position is worth to the bots, in VP: the one stated value function.

``worth(state)`` = your VP + 1 per Structure built + your Grain and Stone at 2 Augustales each
and your Augustales at 1 VP per 6 (what the final score gives them), + what your Allies and
your castle's closed sides would pay at an End Phase now, once for each End Phase likely
left (:func:`rounds_left`), + a little for each card in your hand that a free card slot
can still take this round (a play still to make) and for each step your Specialists have
taken (the Workplaces they open). It counts what
the final score counts, and income still to come, so a Summon or a closed side is worth
something the moment it is made.

The bots compare moves by it (:mod:`solo_deck.play.greedy`); it keeps no rule: costs,
incomes and conditions come from the engine's data and queries.

>>> from solo_deck import GameSetup, load_ruleset, parse_edict
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> round(worth(state, load_ruleset()), 3)  # 2 Structures, 2 resources, 6 coins, 5 cards
4.917
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.loaders import allies_by_id, side_incomes
from solo_deck.model.gains import Gains
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.income import condition_holds

LAST_ROUND = 6
"""The round the lab's games usually end after: the End Phases left are counted up to it
(at least the one of the round in progress)."""
MARKET_SIDE_VP = 1 / 3
CARD_IN_HAND = 1 / 4
"""A card in hand: one more play this round, at a modest guess."""
SPECIALIST_STEP = 1 / 2
"""A step a Specialist has taken: a Workplace's ability, at a modest guess."""
"""What a Market visit at the End Phase is taken to be worth (a trade that turns coins into
a resource you need, or back)."""


def rounds_left(state: GameState) -> int:
    """End Phases likely still to come, this round's included."""
    return max(1, LAST_ROUND - state.round + 1)


def gains_worth(gains: Gains, ruleset: Ruleset) -> float:
    """``gains`` at their end-of-game worth: VP as they are, Grain and Stone at their coins,
    coins at 1 VP per 6."""
    scoring = ruleset.scoring
    coins = gains.augustales + gains.resources * scoring.augustales_per_resource.value
    return gains.vp + coins / scoring.augustales_per_vp.value


def ally_income_now(state: GameState, ruleset: Ruleset) -> int:
    """What your Allies would score at an End Phase now."""
    scoring = ruleset.scoring
    base, bonus = scoring.ally_base_vp.value, scoring.ally_bonus_vp.value
    limits = PlayerLimits.from_ruleset(ruleset)
    catalogue = allies_by_id()
    total = 0
    for ally_id in state.player.allies:
        met = condition_holds(catalogue[ally_id], state.player, state.palace, limits)
        total += base + (bonus if met else 0)
    return total


def sides_income(state: GameState, ruleset: Ruleset) -> float:
    """What your closed sides would pay at an End Phase now."""
    rules = side_incomes()
    return sum(
        MARKET_SIDE_VP if rules[side].market else gains_worth(rules[side].gains, ruleset)
        for side in state.player.closed_sides
    )


def playable_cards(state: GameState, ruleset: Ruleset) -> int:
    """Cards in your hand that your free card slots can still take this round."""
    free = len(state.player.free_slots(PlayerLimits.from_ruleset(ruleset)))
    return min(state.hand or 0, free)


def worth(state: GameState, ruleset: Ruleset) -> float:
    """The position's worth in VP (see the module)."""
    player = state.player
    scoring = ruleset.scoring
    coins = player.augustales + player.resources * scoring.augustales_per_resource.value
    now = player.vp + coins / scoring.augustales_per_vp.value
    income = ally_income_now(state, ruleset) + sides_income(state, ruleset)
    steps = sum(specialist.space for specialist in player.specialists)
    return (
        now
        + player.structures * scoring.vp_per_structure.value
        + income * rounds_left(state)
        + CARD_IN_HAND * playable_cards(state, ruleset)
        + SPECIALIST_STEP * steps
    )
