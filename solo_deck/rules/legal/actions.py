"""Moves of the five main actions, when a pending obligation calls for one: every site you
can build on and pay for (normal or Great), every Specialist move you can pay, the Ally at
your port, the Advanced card there with each way to pay it, and every trade the Market
there allows. Each is built from the rule that judges it (the sites' offers, the arrows'
Grain, the Summon's cost, the card's price), so the engine accepts every move listed."""

from __future__ import annotations

from collections.abc import Iterator

from solo_deck.data.loaders import advanced_cards_by_id, allies_by_id, great_structures
from solo_deck.events import Build, BuyCard, Promote, SummonAlly, VisitMarket
from solo_deck.model.board import MarketTile
from solo_deck.model.gains import Gains
from solo_deck.model.grants import ActionTerms
from solo_deck.model.moves import Move
from solo_deck.model.player import Specialist
from solo_deck.queries import card_price, market_trades
from solo_deck.rules.castle_sites import site_offers
from solo_deck.rules.legal.hidden import (
    ally_outcomes,
    card_outcomes,
    market_outcomes,
    removal_options,
)
from solo_deck.rules.legal.scope import Scope
from solo_deck.rules.summon_cost import summon_cost, summon_marks_edict
from solo_deck.rules.workplace_area import can_pay_arrow


def _terms(scope: Scope) -> ActionTerms:
    return scope.first.terms if scope.first is not None else ActionTerms()


def _splits(cost: Gains, terms: ActionTerms, grain: int, stone: int) -> list[tuple[int, int]]:
    """The ``(grain, stone)`` payments of a site's cost you can make."""
    if terms.mixed_resources:
        total = cost.grain + cost.stone
        return [(g, total - g) for g in range(total + 1) if g <= grain and total - g <= stone]
    return [(cost.grain, cost.stone)] if cost.grain <= grain and cost.stone <= stone else []


def build(scope: Scope) -> Iterator[Move]:
    """Every open site you can pay for, as a normal Structure and as each Great one of its
    kind you can afford."""
    state, terms = scope.state, _terms(scope)
    player = state.player
    if player.sites is None:
        yield from _typed_builds(scope, terms)
        return
    instead = terms.augustales_instead or 0
    greats = great_structures().values()
    for offer in site_offers(state, scope.ruleset, terms):
        site = offer.site
        if offer.why_not is not None:
            continue
        if player.built(site.kind) >= scope.limits.castle_max(site.kind):
            continue
        cover = site.cover if site.kind == "keep" else None
        for grain, stone in _splits(offer.cost, terms, player.grain, player.stone):
            paid = {"grain": grain, "stone": stone}
            if player.augustales >= instead:
                yield Move(Build(structure=site.kind, site=site.id, cover=cover, **paid))
            for great in greats:
                if great.structure != site.kind or great.id in player.greats:
                    continue
                lost = great.augustales is None
                printed = scope.assumptions.great_keep_augustales.value if lost else 0
                coins = (great.augustales or printed) + instead
                if coins > player.augustales:
                    continue
                told = coins if lost else None
                yield Move(
                    Build(
                        structure=site.kind,
                        site=site.id,
                        cover=cover,
                        great=great.id,
                        augustales=told,
                        **paid,
                    )
                )


def _typed_builds(scope: Scope, terms: ActionTerms) -> Iterator[Move]:
    """A game saved before the Castle Board was known builds a Structure by kind, at the
    cost the table showed: listed here at no cost (what such a game recorded varies)."""
    player = scope.state.player
    kinds = [terms.structure] if terms.structure else ["tower", "wall", "keep"]
    covers = ("hand", "slot", "both_actions")
    for kind in kinds:
        if player.built(kind) >= scope.limits.castle_max(kind):
            continue
        if kind != "keep":
            yield Move(Build(structure=kind))
            continue
        for cover in covers:
            if cover not in player.keep_covers:
                yield Move(Build(structure="keep", cover=cover))


def promote(scope: Scope) -> Iterator[Move]:
    """Each Specialist one space on (the Specialists waiting beside the board are alike:
    the first of them enters each path), where you can pay the arrow and the City is free."""
    state, terms, limits = scope.state, _terms(scope), scope.limits
    player = state.player
    exclude = scope.first.exclude_specialist if scope.first is not None else None
    waiting_seen = False
    for index, specialist in enumerate(player.specialists):
        if index == exclude:
            continue
        if specialist.path is None:
            if waiting_seen:
                continue
            waiting_seen = True
            paths = sorted(limits.path_areas)
        else:
            paths = [specialist.path]
        for path in paths:
            length = limits.path_length(path)
            into = specialist.space + 1
            if into > length:
                continue
            if into == length and Specialist(path=path, space=length) in player.specialists:
                continue
            if not can_pay_arrow(state, scope.ruleset, path, into, terms):
                continue
            entering = path if specialist.path is None else None
            yield Move(Promote(specialist=index, path=entering))


