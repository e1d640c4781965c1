"""Each edition's game terms (``glossary.toml``), with the source of every form.

The engine names a game term with :func:`solo_deck.text.term` (``term("Keep",
"castle")``); :func:`term_in` gives its form in an edition — the Italian box says
*Mastio*, the German *Hauptgebäude*, the French *Donjon*. :func:`entry` gives the whole
entry (the Reference shows the English term beside the edition's) and :func:`find` looks
a term up by its form in any language (a player with the Italian box types *torre* and
finds the Tower).

>>> term_in("Keep", "it"), term_in("Keep", "en"), term_in("Gisela", "de")
('Mastio', 'Keep', 'Gisela')
>>> entry("Edicts").source("it")
'edition review: Italian edition (Tesla Games)'
>>> entry("Grain").source("de")
'assumed'
>>> [found.english for found in find("torre")]
['Tower']
"""

from __future__ import annotations

import functools
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from companion.i18n.languages import ENGLISH, PSEUDO

GLOSSARY_FILE: Final = Path(__file__).with_name("glossary.toml")
EDITIONS: Final = ("it", "de", "fr")
ASSUMED: Final = "assumed"
SAME_AS_PRINTED: Final = "assumed: a name, kept as the English edition prints it"


@dataclass(frozen=True)
class GlossaryEntry:
    """One game term: its English form, kind, form per edition and their sources."""

    english: str
    kind: str
    forms: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)

    def form(self, language: str) -> str:
        """The term in ``language``'s edition (English where it has no form of its own)."""
        if language == PSEUDO:
            from companion.i18n.pseudo import pseudo

            return pseudo(self.english)
        return self.forms.get(language, self.english)

    def source(self, language: str) -> str:
        """Where ``language``'s form comes from."""
        if language == ENGLISH:
            return "edition: English (Quined Games)"
        if language not in self.forms:
            return SAME_AS_PRINTED
        return self.sources.get(language, ASSUMED)


@functools.cache
def glossary() -> dict[str, GlossaryEntry]:
    """Every entry, by its English term."""
    with GLOSSARY_FILE.open("rb") as file:
        data = tomllib.load(file)
    entries: dict[str, GlossaryEntry] = {}
    for kind, table in data.items():
        for english, spec in table.items():
            forms = {code: spec[code] for code in EDITIONS if code in spec}
            entries[english] = GlossaryEntry(english, kind, forms, dict(spec.get("sources", {})))
    return entries


def entry(english: str) -> GlossaryEntry | None:
    """The entry of an English term (``None``: not a term of the glossary)."""
    return glossary().get(english)


def term_in(english: str, language: str) -> str:
    """``english`` as ``language``'s edition prints it (itself when the glossary does not
    know it, or in English)."""
    if language == ENGLISH:
        return english
    found = entry(english)
    return found.form(language) if found is not None else english


def fold(text: str) -> str:
    """Lowercase without accents: ``Türme`` → ``turme``, ``Édit`` → ``edit``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@functools.cache
def _english_by_form() -> dict[tuple[str, ...], str]:
    """Every edition form (its folded words) and the English term it stands for."""
    found: dict[tuple[str, ...], str] = {}
    for item in glossary().values():
        for form in item.forms.values():
            found.setdefault(tuple(re.split(r"[\W_]+", fold(form).strip())), item.english)
    return found


def in_english(query: str) -> str:
    """``query`` with every edition word (an Italian, German or French form of the
    glossary, its longest match first) put in English; other words as typed.

    >>> in_english("torre"), in_english("Türme bauen"), in_english("grande  mastio?")
    ('Tower', 'Towers Build', 'Great Keep')
    >>> in_english("tento"), in_english("")
    ('tento', '')
    """
    words = [w for w in re.split(r"[\W_]+", query) if w]
    forms = _english_by_form()
    longest = max(len(form) for form in forms)
    out: list[str] = []
    at = 0
    while at < len(words):
        for size in range(min(longest, len(words) - at), 0, -1):
            english = forms.get(tuple(fold(w) for w in words[at : at + size]))
            if english is not None:
                out.append(english)
                at += size
                break
        else:
            out.append(words[at])
            at += 1
    return " ".join(out)


def find(word: str) -> list[GlossaryEntry]:
    """The entries whose form in any language starts with ``word`` (case and accents as
    typed are ignored for the case only), English first."""
    wanted = word.strip().casefold()
    if not wanted:
        return []
    return [
        item
        for item in glossary().values()
        if any(form.casefold().startswith(wanted) for form in (item.english, *item.forms.values()))
    ]
