"""What one Reference entry holds, and how a data file's ``source`` becomes the four
kinds of source the Reference names (``rulebook``, ``draft v19``, ``assumed``, ``yours``).

>>> reference_source("rulebook: appendix, Allies (Independents)")
('rulebook', 'appendix, Allies (Independents)')
>>> reference_source("draft v19: components")
('draft v19', 'components (v19 draft)')
>>> reference_source("assumed: verify the top of the track")[0]
'assumed'
>>> reference_source("player: checked against the box")[0]
'yours'
>>> reference_source("assumed: not legible (rulebook: Issue an Edict)")[0]
'assumed'
>>> reference_source("solo rules")
('rulebook', 'solo rules')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from solo_deck.data.worded import SECTION, worded
from solo_deck.text import t

# i18n: sentences are Text

ReferenceSource = Literal["rulebook", "draft v19", "assumed", "yours"]
REFERENCE_SOURCES: tuple[ReferenceSource, ...] = ("rulebook", "draft v19", "assumed", "yours")
"""The sources an entry may name: the retail rulebook states it, only the v19 draft gives
it, it is ours (assumed, unknown, an interpretation or a choice of the program), or the
player entered or checked it."""

NOT_PRINTED = t("not in the rulebook")


def reference_source(source: str) -> tuple[ReferenceSource, str]:
    """``(kind, section)``: the Reference's name for a data file's ``source`` and where to
    look it up in the rulebook (the data's words: a sentence of context ``data:section``).

    >>> reference_source("rulebook: player setup")[1].context
    'data:section'
    """
    kind, section = source_parts(source)
    if section is None:
        if kind == "rulebook":
            return kind, t("rulebook")
        return kind, t("v19 draft") if kind == "draft v19" else NOT_PRINTED
    if kind == "draft v19":
        return kind, t("{section} (v19 draft)", section=worded(section, SECTION))
    return kind, worded(section, SECTION)


def source_parts(source: str) -> tuple[ReferenceSource, str | None]:
    """``(kind, section)`` of a data file's ``source`` as the data words them (``None``:
    no section named); what :func:`reference_source` and the catalogue's template read.

    >>> source_parts("rulebook: appendix, Great Structures")
    ('rulebook', 'appendix, Great Structures')
    >>> source_parts("rulebook"), source_parts("draft v19")
    (('rulebook', None), ('draft v19', None))
    """
    head, _, rest = source.partition(":")
    rest = rest.strip()
    head = head.strip().lower()
    if head == "rulebook":
        return "rulebook", rest or None
    if head == "draft v19":
        return "draft v19", rest or None
    if head in ("player", "yours"):
        return "yours", rest or None
    if head in ("assumed", "unknown", "interpretation", "design"):
        return "assumed", rest or None
    if "rulebook" in source.lower() or "rules" in source.lower():
        return "rulebook", source
    return "assumed", rest or None


def printed(section: str) -> tuple[ReferenceSource, str]:
    """The source of a rule the retail rulebook prints in ``section`` (a section named in
    the code, so that it is a sentence of its own: ``printed(t("End Phase"))``)."""
    return "rulebook", section


def slug(text: str) -> str:
    """Lowercase words joined by ``-``: ``Advanced card`` → ``advanced-card``.

    >>> slug("Workplace tile"), slug("Frederick's turn")
    ('workplace-tile', 'frederick-s-turn')
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


MAIN_ACTION = "Main action"
"""The kind of the main actions' entries."""

MAIN_ACTION_IDS: Mapping[str, str] = {
    "build": "build-a-structure",
    "summon": "summon-an-ally",
    "promote": "promote-a-specialist",
    "market": "visit-the-market",
    "purchase": "purchase-a-card",
}
"""Each main action's entry id (:mod:`~solo_deck.reference.actions` builds the entries)."""


def main_action_key(action: str) -> str | None:
    """The key of a main action's entry (``build``, ``summon``, ``promote``, ``market``,
    ``purchase``), without building the Reference; ``None`` for any other word.

    >>> main_action_key("build"), main_action_key("fly")
    ('main-action:build-a-structure', None)
    """
    ident = MAIN_ACTION_IDS.get(action)
    return None if ident is None else f"{slug(MAIN_ACTION)}:{ident}"


@dataclass(frozen=True)
class ReferenceEntry:
    """One thing the player may look up: a component or a rule of the game's flow.

    ``summary`` is one line; ``details`` are the further lines; ``source`` is one of
    :data:`REFERENCE_SOURCES` and ``section`` where to look in the rulebook; ``data`` is the
    structured data the entry was written from (JSON-ready).

    >>> e = ReferenceEntry("Ally", "tento", "Tento", "Bonus when…", source="rulebook")
    >>> e.key
    'ally:tento'
    """

    kind: str
    id: str
    name: str
    summary: str
    details: tuple[str, ...] = ()
    source: ReferenceSource = "assumed"
    section: str = NOT_PRINTED
    data: Mapping[str, object] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    """Further names the entry is found by (``Village II B`` for ``village-II-B``)."""

    @property
    def key(self) -> str:
        """Unique among all entries: ``kind:id``."""
        return f"{slug(self.kind)}:{self.id}"

    @property
    def title(self) -> str:
        """``Tento · Ally``."""
        return t("{name} · {kind}", name=self.name, kind=self.kind)

    def text(self) -> str:
        """The entry as plain text: title, summary, details, source and section."""
        lines = [self.title, self.summary, *self.details]
        lines.append(
            t("Source: {source} — look up: {section}", source=self.source, section=self.section)
        )
        return "\n".join(lines)

    def as_json(self) -> dict[str, object]:
        """The entry as JSON-ready data (what ``stupor-solo rules --json`` prints)."""
        return {
            "key": self.key,
            "kind": self.kind,
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "details": list(self.details),
            "source": self.source,
            "section": self.section,
            "data": dict(self.data),
        }