def summon(scope: Scope) -> Iterator[Move]:
    """The face-up Ally at your port onto your board, at what its space costs you (an Ally
    whose name the table has not typed: each it can be, weighed)."""
    state, terms, ruleset = scope.state, _terms(scope), scope.ruleset
    player, voyage = state.player, state.voyage
    if len(player.allies) >= player.ally_spaces(scope.limits):
        return
    catalogue = allies_by_id()
    held = {catalogue[a].name for a in player.allies if a in catalogue}
    board_marks = summon_marks_edict(state, ruleset)
    may_mark = player.marked_allies < scope.limits.marked_ally_spaces
    marks: list[bool | None] = [None] if board_marks is not None else [False]
    if board_marks is None and may_mark:
        marks.append(True)
    for space, ally_space in enumerate(voyage.ports[voyage.player].allies):
        if not ally_space.face_up:
            continue
        owed = summon_cost(state, ruleset, terms, space)
        grain, coins = _summon_payment(scope, terms, owed)
        if grain > player.grain or coins > player.augustales:
            continue
        for ally_id, chance, fact in ally_outcomes(state, voyage.player, space):
            if catalogue[ally_id].name in held:
                continue
            for mark in marks:
                event = SummonAlly(
                    ally_id=ally_id, space=space, grain=grain, augustales=coins, edict_mark=mark
                )
                yield Move(event, chance, fact)


def _summon_payment(scope: Scope, terms: ActionTerms, owed: Gains | None) -> tuple[int, int]:
    """``(grain, augustales)`` a Summon pays: what its space costs you, or, in a game
    without the Voyage Board's costs, the usual Grain (the terms' coins instead)."""
    if owed is not None:
        return owed.grain, owed.augustales
    if terms.augustales_instead is not None:
        return 0, terms.augustales_instead
    if terms.free_grain:
        return 0, 0
    return scope.ruleset.voyage.ally_cost_grain.value, 0


def purchase(scope: Scope) -> Iterator[Move]:
    """The Advanced card at your port, paid in Augustales or with each card you may remove
    from your hand or your discard pile (a card whose name the table has not typed: each it
    can be, weighed)."""
    state, terms = scope.state, _terms(scope)
    player, voyage = state.player, state.voyage
    catalogue = advanced_cards_by_id()
    for space, card_space in enumerate(voyage.ports[voyage.player].cards):
        if not card_space.present:
            continue
        for card_id, chance, fact in card_outcomes(scope, voyage.player, space):
            if card_id in player.advanced_cards:
                continue
            if catalogue[card_id].cost.augustales is not None:
                due = card_price(state, card_id, extra=terms.discount)
                if due is not None and due <= player.augustales:
                    yield Move(BuyCard(space=space, card_id=card_id), chance, fact)
                continue
            for removes, from_hand in removal_options(state):
                event = BuyCard(space=space, card_id=card_id, removes=removes, from_hand=from_hand)
                yield Move(event, chance, fact)


def market(scope: Scope) -> Iterator[Move]:
    """Every sale and purchase (one each, one more with a Workplace) the Market at your
    port allows with what you hold; a Market first visited: each tile it can be, weighed."""
    state = scope.state
    trades = market_trades(state)
    for tile, chance, fact in market_outcomes(scope):
        told = None if chance is None else tile
        for sells in range(trades.sells + 1):
            for buys in range(trades.buys + 1):
                if 0 < sells + buys <= trades.total and _can_trade(scope, tile, sells, buys):
                    event = VisitMarket(sells=sells, buys=buys, rates=told)
                    yield Move(event, chance, fact)


def _can_trade(scope: Scope, tile: MarketTile, sells: int, buys: int) -> bool:
    player = scope.state.player
    coins = player.augustales
    if sells:
        if tile.sell is None:
            return False
        if int(getattr(player, tile.sell.resource)) < tile.sell.amount * sells:
            return False
        coins += tile.sell.augustales * sells
    return not buys or (tile.buy is not None and coins >= tile.buy.augustales * buys)
