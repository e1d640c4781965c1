"""The Voyage Board's printed Summon costs: the Grain shown under each open Ally space,
port by port.

>>> from solo_deck.data.loaders import load_voyage_board
>>> load_voyage_board().grain_at(4)  # Barcelona
3
"""

from __future__ import annotations

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel


class AllySpot(FrozenModel):
    """The ``space``-th (from 1) open Ally space of the ``port``-th port of the ring
    (from 1, in the ruleset's order) and the Grain printed under it. ``source`` says
    where the value comes from (``rulebook: …``, ``assumed: …``)."""

    port: int = Field(ge=1, le=20)
    space: int = Field(default=1, ge=1, le=9)
    grain: int = Field(ge=0, le=9)
    source: str = Field(min_length=3)


class VoyageBoard(FrozenModel):
    """Every open Ally space of the Voyage Board with its Summon cost."""

    ally_spaces: tuple[AllySpot, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _once_each(self) -> VoyageBoard:
        keys = [(spot.port, spot.space) for spot in self.ally_spaces]
        if len(set(keys)) != len(keys):
            raise ValueError("each Ally space of a port appears once")
        return self

    def spot(self, port: int, space: int = 1) -> AllySpot:
        """The Ally space ``space`` of the ``port``-th port (both from 1; ``KeyError``
        when there is none)."""
        for spot in self.ally_spaces:
            if spot.port == port and spot.space == space:
                return spot
        raise KeyError((port, space))

    def grain_at(self, port: int, space: int = 1) -> int:
        """The Grain printed under that Ally space."""
        return self.spot(port, space).grain
