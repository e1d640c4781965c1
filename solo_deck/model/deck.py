"""The solo deck: a seeded virtual deck, or the table's real deck keyed in card by card."""

# i18n: sentences are Text
from __future__ import annotations

import random
from collections import Counter
from typing import Literal

from pydantic import Field, model_validator

from solo_deck.errors import RuleError
from solo_deck.model.base import FrozenModel
from solo_deck.model.solo_cards import CardFace, DeckDefinition, SoloCard
from solo_deck.text import t

DeckMode = Literal["virtual", "table"]


class SoloDeck(FrozenModel):
    """Where the 16 solo cards are.

    ``draw_pile`` lists the unseen cards (virtual mode: in draw order, top first; table mode:
    in definition order, since only the table knows the order). ``discard`` lists the cards
    flipped since the last shuffle. Every card is in exactly one of the two.

    >>> from solo_deck.data.loaders import load_default_deck
    >>> deck = SoloDeck.new(load_default_deck(), "virtual", seed=7)
    >>> deck, card = deck.flip()
    >>> len(deck.draw_pile) + len(deck.discard)
    16
    """

    definition: DeckDefinition
    mode: DeckMode
    seed: int
    shuffles: int = Field(default=0, ge=0)
    draw_pile: tuple[str, ...]
    discard: tuple[str, ...] = ()
    crowns_since_shuffle: int = Field(default=0, ge=0)
    crowns_to_reshuffle: int = Field(default=2, ge=1)

    @model_validator(mode="after")
    def _all_accounted(self) -> SoloDeck:
        ids = sorted(card.id for card in self.definition.cards)
        if sorted(self.draw_pile + self.discard) != ids:
            raise ValueError("every solo card must be either in the draw pile or discarded")
        return self

    @classmethod
    def new(
        cls, definition: DeckDefinition, mode: DeckMode, seed: int, crowns_to_reshuffle: int = 2
    ) -> SoloDeck:
        """A freshly shuffled deck."""
        return cls(
            definition=definition,
            mode=mode,
            seed=seed,
            draw_pile=_order(definition, mode, seed, 0),
            crowns_to_reshuffle=crowns_to_reshuffle,
        )

    @property
    def reshuffle_pending(self) -> bool:
        """True once enough crowns have shown: the deck is shuffled at the end of this turn."""
        return self.crowns_since_shuffle >= self.crowns_to_reshuffle

    def flip(self, face: CardFace | None = None) -> tuple[SoloDeck, SoloCard]:
        """Flip the next card. Virtual mode takes the top card (``face`` must be None or
        match it); table mode needs the ``face`` the player saw and books an unseen card
        with that face."""
        deck = self if self.draw_pile else self._reshuffled()
        if deck.mode == "virtual":
            card = deck.definition.card(deck.draw_pile[0])
            if face is not None and card.face != face:
                raise RuleError(
                    t("the next virtual card is {card}, not the face given", card=card.id)
                )
        else:
            if face is None:
                raise RuleError(t("in table mode, key in the face of the card you flipped"))
            match = next(
                (c for c in map(deck.definition.card, deck.draw_pile) if c.face == face), None
            )
            if match is None:
                unseen = ", ".join(sorted({c.face.short() for c in deck.unseen_cards()}))
                raise RuleError(
                    t(
                        "no unseen card shows {face}; unseen faces: {unseen}. Check "
                        "the card, or fix the deck definition on the Deck screen",
                        face=face.short(),
                        unseen=unseen,
                    )
                )
            card = match
        return deck._after_flip(card), card

    def flip_card(self, card_id: str) -> tuple[SoloDeck, SoloCard]:
        """Flip a specific unseen card (used to replay a recorded flip)."""
        deck = self if self.draw_pile else self._reshuffled()
        if card_id not in deck.draw_pile:
            raise RuleError(t("solo card {card_id} is not in the draw pile", card_id=card_id))
        if deck.mode == "virtual" and deck.draw_pile[0] != card_id:
            raise RuleError(
                t(
                    "the next virtual card is {card}, not {card_id}",
                    card=deck.draw_pile[0],
                    card_id=card_id,
                )
            )
        card = deck.definition.card(card_id)
        return deck._after_flip(card), card

    def end_turn(self) -> tuple[SoloDeck, bool]:
        """End of Frederick's turn: shuffle all 16 if the crown count calls for it."""
        if self.reshuffle_pending:
            return self._reshuffled(), True
        return self, False

    def unseen_cards(self) -> list[SoloCard]:
        """The cards not flipped since the last shuffle (public knowledge at the table)."""
        return [self.definition.card(card_id) for card_id in self.draw_pile]

    def remaining_composition(self) -> Counter[CardFace]:
        """How many unseen cards show each face."""
        return Counter(card.face for card in self.unseen_cards())

    def _after_flip(self, card: SoloCard) -> SoloDeck:
        pile = list(self.draw_pile)
        pile.remove(card.id)
        return self.model_copy(
            update={
                "draw_pile": tuple(pile),
                "discard": (*self.discard, card.id),
                "crowns_since_shuffle": self.crowns_since_shuffle + int(card.crown),
            }
        )

    def _reshuffled(self) -> SoloDeck:
        shuffles = self.shuffles + 1
        return self.model_copy(
            update={
                "shuffles": shuffles,
                "draw_pile": _order(self.definition, self.mode, self.seed, shuffles),
                "discard": (),
                "crowns_since_shuffle": 0,
            }
        )


def _order(definition: DeckDefinition, mode: DeckMode, seed: int, shuffles: int) -> tuple[str, ...]:
    ids = [card.id for card in definition.cards]
    if mode == "virtual":
        random.Random(f"stupor-solo:{seed}:{shuffles}").shuffle(ids)
    return tuple(ids)
