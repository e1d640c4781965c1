"""The Workplace tiles and the board's Workplace Area, as data.

Paths A and C run through 2 Countryside spaces, 2 Village spaces and a City; Path B has 2
Countryside spaces and its City. Every Countryside and Village space holds a Workplace
whose ability works while at least one of your Specialists stands on it.

>>> from solo_deck.data.loaders import workplace_tiles
>>> workplace_tiles()["village-I-A"].effect.gain.vp
3
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Structure

Area = Literal["countryside", "village", "city"]
Trigger = Literal["build", "summon", "purchase", "market", "travel", "stay", "none"]
"""When an ability acts: on one of your actions, while you travel, while a Specialist
stays (a larger hand), or never by itself (an ability our sources lost)."""


class WorkplaceEffect(FrozenModel):
    """An ability as numbers. On ``build`` it acts for the ``structures`` listed (all when
    empty). ``gain`` and ``resource_choice`` (resources of your choice) come after the
    action; ``discount`` lowers what it costs (Stone for a Build, Grain for a Summon,
    Augustales for a Purchase); ``extra_trades`` adds sales or purchases to a Market visit;
    ``free_steps`` makes that many travel steps free; ``hand_size`` raises your hand while a
    Specialist stands here and ``draw`` is drawn when one arrives."""

    trigger: Trigger
    structures: tuple[Structure, ...] = ()
    gain: Gains = Gains()
    resource_choice: int = Field(default=0, ge=0, le=9)
    discount: Gains = Gains()
    extra_trades: int = Field(default=0, ge=0, le=9)
    free_steps: int = Field(default=0, ge=0, le=9)
    hand_size: int = Field(default=0, ge=0, le=9)
    draw: int = Field(default=0, ge=0, le=9)

    def acts_on_build(self, structure: str) -> bool:
        """True when this ability answers a Build of ``structure``."""
        return self.trigger == "build" and (not self.structures or structure in self.structures)


class WorkplaceTile(FrozenModel):
    """One Workplace ability, named by area, level and letter as the rulebook's appendix
    lists them (``countryside-II-A``)."""

    id: str = Field(pattern=r"^(countryside|village)-(I|II)-[A-D]$")
    area: Literal["countryside", "village"]
    level: Literal["I", "II"]
    letter: Literal["A", "B", "C", "D"]
    text: str = Field(min_length=3)
    effect: WorkplaceEffect
    source: str

    @model_validator(mode="after")
    def _id_matches(self) -> WorkplaceTile:
        if self.id != f"{self.area}-{self.level}-{self.letter}":
            raise ValueError(f"id {self.id!r} must read {self.area}-{self.level}-{self.letter}")
        return self

    @property
    def label(self) -> str:
        """``Countryside II A``."""
        return f"{self.area.capitalize()} {self.level} {self.letter}"


def space_key(path: str, space: int) -> str:
    """``A3`` for space 3 of Path A."""
    return f"{path}{space}"
