"""The Review's judge of each turn on the scripted game (issue 38): for a fixed seed the
same verdicts and the same costliest turns, every turn named in the engine's words."""

from __future__ import annotations

from solo_deck import costliest, judge
from tests.judged_game import TURNS, scripted_game
from tests.scripted_game import play_in_engine

BUDGET = 8
"""Rollouts per turn: enough for losses to differ, small enough to be quick."""


def test_the_costliest_turns_of_the_scripted_game_are_stable_for_a_fixed_seed() -> None:
    game = scripted_game()
    assert game.state.game_over
    first = judge(game, budget=BUDGET, seed=0)
    again = judge(scripted_game(), budget=BUDGET, seed=0)
    assert first == again
    assert costliest(first) == costliest(again)
    assert len(first) == TURNS
    assert [(t.round, t.turn) for t in first] == [(r, n) for r in (1, 2) for n in range(1, 7)]
    for turn in first:
        assert turn.played.strip() and turn.best.strip()
        assert turn.expected_loss >= 0 and turn.games > 0
        if turn.best == turn.played:
            assert turn.expected_loss == 0
    top = costliest(first)
    assert len(top) == 3
    losses = [t.expected_loss for t in top]
    assert losses == sorted(losses, reverse=True) and losses[-1] > 0
    assert all(t.expected_loss <= losses[-1] for t in first if t not in top)


def test_the_judge_as_generator_counts_up_to_every_turn() -> None:
    from solo_deck import judge_steps

    steps = judge_steps(scripted_game(), budget=2, seed=0)
    seen: list[tuple[int, int]] = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as done:
            turns = done.value
            break
    assert seen[0] == (0, TURNS) and seen[-1] == (TURNS, TURNS)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert turns == judge(scripted_game(), budget=2, seed=0)


def test_the_scripted_game_as_written_has_every_turn_judged() -> None:
    assert len(judge(play_in_engine(), budget=2, seed=0)) == TURNS
