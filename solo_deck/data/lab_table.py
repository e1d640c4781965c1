"""The lab's difficulty table as packaged data (``lab_table.toml``): for every solo
configuration and bot, the simulated games' mean final score, its 95 % interval, the
spread and the share of each title, with the run it comes from (command, seed, engine
version, date, boards).

The table is what the Statistics screen compares a player's games with
(:mod:`solo_deck.insight.standing`). It holds the bots that were run (random, greedy and
plan): a bot added later (the Coach) is simply not in it, and every question about a row
the table lacks answers ``None`` or nothing.

>>> table = load_lab_table()
>>> table.source.seed, table.source.boards, len(table.rows)
(1, 'packaged', 72)
>>> row = table.row("Di Romano", "hard", False, "greedy")
>>> row.mean, row.ci95, row.titles["feudal_lord"]
(41.847, (41.246, 42.448), 0.198)
>>> table.row("Di Romano", "hard", False, "coach") is None
True
>>> [row.bot for row in table.rows_of("Savoy", "easy", True)]
['random', 'greedy', 'plan']
"""

# i18n: sentences are Text
from __future__ import annotations

from functools import cache, cached_property
from typing import Literal

from pydantic import Field, model_validator

from solo_deck.data.loaders import _label, _read, validate_document
from solo_deck.model.base import FrozenModel

LAB_TABLE_FILE = "lab_table.toml"

Market = Literal["easy", "medium", "hard"]
"""The Market tiles' difficulty, as the lab and the history name it."""


class LabSource(FrozenModel):
    """Where the table comes from: the lab command, its seed, the engine's version, the
    day it was run, the boards played on and the games played per configuration and bot."""

    command: str
    seed: int
    engine_version: str
    date: str
    boards: str
    games_per_configuration: int = Field(gt=0)


class LabRow(FrozenModel):
    """One configuration (House, Market difficulty, easier solo game) with one bot."""

    house: str
    market: Market
    easier: bool
    bot: str
    games: int = Field(gt=0)
    mean: float
    ci95: tuple[float, float]
    sd: float = Field(ge=0)
    """The spread (standard deviation) of the final scores."""
    titles: dict[str, float]
    """The share of games that earned each title, by the lab's key for it
    (:data:`solo_deck.play.lab.TITLE_KEYS`)."""

    @model_validator(mode="after")
    def _consistent(self) -> LabRow:
        low, high = self.ci95
        if not low <= self.mean <= high:
            raise ValueError(f"the mean {self.mean} is outside its interval {self.ci95}")
        if any(not 0 <= share <= 1 for share in self.titles.values()):
            raise ValueError("a title's share is between 0 and 1")
        return self

    @property
    def key(self) -> tuple[str, str, bool]:
        """``(house, market, easier)``: the configuration of the row."""
        return (self.house, self.market, self.easier)


class LabResults(FrozenModel):
    """The rows, in the lab's order (configuration by configuration, bot by bot)."""

    rows: tuple[LabRow, ...] = Field(min_length=1)


class LabTable(FrozenModel):
    """The lab's table: its source and its rows."""

    source: LabSource
    results: LabResults

    @property
    def rows(self) -> tuple[LabRow, ...]:
        """Every row, in the file's order."""
        return self.results.rows

    def row(self, house: str, market: str, easier: bool, bot: str) -> LabRow | None:
        """The row of ``bot`` in that configuration, or ``None`` when the lab has none."""
        return self._by_key.get((house, market, easier, bot))

    def rows_of(self, house: str, market: str, easier: bool) -> tuple[LabRow, ...]:
        """Every bot's row in that configuration, in the file's order (none for a House the
        lab did not play)."""
        return tuple(row for row in self.rows if row.key == (house, market, easier))

    @cached_property
    def _by_key(self) -> dict[tuple[str, str, bool, str], LabRow]:
        return {(*row.key, row.bot): row for row in self.rows}


@cache
def load_lab_table() -> LabTable:
    """The packaged lab table (read and validated once)."""
    return validate_document(LabTable, _read(LAB_TABLE_FILE), _label(LAB_TABLE_FILE))
