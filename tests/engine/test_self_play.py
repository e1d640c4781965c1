"""Issue 37: self-play as a test. Seeded games played through the engine's legal moves to
their end, every invariant of :mod:`solo_deck.play.checks` checked after every event; the
same seed plays the same game; the lab's results do not depend on the order of its work.

The longer run (10,000 random games, 1,000 of each bot) is ``stupor-solo lab --check``."""

from __future__ import annotations

import random

import pytest

from solo_deck.events import Pass
from solo_deck.game import SoloGame
from solo_deck.model.moves import Move
from solo_deck.play.bots import RandomBot
from solo_deck.play.checks import Checker, InvariantBroken
from solo_deck.play.lab import lab_tasks, merged, play_task, summarize
from solo_deck.play.roster import BOT_NAMES, bot_named
from solo_deck.play.simulate import new_game, play_game, play_out
from solo_deck.play.table import CONFIGURATIONS, Configuration

RANDOM_GAMES = 200
SAMPLE = 4
"""Moves previewed per state in the 200 random games (every move in the bots' games)."""
COACH_BUDGET = 8
"""The coach's rollouts per turn here: its turns come through the same candidates and
branches at any budget (the budget only decides how many games rank them), and at its
lab budget of 24 the four games took two minutes of the suite."""


def test_200_random_games_keep_every_invariant() -> None:
    scores = []
    for seed in range(RANDOM_GAMES):
        checker = Checker(sample=SAMPLE, rng=random.Random(seed))
        game = new_game(CONFIGURATIONS[seed % len(CONFIGURATIONS)], seed)
        play_out(game, RandomBot(), random.Random(seed), checker)
        scores.append(checker.finished(game))
        assert checker.events == len(game.events)
    assert len(set(scores)) > 5  # the games differ


@pytest.mark.parametrize("bot", [name for name in BOT_NAMES if name != "random"])
def test_each_bot_plays_whole_games_every_move_checked(bot: str) -> None:
    for seed in range(4):
        checker = Checker(sample=None)
        game = new_game(CONFIGURATIONS[(seed * 5) % len(CONFIGURATIONS)], seed)
        budget = COACH_BUDGET if bot == "coach" else None
        play_out(game, bot_named(bot, budget), random.Random(seed), checker)
        checker.finished(game)


def test_the_checker_catches_a_listed_move_the_engine_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = SoloGame.legal_moves

    def with_a_bad_move(game: SoloGame) -> tuple[Move, ...]:
        return (*listed(game), Move(Pass()))  # never allowed with five cards in hand

    monkeypatch.setattr(SoloGame, "legal_moves", with_a_bad_move)
    game = new_game(Configuration(), 1)
    with pytest.raises(InvariantBroken, match="allowed\\(\\) and the moves listed differ"):
        play_out(game, RandomBot(), random.Random(1), Checker())


def test_the_checker_catches_outcomes_that_do_not_add_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = SoloGame.legal_moves

    def halved(game: SoloGame) -> tuple[Move, ...]:
        return tuple(
            Move(m.event, None if m.chance is None else m.chance / 2, m.fact, m.decision)
            for m in listed(game)
        )

    monkeypatch.setattr(SoloGame, "legal_moves", halved)
    with pytest.raises(InvariantBroken, match="do not add up to 1"):
        play_out(new_game(Configuration(), 1), RandomBot(), random.Random(1), Checker())


def test_the_same_seed_plays_the_same_game() -> None:
    for bot in BOT_NAMES:
        first = play_game(Configuration("Wittelsbach", "hard", True), bot_named(bot), 11)
        assert play_game(Configuration("Wittelsbach", "hard", True), bot_named(bot), 11) == first
    seeds = {play_game(Configuration(), bot_named("greedy"), seed).score for seed in range(6)}
    assert len(seeds) > 1


def test_the_lab_adds_up_the_same_whatever_the_order_of_its_work() -> None:
    configurations = CONFIGURATIONS[:2]
    tasks = lab_tasks(configurations, ["random", "plan"], games=6, seed=5, chunk=2)
    in_order = merged((task, play_task(task)) for task in tasks)
    shuffled = tasks[:]
    random.Random(3).shuffle(shuffled)
    any_order = merged((task, play_task(task)) for task in shuffled)
    assert in_order == any_order
    summaries = [summarize(c, b, rs) for (c, b), rs in sorted(in_order.items(), key=str)]
    for summary in summaries:
        assert summary.games == 6 and sum(summary.titles.values()) == pytest.approx(1)
        low, high = summary.ci95
        assert low <= summary.mean <= high
