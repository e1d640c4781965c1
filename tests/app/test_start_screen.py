"""The Start screen: the menu, Resume only when a game is saved, notices, and its snapshot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from companion.session import GameSession
from companion.ui.app import StuporSoloApp
from companion.ui.screens.start import StartScreen
from solo_deck import GameSetup, parse_edict
from tests.app.pilot_helpers import SIZE, press_and_settle


def _menu_ids(app: StuporSoloApp) -> list[str]:
    menu = app.screen.query_one("#start-menu", OptionList)
    return [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]


def _save_a_game(folder: Path) -> None:
    setup = GameSetup(
        seed=5,
        active_edicts=tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A")),
        next_edicts=tuple(parse_edict(t) for t in ("1S", "1C", "1P")),
        edict_pile=18,
    )
    GameSession(folder).start(setup)


async def test_menu_without_a_saved_game_has_no_resume(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert _menu_ids(app) == ["new", "history", "stats", "deck", "board", "help", "quit"]
        keys = {b.binding.id for b in app.screen.active_bindings.values()}
        assert "start.resume" not in keys
        assert {"start.new", "start.history", "start.deck", "start.quit"} <= keys


async def test_start_screen_does_not_open_the_history(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session._history is None


@pytest.mark.parametrize("key", ["r", "enter"])  # its key, or Enter on the menu's first line
async def test_resume_shown_and_opens_the_table(
    tmp_path: Path, table_calls: list[StuporSoloApp], key: str
) -> None:
    _save_a_game(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert _menu_ids(app)[0] == "resume"
        assert "start.resume" in {b.binding.id for b in app.screen.active_bindings.values()}
        await press_and_settle(pilot, key)
        assert table_calls == [app]
        assert app.session.game is not None
        assert app.session.game.setup.seed == 5


async def test_resume_failure_shows_the_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table_calls: list[StuporSoloApp]
) -> None:
    app = StuporSoloApp(tmp_path)
    monkeypatch.setattr(type(app.session), "has_saved_game", lambda self: True)

    def broken_load(self: GameSession) -> bool:
        self.notices.append("The saved game was damaged and was moved aside.")
        return False

    monkeypatch.setattr(type(app.session), "load", broken_load)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_and_settle(pilot, "r")
        assert table_calls == []
        panel = app.screen.query_one("#start-notices", Static)
        assert panel.display
        assert "moved aside" in str(panel.render())


async def test_notices_are_shown(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    app.session.notices.append("history.json was damaged; it was moved to backups/.")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = app.screen.query_one("#start-notices", Static)
        assert panel.display
        assert "backups/" in str(panel.render())


async def test_menu_keys_open_their_screens(tmp_path: Path) -> None:
    from companion.ui.screens.board import BoardScreen
    from companion.ui.screens.deck import DeckScreen
    from companion.ui.screens.help import HelpScreen
    from companion.ui.screens.history.games import HistoryScreen
    from companion.ui.screens.setup.form import SetupScreen

    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, screen_type in (
            ("n", SetupScreen),
            ("h", HistoryScreen),
            ("d", DeckScreen),
            ("b", BoardScreen),
            ("question_mark", HelpScreen),
        ):
            await press_and_settle(pilot, key)
            assert isinstance(app.screen, screen_type), key
            await press_and_settle(pilot, "escape")
            assert isinstance(app.screen, StartScreen)


async def test_quit_key_exits(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_and_settle(pilot, "q")
    assert app.return_code == 0


def test_start_bindings_have_ids_and_tooltips() -> None:
    for binding in StartScreen.BINDINGS:
        assert binding.id and binding.id.startswith("start."), binding  # type: ignore[union-attr]
        assert binding.tooltip, binding  # type: ignore[union-attr]


def test_start_screen_snapshot(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()

    assert snap_compare(StuporSoloApp(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_start_screen_snapshot_with_resume_and_notice(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _save_a_game(tmp_path)
    app = StuporSoloApp(tmp_path)
    app.session.notices.append("settings.json could not be read; it was moved aside.")

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
