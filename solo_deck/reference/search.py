"""Ranking Reference entries for what the player typed, in the player's own words.

A query is read as a player types it: case and accents do not matter, a plural finds its
singular (``towers`` → ``tower``, ``allies`` → ``ally``), the words a question wraps
around its topic (``how``, ``many``, ``does``, ``my``…) need not be found, and a few
table words stand for the rulebook's (``coins`` for Augustales, ``points`` for VP,
``buy`` for Purchase). Ids and names (and an entry's further names, its aliases) rank
first, then the words of its text; every word that is not a question word must be found
somewhere in the entry.

>>> from solo_deck.reference.walk import reference_entries
>>> [e.id for e in search_reference("A1", reference_entries())][:1]
['A1']
>>> search_reference("village ii b", reference_entries())[0].id
'village-II-B'
>>> search_reference("tento", reference_entries())[0].name
'Tento'
>>> search_reference("how many cards in hand", reference_entries())[0].id
'your-hand'
>>> search_reference("zzzz", reference_entries())
[]
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from solo_deck.reference.entry import ReferenceEntry

# i18n: sentences are Text

_QUESTION_TEXT = """
    a about am an and any are as at be become can could did do does done far for from get
    gets happen happens how i if in is it its many me much my of on or should so than that
    the there these this those to use used what whats when where which who why will with
    work works would you your
"""
QUESTION_WORDS = frozenset(_QUESTION_TEXT.split())
"""Words a question is made of around its topic: found, they add a little; missing, they
cost nothing (``edict i`` still ranks Edict I first by its whole name)."""

SYNONYMS: dict[str, tuple[str, ...]] = {
    "coin": ("augustal",),
    "money": ("augustal",),
    "gold": ("augustal",),
    "point": ("vp",),
    "buy": ("purchas",),
    "boat": ("ship",),
    "worker": ("specialist",),
    "meeple": ("specialist",),
    "resourc": ("grain", "stone"),
    "food": ("grain",),
    "wheat": ("grain",),
    "rock": ("stone",),
    "finish": ("end",),
}
"""A table word (stemmed) and the rulebook words (stemmed) it also finds."""


def fold(text: str) -> str:
    """Lowercase without accents: ``Gisèle`` → ``gisele``, ``ÉDICT`` → ``edict``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def normal(text: str) -> str:
    """Folded, every run of punctuation or spaces one space.

    >>> normal("Village-II-B"), normal("  Frederick's   turn "), normal("Gisèle")
    ('village ii b', 'frederick s turn', 'gisele')
    """
    return " ".join(re.split(r"[\W_]+", fold(text))).strip()


def stem(word: str) -> str:
    """A word without its plural or verb ending, so that forms of one word meet:
    ``allies``/``ally``, ``passes``/``passing``/``pass``, ``scoring``/``score``.

    >>> [stem(w) for w in ("allies", "ally", "towers", "passes", "passing", "scoring")]
    ['ally', 'ally', 'tower', 'pass', 'pass', 'scor']
    >>> stem("score"), stem("travelling"), stem("travel"), stem("vp"), stem("is")
    ('scor', 'travel', 'travel', 'vp', 'is')
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for ending in ("ing", "ed"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "s":
                word = word[:-1]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def topic_key(text: str) -> str:
    """The words that name a topic, stemmed, without the question words: ``cards in
    hand`` and ``how many cards in my hand`` both give ``card hand``."""
    return " ".join(stem(w) for w in normal(text).split() if w not in QUESTION_WORDS)


def _indexed(text: str) -> str:
    """``text``'s words and, after them, their stems (so a word matches either way)."""
    words = normal(text).split()
    return " ".join([*words, *(stem(w) for w in words)])


@dataclass(frozen=True)
class _Indexed:
    """An entry as the search reads it (built once per entry)."""

    names: tuple[str, ...]
    keys: frozenset[str]
    head: str
    body: str


