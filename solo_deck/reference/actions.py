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
from typing import Literal

from solo_deck.data.loaders import (
    load_advanced_cards,
    load_player_board,
    load_workplace_area,
)
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.workplaces import WorkplaceTile
from solo_deck.reference.entry import (
    MAIN_ACTION,
    MAIN_ACTION_IDS,
    ReferenceEntry,
    ReferenceSource,
    printed,
    reference_source,
)
from solo_deck.setup import DIFFICULTY_MARKETS
from solo_deck.text import Text, joined, named, t, term, tn

# i18n: sentences are Text

__all__ = ["action_entries"]

DIFFICULTY_WORDS = {"easy": t("easy"), "medium": t("medium"), "hard": t("hard")}
"""Each difficulty as a player reads it."""

ACTION = MAIN_ACTION
RULE = "Rule"
ACTION_NAMES = {
    "build": term("Build", "action"),
    "summon": term("Summon", "action"),
    "promote": term("Promote", "action"),
    "market": term("Market", "action"),
    "purchase": term("Purchase", "action"),
}


def checked(source: str) -> str:
    """What to add after a number whose ``source`` is not the retail rulebook.

    >>> checked("rulebook: setup"), checked("draft v19: components")
    ('', ' (v19 draft)')
    >>> checked("assumed: verify"), checked("interpretation: ours")
    (' (assumed: check your board)', ' (our reading of the rules)')
    """
    if source.partition(":")[0].strip().lower() == "interpretation":
        return t(" (our reading of the rules)")
    kind = reference_source(source)[0]
    if kind == "draft v19":
        return t(" (v19 draft)")
    return t(" (assumed: check your board)") if kind == "assumed" else ""


def listed(items: Iterable[str], last: Literal["and", "or"] = "and") -> str:
    """``A, B and C`` (``A, B or C``), each part kept as it is.

    >>> listed(["T1"]), listed(["T1", "T2", "T3"]), listed(["1", "2"], "or")
    ('T1', 'T1, T2 and T3', '1 or 2')
    """
    words = list(items)
    if len(words) == 1:
        return words[0]
    head = joined(words[:-1], ", ")
    if last == "or":
        return t("{items} or {last}", items=head, last=words[-1])
    return t("{items} and {last}", items=head, last=words[-1])


def coins(amount: int) -> Text:
    """``1 Augustalis``, ``2 Augustales``."""
    return tn("{n} Augustalis", "{n} Augustales", amount)


def tile_name(tile: WorkplaceTile) -> str:
    """``Countryside II A``: a Workplace tile's name, its area the edition's word."""
    return t(
        "{area} {level} {letter}",
        area=named(tile.area.capitalize(), "component"),
        level=tile.level,
        letter=tile.letter,
    )


def rule(
    kind: str,
    id_: str,
    name: str,
    summary: str,
    details: Iterable[str],
    source: str | tuple[ReferenceSource, str],
    data: dict[str, object],
    aliases: tuple[str, ...],
) -> ReferenceEntry:
    """An entry of a rule; ``source`` a data file's (``rulebook: setup``) or
    :func:`~solo_deck.reference.entry.printed`'s."""
    where, section = reference_source(source) if isinstance(source, str) else source
    return ReferenceEntry(kind, id_, name, summary, tuple(details), where, section, data, aliases)


def _slots_for(action: str, ruleset: Ruleset) -> str:
    """Which card slots offer ``action`` to a card played face down."""
    board = ruleset.player_board or load_player_board()
    numbers = [str(s.number) for s in board.slots if action in s.actions]
    if not numbers:
        return t(
            "No card slot offers {action} to a card played face down.", action=ACTION_NAMES[action]
        )
    if all(not checked(s.source) for s in board.slots):
        return t("A card played face down offers it in slot {slots}.", slots=listed(numbers, "or"))
    return t(
        "A card played face down offers it in slot {slots} (your board decides).",
        slots=listed(numbers, "or"),
    )


