"""The player's solo career in numbers: records and statistics over the history.

Everything here is a pure function of a list of :class:`HistoryRecord` (already validated
by the store): no I/O, no Textual, one pass over the games, so 10,000 games take a few
milliseconds. :func:`career_stats` is what the Statistics screen and ``stupor-solo stats``
show; :func:`summary_rows` and :func:`chart_data` are the Statistics screen's records and
score chart, worked out here so that the screen only draws them.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from operator import attrgetter
from typing import TYPE_CHECKING

from companion.formatting import format_duration as format_duration  # stupor-solo reads it here
from companion.formatting import local_date, or_dash, play_time
from companion.i18n import N_, _, ngettext
from solo_deck import load_ruleset, title_for

if TYPE_CHECKING:
    from companion.storage import HistoryRecord

#: The title a game must reach (or beat) to count towards a streak.
STREAK_TITLE = "Feudal lord"
DIFFICULTY_ORDER = ("easy", "medium", "hard")
STREAK_NOTE = N_("Streaks count games in a row at Feudal lord or better.")
"""Shown through ``_()`` where it is shown (its title is :data:`STREAK_TITLE`)."""
ConfigurationKey = tuple[str, str, bool]
"""A game's configuration as recorded: ``(house, difficulty, easier_solo)``."""
CHART_POINTS = 500
"""The most games the score chart draws; a longer career is sampled evenly."""


@dataclass(frozen=True, slots=True)
class GroupStats:
    """Games of one difficulty or one House. ``key`` is ``None`` for games where it was
    not recorded (quick entries, imports)."""

    key: str | None
    games: int
    best: int
    average: float


@dataclass(frozen=True, slots=True)
class FirstDuke:
    """The first game that earned the title Duke."""

    finished_at: str
    total: int
    record_id: str


