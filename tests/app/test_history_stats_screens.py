"""The History screen (sort, filter, details, delete/undo, read-only) over the 30 fixed
sample games, both screens on an empty history, their keys, and SVG snapshots of the
History and the Statistics screens (the Statistics screen itself: test_statistics_screen)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Select, Static
from textual_plotext import PlotextPlot

from companion.formatting import format_duration, shorten
from companion.storage import HistoryStore
from companion.storage.lock import DataLock
from companion.ui.app import StuporSoloApp
from companion.ui.keys import HISTORY_DELETE_KEYS as DELETE_KEYS
from companion.ui.screens.history.games import HistoryScreen, HistoryTable
from companion.ui.screens.history.statistics import StatisticsScreen
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.screens.modals.history_detail import HistoryDetailModal
from companion.ui.views.history import COLUMNS, sort_records
from tests.app.history_helpers import (
    open_history,
    sample_history,
    settle_workers,
    write_samples,
)
from tests.app.pilot_helpers import SIZE, plain
from tests.app.sample_history import sample_records


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
    async with sample_history(tmp_path) as (app, _pilot, screen):
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
    async with sample_history(tmp_path) as (_app, pilot, screen):
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
    async with sample_history(tmp_path) as (_app, pilot, screen):
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
    async with sample_history(tmp_path) as (app, pilot, screen):
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
    async with sample_history(tmp_path) as (app, pilot, screen):
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
    async with sample_history(tmp_path) as (app, pilot, screen):
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
        await settle_workers(pilot)
        assert app.screen is screen
        assert HistoryStore(tmp_path).count() == 30

        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await settle_workers(pilot)
        assert HistoryStore(tmp_path).count() == 29
        assert HistoryStore(tmp_path).get(victim.id) is None
        assert table.row_count == 29
        assert victim.id not in screen.records
        assert _count(screen) == "29 of 29 games"
        assert table.cursor_row == 2  # the cursor stays where it was

        await pilot.press("x", "y")  # a second game
        await settle_workers(pilot)
        second = [r for r in records if r not in screen.records and r != victim.id]
        assert len(second) == 1
        assert HistoryStore(tmp_path).count() == 28

        await pilot.press("u")  # the last deleted comes back first
        await settle_workers(pilot)
        assert HistoryStore(tmp_path).get(second[0]) == records[second[0]]
        await pilot.press("u")
        await settle_workers(pilot)
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
    async with sample_history(tmp_path) as (_app, pilot, _):
        await pilot.press("x", "y")
        await settle_workers(pilot)
        assert HistoryStore(tmp_path).count() == 29
        await pilot.press("escape")
        await pilot.pause()
        screen = await open_history(pilot)
        assert screen.query_one(HistoryTable).row_count == 29
        await pilot.press("u")
        await settle_workers(pilot)
        assert HistoryStore(tmp_path).count() == 30
        assert screen.query_one(HistoryTable).row_count == 30


async def test_read_only_copy_refuses_to_delete(tmp_path: Path) -> None:
    write_samples(tmp_path)
    holder = DataLock(tmp_path)
    assert holder.acquire()
    try:
        app = StuporSoloApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.read_only
            screen = await open_history(pilot)
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


# --- empty history --------------------------------------------------------------------------


async def test_an_empty_history_shows_friendly_text_on_both_screens(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        empty = screen.query_one("#history-empty", Static)
        assert empty.display
        assert "No finished games yet" in str(empty.render())
        assert not screen.query_one(HistoryTable).display
        assert not screen.query_one("#history-filters").display
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("t")
        await settle_workers(pilot)
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
        "history.more": "m",
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
    write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_history(pilot)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_statistics_screen_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_history(pilot)
        await pilot.press("t")
        await settle_workers(pilot)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
