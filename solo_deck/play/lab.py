"""The lab: many simulated games per configuration and bot, and what they add up to.

The work is cut into :class:`LabTask` s (a configuration, a bot, a run of game numbers),
each played by :func:`play_task` and independent of the others, so a front end may run
them in any order and on any number of processes: every game's seed comes from the lab's
seed, the configuration and the game's number (:func:`game_seed`), never from the order of
play, and :func:`summarize` sorts nothing it does not need to. The same seed gives the same
table, the same numbers.

Each configuration is played with the same seeds by every bot (common random numbers), so
the bots meet the same tables.

>>> from solo_deck.play.table import Configuration
>>> task = LabTask(Configuration(), "random", seed=1, first=0, games=3)
>>> summary = summarize(task.configuration, "random", play_task(task))
>>> summary.games, round(sum(summary.titles.values()), 9)
(3, 1.0)
"""

# i18n: sentences are Text
from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from solo_deck.data.loaders import load_ruleset
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameEndReason
from solo_deck.play.checks import Checker, InvariantBroken
from solo_deck.play.roster import bot_named
from solo_deck.play.simulate import (
    GameResult,
    new_game,
    play_game,
    play_out,
    play_rng,
    result_of,
)
from solo_deck.play.table import CONFIGURATIONS, Configuration

TITLE_KEYS = {"Serf": "serf", "Knight": "knight", "Feudal lord": "feudal_lord", "Duke": "duke"}
"""The titles as JSON keys, lowest first."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


def game_seed(seed: int, configuration: Configuration, game: int) -> int:
    """The seed of game number ``game`` (below a million) of ``configuration`` in a lab
    run with ``seed`` (the same for every bot, whatever the order of play; two runs with
    different seeds share no game).

    >>> game_seed(1, CONFIGURATIONS[0], 7) == game_seed(1, CONFIGURATIONS[0], 7)
    True
    """
    index = CONFIGURATIONS.index(configuration) if configuration in CONFIGURATIONS else 99
    return seed * 100_000_000 + index * 1_000_000 + game


@dataclass(frozen=True)
class LabTask:
    """Games ``first`` to ``first + games - 1`` of ``configuration`` with ``bot``, on
    ``ruleset``'s boards (the packaged ones when ``None``)."""

    configuration: Configuration
    bot: str
    seed: int
    first: int
    games: int
    ruleset: Ruleset | None = None
    budget: int | None = None
    """The coach bot's rollouts per turn (its default when ``None``; other bots ignore it)."""
    check: bool = False
    """Check every invariant of self-play after every event and at the end
    (:mod:`solo_deck.play.checks`; a broken one raises
    :class:`~solo_deck.play.checks.InvariantBroken`)."""


def lab_tasks(
    configurations: Sequence[Configuration],
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    chunk: int = 25,
    ruleset: Ruleset | None = None,
    check: bool = False,
    budget: int | None = None,
) -> list[LabTask]:
    """The lab's work: ``games`` games of each configuration with each bot, in tasks of
    ``chunk`` games (each checked after every event with ``check``; the coach with
    ``budget`` rollouts per turn)."""
    return [
        LabTask(configuration, bot, seed, first, min(chunk, games - first), ruleset, budget, check)
        for configuration in configurations
        for bot in bots
        for first in range(0, games, chunk)
    ]


def play_task(task: LabTask) -> list[GameResult]:
    """Play a task's games, in order of their numbers (checked, when the task says so)."""
    bot = bot_named(task.bot, task.budget)
    ruleset = task.ruleset or load_ruleset()
    results = []
    for number in range(task.first, task.first + task.games):
        seed = game_seed(task.seed, task.configuration, number)
        if not task.check:
            results.append(play_game(task.configuration, bot, seed, ruleset))
            continue
        checker = Checker(sample=None)
        game = new_game(task.configuration, seed, ruleset)
        try:
            play_out(game, bot, play_rng(seed), checker)
            checker.finished(game)
        except InvariantBroken as exc:
            where = f"{task.configuration.describe()}, seed {seed}"  # i18n: not for a player
            raise InvariantBroken(f"{where}: {exc}") from None
        results.append(result_of(game))
    return results


@dataclass(frozen=True)
class Summary:
    """What a configuration's games with one bot add up to: the mean final score with its
    95 % confidence interval, the share of each title (adding up to 1), the mean number of
    rounds, and the share of games each game-end trigger ended (two may fire in the same
    round, so these may add up past 1)."""

    configuration: Configuration
    bot: str
    games: int
    mean: float
    ci95: tuple[float, float]
    titles: dict[str, float]
    rounds_mean: float
    end_triggers: dict[str, float]
    scores: tuple[int, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        """The summary as the lab's ``--json`` prints it."""
        return {
            "house": self.configuration.house,
            "market": self.configuration.difficulty,
            "easier": self.configuration.easier_solo,
            "bot": self.bot,
            "games": self.games,
            "mean": round(self.mean, 3),
            "ci95": [round(self.ci95[0], 3), round(self.ci95[1], 3)],
            "titles": {key: round(share, 6) for key, share in self.titles.items()},
            "rounds_mean": round(self.rounds_mean, 3),
            "end_triggers": {key: round(share, 6) for key, share in self.end_triggers.items()},
        }


def summarize(configuration: Configuration, bot: str, results: Sequence[GameResult]) -> Summary:
    """Add up ``results`` (at least one game)."""
    games = len(results)
    if games == 0:
        raise ValueError("a summary needs at least one game")
    scores = tuple(result.score for result in results)
    mean = statistics.fmean(scores)
    spread = statistics.stdev(scores) if games > 1 else 0.0
    half = Z95 * spread / math.sqrt(games)
    titles = Counter(TITLE_KEYS[result.title] for result in results)
    ends = Counter(reason.value for result in results for reason in result.end)
    return Summary(
        configuration=configuration,
        bot=bot,
        games=games,
        mean=mean,
        ci95=(mean - half, mean + half),
        titles={key: titles[key] / games for key in TITLE_KEYS.values()},
        rounds_mean=statistics.fmean(result.rounds for result in results),
        end_triggers={reason.value: ends[reason.value] / games for reason in GameEndReason},
        scores=scores,
    )


def merged(
    done: Iterator[tuple[LabTask, list[GameResult]]],
) -> dict[tuple[Configuration, str], list[GameResult]]:
    """Results of finished tasks, gathered by configuration and bot, each list in order of
    the games' numbers (whatever order the tasks finished in)."""
    parts: dict[tuple[Configuration, str], list[tuple[int, list[GameResult]]]] = {}
    for task, results in done:
        parts.setdefault((task.configuration, task.bot), []).append((task.first, results))
    return {
        key: [result for _, results in sorted(chunks, key=lambda c: c[0]) for result in results]
        for key, chunks in parts.items()
    }
