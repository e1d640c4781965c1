"""Issue 18 in the app: BG Stats from Final score (ctrl+g) and from a game's details (b),
with the link and its QR code; History exports the history and restores a backup copy."""

from __future__ import annotations

import json
import pathlib
from typing import Any
from urllib.parse import parse_qs, urlsplit

from textual.widgets import DataTable, Input, RadioButton, Static, TextArea

from companion.config import BackupPolicy, load_config
from companion.history.bgstats import payload
from companion.paths import HISTORY_FILE
from companion.storage import HistoryStore
from companion.storage.backups import backup_history, list_backups, read_backup
from companion.ui.app import StuporSoloApp
from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.screens.history.bgstats import BgStatsScreen
from companion.ui.screens.history.files import BackupsModal, ExportModal
from companion.ui.screens.history.games import HistoryScreen
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.screens.modals.history_detail import HistoryDetailModal
from companion.ui.widgets.qr_code import qr_matrix
from tests.app.end_phase_helpers import make_app
from tests.app.pilot_helpers import open_screen, press_and_settle, settle
from tests.app.sample_history import sample_records

BIG = (120, 60)


def _data_of(link: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    return result


async def _wait(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)


async def test_final_score_shows_the_game_for_bg_stats(tmp_path: pathlib.Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=BIG) as pilot:
        await open_screen(app, pilot, FinalScoreScreen())
        await press_and_settle(pilot, "ctrl+g")
        screen = app.screen
        assert isinstance(screen, BgStatsScreen)
        play = _data_of(screen.link)
        assert play["sourcePlayId"] == app.session.game_id
        assert play["game"]["bggId"] == 392492
        assert screen.query_one("#bgstats-qr", Static).display
        assert not screen.query_one("#bgstats-too-small", Static).display
        await press_and_settle(pilot, "l")
        assert screen.query_one("#bgstats-link", TextArea).text == screen.link
        await press_and_settle(pilot, "escape")
        assert isinstance(app.screen, FinalScoreScreen)


async def test_the_qr_code_holds_the_link_and_a_small_window_is_told(
    tmp_path: pathlib.Path,
) -> None:
    records = sample_records()
    HistoryStore(tmp_path).add_many(records)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _wait(pilot)
        await pilot.press("h")
        await _wait(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await press_and_settle(pilot, "enter")
        detail = app.screen
        assert isinstance(detail, HistoryDetailModal)
        await press_and_settle(pilot, "b")
        screen = app.screen
        assert isinstance(screen, BgStatsScreen)
        assert _data_of(screen.link) == payload(detail.record)
        assert screen.qr_cells[0] == len(qr_matrix(screen.link)[0])
        message = str(screen.query_one("#bgstats-too-small", Static).render())
        assert "The QR code needs a window of at least" in message
        assert not screen.query_one("#bgstats-qr", Static).display


def test_the_qr_code_decodes_to_the_link() -> None:
    import segno

    link = "https://app.bgstatsapp.com/createPlay.html?data=%7B%22a%22:1%7D"
    matrix = qr_matrix(link)
    expected = segno.make(link, error="l", micro=False, boost_error=False)
    assert matrix == [[bool(c) for c in row] for row in expected.matrix_iter(border=2)]


async def test_history_exports_in_each_format(tmp_path: pathlib.Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    records = sample_records()
    HistoryStore(data).add_many(records)
    app = StuporSoloApp(data)
    async with app.run_test(size=BIG) as pilot:
        await _wait(pilot)
        await pilot.press("h")
        await _wait(pilot)
        for fmt, name in (("csv", "games.csv"), ("bgstats", "plays.json")):
            await press_and_settle(pilot, "e")
            modal = app.screen
            assert isinstance(modal, ExportModal)
            modal.query_one(f"#format-{fmt}", RadioButton).value = True
            modal.query_one("#export-path", Input).value = str(tmp_path / name)
            await press_and_settle(pilot, "ctrl+s")
            assert isinstance(app.screen, HistoryScreen)
        plays = json.loads((tmp_path / "plays.json").read_text(encoding="utf-8"))
        assert len(plays) == len(records)
        assert (tmp_path / "games.csv").read_text(encoding="utf-8").count("\n") == 31
        # An existing file is replaced only after a yes; the data folder is refused.
        await press_and_settle(pilot, "e")
        modal = app.screen
        assert isinstance(modal, ExportModal)
        modal.query_one("#export-path", Input).value = str(data / HISTORY_FILE)
        await press_and_settle(pilot, "ctrl+s")
        assert "data folder" in str(modal.query_one("#export-error").render())
        modal.query_one("#export-path", Input).value = str(tmp_path / "games.csv")
        await press_and_settle(pilot, "ctrl+s")
        assert isinstance(app.screen, ConfirmModal)
        await press_and_settle(pilot, "n")
        assert isinstance(app.screen, ExportModal)


async def test_history_restores_a_backup_and_shows_it(tmp_path: pathlib.Path) -> None:
    records = sample_records()
    store = HistoryStore(tmp_path)
    store.add_many(records[:10])
    ten_games = (tmp_path / HISTORY_FILE).read_bytes()
    backup_history(tmp_path)
    store.add_many(records[10:])
    thirty = (tmp_path / HISTORY_FILE).read_bytes()
    config = load_config(None)
    app = StuporSoloApp(tmp_path, config=config)
    async with app.run_test(size=BIG) as pilot:
        await _wait(pilot)
        await pilot.press("h")
        await _wait(pilot)
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert len(history.records) == 30
        await press_and_settle(pilot, "b")
        modal = app.screen
        assert isinstance(modal, BackupsModal)
        table = modal.query_one(DataTable)
        assert table.row_count == 1
        await press_and_settle(pilot, "enter")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await _wait(pilot)
        assert isinstance(app.screen, HistoryScreen)
        assert len(history.records) == 10
    assert (tmp_path / HISTORY_FILE).read_bytes() == ten_games
    assert [read_backup(p) for p in list_backups(tmp_path)] == [ten_games, thirty]
    assert BackupPolicy().keep == 10
