"""The Reference the app and ``stupor-solo rules`` show: the engine's entries (every
component in the rules data, :func:`solo_deck.reference_entries`) and the rules decisions
the app commits to (:data:`companion.rules_decisions.RULES_DECISIONS`), searched alike.

>>> find("tento")[0].name
'Tento'
>>> find("A12")[0].id
'A12'
>>> entry_for("great_tower_b").name
'Great Tower B'
>>> [e.kind for e in find("Sigeberht")][:2]
['Ally', 'Rules decision']
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from companion.i18n import N_, _, current_language, shown
from companion.i18n.glossary import term_in
from companion.i18n.languages import ENGLISH
from companion.rules_decisions import RULES_DECISIONS
from solo_deck import (
    ReferenceEntry,
    reference_entries,
    reference_scores,
    reference_source,
    search_reference,
)
from solo_deck.text import Text


@cache
def decision_entries() -> tuple[ReferenceEntry, ...]:
    """One entry per rules decision, with the reason as its summary: each text a sentence
    of the catalogue (English as it is; rendered in the language in use where shown)."""
    entries = []
    for topic, decision, source in RULES_DECISIONS:
        where, section = reference_source(source)
        said = Text(source)
        ident = "-".join(topic.lower().replace("'", "").split())
        entries.append(
            ReferenceEntry(
                "Rules decision",
                ident,
                Text(topic),
                Text(decision),
                (Text(N_("Where it comes from: {source}."), {"source": said}),),
                where,
                section,
                {"topic": topic, "decision": decision, "source": source},
            )
        )
    return tuple(entries)


@cache
def all_entries() -> tuple[ReferenceEntry, ...]:
    """Every entry of the Reference, in its listing order."""
    return (*reference_entries(), *decision_entries())


MAX_QUERY = 200
"""The longest search read (characters): a question is a few words; a longer one (a paste
of a whole page) is cut here, so a search never grows with what was pasted."""


def bounded_query(query: str) -> tuple[str, bool]:
    """``query`` cut to :data:`MAX_QUERY` characters, and whether it was cut.

    >>> bounded_query("tento"), bounded_query("x" * 500)[0] == "x" * MAX_QUERY
    (('tento', False), True)
    """
    return query[:MAX_QUERY], len(query) > MAX_QUERY


def find(query: str) -> list[ReferenceEntry]:
    """The entries matching ``query`` (only its first :data:`MAX_QUERY` characters), best
    first (all of them for an empty query).

    A word of an edition's own (``torre``, ``Türme``, ``Donjon``: the glossary's Italian,
    German and French forms) finds what its English term finds, first; the words as typed
    are searched too (a name is the same in every edition). In another language than
    English the entries are searched as that language words them and as English does, an
    entry ranked by the better of the two (:func:`_bilingual`).

    >>> [e.name for e in find("torre")][:1], [e.name for e in find("grande mastio")][:1]
    (['Tower'], ['Great Keep'])
    """
    from companion.i18n.glossary import in_english

    typed = bounded_query(query)[0]
    english = in_english(typed)
    language = current_language()
    if language != ENGLISH:
        return _bilingual(typed, english, language)
    found = search_reference(typed, all_entries())
    if english.split() == [w for w in re.split(r"[\W_]+", typed) if w]:
        return found
    first = search_reference(english, all_entries())
    keys = {entry.key for entry in first}
    return [*first, *(entry for entry in found if entry.key not in keys)]


def _bilingual(typed: str, english: str, language: str) -> list[ReferenceEntry]:
    """The entries matching ``typed`` (or its glossary words in English, ``english``) in
    ``language``'s words or in English, best first (ties in the Reference's order)."""
    queries = [typed] if english == typed else [typed, english]
    in_both = zip(
        reference_scores(queries, all_entries()),
        reference_scores(queries, entries_in(language)),
        strict=True,
    )
    scored = [
        (max(pair), index, entry)
        for index, (entry, pair) in enumerate(zip(all_entries(), in_both, strict=True))
    ]
    return [entry for points, _, entry in sorted(scored, key=lambda s: (-s[0], s[1])) if points]


@cache
def entries_in(language: str) -> tuple[ReferenceEntry, ...]:
    """Every entry as ``language`` words it (what the search reads in that language): its
    name, kind, summary and details rendered, its English name kept as a further name.
    Only for the language in use (the rendering reads its catalogue)."""
    return tuple(
        replace(
            entry,
            name=shown(entry.name)
            if isinstance(entry.name, Text)
            else term_in(entry.name, language),
            kind=kind_word(entry.kind),
            summary=shown(entry.summary),
            details=tuple(shown(line) for line in entry.details),
            aliases=(str.__str__(entry.name), *entry.aliases),
        )
        for entry in all_entries()
    )


def entry_for(topic: str) -> ReferenceEntry | None:
    """The entry a cursor points at: by key (``ally:tento``), else by id, else by name;
    ``None`` when nothing has that name."""
    entries = all_entries()
    for entry in entries:
        if topic == entry.key:
            return entry
    for entry in entries:
        if topic == entry.id:
            return entry
    wanted = topic.casefold()
    return next((e for e in entries if e.name.casefold() == wanted), None)


KIND_WORDS = {
    kind: kind
    for kind in (
        N_("Castle site"),
        N_("End Phase step"),
        N_("Frederick's turn"),
        N_("Game end"),
        N_("Market tiles"),
        N_("Rule"),
        N_("Rules decision"),
        N_("Side income"),
        N_("Solo card symbol"),
        N_("Title"),
    )
}
"""The kinds of entry that are not game terms of the glossary (those are its words)."""


def kind_word(kind: str) -> str:
    """An entry's kind in the language in use (the edition's term where it is one).

    >>> kind_word("Ally"), kind_word("Rule")
    ('Ally', 'Rule')
    """
    language = current_language()
    if kind in KIND_WORDS:
        return _(kind)
    return term_in(kind, language)


def entry_name(entry: ReferenceEntry) -> str:
    """An entry's name in the language in use (a game term as the edition prints it), with
    the English beside it where they differ: ``Torre (Tower)`` in Italian, ``Tower`` in
    English; a rule's title too (``Il tuo turno (Your turn)``), so that the English
    rulebook's word is never far."""
    english = str.__str__(entry.name)
    if isinstance(entry.name, Text):
        edition = shown(entry.name)
    else:
        edition = term_in(english, current_language())
    return english if edition == english else f"{edition} ({english})"


SOURCE_KINDS = {
    "rulebook": N_("rulebook"),
    "draft v19": N_("draft v19"),
    "assumed": N_("assumed"),
    "yours": N_("yours"),
}


def entry_lines(entry: ReferenceEntry) -> list[str]:
    """The entry as plain text lines (``stupor-solo rules``): title, summary, details,
    source and section; in English exactly :meth:`ReferenceEntry.text`."""
    lines = [entry_title(entry), shown(entry.summary), *map(shown, entry.details)]
    source = _(SOURCE_KINDS.get(entry.source, entry.source))
    lines.append(
        _("Source: {source} — look up: {section}").format(
            source=source, section=shown(entry.section)
        )
    )
    return lines


def entry_title(entry: ReferenceEntry) -> str:
    """``Tento · Ally`` in the language in use."""
    return f"{entry_name(entry)} · {kind_word(entry.kind)}"
