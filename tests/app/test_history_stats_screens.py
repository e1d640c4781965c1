"""The History screen (sort, filter, details, delete/undo, read-only) and the Statistics
screen, over the 30 fixed sample games; with SVG snapshots of both."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Select, Static
from textual_plotext import PlotextPlot

from companion.app import StuporSoloApp
from companion.formatting import format_duration, shorten
from companion.history_stats import (
    CHART_POINTS,
    CareerStats,
    career_stats,
    chart_data,
    game_ticks,
    sample_evenly,
)
from companion.history_view import COLUMNS, sort_records
from companion.keymap_records import HISTORY_DELETE_KEYS as DELETE_KEYS
from companion.screens.history import HistoryScreen, HistoryTable
from companion.screens.modals.confirm import ConfirmModal
from companion.screens.modals.history_detail import HistoryDetailModal
from companion.screens.statistics import StatisticsScreen, breakpoint_class
from companion.storage import HistoryRecord, HistoryStore
from companion.storage.lock import DataLock
from tests.app.pilot_helpers import SIZE, plain
from tests.app.sample_history import sample_records


def _write_samples(folder: Path) -> list[HistoryRecord]:
    records = sample_records()
    HistoryStore(folder).add_many(records)
    return records


@asynccontextmanager
async def _sample_history(folder: Path) -> AsyncIterator[tuple[StuporSoloApp, Any, HistoryScreen]]:
    """The 30 sample games written to ``folder`` and the app run on it with the History
    open: the app, its pilot and the screen (the games are :func:`sample_records`)."""
    _write_samples(folder)
    app = StuporSoloApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        yield app, pilot, await _open_history(pilot)


async def _settle(pilot: Any) -> None:
    """Let the screen's thread workers finish and their results arrive."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def _open_statistics(pilot: Any) -> StatisticsScreen:
    """Push the Statistics screen and wait until it has read the history."""
    await pilot.pause()
    screen = StatisticsScreen()
    await pilot.app.push_screen(screen)
    await _settle(pilot)
    assert isinstance(pilot.app.screen, StatisticsScreen)
    return screen


async def _open_history(pilot: Any) -> HistoryScreen:
    await pilot.pause()
    await pilot.press("h")
    await _settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    assert screen.view.all_records is not None
    return screen


def _column(screen: HistoryScreen, key: str) -> list[str]:
    table = screen.query_one(HistoryTable)
    return [plain(cell) for cell in table.get_column(key)]


def _count(screen: HistoryScreen) -> str:
    return str(screen.query_one("#history-count", Static).render())


def _messages(app: StuporSoloApp) -> list[str]:
    return [notification.message for notification in app._notifications]


# --- the sample games -----------------------------------------------------------------------


def test_sample_history_is_fixed_and_covers_every_case() -> None:
    records = sample_records()
    assert records == sample_records()
    assert len(records) == 30
    assert len({r.id for r in records}) == 30
    assert all(r.finished_at.startswith("2026-") for r in records)
    totals = {r.score.total for r in records}
    assert {29, 30, 49, 50, 79, 80} <= totals
    assert {r.score.title for r in records} == {"Serf", "Knight", "Feudal lord", "Duke"}
    assert {r.difficulty for r in records} == {"easy", "medium", "hard", None}
    assert {"Savoy", "Hohenstaufen", "Di Romano", "Altavilla"} <= {r.house for r in records}
    assert {r.deck_mode for r in records} >= {"virtual", "table"}
    assert any(r.notes for r in records)
    assert all(r.log_summary for r in records if r.source == "app")
    for record in records:
        score = record.score
        parts = score.vp_track + score.structures + score.most_structures_bonus
        assert parts + score.resources_vp == score.total


# --- History: list, sort, filter ------------------------------------------------------------


async def test_history_lists_every_game_newest_first(tmp_path: Path) -> None:
    records = sample_records()
    async with _sample_history(tmp_path) as (app, _pilot, screen):
        table = screen.query_one(HistoryTable)
        assert table.row_count == 30
        assert [str(c.label.plain).removesuffix(" ▼") for c in table.columns.values()] == [
            "Date",
            "Score",
            "Title",
            "Difficulty",
            "Easier",
            "House",
            "Deck",
            "Rounds",
            "Play time",
            "Notes",
        ]
        newest = max(records, key=lambda r: r.finished_at)
        first = [plain(cell) for cell in table.get_row_at(0)]
        assert first[:3] == [newest.finished_at[:16].replace("T", " "), "59", "Feudal lord"]
        assert first[8] == format_duration(newest.play_seconds)
        assert _count(screen) == "30 of 30 games"
        assert screen.sub_title == "30 of 30 games · sorted by date, newest first"
        assert app.focused is table


