"""The numbers of the solo game (setup, caps, board, scoring), each with its source."""

# i18n: sentences are Text
from __future__ import annotations

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.castle_board import CastleBoard
from solo_deck.model.grants import Grant
from solo_deck.model.player_board import PlayerBoard
from solo_deck.model.provenance import Sourced
from solo_deck.model.voyage_board import VoyageBoard
from solo_deck.model.workplace_area import WorkplaceArea

MAX_SPACES_PER_PORT = 10
MAX_SPECIALISTS = 10
"""Upper bounds for counts the engine builds one object per unit of (a saved game stores its
ruleset, so a damaged or hand-edited file must not make it build billions)."""


class FrederickStart(FrozenModel):
    """Frederick's palace at setup. ``treasury`` is in coins; ``specialist`` is the Path A
    space his Specialist stands on."""

    grain: Sourced[int]
    stone: Sourced[int]
    treasury: Sourced[int]
    towers: Sourced[int]
    walls: Sourced[int]
    keeps: Sourced[int]
    allies: Sourced[int]
    specialist: Sourced[int]


class PalaceCaps(FrozenModel):
    """The highest value each of Frederick's tracks can reach."""

    reserve_max: Sourced[int]
    treasury_max: Sourced[int]
    treasury_step: Sourced[int]
    towers_max: Sourced[int]
    walls_max: Sourced[int]
    keeps_max: Sourced[int]
    allies_max: Sourced[int]
    path_a_spaces: Sourced[int]


class VoyageRules(FrozenModel):
    """The Voyage ring as the solo game uses it."""

    ports: Sourced[list[str]]
    start_port: Sourced[str]
    card_spaces_per_port: Sourced[int]
    ally_spaces_per_port: Sourced[int]
    advanced_cards_level_a: Sourced[int]
    advanced_cards_level_b: Sourced[int]
    travel_max_steps: Sourced[int]
    travel_free_steps: Sourced[int]
    ally_cost_grain: Sourced[int]

    @model_validator(mode="after")
    def _start_is_a_port(self) -> VoyageRules:
        if len(set(self.ports.value)) != len(self.ports.value) or len(self.ports.value) < 2:
            raise ValueError("ports must be at least two distinct names")
        if self.start_port.value not in self.ports.value:
            raise ValueError(f"start_port {self.start_port.value!r} is not one of the ports")
        for name in ("card_spaces_per_port", "ally_spaces_per_port"):
            spaces = getattr(self, name).value
            if not 0 <= spaces <= MAX_SPACES_PER_PORT:
                raise ValueError(f"{name} must be 0 to {MAX_SPACES_PER_PORT}, not {spaces}")
        return self


class EdictRules(FrozenModel):
    """Edict tiles in the solo game, and the reward printed under each Active space."""

    tiles_in_box: Sourced[int]
    pile_after_setup: Sourced[int]
    easier_solo_extra_tiles: Sourced[int]
    reward_active_1: Sourced[Grant]
    reward_active_2: Sourced[Grant]
    reward_active_3: Sourced[Grant]

    def rewards(self) -> tuple[Grant, Grant, Grant]:
        """The rewards under Active I, II and III (``unknown`` where our sources lack it)."""
        return (self.reward_active_1.value, self.reward_active_2.value, self.reward_active_3.value)


class RoundRules(FrozenModel):
    """Frederick's turn limit and the crown reshuffle (your turns follow from your card
    slots, see :class:`PlayerRules`)."""

    frederick_max_actions: Sourced[int]
    crowns_to_reshuffle: Sourced[int]
    solo_deck_size: Sourced[int]


AREAS = ("countryside", "village", "city")


