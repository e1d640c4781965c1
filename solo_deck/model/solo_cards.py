"""The 16 solo cards that drive Frederick, and the deck definition that lists them."""

# i18n: sentences are Text
from __future__ import annotations

from enum import StrEnum
from functools import cache

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.text import Text, joined, t


class ShipMove(StrEnum):
    """What a solo card does with Frederick's ship: move 1–4 spaces clockwise, stay, or
    join your ship.

    >>> ShipMove.MOVE2.steps, ShipMove.STAY.steps, ShipMove.TO_PLAYER.steps
    (2, 0, None)
    """

    MOVE1 = "move1"
    MOVE2 = "move2"
    MOVE3 = "move3"
    MOVE4 = "move4"
    STAY = "stay"
    TO_PLAYER = "to_player"

    @property
    def steps(self) -> int | None:
        """Spaces moved clockwise (0: stays; ``None``: to your ship, wherever it is)."""
        if self is ShipMove.TO_PLAYER:
            return None
        if self is ShipMove.STAY:
            return 0
        return int(self.value.removeprefix("move"))


class Numeral(StrEnum):
    """An Edict position: I is the top row, II the middle, III the bottom."""

    I = "I"  # noqa: E741 - the roman numeral printed on the card
    II = "II"
    III = "III"

    @property
    def position(self) -> int:
        """0, 1 or 2."""
        return ("I", "II", "III").index(self.value)

    @classmethod
    def from_index(cls, index: int) -> Numeral:
        """The numeral for position 0, 1 or 2."""
        return (cls.I, cls.II, cls.III)[index % 3]


class CardFace(FrozenModel):
    """What a solo card shows. Several cards may share a face."""

    move: ShipMove
    removes_card: bool
    removes_ally: bool
    edict: Numeral | None = None
    crown: bool = False

    def short(self) -> Text:
        """A compact one-line summary, e.g. ``ship +1 · card · Edict II · crown``."""
        parts = [MOVE_LABELS[self.move]]
        if self.removes_card:
            parts.append(t("card"))
        if self.removes_ally:
            parts.append(t("ally"))
        parts.append(
            t("Edict {numeral}", numeral=self.edict.value) if self.edict else t("no edict")
        )
        if self.crown:
            parts.append(t("crown"))
        return joined(parts, " · ")


MOVE_LABELS = {
    ShipMove.MOVE1: t("ship +{n}", n=1),
    ShipMove.MOVE2: t("ship +{n}", n=2),
    ShipMove.MOVE3: t("ship +{n}", n=3),
    ShipMove.MOVE4: t("ship +{n}", n=4),
    ShipMove.STAY: t("ship stays"),
    ShipMove.TO_PLAYER: t("ship to yours"),
}


class SoloCard(CardFace):
    """One physical solo card: a face plus an id that is unique in its deck."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,16}$")
    source: str = ""

    @property
    def face(self) -> CardFace:
        """The card without its id and source (one shared object per distinct face: the
        odds ask for faces thousands of times)."""
        return _face(tuple(getattr(self, name) for name in _FACE_FIELDS))


_FACE_FIELDS = tuple(CardFace.model_fields)


@cache
def _face(values: tuple[object, ...]) -> CardFace:
    return CardFace(**dict(zip(_FACE_FIELDS, values, strict=True)))


_PACKAGED_DECK = t("Default (provisional)")


def deck_name(name: str) -> str:
    """A deck's name as a screen shows it: the packaged deck's as a sentence a front end
    can translate, a player's own deck's as they named it.

    >>> deck_name("Default (provisional)").template, deck_name("Mine")
    ('Default (provisional)', 'Mine')
    """
    return _PACKAGED_DECK if name == _PACKAGED_DECK else name


class DeckDefinition(FrozenModel):
    """The composition of the solo deck the game uses.

    ``provisional`` is true for the packaged default, whose faces the rulebook does not print;
    the player verifies or replaces it against their own box.
    """

    name: str = Field(min_length=1, max_length=60)
    provisional: bool
    cards: tuple[SoloCard, ...]
    notes: str = ""

    @model_validator(mode="after")
    def _sixteen_unique(self) -> DeckDefinition:
        if len(self.cards) != 16:
            raise ValueError(f"a solo deck has 16 cards, this one has {len(self.cards)}")
        ids = [card.id for card in self.cards]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"card ids must be unique; repeated: {', '.join(duplicates)}")
        return self

    def card(self, card_id: str) -> SoloCard:
        """The card with this id (``KeyError`` if there is none)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    @property
    def crowns(self) -> int:
        """How many cards carry a crown."""
        return sum(card.crown for card in self.cards)
