"""What the engine assumes of the components our sources do not print: the Edict tiles in
the box, the Market tiles' two sides, the rewards under Active I and III, the effect of a
card our text lost and the Great Keep's cost. The lab deals a simulated game from them, and
:func:`solo_deck.rules.legal.legal_moves` weighs what the table has not told with them. A
game at your table plays on what you type instead.

>>> from solo_deck.data.assumed import load_assumptions
>>> assumptions = load_assumptions()
>>> len(assumptions.edict_tiles.standard), len(assumptions.edict_tiles.easier)
(24, 3)
>>> str(assumptions.tiles(easier_solo=False)[0])
'2W 1K'
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import Field, field_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.board import MarketTile
from solo_deck.model.edict import Edict, parse_edict
from solo_deck.model.grants import Grant
from solo_deck.model.provenance import Sourced

MarketSide = Literal["blue", "red"]


class EdictTiles(FrozenModel):
    """The box's Edict tiles in notation: the standard ones and the easier game's three."""

    standard: tuple[str, ...] = Field(min_length=6)
    easier: tuple[str, ...]
    source: str

    @field_validator("standard", "easier")
    @classmethod
    def _readable(cls, tiles: tuple[str, ...]) -> tuple[str, ...]:
        for tile in tiles:
            parse_edict(tile)
        return tiles


class Markets(FrozenModel):
    """The Market tiles: side ``blue`` (easier) and side ``red`` (harder) of each tile, in
    the same order."""

    blue: tuple[MarketTile, ...] = Field(min_length=5)
    red: tuple[MarketTile, ...] = Field(min_length=5)
    source: str


class Rewards(FrozenModel):
    """The rewards assumed under Active I and Active III."""

    active_1: Sourced[Grant]
    active_3: Sourced[Grant]


class Assumptions(FrozenModel):
    """Every assumed component value, each with its source."""

    edict_tiles: EdictTiles
    markets: Markets
    rewards: Rewards
    unknown_card_effect: Sourced[Grant]
    great_keep_augustales: Sourced[int]

    @cached_property
    def _standard(self) -> tuple[Edict, ...]:
        return tuple(parse_edict(tile) for tile in self.edict_tiles.standard)

    @cached_property
    def _easier(self) -> tuple[Edict, ...]:
        return tuple(parse_edict(tile) for tile in self.edict_tiles.easier)

    def tiles(self, easier_solo: bool) -> tuple[Edict, ...]:
        """The Edict tiles of a game: the standard ones, and the marked three for the
        easier solo game."""
        return self._standard + (self._easier if easier_solo else ())

    def market_sides(self, difficulty: str) -> tuple[tuple[MarketTile, MarketSide], ...]:
        """Each Market tile with the side a difficulty shows (``easy``: all blue; ``hard``:
        all red; ``medium``: 3 blue and 2 red, so each tile shows either side)."""
        blue, red = self.markets.blue, self.markets.red
        if difficulty == "easy":
            return tuple((tile, "blue") for tile in blue)
        if difficulty == "hard":
            return tuple((tile, "red") for tile in red)
        return tuple((tile, "blue") for tile in blue) + tuple((tile, "red") for tile in red)

    def reward(self, slot: int) -> Grant | None:
        """The reward assumed under Active ``slot`` (``None``: the ruleset gives it)."""
        return {0: self.rewards.active_1.value, 2: self.rewards.active_3.value}.get(slot)
