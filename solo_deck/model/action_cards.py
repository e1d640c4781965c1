"""The Action cards: the 32 Advanced Action cards and the House starting cards, each with
its effect as a short text and as data (:class:`~solo_deck.model.grants.Grant`).

>>> from solo_deck.data.loaders import advanced_cards_by_id
>>> advanced_cards_by_id()["A1"].grant.gain.grain
2
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.grants import Grant
from solo_deck.text import t, tn


class CardCost(FrozenModel):
    """What buying an Advanced card costs: Augustales, or removing one of your cards."""

    augustales: int | None = Field(default=None, ge=0)
    action_card: bool = False

    @model_validator(mode="after")
    def _exactly_one(self) -> CardCost:
        if (self.augustales is None) == (not self.action_card):
            raise ValueError("a cost is either some augustales or one action card, not both")
        return self

    def __str__(self) -> str:
        if self.action_card:
            return t("1 Action card")
        return tn("{n} Augustales", "{n} Augustales", self.augustales or 0)


class AdvancedCard(FrozenModel):
    """An Advanced Action card (ids A1–A16 and B1–B16)."""

    id: str = Field(pattern=r"^[AB](?:[1-9]|1[0-6])$")
    level: Literal["A", "B"]
    cost: CardCost
    effect: str = Field(min_length=3)
    grant: Grant
    source: str

    @model_validator(mode="after")
    def _level_matches_id(self) -> AdvancedCard:
        if not self.id.startswith(self.level):
            raise ValueError(f"card {self.id} must have level {self.id[0]}")
        return self


HOUSES = ("Savoy", "Wittelsbach", "Di Romano", "Hohenstaufen")
"""The four Houses a player can lead."""


class HouseCard(FrozenModel):
    """A starting House Action card; ``house`` is ``common`` for the 8 every House has."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    house: Literal["common", "Savoy", "Wittelsbach", "Di Romano", "Hohenstaufen"]
    copies: int = Field(ge=1, le=2)
    effect: str = Field(min_length=3)
    grant: Grant
    source: str
