"""Where you stand: your finished games in one configuration against the lab's bots, and
the setting to try next.

A configuration is what you choose before a game (the House, the Market difficulty and the
easier solo game or not: :class:`~solo_deck.play.table.Configuration`). Once you have
:data:`STANDING_MIN_GAMES` finished games in one, :func:`where_you_stand` works out

- how often you reached each title or a better one, with a Wilson 95 % interval
  (:func:`wilson_interval`: it stays inside 0 to 1 and is honest for a handful of games);
- your mean final score with its 95 % interval (Student's t, since the spread is your own);
- each bot's mean in the same configuration, from the lab's table
  (:mod:`solo_deck.data.lab_table`, simulated on the packaged boards).

:func:`suggest_setting` looks for the configuration in which about half your games would
reach the title you aim for. The greedy bot's mean stands for how hard each configuration
is; your offset from it (your mean minus its mean, over the games of your configurations
with enough games) moves that mean to you, and a normal curve with your own spread says
how often a game would reach the title there. The configuration whose chance is nearest to
one half wins (on a tie, the harder one).

>>> from solo_deck.play.table import Configuration
>>> mine = Configuration("Savoy", "medium", False)
>>> scores = [58, 66, 49, 71, 60, 55]
>>> you = where_you_stand(mine, scores)
>>> you.games, round(you.mean, 1), [(r.title, r.reached) for r in you.at_least]
(6, 59.8, [('Knight', 6), ('Feudal lord', 5), ('Duke', 0)])
>>> [(bot.bot, bot.mean) for bot in you.bots]
[('random', 12.842), ('greedy', 41.566), ('plan', 20.732)]
>>> suggest_setting({mine: scores}, "Feudal lord").line()
'Savoy, hard, standard (the hardest setting): about 89 % of your games would reach Feudal lord'
>>> suggest_setting({mine: [44, 52, 61, 38, 57, 49]}, "Feudal lord").line()
'Savoy, hard, standard (the hardest setting): about 50 % of your games would reach Feudal lord'
"""

# i18n: sentences are Text
from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from solo_deck.data.lab_table import LabRow, LabTable, load_lab_table
from solo_deck.data.loaders import load_ruleset
from solo_deck.model.ruleset import Ruleset
from solo_deck.play.table import Configuration
from solo_deck.text import t

STANDING_MIN_GAMES = 5
"""The finished games a configuration needs before the Statistics screen shows where you
stand in it."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""
REFERENCE_BOT = "greedy"
"""The bot whose mean stands for how hard a configuration is."""
AIM = 0.5
"""The share of games the suggested setting aims to see reach your title."""

_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t quantile of a two-sided 95 % interval for 1 to 30 degrees of freedom."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``successes`` of ``trials`` (95 % by default).

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson_interval(0, 5)], [round(x, 4) for x in wilson_interval(5, 5)]
    ([0.0, 0.4345], [0.5655, 1.0])
    """
    if trials <= 0:
        raise ValueError("an interval needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes cannot come from {trials} trials")
    share = successes / trials
    z2 = z * z
    scale = 1 + z2 / trials
    centre = (share + z2 / (2 * trials)) / scale
    half = z / scale * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


def t_quantile(freedom: int) -> float:
    """Student's t quantile of a two-sided 95 % interval (a table up to 30 degrees of
    freedom, then the Cornish-Fisher expansion, within 0.001 of the true value).

    >>> t_quantile(4), t_quantile(30), round(t_quantile(60), 3), round(t_quantile(10**6), 3)
    (2.776, 2.042, 2.0, 1.96)
    """
    if freedom < 1:
        raise ValueError("a t interval needs at least one degree of freedom")
    if freedom <= len(_T975):
        return _T975[freedom - 1]
    z = Z95
    return z + (z**3 + z) / (4 * freedom) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2)