async def test_sorting_by_score_orders_the_rows(tmp_path: Path) -> None:
    records = sample_records()
    async with _sample_history(tmp_path) as (_app, pilot, screen):
        await pilot.press("s")  # date → score
        await pilot.pause()
        scores = [int(value) for value in _column(screen, "score")]
        assert scores == sorted((r.score.total for r in records), reverse=True)
        assert "sorted by score, highest first" in str(screen.sub_title)
        label = screen.query_one(HistoryTable).columns["score"].label.plain  # type: ignore[index]
        assert label == "Score ▼"
        await pilot.press("S")
        await pilot.pause()
        scores = [int(value) for value in _column(screen, "score")]
        assert scores == sorted(r.score.total for r in records)
        assert "sorted by score, lowest first" in str(screen.sub_title)
        await pilot.press("s", "s")  # → title → difficulty: quick entries come last
        await pilot.pause()
        difficulties = _column(screen, "difficulty")
        assert difficulties[:9] == ["easy"] * 9
        assert difficulties[-2:] == ["—", "—"]
        assert "sorted by difficulty, easy first" in str(screen.sub_title)


async def test_clicking_a_header_sorts_by_that_column(tmp_path: Path) -> None:
    records = sample_records()
    async with _sample_history(tmp_path) as (_app, pilot, screen):
        table = screen.query_one(HistoryTable)
        x = 1
        for key, column in table.columns.items():
            if key == "rounds":
                break
            x += column.get_render_width(table)
        await pilot.click(HistoryTable, offset=(x + 1, 0))
        await pilot.pause()
        assert screen.view.sort_key == "rounds"
        rounds = [value for value in _column(screen, "rounds") if value != "—"]
        assert rounds == sorted(rounds)
        assert "sorted by rounds, fewest first" in str(screen.sub_title)
        await pilot.click(HistoryTable, offset=(x + 1, 0))  # again: reversed
        await pilot.pause()
        rounds = [value for value in _column(screen, "rounds") if value != "—"]
        assert rounds == sorted(rounds, reverse=True)
        expected = sort_records(records, "rounds", True)
        assert [r.id for r in screen.view.shown] == [r.id for r in expected]


async def test_filters_combine_and_show_the_count(tmp_path: Path) -> None:
    records = sample_records()
    async with _sample_history(tmp_path) as (app, pilot, screen):
        await pilot.press("f")
        await pilot.pause()
        assert app.focused is screen.query_one("#filter-difficulty", Select)
        await pilot.press("enter", "down", "down", "down", "enter")  # blank, easy, medium, hard
        await pilot.pause()
        await pilot.pause()
        hard = [r for r in records if r.difficulty == "hard"]
        assert screen.query_one("#filter-difficulty", Select).value == "hard"
        assert set(_column(screen, "difficulty")) == {"hard"}
        assert _count(screen) == f"{len(hard)} of 30 games"
        assert str(screen.sub_title).startswith(f"{len(hard)} of 30 games")

        screen.query_one("#filter-title", Select).value = "Feudal lord"
        await pilot.pause()
        await pilot.pause()
        both = [r for r in hard if r.score.title == "Feudal lord"]
        assert 0 < len(both) < len(hard)
        assert sorted(screen.records) == sorted(r.id for r in both)
        assert _count(screen) == f"{len(both)} of 30 games"

        screen.query_one("#filter-house", Select).value = "__not_recorded__"
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one(HistoryTable).row_count == 0
        assert screen.query_one("#history-no-match", Static).display
        assert _count(screen) == "0 of 30 games"

        await pilot.press("escape")  # from the filter bar back to the table, not out
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("c")
        await pilot.pause()
        assert screen.query_one(HistoryTable).row_count == 30
        assert _count(screen) == "30 of 30 games"
        assert not screen.query_one("#history-no-match", Static).display


