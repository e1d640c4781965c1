"""Your Action cards by name and by place: draw pile, hand, discard pile, card slots and the
cards a Purchase removed from the game.

At the table you record only the cards you play (and which card a Purchase removes), so
the engine knows some cards by name and the rest only by count. It stays exact about the
counts and never names a card it cannot be sure of: a card is *known* in a place when the
table said so (a card played face up, a card bought, a card removed, a card named in your
hand); every other card you own is in the *pool* of cards whose place is not known, and
lies in one of the places that hold unknown cards.

The hand's size is :attr:`GameState.hand <solo_deck.model.state.GameState.hand>`; the
cards in your slots are :attr:`PlayerState.played <solo_deck.model.player.PlayerState.played>`;
the draw pile holds every other card you own (its size follows, see
:func:`solo_deck.rules.hand.draw_count`). :mod:`solo_deck.rules.hand` moves cards between
the places.

>>> piles = CardPiles(hand_known=("A7",), discard=2, discard_known=("common-grain",))
>>> piles.discard_unknown
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel


def sorted_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """A multiset of card ids in its canonical form (sorted).

    >>> sorted_cards(["B2", "A7", "B2"])
    ('A7', 'B2', 'B2')
    """
    return tuple(sorted(cards))


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` with one copy of ``card`` taken out (it must be there).

    >>> without(("A7", "B2", "B2"), "B2")
    ('A7', 'B2')
    """
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


class CardPiles(FrozenModel):
    """What the engine knows of your Action cards besides the hand's size and your slots.

    ``discard`` counts the discard pile; ``hand_known``, ``draw_known`` and
    ``discard_known`` are the cards known by name in each place (sorted; a card may appear
    twice when you own two copies); ``removed`` lists the cards a Purchase removed from the
    game (an Advanced card removed also leaves ``PlayerState.advanced_cards``).

    ``by_name`` is False for a game saved before the engine followed cards by name: it then
    keeps the counts only and refuses no card for where it lies (the game replays as it
    was recorded).
    """

    discard: int = Field(default=0, ge=0, le=99)
    hand_known: tuple[str, ...] = ()
    draw_known: tuple[str, ...] = ()
    discard_known: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    by_name: bool = True

    @model_validator(mode="after")
    def _consistent(self) -> CardPiles:
        if len(self.discard_known) > self.discard:
            raise ValueError("more cards known in the discard pile than it holds")
        for name in ("hand_known", "draw_known", "discard_known", "removed"):
            cards: tuple[str, ...] = getattr(self, name)
            if cards != sorted_cards(cards):
                raise ValueError(f"{name} must be sorted")
        if not self.by_name and (self.hand_known or self.draw_known or self.discard_known):
            raise ValueError("a game that counts its cards only knows none by name")
        return self

    @property
    def discard_unknown(self) -> int:
        """Cards in the discard pile whose names are not known."""
        return self.discard - len(self.discard_known)

    def known(self) -> Counter[str]:
        """Every card known by name in the hand, the draw pile or the discard pile."""
        return Counter(self.hand_known) + Counter(self.draw_known) + Counter(self.discard_known)