def mean_interval(scores: Sequence[int]) -> tuple[float, tuple[float, float]]:
    """The mean of ``scores`` and its 95 % interval (Student's t; one score: no width).

    >>> mean, (low, high) = mean_interval([40, 50, 60])
    >>> mean, round(low, 2), round(high, 2)
    (50.0, 25.16, 74.84)
    """
    if not scores:
        raise ValueError("a mean needs at least one score")
    mean = statistics.fmean(scores)
    if len(scores) < 2:
        return mean, (mean, mean)
    half = t_quantile(len(scores) - 1) * statistics.stdev(scores) / math.sqrt(len(scores))
    return mean, (mean - half, mean + half)


@dataclass(frozen=True, slots=True)
class TitleRate:
    """How many of ``games`` reached ``title`` (at least its ``min_score``), with the
    Wilson 95 % interval of the share."""

    title: str
    min_score: int
    reached: int
    games: int
    low: float
    high: float

    @property
    def share(self) -> float:
        """The share of games that reached the title."""
        return self.reached / self.games


@dataclass(frozen=True, slots=True)
class BotMean:
    """A bot's mean final score in a configuration, from the lab's table."""

    bot: str
    games: int
    mean: float
    ci95: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Standing:
    """Your games in one configuration: how many, your mean with its 95 % interval and your
    spread, how often you reached each title above the lowest (or better), and each bot's
    mean there (none when the lab did not play the configuration, such as a House of your
    own)."""

    configuration: Configuration
    games: int
    mean: float
    ci95: tuple[float, float]
    sd: float
    at_least: tuple[TitleRate, ...]
    bots: tuple[BotMean, ...]


def titles_of(ruleset: Ruleset | None = None) -> list[tuple[str, int]]:
    """``(title, lowest score)`` of every title, lowest first (from the ruleset).

    >>> titles_of()
    [('Serf', 0), ('Knight', 30), ('Feudal lord', 50), ('Duke', 80)]
    """
    titles = (ruleset or load_ruleset()).scoring.titles.value
    return [(t.name, t.min_score) for t in sorted(titles, key=lambda t: t.min_score)]


def lab_rows(configuration: Configuration, table: LabTable | None = None) -> tuple[LabRow, ...]:
    """The lab's rows (one per bot it played) for ``configuration``."""
    c = configuration
    return (table or load_lab_table()).rows_of(c.house, c.difficulty, c.easier_solo)


def where_you_stand(
    configuration: Configuration,
    scores: Sequence[int],
    table: LabTable | None = None,
    ruleset: Ruleset | None = None,
) -> Standing:
    """Where the final ``scores`` of your games in ``configuration`` stand (at least one)."""
    if not scores:
        raise ValueError("where you stand needs at least one game")
    games = len(scores)
    mean, ci95 = mean_interval(scores)
    rates = []
    for title, lowest in titles_of(ruleset)[1:]:
        reached = sum(score >= lowest for score in scores)
        rates.append(TitleRate(title, lowest, reached, games, *wilson_interval(reached, games)))
    bots = tuple(
        BotMean(row.bot, row.games, row.mean, row.ci95) for row in lab_rows(configuration, table)
    )
    sd = statistics.stdev(scores) if games > 1 else 0.0
    return Standing(configuration, games, mean, ci95, sd, tuple(rates), bots)


# --- the setting to try next -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chance:
    """The predicted share of your games that would reach the aimed title in
    ``configuration`` (where the reference bot's mean is ``bot_mean``)."""

    configuration: Configuration
    chance: float
    bot_mean: float


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The configuration to try next, and what it rests on: the aimed ``title``, your
    ``offset`` from the reference bot's mean over ``games`` games, the ``spread`` of your
    scores the prediction uses, and the predicted chance in every configuration of the
    lab's table, hardest first."""

    configuration: Configuration
    chance: float
    title: str
    offset: float
    spread: float
    games: int
    chances: tuple[Chance, ...]

    def line(self) -> str:
        """``Di Romano, hard, standard: about 48 % of your games would reach Feudal lord``;
        says so when the setting is the hardest or the easiest the lab's table holds (your
        chance is then still far from one half)."""
        where = self.configuration.describe()
        several = len(self.chances) > 1
        if several and self.configuration == self.chances[0].configuration:
            return t(
                "{setting} (the hardest setting): {share} of your games would reach {title}",
                setting=where,
                share=about(self.chance),
                title=self.title,
            )
        if several and self.configuration == self.chances[-1].configuration:
            return t(
                "{setting} (the easiest setting): {share} of your games would reach {title}",
                setting=where,
                share=about(self.chance),
                title=self.title,
            )
        return t(
            "{setting}: {share} of your games would reach {title}",
            setting=where,
            share=about(self.chance),
            title=self.title,
        )

    def chance_in(self, configuration: Configuration) -> float | None:
        """The predicted chance in ``configuration`` (``None``: not in the lab's table)."""
        for chance in self.chances:
            if chance.configuration == configuration:
                return chance.chance
        return None


