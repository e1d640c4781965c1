"""What the engine and the app call the Allies and the cards: one home for the names
built from the rules data, so that a log line, a panel and a dialog name an Ally alike.

>>> ally_name("altair"), ally_name(None), ally_name(None, unnamed="?")
('Altair', 'unknown', '?')
>>> ally_title("altair"), ally_title("gregoria-2")
('Altair', 'Gregoria (tile 2)')
>>> ally_label("altair")
'Altair — Arab merchant, Independent'
"""

# i18n: sentences are Text
from __future__ import annotations

from functools import cache

from solo_deck.data.loaders import allies_by_id, house_cards_by_id, load_allies
from solo_deck.text import named, t, term


@cache
def shared_ally_names() -> frozenset[str]:
    """The Ally names printed on two tiles (Gregoria, Sebastian)."""
    names = [ally.name for ally in load_allies()]
    return frozenset(name for name in names if names.count(name) > 1)


def ally_name(ally_id: str | None, unnamed: str | None = None) -> str:
    """The Ally's printed name (a term the edition's glossary renders); ``unnamed`` when
    nobody has said who it is (no id), ``unknown`` by default. An id the rules data does
    not know is shown as it is."""
    if not ally_id:
        return t("unknown") if unnamed is None else unnamed
    ally = allies_by_id().get(ally_id)
    return named(ally.name if ally else ally_id, "ally")


def ally_title(ally_id: str) -> str:
    """``Gisela`` or, for a name on two tiles, ``Gregoria (tile 1)``."""
    ally = allies_by_id()[ally_id]
    if ally.name not in shared_ally_names():
        return ally.name
    tile = ally_id.rsplit("-", 1)[-1]
    return t("{ally} (tile {tile})", ally=named(ally.name, "ally"), tile=tile)


def ally_label(ally_id: str) -> str:
    """``Gisela — Saxon princess, Loyalist`` (a name on two tiles gets its tile number)."""
    ally = allies_by_id()[ally_id]
    loyalist = ally.kind.value == "loyalist"
    kind = term("Loyalist", "ally_kind") if loyalist else term("Independent", "ally_kind")
    return t(
        "{ally} — {epithet}, {kind}",
        ally=ally_title(ally_id),
        epithet=named(ally.epithet, "epithet"),
        kind=kind,
    )


def card_name(card_id: str) -> str:  # a Text for a House card
    """``A7`` for an Advanced card, ``House card`` for one of your House's (their ids are
    the data's, not printed on the cards).

    >>> card_name("A7"), card_name("common-augustales")
    ('A7', 'House card')
    """
    return t("House card") if card_id in house_cards_by_id() else card_id
