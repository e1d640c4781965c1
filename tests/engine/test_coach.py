"""The Coach: its turns are legal, it sees only what the table shows you, the same seed
gives the same answer, its figures add up, and the Review's judge of each turn."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Generator
from pathlib import Path

import pytest

from solo_deck import Coach, CoachAnswer, NoAdvice, SoloGame, why_no_advice
from solo_deck.events import NameHand
from solo_deck.insight.coach.judge import costliest, judge, turn_starts
from solo_deck.insight.coach.position import public_game, turn_begins
from solo_deck.insight.coach.rollouts import Tally
from solo_deck.insight.coach.turns import TurnPlan, turn_steps
from solo_deck.insight.coach.why import why
from solo_deck.play.greedy import GreedyBot
from solo_deck.play.simulate import new_game, play_out, play_rng
from solo_deck.play.table import Configuration

HAND = ("common-stone", "common-grain", "common-draw", "savoy-purchase", "common-stone")


def ranked_turns(game: SoloGame) -> list[TurnPlan]:
    """Every candidate turn, the steps of :func:`turn_steps` run to the end."""
    steps = turn_steps(game)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            plans: list[TurnPlan] = done.value
            return plans


def opening(seed: int = 3) -> SoloGame:
    """A fresh simulated game, Savoy on the medium Market, its hand named."""
    game = new_game(Configuration(), seed=seed)
    game.push(NameHand(cards=HAND))
    return game


def test_every_line_is_a_turn_the_engine_accepts_and_records_nothing() -> None:
    game = opening()
    before = game.events
    answer = Coach(game, seed=2).advise(budget=9)
    assert len(answer.lines) == 3
    for line in answer.lines:
        state, _ = game.preview_all(line.events)
        assert state.player_turns == 1 or state.obligation is not None or state.phase != "player"
        assert len(line.lines) == len(line.events) and all(line.lines)
    assert game.events == before


def test_the_same_seed_gives_the_same_answer_and_another_seed_other_rollouts() -> None:
    game = opening()
    first = Coach(game, seed=5).advise(budget=12)
    assert first == Coach(game, seed=5).advise(budget=12)
    other = Coach(game, seed=6).advise(budget=12)
    assert [line.mean for line in other.lines] != [line.mean for line in first.lines]


def test_frederick_s_virtual_deck_order_is_never_seen() -> None:
    game = opening()
    assert game.state.deck.mode == "virtual"
    reshuffled = game.setup.model_copy(update={"seed": game.setup.seed + 1})
    twin = SoloGame(reshuffled, game.events)
    assert twin.state.deck.draw_pile != game.state.deck.draw_pile  # the order differs...
    assert public_game(twin).state == public_game(game).state  # ...and the Coach sees neither
    assert Coach(twin, seed=1).advise(budget=6) == Coach(game, seed=1).advise(budget=6)


def test_the_greedy_bot_s_turn_is_always_weighed_first() -> None:
    game = opening()
    plans = list(ranked_turns(public_game(game)))
    choice = GreedyBot().choose(game, [m for m in game.legal_moves() if m.decision], play_rng(0))
    assert plans[0].events[0] == choice.event
    assert len({plan.key for plan in plans}) == len(plans) > 3


def test_an_answer_sharpens_round_by_round_and_counts_its_games() -> None:
    coach = Coach(opening(), seed=1, keep=4)
    answers = [a for a in _run(coach.steps(budget=16)) if a is not None]
    # each round (4 turns, then the better half: 3), then the last answer
    assert [a.games for a in answers] == [4, 7, 10, 13, 16, 16]
    assert [a.done for a in answers] == [False] * 5 + [True]
    assert answers[-1].weighed >= 4
    best = answers[-1].lines[0]
    assert best.ci95[0] <= best.mean <= best.ci95[1]
    assert 0 <= best.title_chance <= 1 and best.games == 5


def _run(steps: Generator[CoachAnswer | None, None, CoachAnswer]) -> list[CoachAnswer | None]:
    answers: list[CoachAnswer | None] = []
    while True:
        try:
            answers.append(next(steps))
        except StopIteration as done:
            answers.append(done.value)
            return answers


def test_an_unnamed_hand_still_gets_advice_and_says_so() -> None:
    game = new_game(Configuration(), seed=3)
    assert why_no_advice(game) is None
    answer = Coach(game, seed=1).advise(budget=3)
    assert not answer.hand_named and answer.lines
    assert Coach(opening(), seed=1).advise(budget=3).hand_named


def test_no_advice_in_the_middle_of_a_turn_or_for_an_unknown_title() -> None:
    game = opening()
    answer = Coach(game, seed=1).advise(budget=3)
    for event in answer.lines[0].events:
        game.push(event)
        if not turn_begins(game.state) and game.state.phase == "player":
            assert why_no_advice(game) is not None
            with pytest.raises(NoAdvice):
                Coach(game)
            break
    else:
        pytest.fail("the turn never left its start")
    with pytest.raises(ValueError, match="unknown title"):
        Coach(opening(), aim="Emperor")


def test_a_tally_s_interval_and_paired_difference() -> None:
    ahead, behind = Tally({0: 50, 1: 60, 2: 55}), Tally({0: 45, 1: 58, 2: 50})
    assert ahead.mean == 55 and ahead.ci95[0] < 55 < ahead.ci95[1]
    difference, half, pairs = ahead.ahead_of(behind)
    assert (difference, pairs) == (4, 3) and half < 5
    assert ahead.chance(55) == pytest.approx(2 / 3)


def test_why_names_a_closed_side_first() -> None:
    state = opening().state
    after = state.model_copy(
        update={"player": state.player.model_copy(update={"closed_sides": ("stone",), "vp": 2})}
    )
    assert why(state, after).startswith("closes the Stone side")
    assert why(state, state) == "keeps your hand for later"


def test_the_review_judges_each_turn_with_losses_never_below_zero() -> None:
    game = play_out(new_game(Configuration(), seed=5), GreedyBot(), play_rng(5))
    starts = turn_starts(game)
    assert starts and all(start.played for start in starts)
    turns = judge(game, budget=4, keep=2, limit=4)
    assert len(turns) == 4
    assert all(t.expected_loss >= 0 and t.played and t.best for t in turns)
    assert all(t.expected_loss == 0 for t in turns if t.played == t.best)
    assert turns == judge(game, budget=4, keep=2, limit=4)
    worst = costliest(turns)
    assert list(worst) == sorted(worst, key=lambda t: -t.expected_loss)


def test_asking_whether_the_coach_can_weigh_loads_none_of_its_rollouts() -> None:
    """The Table asks at every state (its Coach key): the answer needs only the engine's
    moves, so a game that never opens the Coach loads none of it (issue 39)."""
    code = (
        "import sys\n"
        "from solo_deck import SoloGame, why_no_advice\n"
        "from tests.app.game_script import script_setup\n"
        "game = SoloGame(script_setup())\n"
        "print(why_no_advice(game))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('solo_deck.insight.coach.',"
        " 'solo_deck.play.')) or m == 'statistics'))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    answer, loaded = ran.stdout.splitlines()
    assert answer == "None"  # the game's first turn: the Coach can weigh it
    assert loaded == "['solo_deck.insight.coach.position']"
