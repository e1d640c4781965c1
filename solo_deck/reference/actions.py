"""The Reference entries of the five main actions (Build, Summon, Promote, Market,
Purchase), in the words a player asks with, and the helpers the entries of your own play
share (:mod:`~solo_deck.reference.play`).

Every number comes from the ruleset a game carries or the packaged data; a number the
retail rulebook does not print says so where it is used.

>>> from solo_deck.data.loaders import load_ruleset
>>> [e.name for e in action_entries(load_ruleset())][:2]
['Build a Structure', 'Summon an Ally']
"""

from __future__ import annotations

from collections.abc import Iterable

from solo_deck.data.loaders import (
    load_advanced_cards,
    load_player_board,
    load_workplace_area,
)
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.reference.entry import ReferenceEntry, reference_source
from solo_deck.setup import DIFFICULTY_MARKETS

__all__ = ["action_entries"]

ACTION = "Main action"
RULE = "Rule"
ACTION_NAMES = {
    "build": "Build",
    "summon": "Summon",
    "promote": "Promote",
    "market": "Market",
    "purchase": "Purchase",
}


def checked(source: str) -> str:
    """What to add after a number whose ``source`` is not the retail rulebook.

    >>> checked("rulebook: setup"), checked("draft v19: components")
    ('', ' (v19 draft)')
    >>> checked("assumed: verify"), checked("interpretation: ours")
    (' (assumed: check your board)', ' (our reading of the rules)')
    """
    if source.partition(":")[0].strip().lower() == "interpretation":
        return " (our reading of the rules)"
    kind = reference_source(source)[0]
    return {"draft v19": " (v19 draft)", "assumed": " (assumed: check your board)"}.get(kind, "")


def listed(items: Iterable[str], last: str = "and") -> str:
    """``A, B and C``."""
    words = list(items)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def coins(amount: int) -> str:
    return f"{amount} Augustalis" if amount == 1 else f"{amount} Augustales"


def rule(
    kind: str,
    id_: str,
    name: str,
    summary: str,
    details: Iterable[str],
    source: str,
    data: dict[str, object],
    aliases: tuple[str, ...],
) -> ReferenceEntry:
    where, section = reference_source(source)
    return ReferenceEntry(kind, id_, name, summary, tuple(details), where, section, data, aliases)


def _slots_for(action: str, ruleset: Ruleset) -> str:
    """Which card slots offer ``action`` to a card played face down."""
    board = ruleset.player_board or load_player_board()
    numbers = [str(s.number) for s in board.slots if action in s.actions]
    if not numbers:
        return f"No card slot offers {ACTION_NAMES[action]} to a card played face down."
    tag = "" if all(not checked(s.source) for s in board.slots) else " (your board decides)"
    return f"A card played face down offers it in slot {listed(numbers, 'or')}{tag}."


def edict_sites(ruleset: Ruleset) -> list[str]:
    board = ruleset.castle_board
    return [] if board is None else [s.id for s in board.sites if s.edict_mark]


