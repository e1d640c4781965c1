"""The player's solo career in numbers: records and statistics over the history.

Everything here is a pure function of a list of :class:`HistoryRecord` (already validated
by the store): no I/O, no Textual, one pass over the games, so 10,000 games take a few
milliseconds. :func:`career_stats` is what the Statistics screen and ``stupor-solo stats``
show.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from operator import attrgetter
from typing import TYPE_CHECKING

from solo_deck.data_files import load_ruleset
from solo_deck.scoring import title_for

if TYPE_CHECKING:
    from companion.storage import HistoryRecord

#: The title a game must reach (or beat) to count towards a streak.
STREAK_TITLE = "Feudal lord"
DIFFICULTY_ORDER = ("easy", "medium", "hard")


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
    consecutive games (by ``finished_at``) at Feudal lord or better.
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


def title_names() -> list[str]:
    """The titles from lowest to highest (from the ruleset)."""
    titles = sorted(load_ruleset().scoring.titles.value, key=lambda t: t.min_score)
    return [t.name for t in titles]


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


def format_duration(seconds: float) -> str:
    """A play time in words a player reads at a glance.

    >>> format_duration(42), format_duration(2700), format_duration(4500)
    ('42 s', '45 min', '1 h 15 min')
    >>> format_duration(90061)
    '25 h 01 min'
    """
    if isinstance(seconds, bool) or not math.isfinite(seconds) or seconds < 0:
        raise ValueError(f"a duration must be 0 seconds or more, not {seconds!r}")
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"
