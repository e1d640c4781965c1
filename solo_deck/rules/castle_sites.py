"""Building on a named site of your Castle Board: what the site costs you now (with every
discount the data knows), whether its neighbours allow it, and what it closes.

The board is the ruleset's :class:`~solo_deck.model.castle_board.CastleBoard`; a game
saved before the board was known has no built sites and builds the old way (what the
table showed, typed).

>>> from solo_deck import GameSetup, load_ruleset, parse_edict
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> offers = site_offers(state, load_ruleset())
>>> [(o.site.id, o.cost.describe(sign=""), o.closes) for o in offers if o.why_not is None][:2]
[('T2', '1 Stone', ('grain',)), ('W5', '2 Grain, 2 Stone', ())]
>>> next(o.why_not for o in offers if o.site.id == "W3")
'Wall W3 needs Tower T3 or T4 built first'
"""

# i18n: sentences are Text
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solo_deck.data.loaders import great_structures
from solo_deck.errors import RuleError
from solo_deck.events import Build
from solo_deck.model.castle import GreatStructure, SideIncome
from solo_deck.model.castle_board import CastleBoard, CastleSite
from solo_deck.model.gains import Gains
from solo_deck.model.grants import ActionTerms, Structure
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.triggers import workplace_discount
from solo_deck.text import Text, t


@dataclass(frozen=True)
class SiteOffer:
    """One site as a Build would find it now: what it costs you (Stone and Grain, after
    discounts), the incomes of the sides it would close, and why it cannot be built
    (``None``: it can). ``waived``: the Build's terms waive the site's Stone and Grain (a
    City Bonus's free Wall, Augustales paid instead), so its printed cost does not matter."""

    site: CastleSite
    cost: Gains
    closes: tuple[SideIncome, ...]
    why_not: str | None
    waived: bool = False

    def cost_text(self, why: str | None = None) -> str:
        """What this Build pays in Stone and Grain, in words: ``1 Stone, 2 Grain``, or
        ``free`` (with ``why``, the source of the terms, when they waive it)."""
        if not self.cost.empty:
            return self.cost.describe(sign="")
        return t("free ({why})", why=why) if self.waived and why else t("free")


def board_of(ruleset: Ruleset) -> CastleBoard:
    """The game's Castle Board (a :class:`RuleError` for a game saved without one)."""
    board = ruleset.castle_board
    if board is None:
        raise RuleError(t("this game was saved before the app knew your Castle Board"))
    return board


def _less(cost: Gains, off: Gains) -> Gains:
    """A site's Stone and Grain less a discount (never below nothing)."""
    return Gains(stone=max(0, cost.stone - off.stone), grain=max(0, cost.grain - off.grain))


_OFFERS: dict[tuple[int, tuple[str, ...], ActionTerms, tuple[Gains, ...]], Any] = {}
"""The latest offers worked out, by board, sites built, terms and discounts (a game asks
for the same ones many times)."""


def site_offers(
    state: GameState, ruleset: Ruleset, terms: ActionTerms | None = None
) -> tuple[SiteOffer, ...]:
    """Every site of the board as a Build under ``terms`` would find it now."""
    board, built = board_of(ruleset), state.player.sites or ()
    terms = terms or ActionTerms()
    free = terms.waives_build_cost
    kinds = ("tower", "wall", "keep")
    discounts = {
        kind: Gains() if free else terms.discount + workplace_discount(state, "build", kind)
        for kind in kinds
    }
    key = (id(board), built, terms, tuple(discounts[kind] for kind in kinds))
    known = _OFFERS.get(key)
    if known is not None and known[0] is board:
        remembered: tuple[SiteOffer, ...] = known[1]
        return remembered
    offers = _offers(board, built, terms, discounts)
    if len(_OFFERS) >= 512:
        _OFFERS.clear()
    _OFFERS[key] = (board, offers)
    return offers


def _offers(
    board: CastleBoard,
    built: tuple[str, ...],
    terms: ActionTerms,
    discounts: dict[str, Gains],
) -> tuple[SiteOffer, ...]:
    free = terms.waives_build_cost
    offers = []
    for site in board.sites:
        why = board.why_closed(site.id, built)
        if why is None and terms.structure is not None and site.kind != terms.structure:
            why = _only_for(terms.structure)
        walls = [board.site(wall) for wall in board.sides_closed_by(site.id, built)]
        closes = tuple(wall.side for wall in walls if wall.side is not None)
        cost = Gains() if free else _less(site.cost, discounts[site.kind])
        offers.append(SiteOffer(site, cost, closes, why, waived=free))
    return tuple(offers)


