"""The player's side of the table, as far as the app mirrors it."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from solo_deck.allies import Metric
from solo_deck.data_files import load_ruleset
from solo_deck.model_base import FrozenModel
from solo_deck.ruleset import Ruleset

Path = Literal["A", "B", "C"]


class Specialist(FrozenModel):
    """One of the player's Specialists: ``path`` is None while it waits beside the board
    (space 0); once on a path it stays there."""

    path: Path | None = None
    space: int = Field(default=0, ge=0, le=5)

    @model_validator(mode="after")
    def _consistent(self) -> Specialist:
        if (self.path is None) != (self.space == 0):
            raise ValueError("a Specialist is either off the board (no path, space 0) or on a path")
        if self.path == "B" and self.space > 3:
            raise ValueError("Path B has only 3 spaces")
        return self

    def describe(self) -> str:
        """``off board`` or ``Path B space 2``."""
        return "off board" if self.path is None else f"Path {self.path} space {self.space}"


class PlayerState(FrozenModel):
    """Your VP, supplies, castle, Allies (by id) and Specialists.

    >>> PlayerState.initial().structures
    2
    """

    vp: int = Field(default=0, ge=0)
    grain: int = Field(default=1, ge=0)
    stone: int = Field(default=1, ge=0)
    augustales: int = Field(default=6, ge=0)
    towers: int = Field(default=1, ge=0, le=5)
    walls: int = Field(default=1, ge=0, le=5)
    keeps: int = Field(default=0, ge=0, le=3)
    allies: tuple[str, ...] = ()
    specialists: tuple[Specialist, ...] = (Specialist(), Specialist(), Specialist())

    @model_validator(mode="after")
    def _unique_allies(self) -> PlayerState:
        if len(set(self.allies)) != len(self.allies):
            raise ValueError("your castle cannot hold the same Ally twice")
        return self

    @classmethod
    def initial(cls, ruleset: Ruleset | None = None) -> PlayerState:
        """Your state at the start of a solo game."""
        rules = (ruleset or load_ruleset()).player
        return cls(
            grain=rules.start_grain.value,
            stone=rules.start_stone.value,
            augustales=rules.start_augustales.value,
            towers=rules.start_towers.value,
            walls=rules.start_walls.value,
            specialists=tuple(Specialist() for _ in range(rules.specialists.value)),
        )

    @property
    def structures(self) -> int:
        """Towers + Walls + Keeps built in your castle."""
        return self.towers + self.walls + self.keeps

    @property
    def furthest_specialist(self) -> int:
        """The highest Workplace space any of your Specialists has reached (0: none placed)."""
        return max((s.space for s in self.specialists), default=0)

    def castle_complete(self, ruleset: Ruleset | None = None) -> bool:
        """True when every Structure of your castle is built (a game-end trigger)."""
        rules = (ruleset or load_ruleset()).player
        return (
            self.towers >= rules.castle_towers.value
            and self.walls >= rules.castle_walls.value
            and self.keeps >= rules.castle_keeps.value
        )

    def metric(self, metric: Metric) -> int:
        """Your value for an Ally condition's metric."""
        if metric is Metric.STRUCTURES:
            return self.structures
        if metric is Metric.ALLIES:
            return len(self.allies)
        if metric is Metric.SPECIALIST:
            return self.furthest_specialist
        return int(getattr(self, metric.value))
