"""Issue 25: your hand, counted. The End Phase refills it to your hand limit, a card played
takes one out, a bought card comes in, the Keep Cover's and Countryside II A's draws add
theirs, a card removed from your hand to pay a Purchase leaves it, and you may pass only
with an empty hand. A game saved before the boards were data keeps its old way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import GameSetup, RuleError, SoloGame, load_ruleset
from solo_deck.events import Build, BuyCard, Decline, Pass, PlayCard, Resolve
from solo_deck.model.state import Phase
from solo_deck.setup import initial_state
from tests.engine.conftest import finish_round, frederick, idle_turn


def on_board(make_setup: Callable[..., GameSetup], **changes: Any) -> SoloGame:
    """A game on the packaged boards, the start state changed by ``changes``."""
    setup = make_setup(ruleset=load_ruleset())
    state = initial_state(setup)
    player = state.player.model_copy(update=changes.pop("player", {}))
    start = state.model_copy(update={"player": player, **changes})
    return SoloGame(setup.model_copy(update={"start": start}))


def test_a_new_game_starts_with_five_cards(make_setup: Callable[..., GameSetup]) -> None:
    assert on_board(make_setup).state.hand == 5


def test_pass_is_refused_with_a_card_in_hand(make_setup: Callable[..., GameSetup]) -> None:
    game = on_board(make_setup)
    assert "pass" not in game.allowed()
    assert game.why_not("pass") == (
        "you still hold 5 cards in hand: play one (face down gives a main action); "
        "you may pass only with an empty hand"
    )
    with pytest.raises(RuleError, match="you still hold 5 cards in hand"):
        game.push(Pass())
    game = on_board(make_setup, hand=0)
    assert "pass" in game.allowed() and "play_card" not in game.allowed()
    assert game.why_not("play_card") == "your hand is empty: there is no card to play, so pass"
    game.push(Pass())
    assert game.state.passed


def test_the_hand_through_a_round(make_setup: Callable[..., GameSetup]) -> None:
    game = on_board(make_setup)
    counts = []
    while game.state.phase in (Phase.PLAYER, Phase.FREDERICK):
        if game.state.phase is Phase.PLAYER:
            idle_turn(game)
            counts.append(game.state.hand)
        else:
            frederick(game)
    # Five slots, five cards: the hand is empty when the slots are.
    assert counts == [4, 3, 2, 1, 0]
    finish_round(game)
    assert game.state.hand == 5
    assert game.log[-1].endswith("with 5 cards in hand")


def test_a_bought_card_joins_your_hand(make_setup: Callable[..., GameSetup]) -> None:
    game = on_board(make_setup, player={"augustales": 20})
    game.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    assert game.state.hand == 4
    game.push(BuyCard(card_id="A9"))
    assert game.state.hand == 5
    while game.state.pending:
        game.push(Decline())


def test_a_card_removed_from_hand_to_pay_leaves_it(make_setup: Callable[..., GameSetup]) -> None:
    from solo_deck.data.loaders import advanced_cards_by_id

    by_card = next(c.id for c in advanced_cards_by_id().values() if c.cost.augustales is None)
    game = on_board(make_setup)
    house = game.state.player.house
    from solo_deck.data.loaders import house_cards_of

    paid_with = house_cards_of(house)[0].id
    game.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    game.push(BuyCard(card_id=by_card, removes=paid_with, from_hand=True))
    assert game.state.hand == 4  # 5, one played, one removed, one bought
    assert "it came from your hand" in game.log[-1]
    empty = on_board(make_setup, hand=1)
    empty.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    with pytest.raises(RuleError, match=r"your hand is empty, so .* remove a card of your discard"):
        empty.push(BuyCard(card_id=by_card, removes=paid_with, from_hand=True))
    # Round 1: nothing has reached the discard pile yet, so it cannot pay either.
    with pytest.raises(RuleError, match=r"your discard pile is empty, so .* of your hand instead"):
        empty.push(BuyCard(card_id=by_card, removes=paid_with))
    assert empty.state.hand == 0 and empty.state.cards.removed == ()


def test_the_keep_cover_draw_adds_to_your_hand(make_setup: Callable[..., GameSetup]) -> None:
    from solo_deck.model.obligations import Obligation

    duty = Obligation(
        kind="keep_cover",
        does="resolve",
        text="Keep cover: draw 2 cards (your hand size is now 7)",
        source="Keep cover",
        count=2,
    )
    game = on_board(make_setup, hand=3, pending=(duty,))
    game.push(Resolve())
    assert game.state.hand == 5
    assert game.log[-1].endswith("(5 in hand)")


def test_the_countryside_draw_adds_to_your_hand(make_setup: Callable[..., GameSetup]) -> None:
    from solo_deck.events import PlaceWorkplace, Promote

    game = on_board(make_setup)
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=0, path="B"))
    game.push(PlaceWorkplace(path="B", space=1, tile="countryside-II-A", token=False))
    assert game.state.hand == 4
    game.push(Resolve())
    assert game.state.hand == 5


def test_an_old_game_does_not_count_its_hand(make_game: Callable[..., SoloGame]) -> None:
    game = make_game()  # the board-less form of games saved before the boards were data
    assert game.state.hand is None
    game.push(Pass())  # on the player's word, as before
    assert game.state.passed


def test_the_keep_cover_draw_cannot_be_declined(make_setup: Callable[..., GameSetup]) -> None:
    """Issue 40, E1: the Keep Cover tells you to draw its 2 cards at once, so the draw is
    owed, not offered; the hand goes from 4 to 6 on the spot, not at the next refill."""
    game = on_board(
        make_setup,
        player={"stone": 3, "grain": 0, "towers": 1, "walls": 1, "sites": ("T1", "W1")},
    )
    game.push(PlayCard(slot=3, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", site="K1", cover="hand", stone=3))
    assert game.state.hand == 4
    first = game.state.obligation
    assert first is not None and first.kind == "keep_cover" and not first.optional
    assert "decline" not in game.allowed()
    assert game.why_not("decline") == f"this cannot be declined: {first.text}"
    with pytest.raises(RuleError, match="this cannot be declined"):
        game.push(Decline())
    game.push(Resolve())
    assert game.state.hand == 6


def test_the_countryside_draw_cannot_be_declined(make_setup: Callable[..., GameSetup]) -> None:
    """Countryside II A's card is drawn at once too (the tile says so, like the Keep
    Cover): the same rule, the same kind of obligation."""
    from solo_deck.events import PlaceWorkplace, Promote

    game = on_board(make_setup)
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=0, path="B"))
    game.push(PlaceWorkplace(path="B", space=1, tile="countryside-II-A", token=False))
    assert "decline" not in game.allowed()