_INDEX: dict[int, tuple[ReferenceEntry, _Indexed]] = {}
"""Each entry searched, read once (the Reference's entries live as long as the program)."""
_INDEX_MOST = 4096
"""Past this many entries read (entries built again and again), the index starts over."""


def _index(entry: ReferenceEntry) -> _Indexed:
    known = _INDEX.get(id(entry))
    if known is not None and known[0] is entry:
        return known[1]
    names = (entry.id, entry.name, *entry.aliases)
    indexed = _Indexed(
        tuple(normal(n) for n in names),
        frozenset(k for k in (topic_key(n) for n in names) if k),
        _indexed(" ".join(names)),
        _indexed(" ".join((entry.kind, entry.summary, *entry.details))),
    )
    if len(_INDEX) >= _INDEX_MOST:
        _INDEX.clear()
    _INDEX[id(entry)] = (entry, indexed)
    return indexed


@dataclass(frozen=True)
class _Word:
    """One word typed: the pattern that finds it (or its stem, or a synonym), and whether
    it is a question word (optional)."""

    pattern: re.Pattern[str]
    optional: bool


@dataclass(frozen=True)
class Query:
    """What the player typed, read once for every entry."""

    text: str
    key: str
    words: tuple[_Word, ...]

    @classmethod
    def read(cls, typed: str) -> Query:
        text = normal(typed)
        words = text.split()
        topical = [w for w in words if w not in QUESTION_WORDS]
        read = []
        for word in words:
            optional = word in QUESTION_WORDS and bool(topical)
            forms = {word, stem(word), *SYNONYMS.get(stem(word), ())}
            if optional or len(word) == 1:  # a single letter is a whole word (Edict I)
                pattern = rf"\b(?:{'|'.join(map(re.escape, sorted(forms)))})\b"
            else:
                pattern = rf"\b(?:{'|'.join(map(re.escape, sorted(forms)))})"
            read.append(_Word(re.compile(pattern), optional))
        return cls(text, topic_key(typed), tuple(read))

    def score(self, entry: ReferenceEntry) -> int:
        """How well ``entry`` answers the query; 0: not at all."""
        if not self.text:
            return 1
        indexed = _index(entry)
        if self.text in indexed.names:
            return 1100
        if self.key and self.key in indexed.keys:
            return 1000
        if any(name.startswith(self.text) for name in indexed.names):
            return 700
        total = 0
        for word in self.words:
            if word.pattern.search(indexed.head):
                total += 1 if word.optional else 100
            elif word.pattern.search(indexed.body):
                total += 0 if word.optional else 10
            elif not word.optional:
                return 0
        return total


def score(entry: ReferenceEntry, query: str) -> int:
    """How well ``entry`` matches what was typed; 0: not at all.

    >>> from solo_deck.reference.walk import reference_entries
    >>> tower = next(e for e in reference_entries() if e.id == "tower")
    >>> score(tower, "Towers"), score(tower, "what does a tower do"), score(tower, "grain")
    (1000, 1000, 0)
    """
    return Query.read(query).score(entry)


def reference_scores(queries: Iterable[str], entries: Iterable[ReferenceEntry]) -> tuple[int, ...]:
    """How well each of ``entries`` answers the best of ``queries`` (0: none does), in the
    entries' order: the scores a search in two languages compares.

    >>> from solo_deck.reference.walk import reference_entries
    >>> tower = next(e for e in reference_entries() if e.id == "tower")
    >>> reference_scores(["grain", "Towers"], [tower])
    (1000,)
    """
    reads = [Query.read(query) for query in queries]
    return tuple(max((read.score(entry) for read in reads), default=0) for entry in entries)


def search_reference(query: str, entries: Iterable[ReferenceEntry]) -> list[ReferenceEntry]:
    """The entries that match ``query``, best first (ties keep the Reference's order, the
    rules of play before the pieces that name them); an empty query gives them all."""
    read = Query.read(query)
    scored = [(read.score(entry), index, entry) for index, entry in enumerate(entries)]
    return [entry for points, _, entry in sorted(scored, key=lambda t: (-t[0], t[1])) if points]
