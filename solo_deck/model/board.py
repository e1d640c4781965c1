"""What the engine knows of the shared boards beyond Frederick's palace: the Workplace tiles
and Edict tokens on the Workplace Area, the City Bonus tiles in the Cities, the reward
printed under each Active Edict space and the Market tile at each port.

Much of this only the table knows. Anything not entered at setup is ``None`` (unknown) and
the engine asks for it the first time it matters, then remembers it.

>>> board = Board.initial(PlayerLimits.from_ruleset(), ports=5)
>>> board.space("A", 3).tile is None, board.tokens_left
(True, 2)
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from solo_deck.errors import RuleError
from solo_deck.model.base import FrozenModel
from solo_deck.model.city_bonus import CityTileId
from solo_deck.model.gains import Resource, amount_label
from solo_deck.model.grants import Grant
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.workplaces import space_key
from solo_deck.text import Text, t


class WorkplaceSpace(FrozenModel):
    """A Countryside or Village space: the Workplace tile on it and whether an Edict token
    lies there (``None``: not known yet)."""

    path: Literal["A", "B", "C"]
    space: int = Field(ge=1, le=5)
    tile: str | None = None
    token: bool | None = None

    @property
    def key(self) -> str:
        """``A3``."""
        return space_key(self.path, self.space)


class CitySpace(FrozenModel):
    """A path's City: the City Bonus tiles still lying there (``None``: not known yet)."""

    path: Literal["A", "B", "C"]
    tiles: tuple[CityTileId, ...] | None = None


class Trade(FrozenModel):
    """One side of a Market tile: ``amount`` of ``resource`` for ``augustales`` coins."""

    resource: Resource
    amount: int = Field(ge=1, le=9)
    augustales: int = Field(ge=0, le=99)

    def describe(self) -> Text:
        """``2 Grain for 6 Augustales``."""
        return t(
            "{goods} for {n} Augustales",
            goods=amount_label(self.resource, self.amount),
            n=self.augustales,
        )


class MarketTile(FrozenModel):
    """A port's Market tile: what you may sell and what you may buy there."""

    sell: Trade | None = None
    buy: Trade | None = None

    @model_validator(mode="after")
    def _something(self) -> MarketTile:
        if self.sell is None and self.buy is None:
            raise ValueError("a Market tile offers a sale, a purchase or both")
        return self

    def describe(self) -> str:
        """``sell 2 Grain for 6 Augustales; buy 2 Stone for 4 Augustales``."""
        parts = []
        if self.sell:
            parts.append("sell " + self.sell.describe())
        if self.buy:
            parts.append("buy " + self.buy.describe())
        return "; ".join(parts)


