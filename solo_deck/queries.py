"""Questions a front end asks about a state, answered by the rules: what a voyage costs,
your hand size and card slots, what your castle and warehouse hold, what your Workplaces
take off a cost, what the End Phase will refill.

A screen that needs a rule fact asks here (or :meth:`SoloGame.allowed
<solo_deck.game.SoloGame.allowed>` / :meth:`~solo_deck.game.SoloGame.preview`) instead of
computing it.

>>> from solo_deck import GameSetup, load_ruleset, parse_edict
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> [travel_cost(state, port, load_ruleset()) for port in range(5)]
[None, 0, 1, 2, 3]
>>> slots(state, load_ruleset())
Slots(usable=5, free=(0, 1, 2, 3, 4), locked=1)
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import NamedTuple

from solo_deck.data.loaders import advanced_cards_by_id, great_structures
from solo_deck.model.edict_row import Issuer
from solo_deck.model.gains import Gains
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.triggers import active_workplaces, hand_size, workplace_discount
from solo_deck.rules.turn_actions import travel_free_steps


def travel_cost(
    state: GameState, port: int, ruleset: Ruleset, *, any_port: bool = False
) -> int | None:
    """Augustales to sail your ship to ``port`` now (your Workplaces' free steps counted);
    ``None`` for your own port or one out of reach. ``any_port``: an effect that moves
    your ship anywhere for free."""
    voyage = state.voyage
    if not 0 <= port < len(voyage.ports):
        return None
    steps = voyage.steps_to(port)
    if steps == 0:
        return None
    if any_port:
        return 0
    limits = PlayerLimits.from_ruleset(ruleset)
    if steps > limits.travel_max_steps:
        return None
    return limits.travel_cost(steps, travel_free_steps(state))


class Slots(NamedTuple):
    """Your card slots this round: how many you may use, which are free (0-based), how
    many are still locked under the Card Slot tile."""

    usable: int
    free: tuple[int, ...]
    locked: int


def slots(state: GameState, ruleset: Ruleset) -> Slots:
    """Your card slots now."""
    limits = PlayerLimits.from_ruleset(ruleset)
    usable = state.player.usable_slots(limits)
    return Slots(usable, state.player.free_slots(limits), limits.card_slots - usable)


def hand(state: GameState, ruleset: Ruleset) -> int:
    """Your hand size now: the End Phase refills your hand to this many cards."""
    return hand_size(state, PlayerLimits.from_ruleset(ruleset))


class Capacity(NamedTuple):
    """What your board holds now and how much room it has."""

    allies: int
    ally_spaces: int
    resources: int
    storage: int


def capacity(state: GameState, ruleset: Ruleset) -> Capacity:
    """Allies hosted and resources stored, each against its room."""
    limits = PlayerLimits.from_ruleset(ruleset)
    player = state.player
    return Capacity(
        len(player.allies), player.ally_spaces(limits), player.resources, player.storage(limits)
    )


def discount(state: GameState, action: str, structure: str | None = None) -> Gains:
    """What your Workplaces take off an action's cost now (``build`` with its structure,
    ``summon``, ``purchase``)."""
    return workplace_discount(state, action, structure)


def card_price(state: GameState, card_id: str, extra: Gains | None = None) -> int | None:
    """The Augustales an Advanced card costs you now (your discounts counted, ``extra``
    from an effect); ``None`` when it is paid by removing an Action card."""
    card = advanced_cards_by_id().get(card_id)
    if card is None or card.cost.augustales is None:
        return None
    off = workplace_discount(state, "purchase") + (extra or Gains())
    return max(0, card.cost.augustales - off.augustales)


def great_cost(great_id: str) -> int | None:
    """A Great Structure's Augustales (``None`` where our sources lost it)."""
    return great_structures()[great_id].augustales


class MarketTrades(NamedTuple):
    """How many sales and purchases one Market visit allows now (one each, and one more of
    either with a Workplace that gives it)."""

    sells: int
    buys: int
    total: int


