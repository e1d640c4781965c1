"""What a key table is made of: :class:`Key` (one binding as data), :func:`bindings` (a
table as Textual bindings) and :class:`ConfirmKeys` (the two keys of a yes/no question).

The tables themselves are in :mod:`companion.ui.keys.game`, which re-exports these names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from textual.binding import Binding


class Key(NamedTuple):
    """One key binding: keys, action, footer label, id, tooltip and options."""

    key: str
    action: str
    label: str
    id: str
    tooltip: str
    key_display: str | None = None
    priority: bool = False
    show: bool = True


def bindings(keys: tuple[Key, ...] | list[Key]) -> list[Binding]:
    """Textual bindings for a key table."""
    return [
        Binding(
            k.key,
            k.action,
            k.label,
            show=k.show,
            id=k.id,
            tooltip=k.tooltip,
            key_display=k.key_display,
            priority=k.priority,
        )
        for k in keys
    ]


@dataclass(frozen=True)
class ConfirmKeys:
    """The keys of one yes/no question: ``y`` says yes, ``n``/``escape`` no, with binding
    ids ``<id_prefix>.yes`` / ``<id_prefix>.no``, footer labels and tooltips."""

    id_prefix: str = "confirm"
    yes: str = "Yes"
    no: str = "No"
    yes_tooltip: str = "Yes"
    no_tooltip: str = "No"

    def keys(self) -> tuple[Key, ...]:
        """The two keys as data."""
        return (
            Key("y", "answer(True)", self.yes, f"{self.id_prefix}.yes", self.yes_tooltip),
            Key(
                "n,escape",
                "answer(False)",
                self.no,
                f"{self.id_prefix}.no",
                self.no_tooltip,
                "n/esc",
            ),
        )

    def bindings(self) -> list[Binding]:
        """The two keys as Textual bindings."""
        return bindings(self.keys())
