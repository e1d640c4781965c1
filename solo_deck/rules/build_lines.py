"""The Build's sentences, whole for each kind of Structure.

A sentence that named the Structure's kind by gluing a plural ``s`` to it or an article
before it could not be translated: each language writes its own plural and inflects its
article by the noun's gender. Here every sentence is one message per kind (Tower, Wall,
Keep), so a translator writes it whole.

>>> built_line("tower", None, None, 2, 5)
'You built a Tower (towers 2/5)'
>>> built_line("keep", named("Great Keep", "structure"), "K1", 1, 3)
'You built a Great Keep on K1 (keeps 1/3)'
>>> all_built("wall", 5), only_kind("keep"), paid_for("tower")
('all 5 of your walls are already built', 'this lets you build a Keep only', 'the Tower')
>>> not_of_kind("Great Tower A", "tower", "wall")
'Great Tower A is a tower, not a wall'
>>> side_closed("vp")
'the vp side is already closed'
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.model.castle import SideIncome
from solo_deck.text import Text, named, t

__all__ = [
    "all_built",
    "built_edict",
    "built_line",
    "marked_again",
    "not_of_kind",
    "only_kind",
    "paid_for",
    "side_closed",
]


def built_line(structure: str, great: Text | None, site: str | None, n: int, most: int) -> Text:
    """The log line of a Build: the Structure (or the Great Structure) built, where, and
    how many of its kind the castle now holds."""
    if great is not None:
        return _great_line(structure, great, site, n, most)
    if structure == "tower":
        if site:
            return t("You built a Tower on {site} (towers {n}/{most})", site=site, n=n, most=most)
        return t("You built a Tower (towers {n}/{most})", n=n, most=most)
    if structure == "wall":
        if site:
            return t("You built a Wall on {site} (walls {n}/{most})", site=site, n=n, most=most)
        return t("You built a Wall (walls {n}/{most})", n=n, most=most)
    if site:
        return t("You built a Keep on {site} (keeps {n}/{most})", site=site, n=n, most=most)
    return t("You built a Keep (keeps {n}/{most})", n=n, most=most)


def _great_line(structure: str, great: Text, site: str | None, n: int, most: int) -> Text:
    if structure == "tower":
        if site:
            return t(
                "You built a {great} on {site} (towers {n}/{most})",
                great=great,
                site=site,
                n=n,
                most=most,
            )
        return t("You built a {great} (towers {n}/{most})", great=great, n=n, most=most)
    if structure == "wall":
        if site:
            return t(
                "You built a {great} on {site} (walls {n}/{most})",
                great=great,
                site=site,
                n=n,
                most=most,
            )
        return t("You built a {great} (walls {n}/{most})", great=great, n=n, most=most)
    if site:
        return t(
            "You built a {great} on {site} (keeps {n}/{most})",
            great=great,
            site=site,
            n=n,
            most=most,
        )
    return t("You built a {great} (keeps {n}/{most})", great=great, n=n, most=most)


def all_built(structure: str, most: int) -> Text:
    """The refusal of a Build when every Structure of that kind is already built."""
    if structure == "tower":
        return t("all {most} of your towers are already built", most=most)
    if structure == "wall":
        return t("all {most} of your walls are already built", most=most)
    return t("all {most} of your keeps are already built", most=most)


def only_kind(structure: str) -> Text:
    """The refusal of a Build of another kind than the one a card or bonus lets you build."""
    if structure == "tower":
        return t("this lets you build a Tower only")
    if structure == "wall":
        return t("this lets you build a Wall only")
    return t("this lets you build a Keep only")


def paid_for(structure: str) -> Text:
    """What a Build pays for, as the refusal of a payment short of it names it
    (``… not 2 for the Tower``)."""
    if structure == "tower":
        return t("the Tower")
    if structure == "wall":
        return t("the Wall")
    return t("the Keep")


def not_of_kind(great: str, kind: str, asked: str) -> Text:
    """The refusal of a Great Structure built as a Structure of another kind."""
    name = named(great, "structure")
    if kind == "tower":
        if asked == "wall":
            return t("{great} is a tower, not a wall", great=name)
        return t("{great} is a tower, not a keep", great=name)
    if kind == "wall":
        if asked == "tower":
            return t("{great} is a wall, not a tower", great=name)
        return t("{great} is a wall, not a keep", great=name)
    if asked == "tower":
        return t("{great} is a keep, not a tower", great=name)
    return t("{great} is a keep, not a wall", great=name)


def side_closed(side: SideIncome) -> Text:
    """The refusal of a Build that closes a side of the castle already closed."""
    if side == "stone":
        return t("the stone side is already closed")
    if side == "grain":
        return t("the grain side is already closed")
    if side == "augustales":
        return t("the augustales side is already closed")
    if side == "vp":
        return t("the vp side is already closed")
    return t("the market side is already closed")


def built_edict(structure: str) -> Text:
    """The Edict a Build on a marked space (every Keep's) owes."""
    if structure == "tower":
        return t("You built a Tower: issue an Edict (Active I, II or III)")
    if structure == "wall":
        return t("You built a Wall: issue an Edict (Active I, II or III)")
    return t("You built a Keep: issue an Edict (Active I, II or III)")


def marked_again(structure: str) -> Text:
    """The second Edict of a Build that already owes one (Great Wall A's), on a marked
    space with no site named."""
    if structure == "tower":
        return t("The Tower's marked space: another Edict (Active I, II or III)")
    if structure == "wall":
        return t("The Wall's marked space: another Edict (Active I, II or III)")
    return t("The Keep's marked space: another Edict (Active I, II or III)")
