"""What the fold remembers to save work gives the answers it would compute again: a push
takes a kept preview's outcome only from the state the preview started from, and the
gate's latest answer stands only for the state and ruleset it was asked of."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solo_deck import SoloGame
from solo_deck.events import EVENT_TYPES, Event, FrederickTurn, Gain
from solo_deck.model.state import Phase
from solo_deck.play.bots import RandomBot
from solo_deck.play.simulate import new_game, play_out
from solo_deck.play.table import CONFIGURATIONS
from solo_deck.rules.gate import allowed_types, refusal
from solo_deck.rules.hand import unknown_in, unknown_in_hand
from solo_deck.rules.transitions import apply_event


def counted_folds(monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    """The events ``SoloGame`` folds from now on, in order."""
    folded: list[Event] = []

    def counting(state: Any, event: Event, ruleset: Any) -> Any:
        folded.append(event)
        return apply_event(state, event, ruleset)

    monkeypatch.setattr("solo_deck.game.apply_event", counting)
    return folded


def test_pushing_a_previewed_event_takes_the_previews_outcome(
    make_game: Any, turns: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game()
    turns.idle_turn(game)
    fresh = SoloGame(game.setup, game.events)
    folded = counted_folds(monkeypatch)
    state, line = game.preview(FrederickTurn())
    game.push(FrederickTurn())
    assert len(folded) == 1  # the preview's fold, not a second one
    assert game.state is state and game.log[-1] is line
    fresh.push(FrederickTurn())
    assert game.state == fresh.state and game.events == fresh.events
    assert game.log == fresh.log


def test_a_preview_from_another_state_is_not_taken(
    make_game: Any, turns: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game()
    turns.idle_turn(game)
    told = Gain(vp=1)  # allowed from any state
    previewed, _ = game.preview(told)
    game.undo()  # another state, with no push between
    folded = counted_folds(monkeypatch)
    game.push(told)
    assert folded == [told]
    assert game.state != previewed and game.state.player.vp == previewed.player.vp


def test_a_push_forgets_the_previews_of_the_state_it_left(
    make_game: Any, turns: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game()
    turns.idle_turn(game)
    game.preview(FrederickTurn())
    game.push(FrederickTurn())
    game.undo()  # back to the very state the preview started from
    folded = counted_folds(monkeypatch)
    game.push(FrederickTurn())
    assert len(folded) == 1


@pytest.mark.parametrize("seed", range(3))
def test_the_gates_kept_answer_is_its_own_answer(seed: int) -> None:
    """Asked right after ``allowed_types`` of a state, ``refusal`` gives for every type what
    it gives for an equal state it was never asked of; and the unnamed cards of the hand
    are counted alike by both counts."""
    game = new_game(CONFIGURATIONS[seed * 5], seed)

    def same(game: SoloGame) -> None:
        state, ruleset = game.state, game.ruleset
        allowed = allowed_types(state, ruleset)
        twin = state.model_copy()
        for kind in EVENT_TYPES:
            assert refusal(state, kind, ruleset) == refusal(twin, kind, ruleset), kind
        assert allowed == allowed_types(twin, ruleset)
        assert unknown_in_hand(state) == unknown_in(state)["hand"]

    play_out(game, RandomBot(), random.Random(seed), same)


def test_the_gates_kept_answer_is_not_given_for_another_state(make_game: Any) -> None:
    game = make_game()
    start, ruleset = game.state, game.ruleset
    assert "frederick_turn" not in allowed_types(start, ruleset)  # your turn first
    his = start.model_copy(update={"phase": Phase.FREDERICK})
    assert refusal(his, "frederick_turn", ruleset) is None
    assert "frederick_turn" in allowed_types(his, ruleset)
    assert refusal(start, "frederick_turn", ruleset) is not None
