"""The limits of your side of the table, all read from the ruleset in one place.

Castle size, hand size, card slots, how many Allies and resources your castle holds, the
Workplace Area's paths and the travel costs: every screen and every rule that needs one of
these asks :class:`PlayerLimits` (the palace's counterpart is
:class:`~solo_deck.model.palace.PalaceLimits`).

>>> limits = PlayerLimits.from_ruleset()
>>> limits.ally_spaces(towers=1), limits.ally_spaces(towers=3)
(1, 3)
>>> limits.column("B", 3)            # Path B's City lies in the City column
5
"""

# i18n: sentences are Text
from __future__ import annotations

from pydantic import Field

from solo_deck.data.loaders import load_ruleset
from solo_deck.model.base import FrozenModel
from solo_deck.model.ruleset import Ruleset

_REMEMBERED = 32
"""How many rulesets' limits are remembered (a game plays on one, or a few as board
values are told)."""
_LIMITS: dict[int, tuple[Ruleset, PlayerLimits]] = {}

_AREA_START = {"countryside": 0, "village": 2, "city": 4}
"""The board's columns before each area: Countryside 1–2, Village 3–4, City 5."""


class PlayerLimits(FrozenModel):
    """Every number that bounds your side of the table."""

    towers_max: int = Field(ge=0)
    walls_max: int = Field(ge=0)
    keeps_max: int = Field(ge=0)
    start_towers: int = Field(ge=0)
    start_walls: int = Field(ge=0)
    hand_size: int = Field(ge=0)
    card_slots: int = Field(ge=1)
    locked_slots: int = Field(ge=0)
    ally_spaces_start: int = Field(ge=0)
    ally_spaces_per_tower: int = Field(ge=0)
    storage_start: int = Field(ge=0)
    storage_per_wall: int = Field(ge=0)
    marked_ally_spaces: int = Field(ge=0)
    edict_tokens: int = Field(ge=0)
    city_tiles_per_city: int = Field(ge=0)
    path_areas: dict[str, tuple[str, ...]]
    travel_free_steps: int = Field(ge=0)
    travel_max_steps: int = Field(ge=1)

    @classmethod
    def from_ruleset(cls, ruleset: Ruleset | None = None) -> PlayerLimits:
        """The limits a ruleset gives (the packaged one by default; remembered for the
        latest rulesets asked, which are immutable)."""
        rules = ruleset or load_ruleset()
        known = _LIMITS.get(id(rules))
        if known is not None and known[0] is rules:
            return known[1]
        limits = cls._read(rules)
        if len(_LIMITS) >= _REMEMBERED:
            _LIMITS.clear()
        _LIMITS[id(rules)] = (rules, limits)
        return limits

    @classmethod
    def _read(cls, rules: Ruleset) -> PlayerLimits:
        player, voyage = rules.player, rules.voyage
        return cls(
            towers_max=player.castle_towers.value,
            walls_max=player.castle_walls.value,
            keeps_max=player.castle_keeps.value,
            start_towers=player.start_towers.value,
            start_walls=player.start_walls.value,
            hand_size=player.hand_size.value,
            card_slots=player.card_slots.value,
            locked_slots=player.locked_slots.value,
            ally_spaces_start=player.ally_spaces_start.value,
            ally_spaces_per_tower=player.ally_spaces_per_tower.value,
            storage_start=player.storage_start.value,
            storage_per_wall=player.storage_per_wall.value,
            marked_ally_spaces=player.marked_ally_spaces.value,
            edict_tokens=player.edict_tokens.value,
            city_tiles_per_city=player.city_tiles_per_city.value,
            path_areas={path: tuple(row) for path, row in player.path_areas.value.items()},
            travel_free_steps=voyage.travel_free_steps.value,
            travel_max_steps=voyage.travel_max_steps.value,
        )

    # --- castle -------------------------------------------------------------------------

    def castle_max(self, structure: str) -> int:
        """How many of ``structure`` (``tower``, ``wall``, ``keep``) your castle holds."""
        return {"tower": self.towers_max, "wall": self.walls_max, "keep": self.keeps_max}[structure]

    def ally_spaces(self, towers: int) -> int:
        """Allies your Player Board hosts with ``towers`` Towers built (each Tower built
        after setup frees one more Ally space)."""
        built = max(0, towers - self.start_towers)
        return self.ally_spaces_start + self.ally_spaces_per_tower * built

    def storage(self, walls: int) -> int:
        """Resources (Grain + Stone) you can store with ``walls`` Walls built."""
        built = max(0, walls - self.start_walls)
        return self.storage_start + self.storage_per_wall * built

    # --- cards ----------------------------------------------------------------------------

    def usable_slots(self, slot_unlocked: bool) -> int:
        """Card slots you may use in a round (the locked ones open with the Keep cover)."""
        return self.card_slots if slot_unlocked else self.card_slots - self.locked_slots

    # --- the Workplace Area -----------------------------------------------------------

    def path_length(self, path: str) -> int:
        """Spaces on ``path``, its City included."""
        return len(self.path_areas[path])

    def area(self, path: str, space: int) -> str:
        """``countryside``, ``village`` or ``city`` for a space (1-based)."""
        return self.path_areas[path][space - 1]

    def column(self, path: str, space: int) -> int:
        """The board column of a space: Countryside 1–2, Village 3–4, City 5 (0 beside the
        board). It compares Specialists on different paths: Path B's third space is its
        City, so it stands level with the other Cities."""
        if space == 0:
            return 0
        row = self.path_areas[path]
        area = row[space - 1]
        within = row[:space].count(area)
        return _AREA_START[area] + within

    def workplace_spaces(self) -> list[tuple[str, int]]:
        """``(path, space)`` of every Countryside and Village space, path by path."""
        return [
            (path, index + 1)
            for path, row in sorted(self.path_areas.items())
            for index, area in enumerate(row)
            if area != "city"
        ]

    def travel_cost(self, steps: int, extra_free_steps: int = 0) -> int:
        """Augustales to sail ``steps`` spaces: the first ones are free (one by the rules,
        more with a Workplace ability), each further step costs 1."""
        free = max(self.travel_free_steps, extra_free_steps)
        return max(0, steps - free)
