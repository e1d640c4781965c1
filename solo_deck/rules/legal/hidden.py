"""Where hidden information enters: one event per outcome, weighed by what is public.

- A tile drawn from the bag into a Next space: each tile of the box (the assumed ones,
  :mod:`solo_deck.model.assumptions`) not yet seen, by how many copies are left.
- An Ally turned up: each Ally tile not seen yet, alike.
- An Advanced card turned up: the pile holds the level A cards on top of the level B
  ones, so its level follows from how many were turned up; each card of that level not
  seen yet, alike.
- A card of your hand the engine does not know by name: each card whose place is not
  known, by how many copies are unplaced.
- Frederick's card of a table deck: each face not seen since the shuffle, by its copies
  (a virtual deck: the engine deals it).
- A value the table shows but has not told yet (the Workplace tile on a space and its Edict
  token, the City Bonus tile in a City, a Market tile, the reward under an Active space, a
  card's effect our text lost): each value it can be, from the component lists and the
  assumed values.

>>> from solo_deck.data.loaders import load_ruleset
>>> from solo_deck import GameSetup, parse_edict
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> sum(m.chance or 0 for m in name_hand(state)) == 1
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache

from solo_deck.data.assumed import load_assumptions
from solo_deck.data.loaders import (
    advanced_cards_by_id,
    city_bonus_tiles,
    house_cards_of,
    load_allies,
    workplace_tiles,
)
from solo_deck.events import (
    ChooseCityBonus,
    NameAlly,
    NameCard,
    NameHand,
    PlaceWorkplace,
    RevealEdict,
)
from solo_deck.model.assumptions import Assumptions
from solo_deck.model.board import MarketTile
from solo_deck.model.city_bonus import CityTileId
from solo_deck.model.edict import Edict
from solo_deck.model.moves import Move
from solo_deck.model.solo_cards import Numeral
from solo_deck.model.state import GameState
from solo_deck.rules.hand import pool, unknown_in, unknown_in_hand
from solo_deck.rules.legal.scope import Scope, weighted
from solo_deck.rules.workplace_area import area_in_use, partner_tile

Outcome = tuple[str, Fraction | None, str | None]
"""A value, its probability and the fact it tells (``None, None``: the value is known)."""


# --- tiles drawn from the bag ----------------------------------------------------------------


def ally_candidates(state: GameState, port: int, space: int = 0) -> tuple[str, ...]:
    """The Ally tiles that can be the face-up Ally of a port's space: not in your castle,
    not known to lie face up elsewhere, not removed from the game by Frederick.

    >>> from solo_deck import GameSetup, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18,
    ...                                 port_allies=("tento", "gisela")))
    >>> "gisela" in ally_candidates(state, 0), "tento" in ally_candidates(state, 0)
    (False, True)
    """
    voyage = state.voyage
    out = set(state.player.allies) | set(voyage.removed_allies)
    for index, at in enumerate(voyage.ports):
        for number, other in enumerate(at.allies):
            if (index, number) != (port, space) and other.face_up and other.face_up_id:
                out.add(other.face_up_id)
    return tuple(ally.id for ally in load_allies() if ally.id not in out)


def edict_bag(scope: Scope) -> Counter[Edict]:
    """The Edict tiles that may still lie in the bag: the box's (assumed) tiles less those
    seen on the row or issued. When the table showed tiles the assumed box lacks, every
    tile of the box stays possible."""
    row = scope.state.edicts
    box = _box(scope.assumptions, scope.easier_solo)
    bag = box.copy()
    bag.subtract(tile for tile in (*row.active, *row.next, *row.issued) if tile is not None)
    left = Counter({tile: n for tile, n in bag.items() if n > 0})  # the box's order kept
    return left if left else box


def _box(assumptions: Assumptions, easier_solo: bool) -> Counter[Edict]:
    """The box's Edict tiles, counted (once for the packaged assumptions)."""
    if assumptions is load_assumptions():
        return _packaged_box(easier_solo)
    return Counter(assumptions.tiles(easier_solo))


@cache
def _packaged_box(easier_solo: bool) -> Counter[Edict]:
    return Counter(load_assumptions().tiles(easier_solo))


def reveal_edict(scope: Scope) -> Iterator[Move]:
    """Each tile the newly drawn Next tile can be."""
    bag = weighted(edict_bag(scope), ordered=True)  # in the box's order
    for position in scope.state.edicts.awaiting:
        fact = f"the new Next {Numeral.from_index(position).value} tile"
        for tile, chance in bag:
            yield Move(_reveal(position, tile), chance, fact, decision=False)


@cache
def _reveal(position: int, tile: Edict) -> RevealEdict:
    """The event telling ``tile`` in Next ``position`` (made once: events are immutable)."""
    return RevealEdict(position=position, edict=tile)


# --- what lies at a port ------------------------------------------------------------------------


