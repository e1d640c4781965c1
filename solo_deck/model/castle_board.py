"""Your Castle Board as data: its Tower, Wall and Keep sites, what each costs, which show
the Edict mark, which Towers each Wall joins, the income of each side and the Keep Cover
each Keep site holds; and the rules that follow from the shape alone (which sites may be
built next, which sides a Structure closes).

The five Towers and five Walls make a ring: Wall ``Wn`` joins Tower ``Tn`` to the next
Tower. A side is closed when its Wall and both of its Towers stand.

>>> from solo_deck.data.loaders import load_castle_board
>>> board = load_castle_board()
>>> board.start
('T1', 'W1')
>>> [site.id for site in board.sites if board.why_closed(site.id, board.start) is None]
['T2', 'W5', 'K1', 'K2', 'K3']
>>> board.sides_closed_by("T2", board.start)
('W1',)
"""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.castle import CoverId, SideIncome
from solo_deck.model.gains import Gains, amount_label
from solo_deck.model.grants import structure_term
from solo_deck.text import Text, joined, t

SiteKind = Literal["tower", "wall", "keep"]


class CastleSite(FrozenModel):
    """One space of the Castle Board. ``cost`` is the Stone and Grain printed on it;
    ``joins`` (Walls) the two Tower sites it connects; ``side`` and ``side_amount`` (Walls)
    the income its closed side shows; ``cover`` (Keeps) the Keep Cover tile lying on it.
    ``source`` says where the values come from (``rulebook: …``, ``draft v19``,
    ``assumed: …`` or ``yours`` once you checked them against your board)."""

    id: str = Field(pattern=r"^[TWK][1-9]$")
    kind: SiteKind
    cost: Gains
    edict_mark: bool = False
    joins: tuple[str, str] | None = None
    side: SideIncome | None = None
    side_amount: int = Field(default=1, ge=1, le=9)
    cover: CoverId | None = None
    source: str = Field(min_length=3)

    @model_validator(mode="after")
    def _shape(self) -> CastleSite:
        if self.id[0] != self.kind[0].upper():
            raise ValueError(f"site {self.id} is named for a {self.kind}")
        if self.cost.vp or self.cost.augustales:
            raise ValueError(f"site {self.id}: a site costs Stone and Grain only")
        is_wall, is_keep = self.kind == "wall", self.kind == "keep"
        if is_wall != (self.joins is not None) or is_wall != (self.side is not None):
            raise ValueError(
                f"site {self.id}: a Wall, and only a Wall, joins Towers and shows a side"
            )
        if is_keep != (self.cover is not None):
            raise ValueError(f"site {self.id}: a Keep, and only a Keep, holds a Keep Cover")
        if is_keep and not self.edict_mark:
            raise ValueError(f"site {self.id}: every Keep site shows the Edict mark")
        return self

    def describe(self) -> Text:
        """``Wall W4 (2 Stone, 1 Grain; Edict)``."""
        paid = [amount_label("stone", self.cost.stone)] if self.cost.stone else []
        paid += [amount_label("grain", self.cost.grain)] if self.cost.grain else []
        cost = joined(paid, ", ") if paid else t("free")
        structure = structure_term(self.kind)
        if self.edict_mark:
            return t(
                "{structure} {site} ({cost}; Edict)", structure=structure, site=self.id, cost=cost
            )
        return t("{structure} {site} ({cost})", structure=structure, site=self.id, cost=cost)