class PlayerRules(FrozenModel):
    """The player's castle, supplies, card slots, capacities and the Workplace Area."""

    castle_towers: Sourced[int]
    castle_walls: Sourced[int]
    castle_keeps: Sourced[int]
    start_towers: Sourced[int]
    start_walls: Sourced[int]
    start_grain: Sourced[int]
    start_stone: Sourced[int]
    start_augustales: Sourced[int]
    specialists: Sourced[int]
    path_spaces: Sourced[dict[str, int]]
    path_areas: Sourced[dict[str, list[str]]]
    hand_size: Sourced[int]
    card_slots: Sourced[int]
    locked_slots: Sourced[int]
    ally_spaces_start: Sourced[int]
    ally_spaces_per_tower: Sourced[int]
    storage_start: Sourced[int]
    storage_per_wall: Sourced[int]
    marked_ally_spaces: Sourced[int]
    edict_tokens: Sourced[int]
    city_tiles_per_city: Sourced[int]

    @model_validator(mode="after")
    def _specialists_fit(self) -> PlayerRules:
        if not 0 <= self.specialists.value <= MAX_SPECIALISTS:
            raise ValueError(
                f"specialists must be 0 to {MAX_SPECIALISTS}, not {self.specialists.value}"
            )
        for kind in ("towers", "walls"):
            start, size = (
                getattr(self, f"start_{kind}").value,
                getattr(self, f"castle_{kind}").value,
            )
            if start > size:
                raise ValueError(f"start_{kind} ({start}) is more than the castle holds ({size})")
        spaces, areas = self.path_spaces.value, self.path_areas.value
        if set(spaces) != {"A", "B", "C"} or set(areas) != {"A", "B", "C"}:
            raise ValueError("path_spaces and path_areas name the paths A, B and C")
        for path, length in spaces.items():
            if not 1 <= length <= 5:
                raise ValueError(f"Path {path} has 1 to 5 spaces, not {length}")
            row = areas[path]
            if len(row) != length or any(area not in AREAS for area in row):
                raise ValueError(
                    f"path_areas.{path} lists one of {', '.join(AREAS)} per space ({length})"
                )
            if row[-1] != "city" or "city" in row[:-1]:
                raise ValueError(f"Path {path} ends in its City, and only there")
        if not 0 <= self.locked_slots.value < self.card_slots.value <= 9:
            raise ValueError("card_slots must be 1 to 9, with fewer locked_slots than slots")
        return self


class Title(FrozenModel):
    """A title reached from ``min_score`` upward."""

    min_score: int = Field(ge=0)
    name: str


MOST_STRUCTURES_RULES = ("always", "at_least_as_many", "more_than")
"""When the most-Structures bonus is yours in solo: always (you are the only player who
scores), or only when your castle has at least as many / more Structures than Frederick's."""


class ScoringRules(FrozenModel):
    """Game-end scoring constants and the solo titles."""

    vp_per_structure: Sourced[int]
    most_structures_bonus: Sourced[int]
    most_structures_rule: Sourced[str]
    augustales_per_resource: Sourced[int]
    augustales_per_vp: Sourced[int]
    ally_base_vp: Sourced[int]
    ally_bonus_vp: Sourced[int]
    titles: Sourced[list[Title]]

    @model_validator(mode="after")
    def _valid(self) -> ScoringRules:
        if self.most_structures_rule.value not in MOST_STRUCTURES_RULES:
            raise ValueError(
                f"most_structures_rule must be one of: {', '.join(MOST_STRUCTURES_RULES)}"
            )
        mins = [t.min_score for t in self.titles.value]
        if not mins or mins[0] != 0 or mins != sorted(set(mins)):
            raise ValueError("titles must start at 0 and rise strictly")
        if self.augustales_per_vp.value < 1:
            raise ValueError("augustales_per_vp must be at least 1")
        return self


