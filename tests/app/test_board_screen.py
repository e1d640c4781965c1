"""The Board screen: walk each board's values (the Castle Board, the Player Board, the
Voyage Board, the Workplace Area), correct one, mark the board checked; a new game starts
from yours, a saved game keeps its own; damaged stored data and refused corrections never
change what is stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Label, Static

from companion.storage.settings_store import SettingsStore
from companion.ui.app import StuporSoloApp
from companion.ui.screens.board import BoardScreen, BoardTable
from companion.ui.screens.modals.board_fact import BoardFactModal
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.screens.start import StartScreen
from companion.ui.views.table import TableView
from solo_deck import BOARDS, still_assumed
from tests.app.pilot_helpers import SIZE, plain, press_and_settle, settle
from tests.app.setup_helpers import fill, open_setup, start

load_castle_board = BOARDS["castle_board"].packaged

pytestmark = pytest.mark.usefixtures("table_calls")  # no test opens the real Table


def _banner(screen: BoardScreen) -> str:
    return plain(screen.query_one("#board-banner", Static).render())


async def _open_board(app: StuporSoloApp, pilot: Any) -> BoardScreen:
    await settle(pilot)
    await press_and_settle(pilot, "b")
    assert isinstance(app.screen, BoardScreen)
    return app.screen


async def _go_to(pilot: Any, screen: BoardScreen, key: str) -> None:
    """Move the cursor down to the fact ``key`` as a player would (arrow keys)."""
    keys = [fact.key for fact in screen.facts]
    table = screen.query_one(BoardTable)
    await press_and_settle(pilot, *["down"] * (keys.index(key) - table.cursor_row))
    assert screen.facts[table.cursor_row].key == key


async def _correct(pilot: Any, app: StuporSoloApp, text: str) -> BoardFactModal:
    await press_and_settle(pilot, "enter")
    modal = app.screen
    assert isinstance(modal, BoardFactModal)
    modal.query_one("#fact-value", Input).value = text
    await press_and_settle(pilot, "enter")
    return modal


def _screen(app: StuporSoloApp) -> object:
    """The screen on top (typed loosely: the tests compare it after dialogs closed)."""
    return app.screen


def _stored(folder: Path, field: str = "castle_board") -> Any:
    return SettingsStore(folder).checked_board(field)


OTHER_BOARDS = (
    # field, title, the fact corrected, what is typed, how the corrected board reads it
    ("player_board", "Player Board", "slot1.actions", "market summon", ("market", "summon")),
    ("voyage_board", "Voyage Board", "port3.space1", "4", 4),
    ("workplace_area", "Workplace Area", "arrow.A3", "2", 2),
)


def _read(board: Any, key: str) -> Any:
    """The value ``key`` names on one of :data:`OTHER_BOARDS`."""
    if key == "slot1.actions":
        return board.actions_of(0)
    if key == "port3.space1":
        return board.grain_at(3)
    return board.arrow_grain("A", 3)


async def test_walk_correct_check_and_a_new_game_carries_yours(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_board(app, pilot)
        assert _banner(screen).startswith("PROVISIONAL · Castle Board")
        places = {fact.place for fact in screen.facts}
        assert {"Tower T1", "Wall W5", "Keep K3", "Setup"} <= places
        # W5's side is the Augustalis one: the Castle income example takes 3 from it
        await _go_to(pilot, screen, "W5.side_amount")
        assert "Source: assumed" in plain(screen.query_one("#board-detail", Static).render())
        await _correct(pilot, app, "3")
        assert app.screen is screen
        assert screen.draft.site("W5").side_amount == 3
        assert _banner(screen).startswith("Corrected, not saved")
        assert _stored(tmp_path) is None  # nothing stored before c
        await press_and_settle(pilot, "c")
        mine = _stored(tmp_path)
        assert mine is not None and mine.site("W5").side_amount == 3
        assert not still_assumed(mine)
        assert _banner(screen).startswith("Checked · Castle Board")
        for field, title, key, text, value in OTHER_BOARDS:
            await press_and_settle(pilot, "n")
            assert screen.field == field and _banner(screen).startswith(f"PROVISIONAL · {title}")
            await _go_to(pilot, screen, key)
            await _correct(pilot, app, text)
            assert _read(screen.draft, key) == value and screen.unsaved
            assert _stored(tmp_path, field) is None
            await press_and_settle(pilot, "c")
            assert _read(_stored(tmp_path, field), key) == value
            assert _banner(screen).startswith(f"Checked · {title}")
        await press_and_settle(pilot, "n")  # round again to the first
        assert screen.field == "castle_board" and _banner(screen).startswith("Checked")
        await press_and_settle(pilot, "escape")
        assert isinstance(app.screen, StartScreen)

    app = StuporSoloApp(tmp_path)  # a restart
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_board(app, pilot)
        assert _banner(screen).startswith("Checked")
        await press_and_settle(pilot, "escape")
        form = await open_setup(app, pilot)
        assert "Boards: checked against your box" in plain(
            form.query_one("#deck-note", Static).render()
        )
        await fill(form, pilot)
        await start(pilot)
        assert app.session.game is not None
        ruleset = app.session.game.setup.ruleset
        assert ruleset.castle_board == mine
        for field, _, key, _, value in OTHER_BOARDS:
            assert _read(getattr(ruleset, field), key) == value
            assert getattr(ruleset, field) == _stored(tmp_path, field)
        assert not TableView.build(app.session, provisional=False).board_provisional


@pytest.mark.parametrize(
    ("field", "key", "text", "why"),
    [
        ("player_board", "marked_ally_space", "6", "the Player Board has 5 Ally spaces"),
        ("player_board", "locked_slot", "2", "the Card Slot tile locks the last slot (6)"),
        ("player_board", "slot3.actions", "build build", "type 2 different ones of"),
        ("voyage_board", "port1.space1", "ten", "type a whole number from 0 to 9"),
        ("workplace_area", "tile3", "B2 B3", "B3 is the City of Path B"),
        ("workplace_area", "tokens", "A3", "the 2 Workplace Edict tokens lie on 2"),
    ],
)
async def test_each_board_refuses_what_could_not_be_printed(
    tmp_path: Path, field: str, key: str, text: str, why: str
) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_board(app, pilot)
        while screen.field != field:
            await press_and_settle(pilot, "n")
        await _go_to(pilot, screen, key)
        modal = await _correct(pilot, app, text)
        assert app.screen is modal
        assert why in plain(modal.query_one("#fact-error", Label).render())
        await press_and_settle(pilot, "escape")
        assert not screen.unsaved and screen.draft == BOARDS[field].packaged()


async def test_switching_boards_asks_when_corrections_are_not_saved(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_board(app, pilot)
        await press_and_settle(pilot, "p")  # backwards: round to the last board
        assert screen.field == "workplace_area"
        await _correct(pilot, app, "A2 A1")
        await press_and_settle(pilot, "n")
        assert isinstance(app.screen, ConfirmModal)
        await press_and_settle(pilot, "n")  # stay
        assert screen.field == "workplace_area" and screen.unsaved
        await press_and_settle(pilot, "n", "y")
        assert screen.field == "castle_board" and not screen.unsaved
        assert _stored(tmp_path, "workplace_area") is None


async def test_a_saved_game_keeps_its_board(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_setup(app, pilot)
        note = plain(form.query_one("#deck-note", Static).render())
        assert "Castle Board, Player Board, Voyage Board and Workplace Area: PROVISIONAL" in note
        await fill(form, pilot)
        await start(pilot)
        assert app.session.game is not None
    SettingsStore(tmp_path).save_checked_board(
        "castle_board", load_castle_board().model_copy(update={"start_source": "yours"})
    )
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.session.load()
        game = app.session.game
        assert game is not None
        assert game.setup.ruleset.castle_board == load_castle_board()
        # the Table still says the game's board is provisional
        assert TableView.build(app.session, provisional=False).board_provisional


async def test_a_refused_correction_is_shown_and_nothing_is_stored(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_board(app, pilot)
        await _go_to(pilot, screen, "K2.cover")
        modal = await _correct(pilot, app, "hand")  # K1 holds that cover already
        assert app.screen is modal
        error = plain(modal.query_one("#fact-error", Label).render())
        assert error == "Not taken: each Keep Cover appears on one site only"
        modal.query_one("#fact-value", Input).value = "lots"
        await press_and_settle(pilot, "enter")
        assert "Keep Cover: type one of: hand, slot, both_actions" in plain(
            modal.query_one("#fact-error", Label).render()
        )
        await press_and_settle(pilot, "escape")
        assert app.screen is _screen(app)
        assert screen.draft == load_castle_board() and not screen.unsaved
        assert _stored(tmp_path) is None


async def test_escape_asks_when_corrections_are_not_saved(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_board(app, pilot)
        await _go_to(pilot, screen, "T2.cost")
        await _correct(pilot, app, "2 stone")
        await press_and_settle(pilot, "escape")
        assert isinstance(app.screen, ConfirmModal)
        await press_and_settle(pilot, "n")  # stay
        assert app.screen is _screen(app) and screen.unsaved
        await press_and_settle(pilot, "escape", "y")
        assert isinstance(app.screen, StartScreen)
        assert _stored(tmp_path) is None


async def test_a_damaged_stored_board_is_reported_and_the_packaged_one_used(
    tmp_path: Path,
) -> None:
    mine = load_castle_board().model_dump(mode="json")
    mine["sites"][5]["joins"] = ["T1", "T1"]  # a Wall on one Tower: no such board
    settings = SettingsStore(tmp_path)
    settings._set("boards", {"castle_board": mine})
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await _open_board(app, pilot)
        told = [n.message for n in app._notifications]
        assert any(
            "Your checked Castle Board was not used (the packaged one is)" in m
            and "two different Tower sites" in m
            for m in told
        ), told
        assert screen.draft == load_castle_board()
        assert _banner(screen).startswith("PROVISIONAL")
        await press_and_settle(pilot, "escape")
        form = await open_setup(app, pilot)
        await fill(form, pilot)
        await start(pilot)
        assert app.session.game is not None
        assert app.session.game.setup.ruleset.castle_board == load_castle_board()


async def test_reset_goes_back_to_the_packaged_board(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_board(app, pilot)
        await press_and_settle(pilot, "c")
        assert _stored(tmp_path) is not None
        await press_and_settle(pilot, "r", "y")
        assert _stored(tmp_path) is None
        assert _banner(screen).startswith("PROVISIONAL")


def test_help_lists_the_board_keys() -> None:
    from companion.ui.views.help import collect_bindings

    rows = dict(collect_bindings())
    ids = {row.binding_id for row in rows["Boards"]}
    assert {"board.checked", "board.correct", "board.back", "board.fact.apply"} <= ids
    assert {"board.next", "board.previous", "board.switch.yes"} <= ids
    assert any(row.binding_id == "start.board" for row in rows["Start"])


def test_board_screen_snapshot(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await settle(pilot)
        await press_and_settle(pilot, "b", "down", "down", "down")

    assert snap_compare(StuporSoloApp(tmp_path), terminal_size=SIZE, run_before=run_before)
