"""Your Player Board as data: its card slots, the two main actions the spears of a
face-down card point to from each slot, the slot the Card Slot tile locks at setup, and
the Ally space that shows the Edict mark.

>>> from solo_deck.data.loaders import load_player_board
>>> board = load_player_board()
>>> board.actions_of(3)
('build', 'summon')
>>> board.locked_slot, len(board.slots)
(6, 6)
"""

from __future__ import annotations

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.grants import MainAction


class CardSlot(FrozenModel):
    """One card slot (``number`` counts from 1, left to right) and the two main actions a
    card played face down in it offers. ``source`` says where the values come from
    (``rulebook: …``, ``draft v19``, ``assumed: …``)."""

    number: int = Field(ge=1, le=9)
    actions: tuple[MainAction, MainAction]
    source: str = Field(min_length=3)

    @model_validator(mode="after")
    def _two_actions(self) -> CardSlot:
        if self.actions[0] == self.actions[1]:
            raise ValueError(f"slot {self.number} points to two different main actions")
        return self


class PlayerBoard(FrozenModel):
    """Every card slot of your Player Board, numbered 1, 2, 3… left to right; the slot
    the Card Slot tile locks at setup; the Ally space (1 = the one free at setup) that
    shows the Edict mark."""

    slots: tuple[CardSlot, ...] = Field(min_length=1)
    locked_slot: int = Field(ge=1, le=9)
    locked_source: str = Field(min_length=3)
    marked_ally_space: int = Field(ge=1, le=9)
    marked_ally_source: str = Field(min_length=3)

    @model_validator(mode="after")
    def _numbered(self) -> PlayerBoard:
        numbers = [slot.number for slot in self.slots]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError("the card slots are numbered 1, 2, 3… in order")
        if self.locked_slot not in numbers:
            raise ValueError(f"the Card Slot tile locks slot {self.locked_slot}: no such slot")
        return self

    def actions_of(self, slot: int) -> tuple[MainAction, MainAction]:
        """The two main actions of the 0-based ``slot`` (``IndexError`` when there is
        none)."""
        if not 0 <= slot < len(self.slots):
            raise IndexError(slot)
        return self.slots[slot].actions