class Board(FrozenModel):
    """The shared boards as far as the engine tracks them."""

    workplaces: tuple[WorkplaceSpace, ...]
    cities: tuple[CitySpace, ...]
    tokens_left: int = Field(ge=0)
    """Workplace Edict tokens still on the board (placed or not yet located)."""
    edict_rewards: tuple[Grant, Grant, Grant]
    """The reward printed under Active I, II and III (``unknown`` until typed)."""
    markets: tuple[MarketTile | None, ...]
    """The Market tile at each port, in ring order (``None``: not known yet)."""
    card_effects: tuple[tuple[str, Grant], ...] = ()
    """Effects of cards our data does not know, as you told them (card id, effect)."""

    @classmethod
    def initial(
        cls,
        limits: PlayerLimits,
        *,
        ports: int,
        rewards: tuple[Grant, Grant, Grant] | None = None,
        tiles: dict[str, str] | None = None,
        token_spaces: tuple[str, ...] | None = None,
        city_tiles: dict[str, tuple[CityTileId, ...]] | None = None,
        markets: tuple[MarketTile | None, ...] = (),
    ) -> Board:
        """The boards at setup, with what the player entered (``token_spaces=None``: where
        the tokens lie is not known)."""
        tiles = tiles or {}
        city_tiles = city_tiles or {}
        spaces = []
        for path, space in limits.workplace_spaces():
            key = space_key(path, space)
            token = None if token_spaces is None else key in token_spaces
            spaces.append(WorkplaceSpace(path=path, space=space, tile=tiles.get(key), token=token))
        cities = tuple(
            CitySpace(path=path, tiles=city_tiles.get(path)) for path in sorted(limits.path_areas)
        )
        unknown = Grant(unknown=True)
        return cls(
            workplaces=tuple(spaces),
            cities=cities,
            tokens_left=limits.edict_tokens if token_spaces is None else len(token_spaces),
            edict_rewards=rewards or (unknown, unknown, unknown),
            markets=tuple(markets) + (None,) * max(0, ports - len(markets)),
        )

    # --- the Workplace Area ---------------------------------------------------------------

    def space(self, path: str, space: int) -> WorkplaceSpace:
        """The Workplace space ``space`` of ``path`` (``RuleError`` for a City or no space)."""
        for entry in self.workplaces:
            if entry.path == path and entry.space == space:
                return entry
        raise RuleError(t("Path {path} has no Workplace on space {space}", path=path, space=space))

    def tokens_unlocated(self) -> int:
        """Tokens on the board whose space is not known."""
        placed = sum(entry.token is True for entry in self.workplaces)
        return max(0, self.tokens_left - placed)

    def token_known(self, entry: WorkplaceSpace) -> bool:
        """True when whether ``entry`` holds a token is known (said, or every token left
        is located elsewhere)."""
        return entry.token is not None or self.tokens_unlocated() == 0

    def with_tokens_on(self, keys: tuple[str, ...]) -> Board:
        """The board with every Edict token still on it located: on ``keys`` and on no
        other space (``RuleError`` when that contradicts what the table told before)."""
        spaces = {entry.key: entry for entry in self.workplaces}
        if self.tokens_unlocated() == 0:
            raise RuleError(t("every Workplace Edict token is accounted for"))
        for key in keys:
            if key not in spaces:
                raise RuleError(t("{key} is not a Countryside or Village space", key=key))
        if len(set(keys)) != len(keys) or len(keys) != self.tokens_left:
            raise RuleError(
                t(
                    "name the {tokens_left} different spaces where the Workplace "
                    "Edict tokens still on the board lie",
                    tokens_left=self.tokens_left,
                )
            )
        for key, entry in spaces.items():
            if entry.token is True and key not in keys:
                raise RuleError(t("{key} holds an Edict token: name it too", key=key))
            if entry.token is False and key in keys:
                raise RuleError(t("no Edict token lies on {key} (any more)", key=key))
        located = tuple(
            entry.model_copy(update={"token": entry.key in keys}) for entry in self.workplaces
        )
        return self.model_copy(update={"workplaces": located})

    def with_space(self, entry: WorkplaceSpace) -> Board:
        """The board with one Workplace space replaced."""
        spaces = tuple(
            entry if (s.path, s.space) == (entry.path, entry.space) else s for s in self.workplaces
        )
        return self.model_copy(update={"workplaces": spaces})

    def city(self, path: str) -> CitySpace:
        """The City of ``path``."""
        return next(city for city in self.cities if city.path == path)

    def with_city(self, city: CitySpace) -> Board:
        """The board with one City replaced."""
        cities = tuple(city if c.path == city.path else c for c in self.cities)
        return self.model_copy(update={"cities": cities})

    # --- what the player told -------------------------------------------------------------

    def card_effect(self, card_id: str) -> Grant | None:
        """The effect you gave for a card our data does not know."""
        return dict(self.card_effects).get(card_id)

    def with_card_effect(self, card_id: str, grant: Grant) -> Board:
        """Remember the effect of a card our data does not know."""
        effects = dict(self.card_effects)
        effects[card_id] = grant
        return self.model_copy(update={"card_effects": tuple(sorted(effects.items()))})

    def with_reward(self, slot: int, grant: Grant) -> Board:
        """Remember the reward printed under Active ``slot``."""
        rewards = list(self.edict_rewards)
        rewards[slot] = grant
        return self.model_copy(update={"edict_rewards": (rewards[0], rewards[1], rewards[2])})

    def with_market(self, port: int, market: MarketTile) -> Board:
        """Remember the Market tile at ``port``."""
        markets = list(self.markets)
        markets[port] = market
        return self.model_copy(update={"markets": tuple(markets)})
