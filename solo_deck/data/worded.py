"""The rules data's words a player reads: which fields of which data files are sentences
(a card's effect, a tile's text), and the context each has in the catalogue.

The loader hands each such field out as a :class:`~solo_deck.text.Text` whose template
is the English itself, with the context ``data:<field>``: English prints it as it is,
and a front end renders it through its catalogue like any engine sentence. The
catalogue's template takes the same fields from the same files
(``companion.i18n.extract``), so whatever the data says is there to translate.

>>> effect = worded("Gain 2 Grain.", "effect")
>>> effect, effect.template, effect.context
('Gain 2 Grain.', 'Gain 2 Grain.', 'data:effect')
"""

from __future__ import annotations

from typing import Final

from solo_deck.text import Text

DATA_CONTEXT: Final = "data"
"""Context prefix of a data text: ``data:<field>`` (``data:effect``, ``data:section``)."""

WORDED: Final[dict[tuple[str, str], tuple[str, ...]]] = {
    ("advanced_cards.toml", "card"): ("effect",),
    ("house_cards.toml", "card"): ("effect",),
    ("castle.toml", "great"): ("text",),
    ("castle.toml", "keep_cover"): ("text",),
    ("city_bonus.toml", "tile"): ("text",),
    ("workplaces.toml", "tile"): ("text",),
}
"""The fields a player reads, by data file and ``[[table]]``."""

SECTION: Final = "section"
"""The field name of a rulebook section taken from a data file's ``source``
(:func:`solo_deck.reference.entry.reference_source`), shown as "look up: …"."""


def worded(english: str, field: str) -> Text:
    """A data text as a sentence of its own: English template, context ``data:<field>``."""
    return Text(english, context=f"{DATA_CONTEXT}:{field}")
