"""The City Bonus tiles A–F: what a Specialist reaching a City may take.

>>> from solo_deck.data.loaders import city_bonus_tiles
>>> city_bonus_tiles()["B"].grant.gain.vp
3
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from solo_deck.model.base import FrozenModel
from solo_deck.model.grants import Grant

CityTileId = Literal["A", "B", "C", "D", "E", "F"]
CITY_TILE_IDS: tuple[CityTileId, ...] = ("A", "B", "C", "D", "E", "F")


class CityBonusTile(FrozenModel):
    """One City Bonus tile and what it gives (the box holds two of each)."""

    id: CityTileId
    text: str = Field(min_length=3)
    grant: Grant
    source: str
