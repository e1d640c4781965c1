"""The app with hostile data and a failing disk (issue 16): nothing crashes, nothing is lost.

Items covered here: 1 (stored markup shown as text, in tables, dialogs and notices), 3 (a
game with a date at the calendar's edge does not hide the history), 6 (a settings or game
file from a newer version is kept and the player told; a crashed app exits non-zero), 7 (a
damaged settings file is told on the Start screen), 10 (quitting with moves not saved asks
first), 12 (the read-only second copy renames nothing).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, Static

from companion.config import load_config
from companion.paths import GAME_FILE, HISTORY_FILE, SETTINGS_FILE
from companion.session import GameSession
from companion.storage import HistoryRecord, HistoryStore
from companion.storage.lock import DataLock
from companion.ui.app import StuporSoloApp
from tests.app.game_script import script_setup
from tests.app.pilot_helpers import SIZE, plain
from tests.app.setup_helpers import fill as _fill_tiles
from tests.app.setup_helpers import open_setup as _open_setup
from tests.app.test_save_failures import refuse_writes
from tests.scores import SAMPLE_SCORE, breakdown


def record(seed: int, **fields: Any) -> HistoryRecord:
    values: dict[str, Any] = {
        "finished_at": f"2025-03-{seed:02d}T20:15:00+00:00",
        "seed": seed,
        "score": SAMPLE_SCORE,
    }
    values.update(fields)
    return HistoryRecord(**values)


def write_history(folder: Path, documents: list[dict[str, Any]]) -> None:
    games = {str(index): document for index, document in enumerate(documents, start=1)}
    (folder / HISTORY_FILE).write_text(json.dumps({"games": games}), encoding="utf-8")


def messages(app: StuporSoloApp) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


def shown_notices(app: StuporSoloApp) -> list[str]:
    """What each notification's toast draws (markup would change it, or fail to draw)."""
    from textual.widgets._toast import Toast

    return [Toast(notification).render().plain for notification in app._notifications]


async def settle(pilot: Any) -> None:
    """Let thread workers finish and their results arrive."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


# --- 1 and 3: stored text in the app; a game that cannot be shown -----------------------------


async def test_stored_markup_is_shown_as_text_in_tables_dialogs_and_notices(
    tmp_path: Path,
) -> None:
    odd_title = breakdown(
        vp_track=40, structures=10, most_structures_bonus=4, resources_vp=2, title="[/]"
    )
    games = [
        record(1, house="[/]", notes="[/bold] [@click=app.quit]quit[/]"),
        record(2, score=odd_title, house="[link=x]y"),
    ]
    documents = [game.model_dump(mode="json") for game in games]
    damaged = {**record(4).model_dump(mode="json"), "id": "[/]", "difficulty": "[bold]"}
    write_history(tmp_path, [*documents, damaged])
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2, "the two readable games are listed"
        cells = [plain(cell) for row in range(2) for cell in table.get_row_at(row)]
        assert "[/]" in cells and "[link=x]y" in cells
        assert any("(id [/]) in the history was skipped" in text for text in shown_notices(app))
        table.move_cursor(row=table.get_row_index(games[0].id))
        await pilot.press("enter")
        await settle(pilot)
        notes = app.screen.query_one("#detail-notes", Static)
        assert str(notes.render()) == "[/bold] [@click=app.quit]quit[/]"
        await pilot.press("escape")
        await settle(pilot)
        table.move_cursor(row=table.get_row_index(games[1].id))
        await pilot.press("x", "y")  # its notice names the title "[/]"
        await settle(pilot)
        deleted = [text for text in shown_notices(app) if "Deleted the game of" in text]
        assert deleted and deleted[-1].endswith("· 56 points · [/]. Press u to undo.")
        await pilot.press("t")
        await settle(pilot)
        houses = app.screen.query_one("#stats-house", DataTable)
        assert [plain(houses.get_row_at(0)[0])] == ["[/]"]


@pytest.mark.parametrize("moment", ["9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00+01:00"])
async def test_a_game_dated_at_the_calendars_edge_never_hides_the_history(
    tmp_path: Path, moment: str
) -> None:
    edge = {**record(3).model_dump(mode="json"), "finished_at": moment}
    write_history(tmp_path, [record(1).model_dump(mode="json"), edge])
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert app.screen.query_one(DataTable).row_count == 1
        assert any(moment in text and "skipped" in text for text in messages(app))
        await pilot.press("t")
        await settle(pilot)
        assert "1 game" in str(app.screen.sub_title)


# --- 6: files from a newer version ------------------------------------------------------------


async def test_a_newer_settings_file_is_kept_and_told_when_the_theme_is_switched(
    tmp_path: Path,
) -> None:
    """The theme now goes to the configuration file: switching it leaves a newer
    program's settings file untouched, and the Start screen says why it is not used."""
    newer = {"settings": {"1": {"schema_version": 99, "theme": "textual-light"}}}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(newer), encoding="utf-8")
    before = (tmp_path / SETTINGS_FILE).read_bytes()
    config_file = tmp_path / "config" / "config.toml"
    app = StuporSoloApp(tmp_path, config=load_config(config_file))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        notice = str(app.screen.query_one("#start-notices", Static).render())
        assert "saved by a newer version of this program" in notice
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before
    assert 'theme = "textual-light"' in config_file.read_text(encoding="utf-8")