def ally_outcomes(state: GameState, port: int, space: int) -> list[Outcome]:
    """Who the face-up Ally in a port's space is: known, or each Ally tile not seen yet."""
    known = state.voyage.ports[port].allies[space].face_up_id
    if known is not None:
        return [(known, None, None)]
    fact = f"the Ally in {state.voyage.ports[port].name}" + (f" ({space + 1})" if space else "")
    candidates = ally_candidates(state, port, space)
    return [(ally, Fraction(1, len(candidates)), fact) for ally in candidates]


def name_ally(scope: Scope) -> Iterator[Move]:
    """Each face-up Ally whose name the table has not typed: each it can be."""
    unnamed = [
        (port, space)
        for port, at in enumerate(scope.state.voyage.ports)
        for space, ally in enumerate(at.allies)
        if ally.face_up and ally.face_up_id is None
    ]
    for port, space in unnamed:
        for ally_id, chance, fact in ally_outcomes(scope.state, port, space):
            yield Move(_name_ally(port, space, ally_id), chance, fact, decision=False)


def card_chances(scope: Scope) -> dict[str, Fraction]:
    """How likely each Advanced card not seen yet is to be an unnamed card turned up from
    the pile: the level A cards lie on top of the level B ones, so the cards turned up so
    far are the first ones of the pile."""
    state, rules = scope.state, scope.ruleset.voyage
    voyage = state.voyage
    level_a, level_b = rules.advanced_cards_level_a.value, rules.advanced_cards_level_b.value
    seen = set(state.player.advanced_cards) | set(voyage.removed_cards) | set(state.cards.removed)
    seen |= {s.card_id for port in voyage.ports for s in port.cards if s.card_id is not None}
    catalogue = advanced_cards_by_id()
    unseen = {
        level: [c for c in catalogue.values() if c.level == level and c.id not in seen]
        for level in ("A", "B")
    }
    dealt = max(0, level_a + level_b - voyage.advanced_pile)
    dealt_a = min(dealt, level_a)
    seen_a = sum(1 for c in seen if c in catalogue and catalogue[c].level == "A")
    seen_b = sum(1 for c in seen if c in catalogue and catalogue[c].level == "B")
    hidden = {"A": max(0, dealt_a - seen_a), "B": max(0, dealt - dealt_a - seen_b)}
    if not any(hidden[level] and unseen[level] for level in hidden):  # the counts disagree
        hidden = {level: len(cards) for level, cards in unseen.items()}
    total = sum(hidden[level] for level in hidden if unseen[level])
    chances: dict[str, Fraction] = {}
    for level, cards in unseen.items():
        if not hidden[level] or not cards:
            continue
        chance = Fraction(hidden[level], total * len(cards))  # alike for a level's cards
        for card in cards:
            chances[card.id] = chance
    return chances


def card_outcomes(scope: Scope, port: int, space: int) -> list[Outcome]:
    """Which Advanced card lies in a port's space: known, or each it can be, weighed."""
    voyage = scope.state.voyage
    known = voyage.ports[port].cards[space].card_id
    if known is not None:
        return [(known, None, None)]
    fact = f"the Advanced card in {voyage.ports[port].name}" + (f" ({space + 1})" if space else "")
    return [(card, chance, fact) for card, chance in sorted(card_chances(scope).items())]


def name_card(scope: Scope) -> Iterator[Move]:
    """Each Advanced card lying unnamed at a port: each it can be."""
    unnamed = [
        (port, space)
        for port, at in enumerate(scope.state.voyage.ports)
        for space, card in enumerate(at.cards)
        if card.present and card.card_id is None
    ]
    for port, space in unnamed:
        for card_id, chance, fact in card_outcomes(scope, port, space):
            yield Move(_name_card(port, space, card_id), chance, fact, decision=False)


@cache
def _name_ally(port: int, space: int, ally_id: str) -> NameAlly:
    """The event naming an Ally (made once: events are immutable)."""
    return NameAlly(port=port, space=space, ally_id=ally_id)


@cache
def _name_card(port: int, space: int, card_id: str) -> NameCard:
    """The event naming an Advanced card (made once: events are immutable)."""
    return NameCard(port=port, space=space, card_id=card_id)


# --- your cards ---------------------------------------------------------------------------------


def name_hand(state: GameState) -> Iterator[Move]:
    """One card of your hand the engine does not know by name: each card whose place is
    unknown, by its unplaced copies."""
    if state.hand is None or not state.cards.by_name or unknown_in_hand(state) < 1:
        return
    for card, chance in weighted(pool(state)):
        yield Move(NameHand(cards=(card,)), chance, "a card of your hand", decision=False)


