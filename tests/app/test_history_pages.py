"""The History screen opens on the newest games only and reads the rest when the player
asks for it (issue 41: 10,000 games open about as fast as 100).

The page is cut to 10 games here (``PAGE_SIZE``) so the 30 sample games are a long
history; every whole read of the history is counted through the service."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from companion.history.service import HistoryReading, HistoryService
from companion.storage import HistoryStore
from companion.ui.screens.history import games
from companion.ui.screens.history.files import ExportModal
from companion.ui.screens.history.games import HistoryScreen, HistoryTable
from companion.ui.screens.history.statistics import StatisticsScreen
from companion.ui.views.history import HistoryView
from tests.app.history_helpers import sample_history, settle_workers
from tests.app.sample_history import sample_records

PAGE = 10


@pytest.fixture
def whole_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A 10-game page, and one entry per whole read of the history by the service."""
    monkeypatch.setattr(games, "PAGE_SIZE", PAGE)
    reads: list[int] = []
    real = HistoryService.read

    def counted(self: HistoryService) -> HistoryReading:
        reading = real(self)
        reads.append(len(reading.records))
        return reading

    monkeypatch.setattr(HistoryService, "read", counted)
    return reads


def _count(screen: HistoryScreen) -> str:
    return str(screen.query_one("#history-count", Static).render())


def _newest_ids(count: int) -> list[str]:
    records = sorted(sample_records(), key=lambda r: r.finished_at, reverse=True)
    return [record.id for record in records[:count]]


def _table_ids(screen: HistoryScreen) -> list[str]:
    table = screen.query_one(HistoryTable)
    return [str(key.value) for key in table.rows]


async def test_history_opens_on_the_newest_page_and_m_reads_every_game(
    tmp_path: Path, whole_reads: list[int]
) -> None:
    async with sample_history(tmp_path) as (_app, pilot, screen):
        assert whole_reads == []  # the history was not read whole to open the screen
        assert screen.view.partial
        assert _table_ids(screen) == _newest_ids(PAGE)
        assert _count(screen) == f"newest {PAGE} of 30 games"
        assert screen.check_action("more", ()) is True

        await pilot.press("m")
        await settle_workers(pilot)
        assert whole_reads == [30]
        assert not screen.view.partial
        assert screen.query_one(HistoryTable).row_count == 30
        assert _count(screen) == "30 of 30 games"
        assert screen.check_action("more", ()) is False  # the footer hides the key
        await pilot.press("m")
        await settle_workers(pilot)
        assert whole_reads == [30]  # nothing more to read


async def test_the_cursor_on_the_last_row_read_reads_the_rest_and_stays_on_its_game(
    tmp_path: Path, whole_reads: list[int]
) -> None:
    async with sample_history(tmp_path) as (_app, pilot, screen):
        table = screen.query_one(HistoryTable)
        table.move_cursor(row=PAGE - 2)
        await settle_workers(pilot)
        assert whole_reads == []
        await pilot.press("down")
        await settle_workers(pilot)
        assert whole_reads == [30]
        assert table.row_count == 30
        assert screen.highlighted_record() is not None
        assert screen.highlighted_record().id == _newest_ids(PAGE)[-1]  # type: ignore[union-attr]


async def test_export_sort_and_filters_reach_every_game(
    tmp_path: Path, whole_reads: list[int]
) -> None:
    async with sample_history(tmp_path) as (app, pilot, screen):
        await pilot.press("e")
        await settle_workers(pilot)
        assert isinstance(app.screen, ExportModal)
        assert len(app.screen.records) == 30  # the export waited for every game
        await pilot.press("escape")
        await settle_workers(pilot)

    for key in ("s", "f"):
        folder = tmp_path / key
        folder.mkdir()
        whole_reads.clear()
        async with sample_history(folder) as (_app, pilot, screen):
            await pilot.press(key)
            await settle_workers(pilot)
            assert whole_reads == [30], key
            assert not screen.view.partial
            assert len(screen.view.all_records or []) == 30


async def test_statistics_from_the_first_page_counts_every_game(
    tmp_path: Path, whole_reads: list[int]
) -> None:
    async with sample_history(tmp_path) as (app, pilot, _screen):
        await pilot.press("t")
        await settle_workers(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        assert app.screen.stats is not None
        assert app.screen.stats.games_played == 30


async def test_delete_and_undo_on_the_first_page_keep_the_count(
    tmp_path: Path, whole_reads: list[int]
) -> None:
    async with sample_history(tmp_path) as (_app, pilot, screen):
        victim = screen.highlighted_record()
        assert victim is not None
        await pilot.press("x", "y")
        await settle_workers(pilot)
        assert HistoryStore(tmp_path).get(victim.id) is None
        assert _count(screen) == f"newest {PAGE - 1} of 29 games"
        await pilot.press("u")
        await settle_workers(pilot)
        assert _count(screen) == f"newest {PAGE} of 30 games"
        assert whole_reads == []


def test_a_page_holding_every_game_is_the_whole_history() -> None:
    records = sample_records()
    view = HistoryView()
    view.load_page(records, len(records))
    assert not view.partial
    view.load_page(records[:5], len(records))
    assert view.partial
    assert view.count_text() == "newest 5 of 30 games"
    view.remove(records[0].id)
    assert view.count_text() == "newest 4 of 29 games"
    view.remove("no such game")
    assert view.count_text() == "newest 4 of 29 games"
    view.load(records)
    assert not view.partial
