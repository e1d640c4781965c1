"""Your castle's pieces as data: the Great Structures, the Keep Cover tiles and the
incomes a closed side can show.

>>> from solo_deck.data.loaders import great_structures
>>> great_structures()["great_wall_b"].augustales
4
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from solo_deck.model.base import FrozenModel
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant, Structure

GreatId = Literal["great_keep", "great_tower_a", "great_tower_b", "great_wall_a", "great_wall_b"]
CoverId = Literal["hand", "slot", "both_actions"]
SideIncome = Literal["stone", "grain", "augustales", "vp", "market"]
SIDE_INCOMES: tuple[SideIncome, ...] = ("stone", "grain", "augustales", "vp", "market")


class GreatStructure(FrozenModel):
    """One Great Structure: which Structure it is, its extra cost in Augustales (``None``
    when our sources lost it: the player types it) and the bonus it gives once built."""

    id: GreatId
    name: str
    structure: Structure
    augustales: int | None = Field(default=None, ge=0, le=99)
    cost_source: str
    bonus: Grant
    text: str = Field(min_length=3)
    source: str


class KeepCover(FrozenModel):
    """A Keep Cover tile: the ability a Keep gives once built."""

    id: CoverId
    name: str
    hand_size: int = Field(default=0, ge=0, le=9)
    draw: int = Field(default=0, ge=0, le=9)
    unlocks_slot: bool = False
    both_actions: bool = False
    text: str = Field(min_length=3)
    source: str


class SideIncomeRule(FrozenModel):
    """What a closed side showing ``income`` gives, when it closes and at each End Phase:
    ``gains``, or a visit to the Market at your ship's port."""

    income: SideIncome
    name: str
    gains: Gains = Gains()
    market: bool = False
    source: str
