"""What the Help screen shows: every key of the app, screen by screen, read from the key
tables in :mod:`companion.ui.keys.game` (with the player's own keys from the configuration file
in their place), and the rules decisions of :mod:`companion.rules_decisions`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.i18n import N_, _, ngettext
from companion.rules_decisions import RULES_DECISIONS
from companion.ui.framework.key_characters import key_caption
from companion.ui.keys import KEYMAPS, Key

__all__ = ["RULES_DECISIONS", "KeyRow", "bindings_markdown", "collect_bindings", "help_markdown"]


@dataclass(frozen=True)
class KeyRow:
    """One line of a key table."""

    keys: str
    description: str
    tooltip: str
    binding_id: str


KEY_NAMES: dict[str, str] = {
    "enter": "enter",
    "escape": "esc",
    "space": "space",
    "backspace": "backspace",
    "question_mark": "?",
    "tab": "tab",
}
"""Key names spelt out in the help (Textual's own symbols such as ⏎ are less clear)."""


def _one_key(key: str) -> str:
    *modifiers, name = key.strip().split("+")
    return "+".join([*modifiers, KEY_NAMES.get(name) or key_caption(name)])


def key_label(key: Key) -> str:
    """How a key reads for a person, e.g. ``ctrl+z``, ``?`` or ``esc / q`` (a binding on
    several keys lists them all)."""
    keys = [k for k in key.key.split(",") if k.strip()]
    if key.key_display and len(keys) == 1:
        return key.key_display
    return " / ".join(_one_key(k) for k in keys)


def _as_bound(key: Key, overrides: Mapping[str, str]) -> Key:
    """``key`` with the player's own keys for it, if any."""
    mine = overrides.get(key.id)
    return key if mine is None else key._replace(key=mine, key_display=None)


def collect_bindings(overrides: Mapping[str, str] | None = None) -> list[tuple[str, list[KeyRow]]]:
    """Every key table, in :data:`~companion.ui.keys.game.KEYMAPS` order; ``overrides``
    (binding id → keys) are the player's own keys, shown in place of the app's."""
    groups: list[tuple[str, list[KeyRow]]] = []
    mine = overrides or {}
    for name, (title, keys) in KEYMAPS.items():
        rows = [KeyRow(key_label(_as_bound(k, mine)), k.label, k.tooltip, k.id) for k in keys]
        if name == "app":
            rows.append(
                KeyRow(
                    "ctrl+p", N_("Commands"), N_("Search every action of the current screen"), ""
                )
            )
        if rows:
            groups.append((title, rows))
    return groups


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def bindings_markdown(overrides: Mapping[str, str] | None = None) -> str:
    """The key tables as Markdown (one table per screen), with the player's own keys."""
    parts = ["# " + _("Keys"), ""]
    if overrides:
        count = len(overrides)
        parts += [
            ngettext(
                "Your configuration file changes {count} key; they are shown here.",
                "Your configuration file changes {count} keys; they are shown here.",
                count,
            ).format(count=count),
            "",
        ]
    header = f"| {_('Key')} | {_('Action')} | {_('What it does')} |"
    for title, rows in collect_bindings(overrides):
        parts += [f"## {_(title)}", "", header, "|---|---|---|"]
        parts += [
            f"| `{_cell(row.keys)}` | {_cell(_(row.description))} | {_cell(_(row.tooltip))} |"
            for row in rows
        ]
        parts.append("")
    return "\n".join(parts)


def rules_markdown() -> str:
    """The rules decisions as a Markdown list."""
    parts = [
        "# " + _("Rules decisions"),
        "",
        _("How the app reads points the rules leave open. The source says where each comes from."),
        "",
    ]
    parts += [
        f"- **{_(topic)}**: {_(decision)} *({_(source)})*"
        for topic, decision, source in RULES_DECISIONS
    ]
    parts.append("")
    return "\n".join(parts)


REFERENCE_NOTE = N_(
    "What does A12 give, or Village II B, or Tento? **F1** anywhere opens the Reference at "
    "what has the cursor (an Ally in a list, a card, a Structure, the rule a dialog asks "
    "about), and **r** here opens it whole: every component and rule, searchable as you "
    "type, in your own words too (*how many cards in hand*, *cost to travel*, *what does a "
    "tower do*).\n"
)


def help_markdown(overrides: Mapping[str, str] | None = None) -> str:
    """The whole help text: where the Reference is, the keys (with the player's own),
    then the rules decisions."""
    return _(REFERENCE_NOTE) + "\n" + bindings_markdown(overrides) + "\n" + rules_markdown()
