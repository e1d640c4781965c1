"""Your hand, counted: the End Phase refills it to your hand limit, each card played takes
one out, a bought card comes in, the Keep Cover's and Countryside II A's draws add theirs,
and a card removed to pay a Purchase from your hand leaves it. You may pass only with an
empty hand.

A game saved before the boards were data (``PlayerState.sites is None``) does not count its
hand (``GameState.hand is None``): its Passes were recorded on the player's word and must
replay as they were.

>>> from solo_deck.model.obligations import Obligation
>>> cards_drawn(Obligation(kind="draw_cards", does="resolve", text="draw 2", source="A",
...                        count=2))
2
"""

from __future__ import annotations

from solo_deck.data.loaders import house_cards_of
from solo_deck.errors import RuleError
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.obligations import Obligation
from solo_deck.model.state import GameState
from solo_deck.rules.triggers import hand_size

COVER_DRAW = "Keep cover: draw"
"""How the Keep Cover's draw obligation begins (the other covers give no cards)."""


def tracked(state: GameState) -> bool:
    """True when the engine counts your hand."""
    return state.hand is not None


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def play_from_hand(state: GameState) -> GameState:
    """One card leaves your hand for a card slot (refused with an empty hand)."""
    if state.hand is None:
        return state
    if state.hand < 1:
        raise RuleError("your hand is empty: there is no card to play, so pass")
    return state.model_copy(update={"hand": state.hand - 1})


def add_to_hand(state: GameState, count: int) -> GameState:
    """``count`` cards come into your hand (drawn or bought)."""
    if state.hand is None or count == 0:
        return state
    return state.model_copy(update={"hand": state.hand + count})


def remove_from_hand(state: GameState, card: str) -> GameState:
    """A card of your hand leaves the game to pay a Purchase (refused with an empty hand)."""
    if state.hand is None:
        return state
    if state.hand < 1:
        raise RuleError(
            f"your hand is empty, so {card} cannot come from it: remove a card of your "
            "discard pile instead"
        )
    return state.model_copy(update={"hand": state.hand - 1})


def cards_owned(state: GameState) -> int:
    """Action cards you own: your House's starting cards and the Advanced cards bought
    (a House card given up for a Purchase is not tracked: an upper bound)."""
    house = sum(card.copies for card in house_cards_of(state.player.house))
    return house + len(state.player.advanced_cards)


def drawable(state: GameState) -> int:
    """Cards you could still draw: every card you own that is neither in your hand nor in a
    card slot (an empty draw pile is refilled from the discard pile)."""
    held = state.hand or 0
    return max(0, cards_owned(state) - held - len(state.player.played))


def draw(state: GameState, count: int) -> GameState:
    """Draw ``count`` cards, as many as there are to draw."""
    return add_to_hand(state, min(count, drawable(state)))


def refill(state: GameState, limits: PlayerLimits) -> GameState:
    """The End Phase refill: draw up to your hand limit (a larger hand stays as it is)."""
    if state.hand is None:
        return state
    owned = cards_owned(state)  # the played cards are back in the piles
    return state.model_copy(update={"hand": max(state.hand, min(owned, hand_size(state, limits)))})


def cards_drawn(duty: Obligation) -> int:
    """Cards a confirmed obligation puts in your hand: a card's or a Workplace's draw, the
    Keep Cover's draw; 0 for anything else."""
    if duty.kind == "draw_cards" or (
        duty.kind == "keep_cover" and duty.text.startswith(COVER_DRAW)
    ):
        return duty.count
    return 0


def pass_refusal(state: GameState) -> str | None:
    """Why you may not pass now (``None``: you may)."""
    if state.hand:
        return (
            f"you still hold {_cards(state.hand)} in hand: play one (face down gives a main "
            "action); you may pass only with an empty hand"
        )
    return None


def play_refusal(state: GameState) -> str | None:
    """Why you may not play a card now for lack of one (``None``: you hold one)."""
    if state.hand == 0:
        return "your hand is empty: there is no card to play, so pass"
    return None
