"""The Statistics screen over the 30 fixed sample games: the figures, the worker that reads
the history, a delete left out, the layout by terminal width, the chart of many games and
of one."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from companion.formatting import format_duration
from companion.history.stats import (
    CHART_POINTS,
    CareerStats,
    career_stats,
    chart_data,
    game_ticks,
    sample_evenly,
)
from companion.storage import HistoryStore
from companion.ui.app import StuporSoloApp
from companion.ui.framework.quick_open import breakpoint_class
from companion.ui.screens.history.statistics import StatisticsScreen
from tests.app.history_helpers import (
    open_history,
    open_statistics,
    sample_history,
    settle_workers,
    write_samples,
)
from tests.app.pilot_helpers import SIZE, plain
from tests.app.sample_history import sample_records


def _group_rows(table: DataTable[Any]) -> list[list[str]]:
    return [[plain(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def _check_statistics(screen: StatisticsScreen, stats: CareerStats) -> None:
    summary = str(screen.query_one("#stats-summary", Static).render())
    rows = dict(line.split("  ", 1) for line in summary.splitlines())
    rows = {label.strip(): value.strip() for label, value in rows.items()}
    duke = stats.first_duke
    assert duke is not None
    assert rows == {
        "Games played": str(stats.games_played),
        "Best score": str(stats.best_score),
        "Average score": f"{stats.average_score:.1f}",
        "Current streak": f"{stats.current_streak} games",
        "Best streak": f"{stats.best_streak} games",
        "First Duke": f"{duke.finished_at[:10]} · {duke.total} points",
        "Total play time": format_duration(stats.total_play_seconds),
    }
    titles = _group_rows(screen.query_one("#stats-titles", DataTable))
    assert [(name, int(count)) for name, count, _ in titles] == list(stats.title_counts.items())
    for table_id, groups in (
        ("#stats-difficulty", stats.by_difficulty),
        ("#stats-house", stats.by_house),
    ):
        shown = _group_rows(screen.query_one(table_id, DataTable))
        assert shown == [
            [g.key or "not recorded", str(g.games), str(g.best), f"{g.average:.1f}"]
            for g in groups.values()
        ]
    chart = screen.query_one("#stats-chart", PlotextPlot)
    assert chart.display
    assert screen.chart is not None
    assert screen.chart.scores == [total for _, total in stats.score_series]
    assert screen.chart.title == "Score by game · all 30 games"


async def test_statistics_from_the_history_show_the_right_figures(tmp_path: Path) -> None:
    records = write_samples(tmp_path)
    stats = career_stats(records)
    assert (stats.current_streak, stats.best_streak) == (5, 6)
    assert stats.title_counts == {"Serf": 5, "Knight": 7, "Feudal lord": 14, "Duke": 4}
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        history = await open_history(pilot)
        await pilot.press("t")
        await settle_workers(pilot)
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        assert screen.stats == stats
        assert screen.sub_title == "30 games"
        _check_statistics(screen, stats)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is history


async def test_statistics_read_the_history_in_a_worker(tmp_path: Path) -> None:
    records = write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_statistics(pilot)
        assert screen.stats == career_stats(records)
        _check_statistics(screen, career_stats(records))


async def test_statistics_after_a_delete_leave_the_game_out(tmp_path: Path) -> None:
    records = sample_records()
    async with sample_history(tmp_path) as (app, pilot, history):
        gone = history.highlighted_record()
        await pilot.press("x", "y")
        await settle_workers(pilot)
        await pilot.press("t")
        await settle_workers(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        assert app.screen.stats == career_stats([r for r in records if r != gone])


@pytest.mark.parametrize(
    ("width", "breakpoint", "layout"), [(70, "-narrow", "vertical"), (120, "-wide", "horizontal")]
)
async def test_statistics_take_the_layout_of_the_terminal_width(
    tmp_path: Path, width: int, breakpoint: str, layout: str
) -> None:
    write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(width, 40)) as pilot:
        screen = await open_statistics(pilot)
        assert screen.classes & {"-narrow", "-medium", "-wide"} == {breakpoint}
        top_layout = screen.query_one("#stats-top").styles.layout
        assert top_layout is not None and top_layout.name == layout
        assert breakpoint_class(width, StatisticsScreen.HORIZONTAL_BREAKPOINTS or []) == breakpoint
        assert gc.isenabled()  # paused only while the worker read the history
        other = 190 - width  # 120 <-> 70: a resize still moves the screen to the other class
        await pilot.resize_terminal(other, 40)
        await pilot.pause()
        expected = breakpoint_class(other, StatisticsScreen.HORIZONTAL_BREAKPOINTS or [])
        assert screen.classes & {"-narrow", "-medium", "-wide"} == {expected}


def test_breakpoint_class_is_the_one_textual_picks() -> None:
    breakpoints = StatisticsScreen.HORIZONTAL_BREAKPOINTS or []
    assert [breakpoint_class(w, breakpoints) for w in (0, 79, 80, 99, 100, 500)] == [
        "-narrow",
        "-narrow",
        "-medium",
        "-medium",
        "-wide",
        "-wide",
    ]
    assert breakpoint_class(5, [(10, "-big")]) is None


def test_chart_draws_at_most_500_games_and_says_so() -> None:
    series = [(f"2026-01-01T00:00:{i % 60:02d}+00:00", i % 97) for i in range(10_000)]
    stats = CareerStats(games_played=10_000, score_series=series)
    data = chart_data(stats)
    assert len(data.scores) == CHART_POINTS
    assert data.game_numbers[0] == 1 and data.game_numbers[-1] == 10_000
    assert data.game_numbers == sorted(set(data.game_numbers))
    assert data.title == "Score by game · 500 of 10,000 games drawn, evenly spaced"
    small = chart_data(CareerStats(games_played=3, score_series=series[:3]))
    assert small.game_numbers == [1, 2, 3] and not small.sampled
    assert sample_evenly(0) == [] and sample_evenly(5, 3) == [0, 2, 4]
    assert game_ticks(30) == [1, 7, 13, 18, 24, 30]
    assert game_ticks(1) == [1]


async def test_statistics_of_a_single_game(tmp_path: Path) -> None:
    HistoryStore(tmp_path).add(sample_records()[0])
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_statistics(pilot)
        summary = str(screen.query_one("#stats-summary", Static).render())
        assert "not yet" in summary  # no Duke
        assert screen.query_one("#stats-chart", PlotextPlot).display
        assert screen.chart is not None and screen.chart.title.endswith("all 1 game")
