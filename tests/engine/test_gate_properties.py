"""Properties of the gate and the follow-through, over random games that use every event:
``allowed()`` agrees with what the engine accepts, no sequence of allowed events leaves an
invalid state, and replay and undo/redo stay deterministic with obligations pending."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo_deck import SoloGame
from tests.random_games import accepted, candidates, setup_for, walk


def agree(game: SoloGame) -> None:
    """Every allowed type has an accepted event; no refused type has one."""
    allowed = game.allowed()
    for kind, events in candidates(game).items():
        ok = [e for e in events if accepted(game, e)]
        if kind in allowed:
            assert ok, f"{kind} is allowed but none of its events is accepted"
        else:
            assert not ok, f"{kind} is refused ({game.why_not(kind)}) yet {ok[0]} is accepted"


@settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_allowed_agrees_with_preview_on_random_states(seed: int) -> None:
    walk(setup_for(seed), seed, 120, agree)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_replay_and_undo_redo_are_deterministic_with_pending_obligations(seed: int) -> None:
    game = walk(setup_for(seed), seed, 150, lambda _: None)
    again = SoloGame.from_document(game.to_document())
    assert again.state == game.state and again.log == game.log
    states: list[Any] = []
    while game.can_undo:
        states.append(game.state)
        game.undo()
    for expected in reversed(states):
        game.redo()
        assert game.state == expected