def percent(share: float) -> str:
    """A share as a whole percentage, never rounded to 0 % or 100 % unless it is one.

    >>> percent(0.484), percent(0.001), percent(0.9996), percent(1.0)
    ('48 %', '<1 %', '>99 %', '100 %')
    """
    if 0 < share < 0.005:
        return "<1 %"
    if 0.995 < share < 1:
        return ">99 %"
    return f"{round(100 * share)} %"


def about(share: float) -> str:
    """A predicted share in words.

    >>> about(0.484), about(0.001), about(0.9996)
    ('about 48 %', 'fewer than 1 %', 'more than 99 %')
    """
    if share < 0.005:
        return t("fewer than 1 %")
    if share > 0.995:
        return t("more than 99 %")
    return t("about {n} %", n=round(100 * share))


def _configurations(table: LabTable, bot: str) -> list[tuple[Configuration, LabRow]]:
    """Every configuration the lab played with ``bot``, and its row."""
    found = []
    for row in table.rows:
        if row.bot == bot:
            found.append((Configuration(row.house, row.market, row.easier), row))
    return found


def chance_to_reach(lowest: int, mean: float, spread: float) -> float:
    """The chance that a whole-number score from a normal curve (``mean``, ``spread``)
    reaches ``lowest`` (with the half-point continuity correction).

    >>> round(chance_to_reach(50, 50.5, 10), 3), chance_to_reach(50, 40, 0)
    (0.54, 0.0)
    """
    if spread <= 0:
        return 1.0 if mean >= lowest else 0.0
    return 1 - statistics.NormalDist(mean, spread).cdf(lowest - 0.5)


def suggest_setting(
    played: Mapping[Configuration, Sequence[int]],
    aim: str,
    table: LabTable | None = None,
    ruleset: Ruleset | None = None,
    *,
    bot: str = REFERENCE_BOT,
    min_games: int = STANDING_MIN_GAMES,
) -> Suggestion | None:
    """The configuration in which about half your games would reach the title ``aim``,
    from your final scores by configuration (``played``; only configurations with
    ``min_games`` games and a row of ``bot`` in the lab's table count).

    ``None`` when no configuration you played counts, when the lab played none with
    ``bot``, or when ``aim`` is the lowest title or no title at all (every game reaches
    the lowest). Your spread is that of your scores around the bot's mean plus your
    offset; with a single game, or all of them equally far from it, the bot's own spread
    in each configuration stands in."""
    lab = table or load_lab_table()
    thresholds = dict(titles_of(ruleset))
    lowest = thresholds.get(aim)
    if lowest is None or lowest <= min(thresholds.values()):
        return None
    rows = _configurations(lab, bot)
    row_of = dict(rows)
    residuals = [
        score - row_of[configuration].mean
        for configuration, scores in played.items()
        if configuration in row_of and len(scores) >= min_games
        for score in scores
    ]
    if not residuals or not rows:
        return None
    offset = statistics.fmean(residuals)
    spread = statistics.stdev(residuals) if len(residuals) > 1 else 0.0
    chances = sorted(
        (
            Chance(
                configuration,
                chance_to_reach(lowest, row.mean + offset, spread or row.sd),
                row.mean,
            )
            for configuration, row in rows
        ),
        key=lambda c: c.bot_mean,
    )
    best = min(chances, key=lambda c: abs(c.chance - AIM))  # the first: the harder on a tie
    return Suggestion(
        configuration=best.configuration,
        chance=best.chance,
        title=aim,
        offset=offset,
        spread=spread,
        games=len(residuals),
        chances=tuple(chances),
    )
