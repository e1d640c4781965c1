"""The Reference entries of the printed pieces, each written from its loader's data: the
Allies, the Advanced and House cards, the Workplace tiles, the City Bonus tiles, the Great
Structures, the Keep Covers, the closed sides' incomes, the Structures and the solo deck.

>>> tento = next(e for e in piece_entries(load_ruleset()) if e.id == "tento")
>>> tento.kind, tento.source
('Ally', 'rulebook')
"""

from __future__ import annotations

from solo_deck.data.loaders import (
    city_bonus_tiles,
    great_structures,
    keep_covers,
    load_advanced_cards,
    load_allies,
    load_default_deck,
    load_house_cards,
    load_ruleset,
    side_incomes,
    workplace_tiles,
)
from solo_deck.data.names import ally_title
from solo_deck.model.allies import METRIC_LABELS, Ally, FrederickThreshold, Metric
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.reference.entry import ReferenceEntry, reference_source

__all__ = ["load_ruleset", "piece_entries"]

TRIGGER_WORDS = {
    "summon": "when you Summon an Ally",
    "market": "when you visit the Market",
    "build": "when you Build",
    "purchase": "when you Purchase an Action card",
    "travel": "when you Travel",
    "promote": "when you Promote a Specialist",
    "stay": "while one of your Specialists stands there",
    "edict": "when you issue an Edict",
}


def _entry(
    kind: str,
    id_: str,
    name: str,
    summary: str,
    source: str,
    data: dict[str, object],
    details: tuple[str, ...] = (),
    aliases: tuple[str, ...] = (),
) -> ReferenceEntry:
    where, section = reference_source(source)
    return ReferenceEntry(kind, id_, name, summary, details, where, section, data, aliases)


def ally_condition(ally: Ally, ruleset: Ruleset | None = None) -> str:
    """The Ally's bonus condition in words; a condition on Frederick's Specialist names the
    Workplace of Path A it must reach and where that lies (from the ruleset's paths).

    >>> from solo_deck.data.loaders import allies_by_id
    >>> ally_condition(allies_by_id()["altair"])
    "your Augustales are more than Frederick's"
    >>> text = ally_condition(allies_by_id()["philaretos"])
    >>> text.startswith("Frederick's Specialist has reached Workplace 3 of Path A")
    True
    >>> text.endswith("(the Village or the City)")
    True
    """
    condition = ally.condition
    metric = METRIC_LABELS[condition.metric]
    if isinstance(condition, FrederickThreshold) and condition.metric is Metric.SPECIALIST:
        path = PlayerLimits.from_ruleset(ruleset).path_areas["A"]
        areas = _listed_or(
            [f"the {a.capitalize()}" for a in dict.fromkeys(path[condition.threshold - 1 :])]
        )
        return (
            f"Frederick's Specialist has reached Workplace {condition.threshold} of Path A or "
            f"gone further ({areas})"
        )
    if isinstance(condition, FrederickThreshold):
        return f"Frederick's palace has {condition.threshold} or more {metric}"
    if condition.relation == "more":
        return f"your {metric} are more than Frederick's"
    return f"your {metric} are at least as many as Frederick's (a tie counts)"


def _listed_or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _allies(ruleset: Ruleset) -> list[ReferenceEntry]:
    base = ruleset.scoring.ally_base_vp.value
    bonus = ruleset.scoring.ally_bonus_vp.value
    entries = []
    for ally in load_allies():
        reads = (
            "It reads only Frederick's palace."
            if isinstance(ally.condition, FrederickThreshold)
            else "It sets your side against Frederick's."
        )
        summary = (
            f"At Ally income: {base} VP, and {bonus} VP more when {ally_condition(ally, ruleset)}."
        )
        details = (f"{ally.epithet}; {ally.kind.value.capitalize()}. {reads}",)
        entries.append(
            _entry(
                "Ally",
                ally.id,
                ally_title(ally.id),
                summary,
                ally.source,
                ally.model_dump(mode="json"),
                details,
                (ally.name, ally.kind.value),
            )
        )
    return entries