async def test_detail_view_shows_breakdown_fields_and_log(tmp_path: Path) -> None:
    records = {r.id: r for r in sample_records()}
    async with _sample_history(tmp_path) as (app, pilot, screen):
        target = records["sample-15"]  # the long notes and the long log
        table = screen.query_one(HistoryTable)
        table.move_cursor(row=table.get_row_index("sample-15"))
        await pilot.press("enter")
        await pilot.pause()
        detail = app.screen
        assert isinstance(detail, HistoryDetailModal)
        assert detail.record == target
        score = str(detail.query_one("#detail-score", Static).render())
        score_lines = dict(
            line.rsplit(None, 1) for line in score.splitlines() if "Title" not in line
        )
        assert score_lines == {
            "VP track": str(target.score.vp_track),
            "Structures in your castle": str(target.score.structures),
            "Most-structures bonus": str(target.score.most_structures_bonus),
            "Resources → VP": str(target.score.resources_vp),
            "Total": "79",
        }
        assert "Feudal lord" in score
        fields = str(detail.query_one("#detail-fields", Static).render())
        for text in ("Altavilla", "easy", "table", "1015", format_duration(target.play_seconds)):
            assert text in fields, text
        assert target.notes in str(detail.query_one("#detail-notes", Static).render())
        log = str(detail.query_one("#detail-log", Static).render())
        assert log.splitlines() == target.log_summary
        body = detail.query_one("#detail-body", VerticalScroll)
        assert body.max_scroll_y > 0  # the long log scrolls
        await pilot.press("end")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


# --- History: delete and undo ---------------------------------------------------------------


async def test_delete_asks_then_removes_and_undo_puts_the_same_game_back(tmp_path: Path) -> None:
    records = {r.id: r for r in sample_records()}
    async with _sample_history(tmp_path) as (app, pilot, screen):
        table = screen.query_one(HistoryTable)
        table.move_cursor(row=2)
        victim = screen.highlighted_record()
        assert victim is not None

        await pilot.press("x")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmModal)
        assert victim.finished_at[:10] in str(question.query_one("#confirm-body").render())
        await pilot.press("n")
        await _settle(pilot)
        assert app.screen is screen
        assert HistoryStore(tmp_path).count() == 30

        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await _settle(pilot)
        assert HistoryStore(tmp_path).count() == 29
        assert HistoryStore(tmp_path).get(victim.id) is None
        assert table.row_count == 29
        assert victim.id not in screen.records
        assert _count(screen) == "29 of 29 games"
        assert table.cursor_row == 2  # the cursor stays where it was

        await pilot.press("x", "y")  # a second game
        await _settle(pilot)
        second = [r for r in records if r not in screen.records and r != victim.id]
        assert len(second) == 1
        assert HistoryStore(tmp_path).count() == 28

        await pilot.press("u")  # the last deleted comes back first
        await _settle(pilot)
        assert HistoryStore(tmp_path).get(second[0]) == records[second[0]]
        await pilot.press("u")
        await _settle(pilot)
        restored = HistoryStore(tmp_path).get(victim.id)
        assert restored == records[victim.id]  # same id, same game
        assert HistoryStore(tmp_path).count() == 30
        assert table.row_count == 30
        assert screen.highlighted_record() == records[victim.id]
        assert any("Put back" in message for message in _messages(app))

        await pilot.press("u")
        await pilot.pause()
        assert any("Nothing to undo" in message for message in _messages(app))


async def test_undo_works_after_leaving_and_reopening_the_history(tmp_path: Path) -> None:
    async with _sample_history(tmp_path) as (_app, pilot, _):
        await pilot.press("x", "y")
        await _settle(pilot)
        assert HistoryStore(tmp_path).count() == 29
        await pilot.press("escape")
        await pilot.pause()
        screen = await _open_history(pilot)
        assert screen.query_one(HistoryTable).row_count == 29
        await pilot.press("u")
        await _settle(pilot)
        assert HistoryStore(tmp_path).count() == 30
        assert screen.query_one(HistoryTable).row_count == 30


async def test_read_only_copy_refuses_to_delete(tmp_path: Path) -> None:
    _write_samples(tmp_path)
    holder = DataLock(tmp_path)
    assert holder.acquire()
    try:
        app = StuporSoloApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.read_only
            screen = await _open_history(pilot)
            assert screen.query_one(HistoryTable).row_count == 30
            assert "read-only" in str(screen.sub_title)
            await pilot.press("x")
            await pilot.pause()
            assert app.screen is screen  # no confirmation asked
            assert any("read-only" in message for message in _messages(app))
            await pilot.press("u")
            await pilot.pause()
            assert app.screen is screen
        assert HistoryStore(tmp_path).count() == 30
    finally:
        holder.release()