def edict_sites(ruleset: Ruleset) -> list[str]:
    """The ids of the Castle Board's sites with the Edict mark."""
    board = ruleset.castle_board
    return [] if board is None else [s.id for s in board.sites if s.edict_mark]


def _build(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    player, board = ruleset.player, ruleset.castle_board
    details = [
        t(
            "A Wall goes only next to a Tower you have built, and a Tower only next to a built "
            "Wall; a Keep needs neither."
        ),
        t(
            "Your castle holds {towers} Towers, {walls} Walls and {keeps} Keeps, each on a site "
            "of its own.",
            towers=player.castle_towers.value,
            walls=player.castle_walls.value,
            keeps=player.castle_keeps.value,
        ),
        t(
            "Each Tower built hosts {allies} more Ally, each Wall stores {resources} more "
            "resource{checked}; each Keep turns its Keep Cover over and issues an Edict.",
            allies=limits.ally_spaces_per_tower,
            resources=limits.storage_per_wall,
            checked=checked(player.storage_per_wall.source),
        ),
        t(
            "A Great Structure goes on a site of its kind and costs the site's price plus its "
            "Augustales; its bonus comes once the Build is done."
        ),
        t(
            "In order: you pay, a side you close pays, your Workplaces pay, a Keep's Cover "
            "turns over, a Great Structure's bonus comes, and the Edict is issued last."
        ),
        t("Closing a side of the castle pays that side's income at once."),
        _slots_for("build", ruleset),
    ]
    if board is None:
        summary = t(
            "Put one Structure on its site of your Castle Board and pay the Stone and Grain "
            "printed on that site."
        )
    else:
        totals = [s.cost.grain + s.cost.stone for s in board.sites]
        summary = t(
            "Put one Structure on its site of your Castle Board and pay the Stone and Grain "
            "printed there ({least} to {most} in all on your board).",
            least=min(totals),
            most=max(totals),
        )
        details.insert(
            2,
            t(
                "{start} stand at setup; building on {marked} issues an Edict.",
                start=listed(board.start),
                marked=listed(edict_sites(ruleset)),
            ),
        )
    return rule(
        ACTION,
        MAIN_ACTION_IDS["build"],
        t("Build a Structure"),
        summary,
        details,
        printed(t("Build a Structure")),
        {"action": "build", "castle": [player.castle_towers.value, player.castle_walls.value]},
        ("Build", "building", "build a structure", "build a castle"),
    )


def _summon(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    player, scoring = ruleset.player, ruleset.scoring
    board = ruleset.player_board or load_player_board()
    most = limits.ally_spaces(player.castle_towers.value)
    cost = ruleset.voyage.ally_cost_grain
    details = (
        t(
            "Ally spaces: {start} at the start and {per_tower} more for each Tower you build, "
            "{most} in all{checked}; with no free space you cannot Summon.",
            start=limits.ally_spaces_start,
            per_tower=limits.ally_spaces_per_tower,
            most=most,
            checked=checked(player.ally_spaces_start.source),
        ),
        t("You may never hold the same Ally twice."),
        t(
            "The price is printed under the Ally's space on the Voyage board; the rulebook's "
            "example pays {grain} Grain.",
            grain=cost.value,
        ),
        t(
            "The Ally placed on the Ally space with the Edict mark issues an Edict: space "
            "{space}{checked}.",
            space=board.marked_ally_space,
            checked=checked(board.marked_ally_source),
        ),
        t(
            "Each Ally scores at Ally income: {base} VP, {bonus} VP more when its condition holds.",
            base=scoring.ally_base_vp.value,
            bonus=scoring.ally_bonus_vp.value,
        ),
        _slots_for("summon", ruleset),
    )
    return rule(
        ACTION,
        MAIN_ACTION_IDS["summon"],
        t("Summon an Ally"),
        t(
            "Take the face-up Ally at your ship's port onto a free Ally space of your Player "
            "Board, paying the Grain shown under it."
        ),
        details,
        printed(t("Summon an Ally")),
        {"action": "summon", "ally_spaces": [limits.ally_spaces_start, most]},
        ("Summon", "summoning", "summon ally", "get an ally", "recruit", "ally cost"),
    )


def _promote(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    player = ruleset.player
    paths = []
    for path, areas in sorted(limits.path_areas.items()):
        parts = [
            t("{n} {area}", n=areas.count(a), area=named(a.capitalize(), "component"))
            for a in dict.fromkeys(areas)
            if a != "city"
        ]
        paths.append(
            t(
                "Path {path} crosses {areas} Workplaces, then its City",
                path=path,
                areas=listed(parts),
            )
        )
    tokens = load_workplace_area().tokens
    details = (
        t("{paths}.", paths=joined(paths, "; ")),
        t("A Specialist never changes path; pay the Grain an arrow shows before crossing it."),
        t(
            "While a Specialist of yours stands on a Countryside or Village Workplace, its "
            "ability works for you (one Specialist there is enough)."
        ),
        t(
            "Reaching a City, take one of the City Bonus tiles left there; only one of your "
            "Specialists on a path can reach its City."
        ),
        t(
            "The first Specialist to reach a Workplace Edict token issues an Edict and the token "
            "goes: on {spaces}{checked}.",
            spaces=listed(tokens.spaces),
            checked=checked(tokens.source),
        ),
        _slots_for("promote", ruleset),
    )
    return rule(
        ACTION,
        MAIN_ACTION_IDS["promote"],
        t("Promote a Specialist"),
        t(
            "Move one of your {n} Specialists one Workplace forward on its path, A, B or C.",
            n=player.specialists.value,
        ),
        details,
        printed(t("Promote a Specialist")),
        {"action": "promote", "paths": {p: list(a) for p, a in limits.path_areas.items()}},
        ("Promote", "promotion", "promote specialist", "move specialist", "specialists"),
    )


def _market(ruleset: Ruleset) -> ReferenceEntry:
    offers = joined(
        (
            t("{level}: {tiles}", level=DIFFICULTY_WORDS[level], tiles=tiles)
            for level, tiles in DIFFICULTY_MARKETS.items()
        ),
        "; ",
    )
    details = (
        t("The tile never leaves its port; only the port where your ship is counts."),
        t("What you buy must fit your warehouse."),
        t("The tiles laid by difficulty: {offers}.", offers=offers),
        t("A closed side showing the Market gives a visit too."),
        _slots_for("market", ruleset),
    )
    return rule(
        ACTION,
        MAIN_ACTION_IDS["market"],
        t("Visit the Market"),
        t(
            "At the Market tile of your ship's port, sell the Grain or Stone it asks for, buy "
            "what it offers, or both, once each, at the tile's prices."
        ),
        details,
        printed(t("Visit the Market")),
        {"action": "market"},
        ("Market", "visit market", "sell", "trade", "buy resources", "buy stone", "buy grain"),
    )


def _purchase(ruleset: Ruleset) -> ReferenceEntry:
    cards = load_advanced_cards()
    prices = sorted({c.cost.augustales for c in cards if c.cost.augustales is not None})
    by_card = sum(1 for c in cards if c.cost.augustales is None)
    details = (
        t(
            "Prices in the pile: {least} to {most} Augustales; {cards} cards cost one of your "
            "Action cards instead, removed from your hand or discard pile (never from the draw "
            "pile).",
            least=prices[0],
            most=prices[-1],
            cards=by_card,
        ),
        t("The card bought can be played again in the same round."),
        _slots_for("purchase", ruleset),
    )
    return rule(
        ACTION,
        MAIN_ACTION_IDS["purchase"],
        t("Purchase an Action card"),
        t(
            "Buy the Advanced Action card at your ship's port: pay its cost, use its action at "
            "once if you like, then take it into your hand."
        ),
        details,
        printed(t("Purchase an Action card")),
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
