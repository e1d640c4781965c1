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
>>> action_topic("build"), action_topic("fly")
('main-action:build-a-structure', None)
"""

from __future__ import annotations

from functools import cache

from companion.rules_decisions import RULES_DECISIONS
from solo_deck import ReferenceEntry, reference_entries, reference_source, search_reference


@cache
def decision_entries() -> tuple[ReferenceEntry, ...]:
    """One entry per rules decision, with the reason as its summary."""
    entries = []
    for topic, decision, source in RULES_DECISIONS:
        where, section = reference_source(source)
        ident = "-".join(topic.lower().replace("'", "").split())
        entries.append(
            ReferenceEntry(
                "Rules decision",
                ident,
                topic,
                decision,
                (f"Where it comes from: {source}.",),
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
    first (all of them for an empty query)."""
    return search_reference(bounded_query(query)[0], all_entries())


EDICT_TOPIC = "rule:issue-an-edict"
"""The entry of issuing an Edict yourself (F1 in the Issue an Edict and reward dialogs)."""

MARKET_TOPIC = "main-action:visit-the-market"
"""The entry of the Market visit (F1 in the Market dialog)."""

TRAVEL_TOPIC = "rule:travel"
"""The entry of sailing and its cost (F1 in the Travel dialog)."""

WAREHOUSE_TOPIC = "rule:warehouse"
"""The entry of the warehouse (F1 in the Put resources back dialog)."""


def action_topic(action: str) -> str | None:
    """The key of a main action's entry (``build``, ``summon``, ``promote``, ``market``,
    ``purchase``); ``None`` for any other word."""
    return next(
        (
            e.key
            for e in reference_entries()
            if e.kind == "Main action" and e.data.get("action") == action
        ),
        None,
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