def _cards() -> list[ReferenceEntry]:
    entries = []
    for card in load_advanced_cards():
        cost = card.cost
        price = (
            f"{cost.augustales} Augustales"
            if cost.augustales is not None
            else "give up one of your Action cards (hand or discard pile)"
        )
        details = (f"Level {card.level}. Cost: {price}.",)
        data = card.model_dump(mode="json")
        entries.append(
            _entry("Advanced card", card.id, card.id, card.effect, card.source, data, details)
        )
    for house in load_house_cards():
        owner = "every House" if house.house == "common" else house.house
        details = (f"Starting card of {owner}; {house.copies} in the pile.",)
        name = f"House card {house.id}"
        data = house.model_dump(mode="json")
        entries.append(
            _entry("House card", house.id, name, house.effect, house.source, data, details)
        )
    return entries


def _tiles() -> list[ReferenceEntry]:
    entries = []
    for tile in workplace_tiles().values():
        when = TRIGGER_WORDS.get(tile.effect.trigger, f"on {tile.effect.trigger}")
        details = (
            f"{tile.area.capitalize()}, level {tile.level}, letter {tile.letter}; works {when}.",
            "One Specialist on it is enough; a second adds nothing.",
        )
        entries.append(
            _entry(
                "Workplace tile",
                tile.id,
                tile.label,
                tile.text,
                tile.source,
                tile.model_dump(mode="json"),
                details,
                (tile.label,),
            )
        )
    for bonus in city_bonus_tiles().values():
        taken = ("Taken when you reach a City that still has one; unusable parts are lost.",)
        entries.append(
            _entry(
                "City Bonus tile",
                bonus.id,
                f"City Bonus {bonus.id}",
                bonus.text,
                bonus.source,
                bonus.model_dump(mode="json"),
                taken,
            )
        )
    return entries


def _castle(ruleset: Ruleset) -> list[ReferenceEntry]:
    entries = []
    for great in great_structures().values():
        cost = (
            "the space's cost plus a sum the text lost (type it from your board)"
            if great.augustales is None
            else f"the space's cost plus {great.augustales} Augustales"
        )
        details = (f"Built on a {great.structure.capitalize()} space; costs {cost}.",)
        data = great.model_dump(mode="json")
        entries.append(
            _entry("Great Structure", great.id, great.name, great.text, great.source, data, details)
        )
    for cover in keep_covers().values():
        details = ("Turned onto your Player Board when you build the Keep it lies on.",)
        data = cover.model_dump(mode="json")
        entries.append(
            _entry("Keep Cover", cover.id, cover.name, cover.text, cover.source, data, details)
        )
    for side in side_incomes().values():
        pays = "a visit to the Market" if side.market else side.gains.describe()
        summary = f"A closed side showing this pays {pays} when it closes and each End Phase."
        data = side.model_dump(mode="json")
        entries.append(
            _entry(
                "Side income", side.income, f"Side income: {side.name}", summary, side.source, data
            )
        )
    player = ruleset.player
    sizes = {
        "tower": (player.castle_towers, "each one hosts one more Ally"),
        "wall": (player.castle_walls, "each one stores one more resource"),
        "keep": (player.castle_keeps, "each one turns its Keep Cover and issues an Edict"),
    }
    for structure, (count, adds) in sizes.items():
        summary = f"Your castle holds {count.value} {structure.capitalize()}s; {adds}."
        entries.append(
            _entry(
                "Structure",
                structure,
                structure.capitalize(),
                summary,
                count.source,
                {"structure": structure, "castle_size": count.value},
            )
        )
    return entries


def _solo_cards() -> list[ReferenceEntry]:
    deck = load_default_deck()
    entries = []
    for card in deck.cards:
        details = ("A face of the packaged deck: check it against your own cards.",)
        data = card.model_dump(mode="json")
        entries.append(
            _entry(
                "Solo card",
                card.id,
                f"Solo card {card.id}",
                card.short(),
                card.source,
                data,
                details,
            )
        )
    return entries


def piece_entries(ruleset: Ruleset) -> list[ReferenceEntry]:
    """Every printed piece's entry, in the order the Reference lists them."""
    return [*_allies(ruleset), *_cards(), *_tiles(), *_castle(ruleset), *_solo_cards()]
