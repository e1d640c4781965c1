"""What the Reference screen shows, built apart from how: the list lines for a query and
an entry as text (plain :class:`rich.text.Text`, never markup: the data's words are data).

>>> lines = reference_lines("A12")
>>> lines[0].key, lines[0].label
('advanced-card:A12', 'A12 · Advanced card · Gain 1 Grain. Visit the Market.')
>>> entry_text(lines[0].entry).plain.splitlines()[0]
'A12'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.text import Text

from companion.i18n import N_, _, current_language, shown
from companion.reference import entry_name, entry_title, find, kind_word
from solo_deck import ReferenceEntry

SOURCE_WORDS = {
    "rulebook": N_("the retail rulebook"),
    "draft v19": N_("the v19 draft only (the retail text lost it)"),
    "assumed": N_("ours: not printed in our rules text, check your box"),
    "yours": N_("yours: you entered or checked it"),
}


LABEL_WIDTH = 60
"""A list line is cut to this many characters (the entry beside it has the rest)."""


@dataclass(frozen=True)
class ReferenceLine:
    """One line of the Reference list."""

    key: str
    label: str
    entry: ReferenceEntry


def reference_lines(query: str) -> list[ReferenceLine]:
    """The list for ``query``, best match first (every entry for an empty query).

    The entries never change while the app runs, so the lines of recent queries are kept
    (the whole list, drawn each time the Reference opens, cost a few milliseconds)."""
    return list(_lines(query, current_language()))


@lru_cache(maxsize=64)
def _lines(query: str, language: str) -> tuple[ReferenceLine, ...]:
    return tuple(ReferenceLine(e.key, line_label(e), e) for e in find(query))


def line_label(entry: ReferenceEntry, width: int = LABEL_WIDTH) -> str:
    """``Tento · Ally``; an entry named by its id alone (a card, a site) says what it does.

    >>> from companion.reference import entry_for
    >>> line_label(entry_for("A1"))
    'A1 · Advanced card · Gain 2 Grain.'
    """
    label = entry_title(entry)
    if entry.name == entry.id:
        label += f" · {shown(entry.summary)}"
    return label if len(label) <= width else label[: width - 1] + "…"


def entry_text(entry: ReferenceEntry) -> Text:
    """The entry as the Reference shows it: name, kind, summary, details, source."""
    text = Text()
    text.append(entry_name(entry), style="bold")
    text.append(f"\n{kind_word(entry.kind)} · {entry.id}\n\n", style="dim")
    text.append(shown(entry.summary) + "\n")
    for line in entry.details:
        text.append(f"\n{shown(line)}")
    text.append("\n\n" + _("Source:") + " ", style="dim")
    text.append(_(SOURCE_WORDS.get(entry.source, entry.source)))
    text.append("\n" + _("Look up:") + " ", style="dim")
    text.append(shown(entry.section))
    return text
