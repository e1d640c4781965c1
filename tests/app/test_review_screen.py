"""The Review screen (issue 28): from a game's details in History (v) and from the Final
score (v); a game without a document says why; snapshots at 120x40 and 80x24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static

from companion.session import GameSession
from companion.storage import HistoryStore
from companion.ui.app import StuporSoloApp
from companion.ui.screens.review import ReviewScreen
from tests.app.history_helpers import open_history, settle_workers
from tests.app.pilot_helpers import plain
from tests.records import game_record
from tests.scripted_game import SCRIPT, TOTAL, tableau_setup
from tests.store.crash_driver import build_record


def finished_game(folder: Path) -> str:
    session = GameSession(folder)
    session.start(tableau_setup())
    for event in SCRIPT:
        session.push(event)
    record = build_record(session)
    session.finish(record)
    return record.id


async def open_review_from_history(pilot: Any) -> ReviewScreen:
    await open_history(pilot)
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("v")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def test_v_in_a_games_details_shows_its_rounds_by_source(tmp_path: Path) -> None:
    finished_game(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_review_from_history(pilot)
        table = screen.query_one("#review-rounds", DataTable)
        assert [str(key.value) for key in table.rows] == ["r1", "r2", "end"]
        # round 2: ally income, Castellan 1 + Tento 3 (tests/scripted_game.py)
        assert plain(table.get_row("r2")[1]) == str(1 + 3)
        assert plain(table.get_row("end")[2]) == str(TOTAL)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)


async def test_a_game_entered_by_its_score_says_there_is_no_review(tmp_path: Path) -> None:
    HistoryStore(tmp_path).add(game_record(id="quick1", source="quick"))
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_review_from_history(pilot)
        status = plain(screen.query_one("#review-status", Static).render())
        assert "no review" in status
        assert not screen.query_one("#review-rounds-panel").display


def test_review_screen_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    finished_game(tmp_path)
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_review_from_history(pilot)
        app.clear_notifications()
        await settle_workers(pilot)  # the turns judged (none in this game): drawn as done

    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_review_screen_snapshot_80x24(snap_compare: Any, tmp_path: Path) -> None:
    finished_game(tmp_path)
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_review_from_history(pilot)
        app.clear_notifications()
        await settle_workers(pilot)  # the turns judged (none in this game): drawn as done

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_ctrl_r_on_the_final_score_reviews_the_game_in_progress(tmp_path: Path) -> None:
    from companion.ui.screens.final_score import FinalScoreScreen
    from tests.app.end_phase_helpers import make_app
    from tests.app.pilot_helpers import open_screen, press_and_settle

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_screen(app, pilot, FinalScoreScreen())
        await press_and_settle(pilot, "ctrl+r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.review is not None and screen.what == "the game in progress"
        await press_and_settle(pilot, "escape")
        assert isinstance(app.screen, FinalScoreScreen)


async def test_statistics_show_vp_by_source_of_the_reviewed_games(tmp_path: Path) -> None:
    from tests.app.history_helpers import settle_workers

    finished_game(tmp_path)
    HistoryStore(tmp_path).add(game_record(id="quick1", source="quick", total=30))
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_history(pilot)
        await pilot.press("t")
        await settle_workers(pilot)
        shown = plain(app.screen.query_one("#stats-reviews", Static).render())
        assert "Best game 30: 20 VP short of Feudal lord." in shown
        assert "average of 1 reviewed game" in shown
        assert "Structures" in shown and "7.0" in shown
        assert f"Best round: +{1 + 3} VP (round 2" in shown  # round 1 gave 1
