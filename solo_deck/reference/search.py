"""Ranking Reference entries for what the player typed: ids and names first, then words
of the effect; every word typed must be found somewhere in the entry.

>>> from solo_deck.reference.walk import reference_entries
>>> [e.id for e in search_reference("A1", reference_entries())][:1]
['A1']
>>> search_reference("village ii b", reference_entries())[0].id
'village-II-B'
>>> search_reference("tento", reference_entries())[0].name
'Tento'
>>> search_reference("zzzz", reference_entries())
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from solo_deck.reference.entry import ReferenceEntry


def normal(text: str) -> str:
    """Lowercase, accents kept, every run of punctuation or spaces one space.

    >>> normal("Village-II-B"), normal("  Frederick's   turn ")
    ('village ii b', 'frederick s turn')
    """
    return " ".join(re.split(r"[\W_]+", text.lower())).strip()


def score(entry: ReferenceEntry, query: str) -> int:
    """How well ``entry`` matches the (normalised) ``query``; 0: not at all."""
    if not query:
        return 1
    names = [normal(entry.id), normal(entry.name), *(normal(a) for a in entry.aliases)]
    if query in names:
        return 1000
    if any(name.startswith(query) for name in names):
        return 700
    body = normal(" ".join((entry.kind, entry.summary, *entry.details)))
    words = query.split()
    head = " ".join(names)
    total = 0
    for word in words:
        if re.search(rf"\b{re.escape(word)}", head):
            total += 100
        elif re.search(rf"\b{re.escape(word)}", body):
            total += 10
        else:
            return 0
    return total


def search_reference(query: str, entries: Iterable[ReferenceEntry]) -> list[ReferenceEntry]:
    """The entries that match ``query``, best first (ties keep the Reference's order); an
    empty query gives them all."""
    wanted = normal(query)
    scored = [(score(entry, wanted), index, entry) for index, entry in enumerate(entries)]
    return [entry for points, _, entry in sorted(scored, key=lambda t: (-t[0], t[1])) if points]