def _build(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    player, board = ruleset.player, ruleset.castle_board
    details = [
        "A Wall goes only next to a Tower you have built, and a Tower only next to a built "
        "Wall; a Keep needs neither.",
        f"Your castle holds {player.castle_towers.value} Towers, {player.castle_walls.value} "
        f"Walls and {player.castle_keeps.value} Keeps, each on a site of its own.",
        f"Each Tower built hosts {limits.ally_spaces_per_tower} more Ally, each Wall stores "
        f"{limits.storage_per_wall} more resource{checked(player.storage_per_wall.source)}; "
        "each Keep turns its Keep Cover over and issues an Edict.",
        "A Great Structure goes on a site of its kind and costs the site's price plus its "
        "Augustales; its bonus comes once the Build is done.",
        "In order: you pay, a side you close pays, your Workplaces pay, a Keep's Cover "
        "turns over, a Great Structure's bonus comes, and the Edict is issued last.",
        "Closing a side of the castle pays that side's income at once.",
        _slots_for("build", ruleset),
    ]
    summary = "Put one Structure on its site of your Castle Board and pay the Stone and Grain "
    if board is None:
        summary += "printed on that site."
    else:
        totals = [s.cost.grain + s.cost.stone for s in board.sites]
        start = listed(board.start)
        summary += f"printed there ({min(totals)} to {max(totals)} in all on your board)."
        marked = listed(edict_sites(ruleset))
        details.insert(2, f"{start} stand at setup; building on {marked} issues an Edict.")
    return rule(
        ACTION,
        "build-a-structure",
        "Build a Structure",
        summary,
        details,
        "rulebook: Build a Structure",
        {"action": "build", "castle": [player.castle_towers.value, player.castle_walls.value]},
        ("Build", "building", "build a structure", "build a castle"),
    )


def _summon(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    player, scoring = ruleset.player, ruleset.scoring
    board = ruleset.player_board or load_player_board()
    most = limits.ally_spaces(player.castle_towers.value)
    cost = ruleset.voyage.ally_cost_grain
    details = (
        f"Ally spaces: {limits.ally_spaces_start} at the start and {limits.ally_spaces_per_tower} "
        f"more for each Tower you build, {most} in all{checked(player.ally_spaces_start.source)}; "
        "with no free space you cannot Summon.",
        "You may never hold the same Ally twice.",
        "The price is printed under the Ally's space on the Voyage board; the rulebook's "
        f"example pays {cost.value} Grain.",
        "The Ally placed on the Ally space with the Edict mark issues an Edict: space "
        f"{board.marked_ally_space}{checked(board.marked_ally_source)}.",
        f"Each Ally scores at Ally income: {scoring.ally_base_vp.value} VP, "
        f"{scoring.ally_bonus_vp.value} VP more when its condition holds.",
        _slots_for("summon", ruleset),
    )
    return rule(
        ACTION,
        "summon-an-ally",
        "Summon an Ally",
        "Take the face-up Ally at your ship's port onto a free Ally space of your Player "
        "Board, paying the Grain shown under it.",
        details,
        "rulebook: Summon an Ally",
        {"action": "summon", "ally_spaces": [limits.ally_spaces_start, most]},
        ("Summon", "summoning", "summon ally", "get an ally", "recruit", "ally cost"),
    )


def _promote(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    player = ruleset.player
    paths = []
    for path, areas in sorted(limits.path_areas.items()):
        parts = [f"{areas.count(a)} {a.capitalize()}" for a in dict.fromkeys(areas) if a != "city"]
        paths.append(f"Path {path} crosses {listed(parts)} Workplaces, then its City")
    tokens = load_workplace_area().tokens
    details = (
        "; ".join(paths) + ".",
        "A Specialist never changes path; pay the Grain an arrow shows before crossing it.",
        "While a Specialist of yours stands on a Countryside or Village Workplace, its ability "
        "works for you (one Specialist there is enough).",
        "Reaching a City, take one of the City Bonus tiles left there; only one of your "
        "Specialists on a path can reach its City.",
        "The first Specialist to reach a Workplace Edict token issues an Edict and the token "
        f"goes: on {listed(tokens.spaces)}{checked(tokens.source)}.",
        _slots_for("promote", ruleset),
    )
    return rule(
        ACTION,
        "promote-a-specialist",
        "Promote a Specialist",
        f"Move one of your {player.specialists.value} Specialists one Workplace forward on its "
        "path, A, B or C.",
        details,
        "rulebook: Promote a Specialist",
        {"action": "promote", "paths": {p: list(a) for p, a in limits.path_areas.items()}},
        ("Promote", "promotion", "promote specialist", "move specialist", "specialists"),
    )


def _market(ruleset: Ruleset) -> ReferenceEntry:
    offers = "; ".join(f"{level}: {tiles}" for level, tiles in DIFFICULTY_MARKETS.items())
    details = (
        "The tile never leaves its port; only the port where your ship is counts.",
        "What you buy must fit your warehouse.",
        f"The tiles laid by difficulty: {offers}.",
        "A closed side showing the Market gives a visit too.",
        _slots_for("market", ruleset),
    )
    return rule(
        ACTION,
        "visit-the-market",
        "Visit the Market",
        "At the Market tile of your ship's port, sell the Grain or Stone it asks for, buy what "
        "it offers, or both, once each, at the tile's prices.",
        details,
        "rulebook: Visit the Market",
        {"action": "market"},
        ("Market", "visit market", "sell", "trade", "buy resources", "buy stone", "buy grain"),
    )


def _purchase(ruleset: Ruleset) -> ReferenceEntry:
    cards = load_advanced_cards()
    prices = sorted({c.cost.augustales for c in cards if c.cost.augustales is not None})
    by_card = sum(1 for c in cards if c.cost.augustales is None)
    details = (
        f"Prices in the pile: {prices[0]} to {prices[-1]} Augustales; {by_card} cards cost "
        "one of your Action cards instead, removed from your hand or discard pile (never from "
        "the draw pile).",
        "The card bought can be played again in the same round.",
        _slots_for("purchase", ruleset),
    )
    return rule(
        ACTION,
        "purchase-a-card",
        "Purchase an Action card",
        "Buy the Advanced Action card at your ship's port: pay its cost, use its action at "
        "once if you like, then take it into your hand.",
        details,
        "rulebook: Purchase an Action card",
        {"action": "purchase", "augustales": [prices[0], prices[-1]]},
        ("Purchase", "purchasing", "buy a card", "buy an action card", "buy card", "new cards"),
    )


def action_entries(ruleset: Ruleset) -> list[ReferenceEntry]:
    """The five main actions' entries, in the Player Board's order."""
    limits = PlayerLimits.from_ruleset(ruleset)
    return [
        _build(ruleset, limits),
        _summon(ruleset, limits),
        _promote(ruleset, limits),
        _market(ruleset),
        _purchase(ruleset),
    ]