# --- Statistics -----------------------------------------------------------------------------


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
    records = _write_samples(tmp_path)
    stats = career_stats(records)
    assert (stats.current_streak, stats.best_streak) == (5, 6)
    assert stats.title_counts == {"Serf": 5, "Knight": 7, "Feudal lord": 14, "Duke": 4}
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        history = await _open_history(pilot)
        await pilot.press("t")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        assert screen.stats == stats
        assert screen.sub_title == "30 games"
        _check_statistics(screen, stats)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is history


async def test_statistics_read_the_history_in_a_worker(tmp_path: Path) -> None:
    records = _write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_statistics(pilot)
        assert screen.stats == career_stats(records)
        _check_statistics(screen, career_stats(records))


async def test_statistics_after_a_delete_leave_the_game_out(tmp_path: Path) -> None:
    records = sample_records()
    async with _sample_history(tmp_path) as (app, pilot, history):
        gone = history.highlighted_record()
        await pilot.press("x", "y")
        await _settle(pilot)
        await pilot.press("t")
        await _settle(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        assert app.screen.stats == career_stats([r for r in records if r != gone])


@pytest.mark.parametrize(
    ("width", "breakpoint", "layout"), [(70, "-narrow", "vertical"), (120, "-wide", "horizontal")]
)
async def test_statistics_take_the_layout_of_the_terminal_width(
    tmp_path: Path, width: int, breakpoint: str, layout: str
) -> None:
    _write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(width, 40)) as pilot:
        screen = await _open_statistics(pilot)
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
        screen = await _open_statistics(pilot)
        summary = str(screen.query_one("#stats-summary", Static).render())
        assert "not yet" in summary  # no Duke
        assert screen.query_one("#stats-chart", PlotextPlot).display
        assert screen.chart is not None and screen.chart.title.endswith("all 1 game")


# --- empty history --------------------------------------------------------------------------


async def test_an_empty_history_shows_friendly_text_on_both_screens(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_history(pilot)
        empty = screen.query_one("#history-empty", Static)
        assert empty.display
        assert "No finished games yet" in str(empty.render())
        assert not screen.query_one(HistoryTable).display
        assert not screen.query_one("#history-filters").display
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("t")
        await _settle(pilot)
        stats = app.screen
        assert isinstance(stats, StatisticsScreen)
        status = stats.query_one("#stats-status", Static)
        assert status.display
        assert "No finished games yet" in str(status.render())
        assert not stats.query_one("#stats-chart", PlotextPlot).display
        assert not stats.query_one("#stats-top").display
        assert stats.sub_title == "0 games"


# --- keys -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cls", [HistoryScreen, HistoryTable, HistoryDetailModal, DELETE_KEYS, StatisticsScreen]
)
def test_every_binding_has_an_id_a_tooltip_and_shows(cls: Any) -> None:
    bindings = cls.bindings() if cls is DELETE_KEYS else vars(cls)["BINDINGS"]
    assert bindings
    for binding in bindings:
        assert binding.id, binding
        assert binding.tooltip, binding
        assert binding.show and binding.description, binding
    ids = [b.id for b in bindings]
    assert len(ids) == len(set(ids))


def test_history_keys() -> None:
    keys = {b.id: b.key for b in HistoryScreen.BINDINGS}  # type: ignore[union-attr]
    assert keys == {
        "history.back": "escape,q",
        "history.sort": "s",
        "history.filter": "f",
        "history.delete": "x,delete",
        "history.undo": "u",
        "history.statistics": "t",
        "history.sort_reverse": "S",
        "history.clear_filters": "c",
        "history.export": "e",
        "history.backups": "b",
    }


def test_shorten_and_every_column_sorts() -> None:
    assert shorten("short", 10) == "short"
    assert shorten("a rather long note indeed", 10) == "a rather…"
    records = sample_records()
    for column in COLUMNS:
        for descending in (False, True):
            ordered = sort_records(records, column.key, descending)
            assert sorted(r.id for r in ordered) == sorted(r.id for r in records)


# --- snapshots ------------------------------------------------------------------------------


def test_history_screen_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    _write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await _open_history(pilot)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_statistics_screen_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    _write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await _open_history(pilot)
        await pilot.press("t")
        await _settle(pilot)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
