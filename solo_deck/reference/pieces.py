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
from solo_deck.reference.actions import listed, tile_name
from solo_deck.reference.entry import ReferenceEntry, reference_source
from solo_deck.text import Text, named, t, term

# i18n: sentences are Text

__all__ = ["load_ruleset", "piece_entries"]

TRIGGER_WORDS = {
    "summon": t("when you Summon an Ally"),
    "market": t("when you visit the Market"),
    "build": t("when you Build"),
    "purchase": t("when you Purchase an Action card"),
    "travel": t("when you Travel"),
    "promote": t("when you Promote a Specialist"),
    "stay": t("while one of your Specialists stands there"),
    "edict": t("when you issue an Edict"),
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


def ally_condition(ally: Ally, ruleset: Ruleset | None = None) -> Text:
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
        areas = listed(
            (
                t("the {area}", area=named(a.capitalize(), "component"))
                for a in dict.fromkeys(path[condition.threshold - 1 :])
            ),
            "or",
        )
        return t(
            "Frederick's Specialist has reached Workplace {n} of Path A or gone further ({areas})",
            n=condition.threshold,
            areas=areas,
        )
    if isinstance(condition, FrederickThreshold):
        return t(
            "Frederick's palace has {n} or more {metric}", n=condition.threshold, metric=metric
        )
    if condition.relation == "more":
        return t("your {metric} are more than Frederick's", metric=metric)
    return t("your {metric} are at least as many as Frederick's (a tie counts)", metric=metric)


def _allies(ruleset: Ruleset) -> list[ReferenceEntry]:
    base = ruleset.scoring.ally_base_vp.value
    bonus = ruleset.scoring.ally_bonus_vp.value
    entries = []
    for ally in load_allies():
        reads = (
            t("It reads only Frederick's palace.")
            if isinstance(ally.condition, FrederickThreshold)
            else t("It sets your side against Frederick's.")
        )
        summary = t(
            "At Ally income: {base} VP, and {bonus} VP more when {condition}.",
            base=base,
            bonus=bonus,
            condition=ally_condition(ally, ruleset),
        )
        details = (
            t(
                "{epithet}; {kind}. {reads}",
                epithet=named(ally.epithet, "epithet"),
                kind=named(ally.kind.value.capitalize(), "ally_kind"),
                reads=reads,
            ),
        )
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
            t("{n} Augustales", n=cost.augustales)
            if cost.augustales is not None
            else t("give up one of your Action cards (hand or discard pile)")
        )
        details = (t("Level {level}. Cost: {price}.", level=card.level, price=price),)
        data = card.model_dump(mode="json")
        entries.append(
            _entry("Advanced card", card.id, card.id, card.effect, card.source, data, details)
        )
    for house in load_house_cards():
        owner = t("every House") if house.house == "common" else named(house.house, "house")
        details = (t("Starting card of {owner}; {n} in the pile.", owner=owner, n=house.copies),)
        name = t("House card {id}", id=house.id)
        data = house.model_dump(mode="json")
        entries.append(
            _entry("House card", house.id, name, house.effect, house.source, data, details)
        )
    return entries


def _tiles() -> list[ReferenceEntry]:
    entries = []
    for tile in workplace_tiles().values():
        trigger = tile.effect.trigger
        when = TRIGGER_WORDS.get(trigger) or t("on {trigger}", trigger=trigger)
        details = (
            t(
                "{area}, level {level}, letter {letter}; works {when}.",
                area=named(tile.area.capitalize(), "component"),
                level=tile.level,
                letter=tile.letter,
                when=when,
            ),
            t("One Specialist on it is enough; a second adds nothing."),
        )
        entries.append(
            _entry(
                "Workplace tile",
                tile.id,
                tile_name(tile),
                tile.text,
                tile.source,
                tile.model_dump(mode="json"),
                details,
                (tile.label,),
            )
        )
    for bonus in city_bonus_tiles().values():
        taken = (t("Taken when you reach a City that still has one; unusable parts are lost."),)
        entries.append(
            _entry(
                "City Bonus tile",
                bonus.id,
                t("City Bonus {id}", id=bonus.id),
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
            t("the space's cost plus a sum the text lost (type it from your board)")
            if great.augustales is None
            else t("the space's cost plus {n} Augustales", n=great.augustales)
        )
        details = (
            t(
                "Built on a {structure} space; costs {cost}.",
                structure=named(great.structure.capitalize(), "castle"),
                cost=cost,
            ),
        )
        data = great.model_dump(mode="json")
        name = named(great.name, "great_structure")
        entries.append(
            _entry("Great Structure", great.id, name, great.text, great.source, data, details)
        )
    for cover in keep_covers().values():
        details = (t("Turned onto your Player Board when you build the Keep it lies on."),)
        data = cover.model_dump(mode="json")
        name = named(cover.name, "keep_cover")
        entries.append(
            _entry("Keep Cover", cover.id, name, cover.text, cover.source, data, details)
        )
    for side in side_incomes().values():
        pays = t("a visit to the Market") if side.market else side.gains.describe()
        summary = t(
            "A closed side showing this pays {pays} when it closes and each End Phase.",
            pays=pays,
        )
        data = side.model_dump(mode="json")
        name = t("Side income: {name}", name=named(side.name, "side"))
        entries.append(_entry("Side income", side.income, name, summary, side.source, data))
    player = ruleset.player
    sizes = {
        "tower": (
            player.castle_towers,
            term("Tower", "castle"),
            term("Towers", "castle"),
            t("each one hosts one more Ally"),
        ),
        "wall": (
            player.castle_walls,
            term("Wall", "castle"),
            term("Walls", "castle"),
            t("each one stores one more resource"),
        ),
        "keep": (
            player.castle_keeps,
            term("Keep", "castle"),
            term("Keeps", "castle"),
            t("each one turns its Keep Cover and issues an Edict"),
        ),
    }
    for structure, (count, one, many, adds) in sizes.items():
        summary = t(
            "Your castle holds {n} {structures}; {adds}.", n=count.value, structures=many, adds=adds
        )
        entries.append(
            _entry(
                "Structure",
                structure,
                one,
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
        details = (t("A face of the packaged deck: check it against your own cards."),)
        data = card.model_dump(mode="json")
        entries.append(
            _entry(
                "Solo card",
                card.id,
                t("Solo card {id}", id=card.id),
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
