"""The Table: quitting mid-round and starting again resumes exactly; undo/redo by keys;
snapshots of the Table and of Frederick's turn at 120x40."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input

from companion.ui.app import StuporSoloApp
from companion.ui.screens.start import StartScreen
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.edict_input import EdictField
from solo_deck import Phase, parse_edict
from solo_deck.events import RevealEdict
from tests.app.pilot_helpers import (
    SIZE,
    game_of,
    idle_turn,
    open_table,
    press_and_settle,
    settle,
    wait_for_insight,
)


async def frederick(app: StuporSoloApp, pilot: Any, tile: str = "2K") -> None:
    await press_and_settle(pilot, "space")
    if app.session.state.awaiting_reveal:
        await press_and_settle(pilot, *tile, "enter")


async def test_quit_mid_round_and_resume_to_the_identical_state(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await pilot.press("g", "3", "enter")  # gain 3 VP
        await settle(pilot)
        await idle_turn(pilot)
        await frederick(app, pilot)
        await pilot.press("t", "down", "enter")  # sail 2 spaces for 1 Augustalis
        await settle(pilot)
        before = game_of(app).to_document()
        state = app.session.state
        assert state.phase is Phase.PLAYER and state.turn == 2 and state.player.vp == 3
        await pilot.press("ctrl+q")
    again = StuporSoloApp(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, StartScreen)
        await press_and_settle(pilot, "r")
        assert isinstance(again.screen, TableScreen)
        assert game_of(again).to_document() == before
        assert again.session.state == state
        assert game_of(again).log == game_of(app).log


async def test_undo_and_redo_by_keys_never_change_the_card(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await idle_turn(pilot)
        await frederick(app, pilot)
        report = app.session.state.last_frederick
        assert report is not None
        kinds = [event.type for event in app.session.events]
        after = kinds[::-1].index("frederick_turn")  # events after his turn
        await pilot.press(*["ctrl+z"] * (after + 1))  # the tile typed, then his turn
        await settle(pilot)
        assert app.session.state.phase is Phase.FREDERICK
        await press_and_settle(pilot, "ctrl+y")
        assert app.session.state.last_frederick == report
        assert app.session.state.awaiting_reveal  # the redo stops before the typed tile
        await pilot.press("ctrl+z")
        await frederick(app, pilot)
        assert app.session.state.last_frederick == report
        # the redo branch is gone after a new event
        assert not game_of(app).can_redo


async def test_a_refused_move_changes_nothing_and_says_why(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        before = game_of(app).to_document()
        await pilot.press("space")  # not Frederick's turn: the key is not active
        await settle(pilot)
        assert game_of(app).to_document() == before
        table = app.screen
        assert isinstance(table, TableScreen)
        from solo_deck.events import Travel

        assert table.apply(Travel(port=0)) is False  # already in Roma
        assert game_of(app).to_document() == before


def test_table_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_table(app, pilot)
        await pilot.press("g", "2", "tab", "1", "enter")  # 2 VP, 1 Grain: 3 in the warehouse
        await settle(pilot)
        await idle_turn(pilot)
        await wait_for_insight(app, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_frederick_turn_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_table(app, pilot)
        await idle_turn(pilot)
        await press_and_settle(pilot, "space")
        await wait_for_insight(app, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_the_tile_field_has_the_cursor_after_undo_redo_and_resume(tmp_path: Path) -> None:
    """While a Next tile waits to be typed, the field takes the keys: after Frederick's
    turn, after undo then redo, and after quitting and resuming (no `n` needed)."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await idle_turn(pilot)
        await press_and_settle(pilot, "space")
        assert app.session.state.awaiting_reveal
        field = app.screen.query_one("#reveal-field", EdictField).query_one(Input)
        assert app.focused is field
        await press_and_settle(pilot, "ctrl+z")
        assert not app.session.state.awaiting_reveal and app.focused is not field
        await press_and_settle(pilot, "ctrl+y")
        assert app.focused is field and not field.has_class("-invalid")
        await pilot.press("ctrl+q")
    again = StuporSoloApp(tmp_path, insight=False)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_and_settle(pilot, "r")
        await pilot.press("2", "k", "enter")  # typed straight away
        await settle(pilot)
        assert not again.session.state.awaiting_reveal
        assert again.session.events[-1] == RevealEdict(
            position=app.session.state.awaiting_reveal[0], edict=parse_edict("2K")
        )
