"""Odds, forecast and the what-if advisor on the Table (issue: beyond a tracker)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.widgets import DataTable, Input

from companion.app import StuporSoloApp
from companion.screens.modals.advisor import AdvisorModal
from companion.screens.table import TableScreen
from companion.widgets.odds_panel import OddsPanel, percent
from companion.widgets.voyage_panel import VoyagePanel
from solo_deck import edict_advice, next_card_odds, removal_before_your_next_turn
from solo_deck.events import SummonAlly
from tests.app.game_script import script_setup
from tests.app.pilot_helpers import settle, wait_for_insight

SIZE = (120, 40)


async def open_table(app: StuporSoloApp, pilot: Any, *events: Any) -> None:
    await settle(pilot)
    app.session.start(script_setup())
    for event in events:
        app.session.push(event)
    app.open_table()
    await settle(pilot)
    assert isinstance(app.screen, TableScreen)


def plain(widget: Any) -> str:
    rendered = widget.render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


async def test_odds_and_forecast_follow_the_unseen_cards(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await pilot.press("enter", "space")
        await settle(pilot)
        if app.session.state.awaiting_reveal:
            await pilot.press("2", "k", "enter")
        await wait_for_insight(app, pilot)
        state = app.session.state
        odds = next_card_odds(state.deck)
        text = plain(app.screen.query_one(OddsPanel))
        assert f"from {odds.cards} unseen cards" in text
        assert f"ship +1 {percent(odds.move1)}" in text
        assert f"crown {percent(odds.crown)}" in text
        assert f"reshuffle {percent(odds.reshuffle)}" in text
        assert "Game end this round" in text and "forecast…" not in text
        voyage = plain(app.screen.query_one(VoyagePanel))
        tunis = removal_before_your_next_turn(state, 2)
        line = next(row for row in voyage.splitlines() if row.startswith("Tunis"))
        if tunis.card_present:
            assert f"card {percent(tunis.card)}" in line


async def test_a_key_stops_the_forecast_in_progress_and_it_starts_again(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """The background forecast gives way to a key at once (it is stopped, not shared
    with), and is computed again once the keys are quiet."""
    import sys
    import threading

    import companion.screens.table as table_module
    from solo_deck import ForecastCancelled, forecast_rounds_left

    running = threading.Event()
    outcomes: list[str] = []
    switch_interval = sys.getswitchinterval()

    def first_waits_for_a_key(*args: Any, should_stop: Any, **kwargs: Any) -> Any:
        if not outcomes:
            running.set()
            for _ in range(2_000):  # at most 10 s
                if should_stop():
                    outcomes.append("stopped")
                    raise ForecastCancelled("a key was pressed")
                threading.Event().wait(0.005)
            outcomes.append("never stopped")
        result = forecast_rounds_left(*args, should_stop=should_stop, **kwargs)
        outcomes.append("finished")
        return result

    monkeypatch.setattr(table_module, "forecast_rounds_left", first_waits_for_a_key)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        for _ in range(200):
            if running.is_set():
                break
            await pilot.pause(0.05)
        assert running.is_set(), "the forecast never started"
        assert app.screen.query_one(OddsPanel).forecast is None
        await pilot.press("z")  # no binding: only the key's arrival matters
        await wait_for_insight(app, pilot)
        assert outcomes == ["stopped", "finished"]
        assert app.screen.query_one(OddsPanel).forecast is not None
        assert not app._background  # nothing left waiting for a key
        assert sys.getswitchinterval() == switch_interval  # lowered only while it ran


async def test_what_if_ranks_every_choice_and_issues_nothing(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, SummonAlly(ally_id="gisele", grain=0))
        before = app.session.game.to_document()
        await pilot.press("w")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, AdvisorModal)
        rows = edict_advice(app.session.state, app.session.game.setup.ruleset)
        table = modal.query_one(DataTable)
        assert table.row_count == len(rows)
        gains = [str(table.get_row_at(i)[4]) for i in range(table.row_count)]
        assert gains == [f"{row.gain:+d}" for row in rows]
        assert gains == sorted(gains, key=int, reverse=True)
        modal.query_one("#reward-1", Input).value = "3 Augustales"
        await settle(pilot)
        assert "3 Augustales" in [str(table.get_row_at(i)[5]) for i in range(table.row_count)]
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session.game.to_document() == before
        assert app.session.edict_rewards == {1: "3 Augustales"}


def test_odds_panel_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_table(app, pilot)
        for _ in range(2):
            await pilot.press("enter", "space")
            await settle(pilot)
            if app.session.state.awaiting_reveal:
                await pilot.press("2", "k", "enter")
                await settle(pilot)
        await wait_for_insight(app, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_advisor_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_table(app, pilot, SummonAlly(ally_id="gisela", grain=0))
        await wait_for_insight(app, pilot)
        await pilot.press("w")
        await settle(pilot)
        for field in app.screen.query(Input):
            field.cursor_blink = False
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
