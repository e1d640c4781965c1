"""Values that carry where they came from (`rulebook ...` or `assumed: ...`)."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import field_validator

from solo_deck.model_base import FrozenModel

T = TypeVar("T")


class Sourced(FrozenModel, Generic[T]):
    """A rules value together with its source.

    ``source`` starts with ``rulebook`` when the retail rulebook states the value and with
    ``assumed`` when it does not (the value is then ours and the player may edit it).
    """

    value: T
    source: str

    @field_validator("source")
    @classmethod
    def _source_kind(cls, source: str) -> str:
        if not source.startswith(("rulebook", "assumed", "design", "interpretation")):
            raise ValueError(
                "source must start with 'rulebook', 'assumed', 'design' or 'interpretation'"
            )
        return source

    @property
    def assumed(self) -> bool:
        """True when the value is not printed in the rulebook."""
        return not self.source.startswith("rulebook")
