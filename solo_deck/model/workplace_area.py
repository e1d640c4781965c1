"""The Workplace Area of the Central Board as checked data: which two spaces share one
Countryside or Village tile, the Grain printed on each arrow, and where the two Workplace
Edict tokens lie. Every value carries its ``source`` (see
:mod:`solo_deck.model.provenance`); what no rules text prints is ``assumed``.

>>> from solo_deck.data.loaders import load_workplace_area
>>> area = load_workplace_area()
>>> area.partner("A3"), area.arrow_grain("A", 4), area.arrow_grain("B", 1)
('A4', 1, 0)
"""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.provenance import SOURCE_KINDS

_SPACE = r"^[ABC][1-4]$"


def _check_source(source: str) -> str:
    if not source.startswith(SOURCE_KINDS):
        raise ValueError(f"source must start with one of: {', '.join(SOURCE_KINDS)}")
    return source


class TilePair(FrozenModel):
    """The two Workplace spaces one tile covers (its level I and level II Workplaces)."""

    spaces: tuple[str, str]
    source: str

    _source = field_validator("source")(_check_source)

    @field_validator("spaces")
    @classmethod
    def _spaces(cls, spaces: tuple[str, str]) -> tuple[str, str]:
        if len(set(spaces)) != 2 or any(len(s) != 2 or s[0] not in "ABC" for s in spaces):
            raise ValueError("a tile covers two different spaces such as A1 and A2")
        return spaces


class Arrow(FrozenModel):
    """The arrow a Specialist crosses to reach space ``into`` of ``path``, and the Grain
    printed beside it (0: no Grain icon)."""

    path: str = Field(pattern=r"^[ABC]$")
    into: int = Field(ge=1, le=5)
    grain: int = Field(ge=0, le=9)
    source: str

    _source = field_validator("source")(_check_source)


class TokenSpaces(FrozenModel):
    """The spaces printed with a Workplace Edict token."""

    spaces: tuple[str, ...]
    source: str

    _source = field_validator("source")(_check_source)

    @field_validator("spaces")
    @classmethod
    def _named(cls, spaces: tuple[str, ...]) -> tuple[str, ...]:
        if any(len(s) != 2 or s[0] not in "ABC" or not s[1].isdigit() for s in spaces):
            raise ValueError("a token lies on a space such as A3 or C3")
        return spaces


class WorkplaceArea(FrozenModel):
    """The Workplace Area's printed facts."""

    tile: tuple[TilePair, ...]
    arrow: tuple[Arrow, ...]
    tokens: TokenSpaces

    @model_validator(mode="after")
    def _consistent(self) -> WorkplaceArea:
        keys = [s for pair in self.tile for s in pair.spaces]
        if len(set(keys)) != len(keys):
            raise ValueError("a space belongs to one tile only")
        arrows = [(a.path, a.into) for a in self.arrow]
        if len(set(arrows)) != len(arrows):
            raise ValueError("each arrow appears once")
        return self

    def partner(self, key: str) -> str | None:
        """The other space of the tile that covers ``key`` (``None``: not a tile space)."""
        for pair in self.tile:
            if key in pair.spaces:
                first, second = pair.spaces
                return second if key == first else first
        return None

    def arrow_of(self, path: str, into: int) -> Arrow | None:
        """The arrow into space ``into`` of ``path`` (``None``: not in the data)."""
        return next((a for a in self.arrow if (a.path, a.into) == (path, into)), None)

    def arrow_grain(self, path: str, into: int) -> int:
        """Grain to pay to cross the arrow into ``into`` of ``path`` (0 when not listed)."""
        arrow = self.arrow_of(path, into)
        return arrow.grain if arrow is not None else 0