def removal_options(state: GameState) -> list[tuple[str, bool]]:
    """``(card, from_hand)`` for each card a Purchase may remove: a card of your hand or of
    your discard pile (any card you own, from either, in a game that does not follow
    them)."""
    if state.hand is None or not state.cards.by_name:
        owned = {card.id for card in house_cards_of(state.player.house)}
        owned |= set(state.player.advanced_cards) - set(state.cards.removed)
        hand = [(card, True) for card in sorted(owned)] if state.hand != 0 else []
        return hand + [(card, False) for card in sorted(owned)]
    unknown = unknown_in(state)
    unplaced = set(pool(state))
    in_hand = set(state.cards.hand_known) | (unplaced if unknown["hand"] else set())
    in_discard = set(state.cards.discard_known) | (unplaced if unknown["discard"] else set())
    return [(card, True) for card in sorted(in_hand)] + [
        (card, False) for card in sorted(in_discard)
    ]


# --- what the table shows and has not told --------------------------------------------------------


def market_outcomes(scope: Scope) -> list[tuple[MarketTile, Fraction | None, str | None]]:
    """The Market tile at your port: known, or each assumed side it can show (the sides of
    tiles seen at other ports left out), a medium game's blue sides weighing 3 to the red
    sides' 2."""
    state = scope.state
    port = state.voyage.player
    markets = state.board.markets
    known = markets[port] if port < len(markets) else None
    if known is not None:
        return [(known, None, None)]
    sides = scope.assumptions.market_sides(scope.difficulty)
    blue, red = scope.assumptions.markets.blue, scope.assumptions.markets.red
    shown = {tile for tile in markets if tile is not None}
    gone = {i for i in range(len(blue)) if blue[i] in shown or red[i] in shown}
    weights: Counter[MarketTile] = Counter()
    for tile, side in sides:
        index = (blue if side == "blue" else red).index(tile)
        if index not in gone:
            weights[tile] += 3 if side == "blue" and scope.difficulty == "medium" else 2
    if not weights:
        weights = Counter({tile: 1 for tile, _ in sides})
    fact = f"the Market tile in {state.voyage.ports[port].name}"
    total = sum(weights.values())
    return [(tile, Fraction(n, total), fact) for tile, n in weights.items()]


def place_workplace(scope: Scope) -> Iterator[Move]:
    """The Workplace tile on the space your Specialist reached and whether an Edict token
    lies there: each tile of that area not placed yet (the other Workplace of a placed
    tile fixes it), and the token by how many are still unlocated."""
    state, first = scope.state, scope.first
    assert first is not None and first.space is not None
    path, space = first.space[0], int(first.space[1:])
    board = state.board
    entry = board.space(path, space)
    tiles = _tile_outcomes(scope, path, space)
    if board.token_known(entry):
        tokens = [(bool(entry.token), Fraction(1))]
    else:
        open_spaces = sum(1 for s in board.workplaces if s.token is None)
        lies = Fraction(board.tokens_unlocated(), max(1, open_spaces))
        tokens = [(False, 1 - lies), (True, lies)]
    fact = f"the Workplace on {first.space}"
    for tile, tile_chance in tiles:
        for token, token_chance in tokens:
            chance = tile_chance * token_chance
            if chance:
                event = PlaceWorkplace.model_validate(
                    {"path": path, "space": space, "tile": tile, "token": token}
                )
                yield Move(event, chance, fact, decision=False)


def _tile_outcomes(scope: Scope, path: str, space: int) -> list[tuple[str, Fraction]]:
    board = scope.state.board
    entry = board.space(path, space)
    if entry.tile is not None:
        return [(entry.tile, Fraction(1))]
    partner = area_in_use(scope.ruleset).partner(entry.key)
    if partner is not None:
        other = board.space(partner[0], int(partner[1:])).tile
        if other is not None:
            return [(partner_tile(other), Fraction(1))]
    used = {s.tile for s in board.workplaces if s.tile is not None}
    area = scope.limits.area(path, space)
    free = [
        tile.id
        for tile in workplace_tiles().values()
        if tile.area == area and tile.id not in used and partner_tile(tile.id) not in used
    ]
    return [(tile, Fraction(1, len(free))) for tile in free]


def choose_city_bonus(scope: Scope) -> Iterator[Move]:
    """The City Bonus tile in the City reached: your choice among the tiles lying there, or,
    when the table has not told them, each tile it can be (by the box's copies left)."""
    first = scope.first
    assert first is not None and first.space is not None
    board, player = scope.state.board, scope.state.player
    city = board.city(first.space)
    if city.tiles is not None:
        lying: tuple[CityTileId | None, ...] = city.tiles or (None,)
        for tile in lying:
            yield Move(ChooseCityBonus(tile=tile))
        return
    copies: Counter[str] = Counter({tile: 2 for tile in city_bonus_tiles()})
    copies.subtract(player.city_tiles)
    for other in board.cities:
        if other.path != city.path and other.tiles:
            copies.subtract(other.tiles)
    fact = f"the City Bonus tile of Path {first.space}"
    for letter, chance in weighted(copies):
        event = ChooseCityBonus.model_validate({"tile": letter})
        yield Move(event, chance, fact, decision=False)
