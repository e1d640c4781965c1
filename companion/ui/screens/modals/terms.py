"""The names the rules data gives — ports, Allies, Great Structures, Keep covers, the
sides of a castle — as the edition in use prints them: each is a glossary term
(:func:`solo_deck.text.named`) shown in the language in use (a name the glossary does not
list stays as the data has it)."""

from __future__ import annotations

from companion.i18n import shown
from solo_deck.text import named


def port_name(name: str) -> str:
    """A port (``Roma``)."""
    return shown(named(name, "port"))


def ally_name(name: str) -> str:
    """An Ally's printed name."""
    return shown(named(name, "ally"))


def great_name(name: str) -> str:
    """A Great Structure (``Great Tower A``)."""
    return shown(named(name, "great_structure"))


def cover_name(name: str) -> str:
    """A Keep Cover tile (``Larger hand``)."""
    return shown(named(name, "keep_cover"))


def side_name(name: str) -> str:
    """What a side of the castle gives when it closes (``Grain``, ``Market visit``)."""
    return cover_name(name) if name == "Market visit" else shown(named(name, "resource"))