def market_trades(state: GameState) -> MarketTrades:
    """The trades a Market visit allows now."""
    extra = sum(
        tile.effect.extra_trades
        for tile in active_workplaces(state)
        if tile.effect.trigger == "market"
    )
    return MarketTrades(1 + extra, 1 + extra, 2 + extra)


def usual_summon_grain(ruleset: Ruleset) -> int:
    """The Grain an Ally's spot usually costs (the board prints each spot's cost; this is
    the prefill a dialog offers)."""
    return ruleset.voyage.ally_cost_grain.value


def ally_candidates(state: GameState, port: int, space: int = 0) -> tuple[str, ...]:
    """The Ally tiles that can be the face-up Ally of a port's space (see
    :func:`solo_deck.rules.legal.hidden.ally_candidates`)."""
    from solo_deck.rules.legal.hidden import ally_candidates as candidates

    return candidates(state, port, space)


def workplaces_in_use(state: GameState) -> tuple[str, ...]:
    """The labels of the Workplace abilities you use now (``Village I A``...)."""
    return tuple(tile.label for tile in active_workplaces(state))


class TileDrawn(NamedTuple):
    """A tile drawn into a Next space and not typed in yet: the space (0-based), who
    issued the Edict whose refill drew it (``None``: no Edict did, a game's first tiles)
    and that Edict's tile as written (``2T 1K``)."""

    position: int
    by: Issuer | None
    edict: str | None


def tile_drawn(state: GameState) -> TileDrawn | None:
    """The Next tile the engine waits for (``None``: none), and whose Edict drew it: a
    screen says "your Edict" or "Frederick's" from this, never from what it saw last.

    >>> from solo_deck import GameSetup, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> tile_drawn(state) is None
    True
    >>> row, _, _ = state.edicts.take(1, 2)  # you issue Edict II; Next III slides down
    >>> tile_drawn(state.model_copy(update={"edicts": row}))
    TileDrawn(position=2, by='you', edict='1W 1K')
    >>> row, _, _ = state.edicts.take(0, 0, by="frederick")
    >>> tile_drawn(state.model_copy(update={"edicts": row})).by
    'frederick'
    """
    row = state.edicts
    if not row.awaiting:
        return None
    issued = str(row.issued[-1]) if row.issued else None
    return TileDrawn(row.awaiting[0], row.last_issuer if issued else None, issued)


def cards_you_may_hold(state: GameState) -> tuple[str, ...]:
    """The distinct Action cards that may be in your hand now (those a face-up play may
    name): named there, or lying unnamed where your hand's unnamed cards could be any of
    them; every card you own in a game that does not count its hand.

    >>> from solo_deck import GameSetup, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> cards_you_may_hold(state)[:2]
    ('common-augustales', 'common-draw')
    """
    from solo_deck.rules.legal.turn import cards_in_hand

    return cards_in_hand(state)


def cards_you_may_remove(state: GameState) -> tuple[tuple[str, bool], ...]:
    """``(card, from_hand)`` for each card a Purchase paid with an Action card may remove
    now: one of your hand (``True``) or of your discard pile (``False``); never one of the
    draw pile, and nothing from an empty pile."""
    from solo_deck.rules.legal.hidden import removal_options

    return tuple(removal_options(state))


def why_not_buy(state: GameState, card_id: str, extra: Gains | None = None) -> str | None:
    """Why you cannot buy Advanced card ``card_id`` now (``None``: you can): owned already,
    its Action card with none to remove, or more Augustales than you hold (``extra`` off
    the price besides your Workplaces', from an effect). A dialog asks it for the card
    named as lying at your port, before the card is told to the engine.

    >>> from solo_deck import GameSetup, load_ruleset, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> why_not_buy(state, "A6") is None  # 5 Augustales; you hold 6
    True
    """
    from solo_deck.rules.gate import why_not_buy as why_not

    return why_not(state, card_id, extra)
