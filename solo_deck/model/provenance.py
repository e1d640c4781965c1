"""Values that carry where they came from.

A source starts with one of :data:`SOURCE_KINDS`:

- ``rulebook``: the retail rulebook states it;
- ``draft v19``: only the older v19 draft gives it (the retail text lost the icon);
- ``interpretation``: a reading of the rules we commit to (the Help lists them);
- ``assumed``: our sources do not give it; the value is ours and the player may edit it;
- ``unknown``: our sources do not give it and we do not guess: the player types it;
- ``player``: the player entered it at setup;
- ``design``: a choice of this program, not a rule;
- ``yours``: you checked the value against your own box (see :mod:`solo_deck.data.boards`).
"""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import field_validator

from solo_deck.model.base import FrozenModel

T = TypeVar("T")

SOURCE_KINDS = (
    "rulebook",
    "draft v19",
    "interpretation",
    "assumed",
    "unknown",
    "player",
    "design",
    "yours",
)


class Sourced(FrozenModel, Generic[T]):
    """A rules value together with its source.

    >>> Sourced(value=5, source="draft v19: components").assumed
    True
    """

    value: T
    source: str

    @field_validator("source")
    @classmethod
    def _source_kind(cls, source: str) -> str:
        if not source.startswith(SOURCE_KINDS):
            raise ValueError(f"source must start with one of: {', '.join(SOURCE_KINDS)}")
        return source

    @property
    def assumed(self) -> bool:
        """True when the retail rulebook does not state the value."""
        return not self.source.startswith("rulebook")


def sourced_values(group: FrozenModel) -> dict[str, object]:
    """The ``value`` of each field of a group of :class:`Sourced` values, by field name: the
    arguments of a model that holds the same fields as plain values.

    >>> from solo_deck import load_ruleset
    >>> sourced_values(load_ruleset().frederick_start)["treasury"]
    6
    """
    return {name: getattr(group, name).value for name in type(group).model_fields}
