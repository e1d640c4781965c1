"""Career statistics: the pure functions on hand-made games, and ``stupor-solo stats``."""

from __future__ import annotations

import json
import math
import pathlib
import random
from collections.abc import Callable
from typing import Any

import pytest

from companion.history.stats import CareerStats, career_stats, format_duration
from tests.scores import breakdown

Run = Callable[..., Any]

# (day, difficulty, house, total, title)
GAMES = [
    (1, "medium", "Savoy", 45, "Knight"),
    (2, "medium", "Savoy", 55, "Feudal lord"),
    (3, "hard", "Swabia", 82, "Duke"),
    (4, "easy", "Savoy", 60, "Feudal lord"),
    (5, "hard", None, 20, "Serf"),
    (6, "medium", "Swabia", 85, "Duke"),
    (7, None, None, 51, "Feudal lord"),
]


@pytest.fixture
def career(make_record: Any) -> list[Any]:
    records = [
        make_record(
            total=total,
            finished_at=f"2025-01-{day:02d}T20:00:00+00:00",
            difficulty=difficulty,
            house=house,
            seed=day,
            play_seconds=3600,
        )
        for day, difficulty, house, total, _ in GAMES
    ]
    assert [r.score.title for r in records] == [game[4] for game in GAMES]
    return records


def test_stats_of_a_hand_made_career(career: list[Any]) -> None:
    shuffled = career[:]
    random.Random(4).shuffle(shuffled)
    stats = career_stats(shuffled)  # any order: the stats go by finished_at
    assert stats.games_played == 7
    assert stats.best_score == 85
    assert stats.average_score == pytest.approx(398 / 7)
    assert list(stats.title_counts.items()) == [
        ("Serf", 1),
        ("Knight", 1),
        ("Feudal lord", 3),
        ("Duke", 2),
    ]
    # Knight | Feudal lord, Duke, Feudal lord | Serf | Duke, Feudal lord
    assert (stats.current_streak, stats.best_streak) == (2, 3)
    assert stats.first_duke is not None
    assert (stats.first_duke.finished_at, stats.first_duke.total) == (
        "2025-01-03T20:00:00+00:00",
        82,
    )
    assert stats.first_duke.record_id == career[2].id
    assert stats.total_play_seconds == 7 * 3600
    assert stats.score_series == [
        (f"2025-01-{day:02d}T20:00:00+00:00", total) for day, _, _, total, _ in GAMES
    ]
    difficulty = {k: (g.games, g.best, round(g.average, 2)) for k, g in stats.by_difficulty.items()}
    assert difficulty == {
        "easy": (1, 60, 60.0),
        "medium": (3, 85, 61.67),
        "hard": (2, 82, 51.0),
        None: (1, 51, 51.0),
    }
    assert list(stats.by_difficulty) == ["easy", "medium", "hard", None]
    houses = {k: (g.games, g.best, round(g.average, 2)) for k, g in stats.by_house.items()}
    assert houses == {"Savoy": (3, 60, 53.33), "Swabia": (2, 85, 83.5), None: (2, 51, 35.5)}
    assert list(stats.by_house) == ["Savoy", "Swabia", None]


def test_stats_of_no_games() -> None:
    stats = career_stats([])
    assert stats == CareerStats(title_counts={"Serf": 0, "Knight": 0, "Feudal lord": 0, "Duke": 0})
    assert stats.best_score is None and stats.average_score is None
    assert stats.first_duke is None


def test_a_streak_that_is_still_going_is_also_the_best(make_record: Any) -> None:
    records = [
        make_record(total=total, finished_at=f"2025-02-{day:02d}T10:00:00+00:00", seed=day)
        for day, total in enumerate([10, 50, 80, 79, 90], start=1)
    ]
    stats = career_stats(records)
    assert (stats.current_streak, stats.best_streak) == (4, 4)
    assert stats.first_duke is not None and stats.first_duke.total == 80


def test_an_unknown_title_is_counted_and_judged_by_its_score(make_record: Any) -> None:
    odd = breakdown(vp_track=60, title="Baron")
    stats = career_stats([make_record(score=odd)])
    assert stats.title_counts["Baron"] == 1
    assert list(stats.title_counts)[:4] == ["Serf", "Knight", "Feudal lord", "Duke"]
    assert stats.current_streak == 1


def test_ten_thousand_games_are_all_counted(make_record: Any) -> None:
    """Ten thousand games are counted whole (their speed is measured in benchmarks/, as a
    ratio against a reference: a unit test asserts no timing)."""
    base = make_record()
    rng = random.Random(1)
    records = []
    for index in range(10_000):
        total = rng.randrange(0, 120)
        title = "Serf" if total < 30 else "Knight" if total < 50 else "Feudal lord"
        title = "Duke" if total >= 80 else title
        score = base.score.model_copy(update={"total": total, "title": title})
        stamp = f"20{10 + index // 1000:02d}-01-01T00:00:{index % 60:02d}.{index:06d}+00:00"
        records.append(base.model_copy(update={"score": score, "finished_at": stamp}))
    stats = career_stats(records)
    assert stats.games_played == 10_000
    assert sum(stats.title_counts.values()) == 10_000
    assert stats.best_score == max(record.score.total for record in records)


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0, "0 s"),
        (42, "42 s"),
        (59.4, "59 s"),
        (59.6, "1 min"),
        (60, "1 min"),
        (2700, "45 min"),
        (3599, "1 h 00 min"),
        (4500, "1 h 15 min"),
        (90061, "25 h 01 min"),
    ],
)
def test_format_duration(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text


@pytest.mark.parametrize("bad", [-1, math.nan, math.inf])
def test_format_duration_refuses_nonsense(bad: float) -> None:
    with pytest.raises(ValueError, match="0 seconds or more"):
        format_duration(bad)


# --- the command --------------------------------------------------------------------------


def test_stats_command_on_an_empty_history(run: Run) -> None:
    result = run("stats")
    assert result.code == 0
    assert "No finished games yet" in result.out


def test_stats_command_prints_the_records(
    run: Run, data: pathlib.Path, career: list[Any], store_records: Any
) -> None:
    store_records(data, career)
    result = run("stats")
    assert result.code == 0, result.err
    assert not result.missing(
        "Your solo career: 7 games",
        "Best score 85",
        "Average score 56.9",
        "Total play time 7 h 00 min",
        "Streak at Feudal lord or better 2 now, best 3",
        "Feudal lord 3 43%",
        "Serf 1 14%",
        "medium 3 85 61.7",
        "not recorded 2 51 35.5",
        "Scores over time: ▄▅█▅▁█▄ 20–85",
    )
    lines = result.lines
    assert any(line.startswith("First Duke 2025-01-0") and "(82 points)" in line for line in lines)


def test_stats_json(run: Run, data: pathlib.Path, career: list[Any], store_records: Any) -> None:
    store_records(data, career)
    result = run("stats", "--json")
    assert result.code == 0
    document = json.loads(result.out)
    assert document["games_played"] == 7
    assert document["title_counts"] == {"Serf": 1, "Knight": 1, "Feudal lord": 3, "Duke": 2}
    assert document["first_duke"]["total"] == 82
    assert document["by_difficulty"][-1] == {"key": None, "games": 1, "best": 51, "average": 51.0}
    assert len(document["score_series"]) == 7


@pytest.mark.parametrize(
    "name",
    [
        "companion.history.stats",
        "companion.history.export",
        "companion.cli.quick_score",
        "companion.plain_text",
        "companion.storage.history_record",
        "companion.storage.safe_files",
    ],
)
def test_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