class CastleBoard(FrozenModel):
    """Every site of your Castle Board and the two pieces placed at setup.

    The board refuses a shape that could not be printed: a Wall joining anything but two
    different Towers, two Walls on the same pair, a side income shown twice, a Keep
    Cover on two Keeps, or a setup Structure without its neighbour.
    """

    sites: tuple[CastleSite, ...]
    start: tuple[str, ...]
    start_source: str = Field(min_length=3)

    @model_validator(mode="after")
    def _fits(self) -> CastleBoard:
        ids = [site.id for site in self.sites]
        if len(set(ids)) != len(ids):
            raise ValueError("each castle site appears once")
        towers = {site.id for site in self.sites if site.kind == "tower"}
        pairs = set()
        for wall in self.walls:
            assert wall.joins is not None
            a, b = wall.joins
            if a == b or a not in towers or b not in towers:
                raise ValueError(f"Wall {wall.id} must join two different Tower sites")
            pair = frozenset(wall.joins)
            if pair in pairs:
                raise ValueError(f"two Walls join {a} and {b}")
            pairs.add(pair)
        for label, values in (
            ("side income", [w.side for w in self.walls]),
            ("Keep Cover", [k.cover for k in self.sites if k.kind == "keep"]),
        ):
            if len(set(values)) != len(values):
                raise ValueError(f"each {label} appears on one site only")
        if any(site not in ids for site in self.start) or len(set(self.start)) != len(self.start):
            raise ValueError("the setup pieces stand on distinct sites of the board")
        built: tuple[str, ...] = ()
        for site in sorted(self.start, key=lambda s: s[0] != "T"):  # Towers first
            if built and self.why_closed(site, built) is not None:
                raise ValueError(f"the setup piece on {site} has no neighbour")
            built = (*built, site)
        return self

    # --- looking up -----------------------------------------------------------------------

    def site(self, site_id: str) -> CastleSite:
        """The site named ``site_id`` (``KeyError`` when there is none)."""
        return _index(self).by_id[site_id]

    @property
    def walls(self) -> tuple[CastleSite, ...]:
        """The Wall sites, in board order."""
        return _index(self).walls

    def count(self, kind: str) -> int:
        """How many sites of ``kind`` the board has."""
        return sum(site.kind == kind for site in self.sites)

    def built_count(self, built: Iterable[str], kind: str) -> int:
        """How many of the ``built`` sites are of ``kind``."""
        return sum(self.site(site).kind == kind for site in built)

    # --- the shape's rules ----------------------------------------------------------------

    def why_closed(self, site_id: str, built: tuple[str, ...]) -> str | None:
        """Why ``site_id`` cannot be built next to the ``built`` sites, in words, or
        ``None`` when it can: a Wall needs a Tower it joins, a Tower a Wall that joins it;
        a Keep stands anywhere."""
        site = self.site(site_id)
        if site_id in built:
            if site.kind == "tower":
                return t("Tower {site} is already built", site=site_id)
            if site.kind == "wall":
                return t("Wall {site} is already built", site=site_id)
            return t("Keep {site} is already built", site=site_id)
        if site.kind == "wall":
            assert site.joins is not None
            if not any(tower in built for tower in site.joins):
                a, b = site.joins
                return t("Wall {site} needs Tower {a} or {b} built first", site=site_id, a=a, b=b)
        elif site.kind == "tower":
            walls = _index(self).walls_at[site_id]
            if not any(wall in built for wall in walls):
                return t(
                    "Tower {site} needs Wall {walls} built first",
                    site=site_id,
                    walls=joined(list(walls), " or "),
                )
        return None

    def sides_closed_by(self, site_id: str, built: tuple[str, ...]) -> tuple[str, ...]:
        """The Walls whose side building ``site_id`` closes (none, one or two)."""
        after = {*built, site_id}
        return tuple(
            wall.id
            for wall in self.walls
            if wall.joins is not None
            and site_id in (wall.id, *wall.joins)
            and wall.id in after
            and all(tower in after for tower in wall.joins)
        )

    def closed_sides(self, built: tuple[str, ...]) -> tuple[str, ...]:
        """The Walls of every closed side among the ``built`` sites."""
        done = set(built)
        return tuple(w.id for w in self.walls if w.joins and {w.id, *w.joins} <= done)


@dataclass(frozen=True)
class _Index:
    """A board's sites by id, its Walls, and the Walls at each Tower."""

    by_id: dict[str, CastleSite]
    walls: tuple[CastleSite, ...]
    walls_at: dict[str, tuple[str, ...]]


_INDEXES: dict[int, tuple[CastleBoard, _Index]] = {}
"""The index of the latest boards asked (boards are immutable; a game uses one or two)."""


def _index(board: CastleBoard) -> _Index:
    known = _INDEXES.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    walls = tuple(site for site in board.sites if site.kind == "wall")
    walls_at = {
        site.id: tuple(w.id for w in walls if w.joins and site.id in w.joins)
        for site in board.sites
    }
    index = _Index({site.id: site for site in board.sites}, walls, walls_at)
    if len(_INDEXES) >= 32:
        _INDEXES.clear()
    _INDEXES[id(board)] = (board, index)
    return index
