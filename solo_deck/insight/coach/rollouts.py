"""Rollouts: a turn played from the position, then the rest of the game to its end by a
bot of the lab, what the table deals drawn by the odds of what is public
(:mod:`solo_deck.play.simulate`). Each rollout is one more game the Coach has seen; what
they add up to (:class:`Tally`) is the expected final score with its 95 % interval and
the chance of reaching a title.

A rollout is a generator that plays one event per step, so the app can run rollouts a
slice at a time between keys (:mod:`companion.ui.background`). Rollout number ``n`` of
every turn draws from the same random sequence (common random numbers): two turns meet
the same luck as far as their paths allow, which makes their difference surer than
either mean.
"""

# i18n: sentences are Text
from __future__ import annotations

import math
import random
import statistics
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

from solo_deck.game import SoloGame
from solo_deck.insight.coach.turns import TurnPlan
from solo_deck.model.state import GameState
from solo_deck.play.bots import Bot
from solo_deck.play.simulate import play_one
from solo_deck.rules.scoring import final_counts, final_score

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


def rollout_rng(seed: int, number: int) -> random.Random:
    """The random sequence of rollout ``number`` (the same for every turn weighed)."""
    return random.Random(f"stupor-solo coach:{seed}:{number}")


def rollout(
    start: SoloGame, plan: TurnPlan, bot: Bot, rng: random.Random
) -> Generator[None, None, int]:
    """Play ``plan`` from ``start``'s position, then the game to its end with ``bot``, one
    event per step; returns the final score."""
    game = SoloGame.at(start.setup, plan.state)
    yield
    while not game.state.game_over:
        play_one(game, bot, rng)
        yield
    return score_of(game.state, game)


def score_of(state: GameState, game: SoloGame) -> int:
    """The final score of a finished game's ``state``."""
    return final_score(**final_counts(state), ruleset=game.ruleset).total


@dataclass
class Tally:
    """The final scores a turn's rollouts reached, by rollout number."""

    scores: dict[int, int] = field(default_factory=dict)

    @property
    def games(self) -> int:
        """Rollouts played."""
        return len(self.scores)

    @property
    def mean(self) -> float:
        """The expected final score (0 before any rollout)."""
        return statistics.fmean(self.scores.values()) if self.scores else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95 % interval of the expected final score (the mean itself below two
        rollouts)."""
        return interval(list(self.scores.values()))

    def chance(self, threshold: int) -> float:
        """The share of rollouts that scored ``threshold`` or more."""
        if not self.scores:
            return 0.0
        return sum(score >= threshold for score in self.scores.values()) / len(self.scores)

    def ahead_of(self, other: Tally) -> tuple[float, float, int]:
        """By how much this turn's final score beats ``other``'s, paired on the rollouts
        both played (common random numbers): the mean difference, its 95 % half-width and
        the number of pairs."""
        shared = sorted(self.scores.keys() & other.scores.keys())
        differences = [self.scores[n] - other.scores[n] for n in shared]
        if not differences:
            return 0.0, math.inf, 0
        low, high = interval(differences)
        mean = statistics.fmean(differences)
        return mean, (high - low) / 2 if len(differences) > 1 else math.inf, len(differences)


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95 % interval of the mean of ``values`` (normal approximation).

    >>> [round(end, 2) for end in interval([10, 12, 14])]
    [9.74, 14.26]
    """
    if not values:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half