def check_site_build(
    state: GameState, event: Build, ruleset: Ruleset, terms: ActionTerms
) -> SiteOffer:
    """The site ``event`` builds on, checked against the board and what you pay; a
    :class:`RuleError` says what the table shows and what to do."""
    if event.site is None:
        sites = ", ".join(site.id for site in board_of(ruleset).sites)
        raise RuleError(t("name the site of your Castle Board you build on ({sites})", sites=sites))
    board = board_of(ruleset)
    try:
        site = board.site(event.site)
    except KeyError:
        raise RuleError(t("your Castle Board has no site {site}", site=event.site)) from None
    offer = next(o for o in site_offers(state, ruleset, terms) if o.site.id == site.id)
    if offer.why_not is not None:
        can = [o.site.id for o in site_offers(state, ruleset, terms) if o.why_not is None]
        raise RuleError(
            t(
                "{why_not}; you can build on {can}",
                why_not=offer.why_not,
                can=", ".join(can) or t("no site now"),
            )
        )
    if site.kind == "keep" and event.cover != site.cover:
        raise RuleError(
            t(
                "Keep {site} holds the {cover} Keep Cover, not {cover2}",
                site=site.id,
                cover=site.cover,
                cover2=event.cover,
            )
        )
    cost, paid = offer.cost, Gains(grain=event.grain, stone=event.stone)
    if terms.mixed_resources:
        if paid.grain + paid.stone != cost.grain + cost.stone:
            total = cost.grain + cost.stone
            raise RuleError(
                t("{site} costs {total} Stone and Grain in any mix here", site=site.id, total=total)
            )
    elif paid != cost:
        printed = cost.describe(sign="") if not cost.empty else "nothing"
        raise RuleError(
            t(
                "{site} costs you {printed} here (discounts counted)",
                site=site.describe(),
                printed=printed,
            )
        )
    return offer


def can_pay(state: GameState, cost: Gains, terms: ActionTerms) -> bool:
    """Whether your warehouse holds ``cost`` (in any mix when ``terms`` allow it)."""
    player = state.player
    if terms.mixed_resources:
        return player.grain + player.stone >= cost.grain + cost.stone
    return player.grain >= cost.grain and player.stone >= cost.stone


def why_no_site(state: GameState, ruleset: Ruleset, terms: ActionTerms) -> str | None:
    """Why no site can be built now (``None``: at least one can): each is built, has no
    built neighbour, or costs more than you hold."""
    offers = [o for o in site_offers(state, ruleset, terms) if o.why_not is None]
    if not offers:
        return t("no site of your castle can be built now (each needs a built neighbour)")
    if not any(can_pay(state, o.cost, terms) for o in offers):
        cheapest = min(offers, key=lambda o: o.cost.grain + o.cost.stone)
        return t(
            "you cannot pay for any open site (the cheapest: {site})", site=cheapest.site.describe()
        )
    return None


def great_offers(
    state: GameState, structure: Structure, terms: ActionTerms | None = None
) -> tuple[GreatStructure, ...]:
    """The Great Structures of ``structure`` a Build under ``terms`` can make now: not
    built yet, and their Augustales (with any the action asks instead of resources) within
    what you hold. One whose cost our data lost is offered: you type what it costs.

    >>> from solo_deck import GameSetup, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> state.player.augustales, [g.id for g in great_offers(state, "tower")]
    (6, ['great_tower_a', 'great_tower_b'])
    >>> [g.id for g in great_offers(state, "tower", ActionTerms(augustales_instead=4))]
    ['great_tower_a']
    >>> [g.id for g in great_offers(state, "keep")]
    ['great_keep']
    """
    terms = terms or ActionTerms()
    player, extra = state.player, terms.augustales_instead or 0
    return tuple(
        great
        for great in great_structures().values()
        if great.structure == structure
        and great.id not in player.greats
        and (great.augustales is None or player.augustales >= great.augustales + extra)
    )


def _only_for(structure: str) -> Text:
    """Why a site of another kind is closed to a Build of one kind (whole per kind)."""
    if structure == "tower":
        return t("this Build is for a Tower only")
    if structure == "wall":
        return t("this Build is for a Wall only")
    return t("this Build is for a Keep only")