async def test_a_newer_game_file_is_kept_when_a_new_game_is_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StuporSoloApp, "open_table", lambda self: None)
    newer = {"game": {"1": {"schema_version": 999, "setup": {}, "events": []}}}
    (tmp_path / GAME_FILE).write_text(json.dumps(newer), encoding="utf-8")
    before = (tmp_path / GAME_FILE).read_bytes()
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        await _fill_tiles(screen, pilot)
        screen.action_start_game()
        await settle(pilot)
        assert app.session.game is None
        assert any(
            "could not be saved" in text and "newer version of this program" in text
            for text in messages(app)
        ), messages(app)
    assert (tmp_path / GAME_FILE).read_bytes() == before


def test_an_app_that_crashes_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from textual.app import App

    from companion.cli import main

    real_run = App.run

    def headless(self: Any, **_: Any) -> Any:
        return real_run(self, headless=True, size=SIZE)

    def crash(self: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(App, "run", headless)
    monkeypatch.setattr(StuporSoloApp, "on_mount", crash)
    monkeypatch.setattr("companion.cli.support.has_terminal", lambda: True, raising=False)
    assert main(["--data-dir", str(tmp_path)]) == 1
    assert "a bug" in capsys.readouterr().err


# --- 7: a damaged settings file ---------------------------------------------------------------


async def test_a_damaged_settings_file_is_told_on_the_start_screen(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(b'{"settings": {"1": {"theme"')
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.query_one("#start-notices", Static)
        assert panel.display
        text = str(panel.render())
        assert "The settings file could not be read" in text
        assert "settings.json.corrupt-" in text and "nothing was deleted" in text
    assert len(list(tmp_path.glob("settings.json.corrupt-*"))) == 1


# --- 10: quitting with moves that could not be saved -----------------------------------------


async def _game_with_unsaved_moves(
    app: StuporSoloApp, pilot: Any, monkeypatch: pytest.MonkeyPatch
) -> Any:
    """A game on the Table whose last two moves could not be saved (a full disk);
    returns the undo of the failure."""
    await settle(pilot)
    app.session.start(script_setup())
    app.open_table()
    await settle(pilot)
    clear = refuse_writes(monkeypatch, "disk full", only=GAME_FILE)  # its disk only
    await pilot.press("g", "3", "enter")  # gain 3 VP
    await settle(pilot)
    await pilot.press("g", "2", "enter")
    await settle(pilot)
    assert app.session.game is not None
    assert _events_on_disk(app.session.folder) == len(app.session.game.events) - 2
    return clear


def _events_on_disk(folder: Path) -> int:
    return len(json.loads((folder / GAME_FILE).read_bytes())["game"]["1"]["events"])


async def test_quit_with_unsaved_moves_asks_and_a_retry_saves_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        clear = await _game_with_unsaved_moves(app, pilot, monkeypatch)
        in_memory = len(app.session.game.events)  # type: ignore[union-attr]
        assert _events_on_disk(tmp_path) == in_memory - 2
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert app.return_code is None, "not quit: the moves would be lost"
        assert type(app.screen).__name__ == "UnsavedQuitScreen"
        text = str(app.screen.query_one("#unsaved-text", Static).render())
        assert "the disk is full" in text and "2 changes" in text
        await pilot.press("r")  # the disk is still full
        await settle(pilot)
        assert app.return_code is None
        assert "Still not saved" in str(app.screen.query_one("#unsaved-status").render())
        clear()
        await pilot.press("r")
        await settle(pilot)
        assert app.return_code == 0
    assert _events_on_disk(tmp_path) == in_memory


async def test_quit_with_unsaved_moves_can_export_the_game_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    rescue = tmp_path / "rescue.json"
    app = StuporSoloApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        await _game_with_unsaved_moves(app, pilot, monkeypatch)
        expected = app.session.game.to_document()  # type: ignore[union-attr]
        await pilot.press("ctrl+q")
        await settle(pilot)
        field = app.screen.query_one("#unsaved-path", Input)
        field.value = str(folder / "inside.json")  # refused: inside the data folder
        field.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert app.return_code is None and not (folder / "inside.json").exists()
        field.value = str(rescue)
        await pilot.press("enter")
        await settle(pilot)
        assert app.return_code == 0
    copy = tmp_path / "resumed"
    copy.mkdir()
    (copy / GAME_FILE).write_bytes(rescue.read_bytes())
    resumed = GameSession(copy)
    assert resumed.load()
    assert resumed.game is not None and resumed.game.to_document() == expected


async def test_quit_twice_or_stay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _game_with_unsaved_moves(app, pilot, monkeypatch)
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "TableScreen" and app.return_code is None
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert app.return_code == 0


async def test_quit_with_everything_saved_quits_at_once(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.session.start(script_setup())
        app.open_table()
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert app.return_code == 0


# --- 12: the read-only second copy --------------------------------------------------------


async def test_the_read_only_copy_leaves_a_damaged_history_where_it_is(tmp_path: Path) -> None:
    damaged = b'{"games": {"1": {"finished'
    (tmp_path / HISTORY_FILE).write_bytes(damaged)
    holder = DataLock(tmp_path)
    assert holder.acquire()
    try:
        app = StuporSoloApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert app.read_only
            await pilot.press("h")
            await settle(pilot)
            await pilot.press("t")
            await settle(pilot)
            assert any("The file was left as it is" in text for text in messages(app))
        assert (tmp_path / HISTORY_FILE).read_bytes() == damaged
        assert not list(tmp_path.glob("*.corrupt-*"))
    finally:
        holder.release()
    assert HistoryStore(tmp_path).all() == []  # the lock holder may move it aside
    assert len(list(tmp_path.glob("history.json.corrupt-*"))) == 1


async def test_a_deeply_nested_configuration_file_is_told_and_the_app_starts(
    tmp_path: Path,
) -> None:
    """Issue 23, item 2: 1,000 brackets in the configuration used to stop the app."""
    config = tmp_path / "config.toml"
    config.write_text("x = " + "[" * 1_000 + "]" * 1_000 + "\n", encoding="utf-8")
    app = StuporSoloApp(tmp_path / "data", config=load_config(config))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        notices = str(app.screen.query_one("#start-notices", Static).render())
        assert "nested too deeply" in notices


async def test_a_deeply_nested_copy_is_listed_as_unreadable_in_the_app(tmp_path: Path) -> None:
    """Issue 23, item 3: History → b with such a copy used to stop the app."""
    from companion.paths import BACKUP_DIR
    from companion.ui.screens.history.files import BackupsModal

    HistoryStore(tmp_path).add(record(3))
    backups = tmp_path / BACKUP_DIR
    backups.mkdir()
    (backups / "history-20200101-000000-000000.json").write_text(
        "[" * 100_000 + "]" * 100_000, encoding="utf-8"
    )
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, BackupsModal)
        rows = app.screen.query_one(DataTable)
        cells = [plain(cell) for cell in rows.get_row_at(0)]
        assert "unreadable" in cells, cells
