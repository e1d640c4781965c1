"""Your side of the table: supplies, castle, Allies, Specialists and the tableau around them
(card slots played this round, Keep covers, Great Structures, closed sides, owned cards)."""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from solo_deck.data.loaders import great_structures, load_ruleset
from solo_deck.model.allies import Metric
from solo_deck.model.base import FrozenModel
from solo_deck.model.castle import CoverId, GreatId, SideIncome
from solo_deck.model.grants import MainAction, action_term
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.text import Text, joined, t

Path = Literal["A", "B", "C"]
Structure = Literal["tower", "wall", "keep"]


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

    def describe(self) -> Text:
        """``off board`` or ``Path B space 2``."""
        if self.path is None:
            return t("off board")
        return t("Path {path} space {space}", path=self.path, space=self.space)


class PlayedCard(FrozenModel):
    """A card played into slot ``slot`` this round: face up (``card_id`` names it) or face
    down for the main ``actions`` chosen (two with the both-actions Keep cover)."""

    slot: int = Field(ge=0, le=8)
    face_up: bool
    card_id: str | None = None
    actions: tuple[MainAction, ...] = ()

    def describe(self) -> Text:
        """``A7 face up`` or ``face down: Build``."""
        if self.face_up:
            return t("{card} face up", card=self.card_id)
        return t(
            "face down: {actions}", actions=joined([action_term(a) for a in self.actions], " + ")
        )


class PlayerState(FrozenModel):
    """Your VP, supplies, castle, Allies (by id), Specialists and tableau.

    >>> PlayerState.initial().structures
    2
    """

    house: str = Field(default="Savoy", min_length=1, max_length=40)
    """The House you lead (its two unique cards are in your deck)."""
    vp: int = Field(default=0, ge=0)
    grain: int = Field(default=1, ge=0)
    stone: int = Field(default=1, ge=0)
    augustales: int = Field(default=6, ge=0)
    towers: int = Field(default=1, ge=0, le=9)
    walls: int = Field(default=1, ge=0, le=9)
    keeps: int = Field(default=0, ge=0, le=9)
    allies: tuple[str, ...] = ()
    specialists: tuple[Specialist, ...] = (Specialist(), Specialist(), Specialist())
    greats: tuple[GreatId, ...] = ()
    """The Great Structures built (each is also counted in towers, walls or keeps)."""
    keep_covers: tuple[CoverId, ...] = ()
    """The Keep Cover tiles turned over, one per Keep built since setup."""
    closed_sides: tuple[SideIncome, ...] = ()
    """The income each closed side of your castle shows."""
    sites: tuple[str, ...] | None = None
    """The Castle Board sites built, setup's first (``None``: a game saved before the app
    knew the board; its Builds name no site)."""
    played: tuple[PlayedCard, ...] = ()
    """The cards played this round, in play order."""
    advanced_cards: tuple[str, ...] = ()
    """The Advanced Action cards you own (bought and not removed)."""
    both_actions_ready: bool = False
    """The both-actions Keep cover works from the turn after it is built."""
    marked_allies: int = Field(default=0, ge=0)
    """Allies placed on a marked Ally space (each issued an Edict)."""
    city_tiles: tuple[str, ...] = ()
    """The City Bonus tiles you took."""

    @model_validator(mode="after")
    def _consistent(self) -> PlayerState:
        if len(set(self.allies)) != len(self.allies):
            raise ValueError("your castle cannot hold the same Ally twice")
        for name, values in (
            ("Great Structure", self.greats),
            ("Keep Cover", self.keep_covers),
            ("side income", self.closed_sides),
            ("card slot", tuple(card.slot for card in self.played)),
        ):
            if len(set(values)) != len(values):
                raise ValueError(f"the same {name} cannot appear twice")
        if self.sites is not None:
            if len(set(self.sites)) != len(self.sites):
                raise ValueError("the same castle site cannot be built twice")
            for structure in ("tower", "wall", "keep"):
                on_sites = sum(site[:1] == structure[0].upper() for site in self.sites)
                if on_sites != self.built(structure):
                    raise ValueError(f"{structure}s built and {structure} sites built differ")
        if len(self.keep_covers) > self.keeps:
            raise ValueError("each Keep Cover tile needs a Keep built")
        if len(self.closed_sides) > self.walls:
            raise ValueError("each closed side needs a Wall built")
        catalogue = great_structures()
        for structure in ("tower", "wall", "keep"):
            greats = sum(catalogue[g].structure == structure for g in self.greats)
            if greats > self.built(structure):
                raise ValueError(f"more Great {structure}s than {structure}s built")
        return self

    @classmethod
    def initial(cls, ruleset: Ruleset | None = None, house: str = "Savoy") -> PlayerState:
        """Your state at the start of a solo game."""
        full = ruleset or load_ruleset()
        rules = full.player
        board = full.castle_board
        return cls(
            sites=None if board is None else board.start,
            house=house,
            grain=rules.start_grain.value,
            stone=rules.start_stone.value,
            augustales=rules.start_augustales.value,
            towers=rules.start_towers.value,
            walls=rules.start_walls.value,
            specialists=tuple(Specialist() for _ in range(rules.specialists.value)),
        )

    # --- counts -------------------------------------------------------------------------

    @property
    def structures(self) -> int:
        """Towers + Walls + Keeps built in your castle."""
        return self.towers + self.walls + self.keeps

    @property
    def resources(self) -> int:
        """Grain + Stone in your warehouse."""
        return self.grain + self.stone

    def built(self, structure: str) -> int:
        """How many of ``structure`` (``tower``, ``wall``, ``keep``) are built."""
        return int(getattr(self, structure + "s"))

    def furthest_column(self, limits: PlayerLimits | None = None) -> int:
        """The furthest board column any of your Specialists reached (0: none placed);
        see :meth:`PlayerLimits.column`."""
        limits = limits or PlayerLimits.from_ruleset()
        return max((limits.column(s.path, s.space) for s in self.specialists if s.path), default=0)

    def castle_complete(self, ruleset: Ruleset | None = None) -> bool:
        """True when every Structure of your castle is built (a game-end trigger)."""
        limits = PlayerLimits.from_ruleset(ruleset)
        return all(self.built(s) >= limits.castle_max(s) for s in ("tower", "wall", "keep"))

    def metric(self, metric: Metric, limits: PlayerLimits | None = None) -> int:
        """Your value for an Ally condition's metric."""
        if metric is Metric.STRUCTURES:
            return self.structures
        if metric is Metric.ALLIES:
            return len(self.allies)
        if metric is Metric.SPECIALIST:
            return self.furthest_column(limits)
        return int(getattr(self, metric.value))

    # --- the tableau ----------------------------------------------------------------------

    def has_cover(self, cover: CoverId) -> bool:
        """True once the Keep Cover ``cover`` is turned over."""
        return cover in self.keep_covers

    def usable_slots(self, limits: PlayerLimits) -> int:
        """Card slots you may use each round (one more once the Card Slot tile is off)."""
        return limits.usable_slots(self.has_cover("slot"))

    def free_slots(self, limits: PlayerLimits) -> tuple[int, ...]:
        """The usable slots not played this round, left to right."""
        used = {card.slot for card in self.played}
        return tuple(s for s in range(self.usable_slots(limits)) if s not in used)

    def ally_spaces(self, limits: PlayerLimits) -> int:
        """How many Allies your board hosts now."""
        return limits.ally_spaces(self.towers)

    def storage(self, limits: PlayerLimits) -> int:
        """How many resources you can store now."""
        return limits.storage(self.walls)