@dataclass(frozen=True, slots=True)
class CareerStats:
    """Records and statistics of a solo career.

    ``title_counts`` holds every title in title order (Serf … Duke), zero counts included,
    and after them any unknown title found in the history. ``by_difficulty`` is ordered
    easy, medium, hard, not recorded; ``by_house`` alphabetically, not recorded last.
    ``score_series`` is ``(finished_at, total)`` oldest first, for a chart. Streaks count
    consecutive games (by ``finished_at``) at Feudal lord or better. ``by_configuration``
    holds the totals (oldest first) of the games that recorded their House, difficulty and
    easier solo game, by :data:`ConfigurationKey`, for "Where you stand".
    """

    games_played: int = 0
    best_score: int | None = None
    average_score: float | None = None
    by_difficulty: dict[str | None, GroupStats] = field(default_factory=dict)
    by_house: dict[str | None, GroupStats] = field(default_factory=dict)
    title_counts: dict[str, int] = field(default_factory=dict)
    current_streak: int = 0
    best_streak: int = 0
    first_duke: FirstDuke | None = None
    total_play_seconds: float = 0.0
    score_series: list[tuple[str, int]] = field(default_factory=list)
    by_configuration: dict[ConfigurationKey, list[int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (``None`` group keys become ``null`` in the lists)."""

        def groups(table: dict[str | None, GroupStats]) -> list[dict[str, object]]:
            return [
                {"key": g.key, "games": g.games, "best": g.best, "average": round(g.average, 2)}
                for g in table.values()
            ]

        return {
            "games_played": self.games_played,
            "best_score": self.best_score,
            "average_score": (None if self.average_score is None else round(self.average_score, 2)),
            "by_difficulty": groups(self.by_difficulty),
            "by_house": groups(self.by_house),
            "title_counts": dict(self.title_counts),
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "first_duke": (
                None
                if self.first_duke is None
                else {
                    "finished_at": self.first_duke.finished_at,
                    "total": self.first_duke.total,
                    "id": self.first_duke.record_id,
                }
            ),
            "total_play_seconds": self.total_play_seconds,
            "score_series": [[when, total] for when, total in self.score_series],
        }


def title_thresholds() -> list[tuple[int, str]]:
    """``(lowest score, title)`` of every title, lowest first (from the ruleset)."""
    titles = sorted(load_ruleset().scoring.titles.value, key=lambda t: t.min_score)
    return [(t.min_score, t.name) for t in titles]


def title_names() -> list[str]:
    """The titles from lowest to highest (from the ruleset)."""
    return [name for _, name in title_thresholds()]


_TIME_ORDER = attrgetter("finished_at", "id")


def _in_time_order(records: Sequence[HistoryRecord]) -> Sequence[HistoryRecord]:
    """Oldest first. Stored times are UTC ``isoformat`` strings, which sort as text in time
    order, so no date parsing is needed; an already sorted list (what the store returns)
    is not re-sorted."""
    keys = list(map(_TIME_ORDER, records))
    if all(map(operator.le, keys, islice(keys, 1, None))):
        return records
    return sorted(records, key=_TIME_ORDER)


def career_stats(records: Iterable[HistoryRecord]) -> CareerStats:
    """Records and statistics over ``records`` (any order; validated records)."""
    ordered = _in_time_order(list(records))
    names = title_names()
    rank = {name: index for index, name in enumerate(names)}
    streak_rank = rank.get(STREAK_TITLE, len(names))
    duke = names[-1] if names else None
    title_counts: dict[str, int] = dict.fromkeys(names, 0)
    difficulty: dict[str | None, list[int]] = {}
    house: dict[str | None, list[int]] = {}
    configurations: dict[ConfigurationKey, list[int]] = {}
    series: list[tuple[str, int]] = []
    add_point = series.append
    best: int | None = None
    play_seconds = 0.0
    streak = best_streak = 0
    first_duke: FirstDuke | None = None

    for record in ordered:
        score = record.score
        total = score.total
        title = score.title
        add_point((record.finished_at, total))
        if best is None or total > best:
            best = total
        play_seconds += record.play_seconds
        title_counts[title] = title_counts.get(title, 0) + 1
        position = rank.get(title)
        if position is None:  # a title this ruleset does not know: go by the score
            position = rank.get(title_for(total), -1)
        if position >= streak_rank:
            streak += 1
            if streak > best_streak:
                best_streak = streak
        else:
            streak = 0
        if first_duke is None and title == duke:
            first_duke = FirstDuke(record.finished_at, total, record.id)
        totals = difficulty.get(record.difficulty)
        if totals is None:
            totals = difficulty[record.difficulty] = []
        totals.append(total)
        totals = house.get(record.house)
        if totals is None:
            totals = house[record.house] = []
        totals.append(total)
        name, level, easier = record.house, record.difficulty, record.easier_solo
        if name is not None and level is not None and easier is not None:
            configurations.setdefault((name, level, easier), []).append(total)

    games = len(series)
    score_sum = sum(total for _, total in series)
    return CareerStats(
        games_played=games,
        best_score=best,
        average_score=score_sum / games if games else None,
        by_difficulty=_group_stats(difficulty, DIFFICULTY_ORDER),
        by_house=_group_stats(house, ()),
        title_counts=title_counts,
        current_streak=streak,
        best_streak=best_streak,
        first_duke=first_duke,
        total_play_seconds=play_seconds,
        score_series=series,
        by_configuration=configurations,
    )


def _group_stats(
    groups: dict[str | None, list[int]], first: Sequence[str]
) -> dict[str | None, GroupStats]:
    """Games, best and average score of each group (its games' totals), in the order of
    :func:`_ordered_keys`."""
    return {
        key: GroupStats(
            key=key, games=len(totals), best=max(totals), average=sum(totals) / len(totals)
        )
        for key in _ordered_keys(groups, first)
        for totals in (groups[key],)
    }


def _ordered_keys(groups: dict[str | None, list[int]], first: Sequence[str]) -> list[str | None]:
    """``first`` (those present), then the other keys alphabetically, then ``None``."""
    keys: list[str | None] = [key for key in first if key in groups]
    rest: list[str] = [key for key in groups if key is not None and key not in keys]
    rest.sort(key=str.casefold)
    keys.extend(rest)
    if None in groups:
        keys.append(None)
    return keys


# --- what the Statistics screen shows ---------------------------------------------------------


def summary_rows(stats: CareerStats) -> list[tuple[str, str]]:
    """The headline records as ``(label, value)`` (dates in local time)."""
    duke = stats.first_duke
    average = stats.average_score
    first_duke = (
        _("not yet")
        if duke is None
        else _("{date} · {total} points").format(
            date=local_date(duke.finished_at), total=duke.total
        )
    )
    return [
        (_("Games played"), str(stats.games_played)),
        (_("Best score"), or_dash(stats.best_score)),
        (_("Average score"), "—" if average is None else f"{average:.1f}"),
        (_("Current streak"), _games(stats.current_streak)),
        (_("Best streak"), _games(stats.best_streak)),
        (_("First Duke"), first_duke),
        (_("Total play time"), play_time(stats.total_play_seconds, _("not recorded"))),
    ]


def _games(count: int) -> str:
    return ngettext("{n} game", "{n} games", count).format(n=f"{count:,}")


def sample_evenly(count: int, limit: int = CHART_POINTS) -> list[int]:
    """Indices of at most ``limit`` of ``count`` items, spread evenly, first and last kept.

    >>> sample_evenly(5, 3)
    [0, 2, 4]
    >>> len(sample_evenly(10_000)), sample_evenly(10_000)[-1]
    (500, 9999)
    """
    if count <= limit:
        return list(range(count))
    if limit <= 1:
        return [count - 1] if limit == 1 else []
    return [round(i * (count - 1) / (limit - 1)) for i in range(limit)]


def game_ticks(games: int, most: int = 6) -> list[int]:
    """Whole game numbers for the chart's x axis: the first, the last and a few between.

    >>> game_ticks(30), game_ticks(1), game_ticks(3)
    ([1, 7, 13, 18, 24, 30], [1], [1, 2, 3])
    """
    if games <= most:
        return list(range(1, games + 1))
    return sorted({round(1 + i * (games - 1) / (most - 1)) for i in range(most)})


@dataclass(frozen=True)
class ChartData:
    """What the score chart draws: game numbers (1 = the first game) and their scores,
    the title lines (``(score, title)`` of every title above the lowest), the axes' ticks
    and the top of the y axis."""

    game_numbers: list[int]
    scores: list[int]
    games: int
    thresholds: list[tuple[int, str]] = field(default_factory=list)
    """``(lowest score, title)`` of every title, lowest first: the y axis' ticks."""

    @property
    def sampled(self) -> bool:
        """Whether only some of the games are drawn."""
        return len(self.game_numbers) < self.games

    @property
    def title(self) -> str:
        """The chart's title; says when the games were sampled."""
        if self.sampled:
            return _("Score by game · {drawn} of {games} games drawn, evenly spaced").format(
                drawn=len(self.game_numbers), games=f"{self.games:,}"
            )
        return ngettext(
            "Score by game · all {n} game", "Score by game · all {n} games", self.games
        ).format(n=f"{self.games:,}")

    @property
    def title_lines(self) -> list[tuple[int, str]]:
        """The titles above the lowest, each drawn as a line at its lowest score."""
        return self.thresholds[1:]

    @property
    def top(self) -> int:
        """The top of the y axis: room above the best score and above the highest title."""
        highest = self.thresholds[-1][0] if self.thresholds else 0
        return max(max(self.scores, default=0) + 5, highest + 15)

    @property
    def x_range(self) -> tuple[int, int] | None:
        """The x axis' range when one game alone is drawn (a point needs room), else
        ``None`` (the plot picks it)."""
        if len(self.game_numbers) != 1:
            return None
        only = self.game_numbers[0]
        return (only - 1, only + 1)

    @property
    def x_ticks(self) -> list[int]:
        """The game numbers written under the x axis."""
        return game_ticks(self.games)


def chart_data(stats: CareerStats, limit: int = CHART_POINTS) -> ChartData:
    """The chart's points for ``stats`` (oldest game first), at most ``limit`` of them."""
    series = stats.score_series
    picked = sample_evenly(len(series), limit)
    return ChartData(
        game_numbers=[index + 1 for index in picked],
        scores=[series[index][1] for index in picked],
        games=len(series),
        thresholds=title_thresholds(),
    )