class Ruleset(FrozenModel):
    """Every number the engine uses. Load the packaged one with ``load_ruleset()``."""

    frederick_start: FrederickStart
    palace_caps: PalaceCaps
    voyage: VoyageRules
    edicts: EdictRules
    rounds: RoundRules
    player: PlayerRules
    scoring: ScoringRules
    castle_board: CastleBoard | None = None
    """Your Castle Board site by site; ``None`` in games saved before the app knew it
    (their Builds name no site)."""
    player_board: PlayerBoard | None = None
    """Your Player Board's card slots and their two actions; ``None`` in games saved before
    the app knew it (a face-down card offers any main action)."""
    voyage_board: VoyageBoard | None = None
    """The Summon cost under each Ally space; ``None`` in games saved before the app knew
    it (a Summon costs what you say, as it does at a space the board lists no cost for)."""
    workplace_area: WorkplaceArea | None = None
    """The Workplace Area's tile pairs, arrow Grain and token spaces; ``None`` in games
    saved before you could check it (they play on the packaged area)."""

    @model_validator(mode="after")
    def _start_within_caps(self) -> Ruleset:
        start, caps = self.frederick_start, self.palace_caps
        pairs = {
            "grain": (start.grain.value, caps.reserve_max.value),
            "stone": (start.stone.value, caps.reserve_max.value),
            "treasury": (start.treasury.value, caps.treasury_max.value),
            "towers": (start.towers.value, caps.towers_max.value),
            "walls": (start.walls.value, caps.walls_max.value),
            "keeps": (start.keeps.value, caps.keeps_max.value),
            "allies": (start.allies.value, caps.allies_max.value),
            "specialist": (start.specialist.value, caps.path_a_spaces.value),
        }
        for name, (value, cap) in pairs.items():
            if not 0 <= value <= cap:
                raise ValueError(f"frederick_start.{name} = {value} is outside 0..{cap}")
        self._board_fits()
        return self

    def _board_fits(self) -> None:
        self._other_boards_fit()
        board, player = self.castle_board, self.player
        if board is None:
            return
        for kind, size, start in (
            ("tower", player.castle_towers.value, player.start_towers.value),
            ("wall", player.castle_walls.value, player.start_walls.value),
            ("keep", player.castle_keeps.value, 0),
        ):
            if board.count(kind) != size:
                raise ValueError(
                    f"the Castle Board has {board.count(kind)} {kind} sites, not {size}"
                )
            if board.built_count(board.start, kind) != start:
                raise ValueError(f"the Castle Board starts with a {kind} count other than {start}")

    def _other_boards_fit(self) -> None:
        """The Player Board has the ruleset's card slots, the tile on the last. (A Voyage
        Board cost for a port or space the ring lacks is never asked for.)"""
        slots = self.player_board
        if slots is not None:
            count, locked = self.player.card_slots.value, self.player.locked_slots.value
            if len(slots.slots) != count:
                raise ValueError(f"the Player Board has {len(slots.slots)} card slots, not {count}")
            if locked and slots.locked_slot != count - locked + 1:
                raise ValueError(f"the Card Slot tile locks the last slot ({count})")
            player = self.player
            most = player.ally_spaces_start.value + player.ally_spaces_per_tower.value * (
                player.castle_towers.value - player.start_towers.value
            )
            if slots.marked_ally_space > most:
                raise ValueError(
                    f"the Player Board has {most} Ally spaces: the Edict mark is on one of "
                    f"1 to {most}, not {slots.marked_ally_space}"
                )
        if self.workplace_area is not None:
            self._area_fits(self.workplace_area)

    def _area_fits(self, area: WorkplaceArea) -> None:
        """Every space the Workplace Area names lies on its path; a tile covers two
        Workplaces of one kind on one path; the Edict tokens are as many as the rules give."""
        rows = self.player.path_areas.value

        def area_of(key: str) -> str:
            path, space = key[0], int(key[1:]) if key[1:].isdigit() else 0
            if not 1 <= space <= len(rows[path]):
                raise ValueError(f"Path {path} has no space {key} (1 to {len(rows[path])})")
            kind = rows[path][space - 1]
            if kind == "city":
                raise ValueError(f"{key} is the City of Path {path}: it holds no Workplace tile")
            return kind

        for pair in area.tile:
            first, second = pair.spaces
            kinds = {area_of(first), area_of(second)}
            if first[0] != second[0] or len(kinds) != 1:
                raise ValueError(
                    f"one tile covers two spaces of one kind on one path, not {first} and {second}"
                )
        for arrow in area.arrow:
            if arrow.into > len(rows[arrow.path]):
                raise ValueError(f"Path {arrow.path} has no space {arrow.path}{arrow.into}")
        spaces = area.tokens.spaces
        for key in spaces:
            area_of(key)
        tokens = self.player.edict_tokens.value
        if len(spaces) != tokens or len(set(spaces)) != len(spaces):
            raise ValueError(
                f"the {tokens} Workplace Edict tokens lie on {tokens} different spaces"
            )
