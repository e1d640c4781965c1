"""Odds, forecast and the what-if advisor on the Table (issue: beyond a tracker)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.widgets import DataTable, Input

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.advisor import AdvisorModal
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.odds_panel import OddsPanel, forecast_line, percent
from companion.ui.widgets.voyage_panel import VoyagePanel
from solo_deck import (
    Gains,
    Grant,
    edict_advice,
    forecast_rounds_left,
    next_card_odds,
    removal_before_your_next_turn,
)
from tests.app.game_script import SUMMON_GISELE, script_setup
from tests.app.pilot_helpers import (
    SIZE,
    game_of,
    idle_turn,
    open_table,
    plain,
    press_and_settle,
    settle,
    wait_for_insight,
)


async def test_odds_and_forecast_follow_the_unseen_cards(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await idle_turn(pilot)
        await press_and_settle(pilot, "space")
        if app.session.state.awaiting_reveal:
            await pilot.press("2", "k", "enter")
        await wait_for_insight(app, pilot)
        state = app.session.state
        odds = next_card_odds(state.deck)
        text = plain(app.screen.query_one(OddsPanel).render())
        assert f"from {odds.cards} unseen cards" in text
        assert f"ship +1 {percent(odds.move1)}" in text
        assert f"crown {percent(odds.crown)}" in text
        assert f"shuffle {percent(odds.reshuffle)}" in text
        forecast = app.screen.query_one(OddsPanel).forecast
        assert forecast is not None and "forecast…" not in text
        assert f"Game end {forecast_line(forecast)}" in text
        voyage = plain(app.screen.query_one(VoyagePanel).render())
        tunis = removal_before_your_next_turn(state, 2)
        line = next(row for row in voyage.splitlines() if row.startswith("Tunis"))
        if tunis.card_present:
            assert f"card {percent(tunis.card)}" in line


def rounds_forecast(counts: tuple[int, ...], later: int, current_round: int = 1) -> Any:
    from solo_deck import GameEndReason, RoundsForecast

    return RoundsForecast(
        current_round=current_round,
        simulations=sum(counts) + later,
        seed=0,
        horizon=len(counts),
        edicts_per_round=1.0,
        cards_per_round=1.0,
        structures_per_round=0.0,
        counts=counts,
        later_count=later,
        reason_counts=dict.fromkeys(GameEndReason, 0),
    )


def test_the_forecast_line_starts_at_the_first_round_with_a_chance() -> None:
    forecast = rounds_forecast((0, 0, 5, 71, 23, 0, 0, 0, 0, 0), later=1)
    assert forecast_line(forecast) == "R3 5% · R4 71% · R5 23% · later 1%"
    assert forecast_line(rounds_forecast((10, 90, 0, 0), 0, current_round=6)) == (
        "R6 10% · R7 90%"  # nothing after: no 0% rounds, no "later"
    )
    assert (
        forecast_line(rounds_forecast((0, 50, 0, 40, 9), 1))
        == "R2 50% · R3 0% · R4 40% · later 10%"
    )
    assert forecast_line(rounds_forecast((0, 0, 0), later=40)) == "later 100%"
    assert len("Game end " + forecast_line(forecast)) <= 46  # the panel's width at 120x40


async def test_the_forecast_sits_out_while_keys_arrive_and_then_finishes(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """The background computation runs on the event loop in short turns; a key pauses it
    as soon as the key is posted, and it goes on (not from the start) once keys are quiet."""
    import time

    import companion.ui.views.insight as insight_module
    from companion.ui.background import INPUT_QUIET

    steps_at: list[float] = []
    real_steps = insight_module.insight_steps

    def timed_steps(*args: Any, **kwargs: Any) -> Any:
        steps = real_steps(*args, **kwargs)
        while True:
            steps_at.append(time.monotonic())
            time.sleep(0.002)  # ~0.5 s in all: still computing when the test looks, on any machine
            try:
                next(steps)
            except StopIteration as done:
                return done.value
            yield

    monkeypatch.setattr(insight_module, "insight_steps", timed_steps)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        for _ in range(200):
            if len(steps_at) > 10:
                break
            await pilot.pause(0.01)
        assert len(steps_at) > 10, "the forecast never started"
        assert app.screen.query_one(OddsPanel).forecast is None  # still computing
        gate = app.input_gate
        turns: list[float] = []
        next_turn = gate.next_turn

        async def recorded_turn() -> None:
            await next_turn()
            turns.append(time.monotonic())

        monkeypatch.setattr(gate, "next_turn", recorded_turn)
        app.post_message(events.Key("z", "z"))  # no binding: only its arrival matters
        posted = gate.last_input
        await pilot.pause(INPUT_QUIET / 2)
        # The turn under way may end; no turn begins while the key is recent, however
        # busy the machine (each turn's start is read from the clock as it begins).
        assert all(t >= posted + INPUT_QUIET for t in turns), turns
        await wait_for_insight(app, pilot)
        assert app.screen.query_one(OddsPanel).forecast is not None
        assert turns and turns[-1] >= posted + INPUT_QUIET  # went on after the quiet time
        assert steps_at[-1] > posted
        state = app.session.state
        assert app.screen.query_one(OddsPanel).forecast == forecast_rounds_left(
            state,
            game_of(app).setup.ruleset,
            simulations=insight_module.FORECAST_RUNS,
            seed=state.round,
        )


async def test_input_is_noted_where_the_driver_hands_it_over(tmp_path: Path) -> None:
    """A key pauses the background before the event loop has even queued it (for a
    terminal the driver sends it from its input thread)."""
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        driver = app._driver
        assert driver is not None
        driver.send_message(events.Resize.from_dimensions(SIZE, SIZE))
        await settle(pilot)
        assert app.input_gate.waiting() == 0  # not input: the background goes on
        driver.send_message(events.Key("z", "z"))
        assert app.input_gate.waiting() > 0  # noted at once, not when the loop gets to it


async def test_what_if_ranks_every_choice_and_issues_nothing(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, *SUMMON_GISELE)
        before = game_of(app).to_document()
        await press_and_settle(pilot, "w")
        modal = app.screen
        assert isinstance(modal, AdvisorModal)
        rows = edict_advice(app.session.state, game_of(app).setup.ruleset)
        table = modal.query_one(DataTable)
        assert table.row_count == len(rows)
        gains = [str(table.get_row_at(i)[2]) for i in range(table.row_count)]
        assert gains == [f"{row.gain:+d}" for row in rows]
        assert gains == sorted(gains, key=int, reverse=True)
        modal.query_one("#reward-0", Input).value = "3 Augustales"
        await settle(pilot)
        assert "3 Augustales" in [str(table.get_row_at(i)[4]) for i in range(table.row_count)]
        await press_and_settle(pilot, "escape")
        assert isinstance(app.screen, TableScreen)
        assert game_of(app).to_document() == before
        assert app.session.edict_rewards == {0: "3 Augustales"}


async def test_what_if_shows_the_rewards_the_game_knows(tmp_path: Path) -> None:
    # Issue 26: the What if asked for every reward, even those the game knows: Active II's
    # is in the ruleset, Active I's once told when first taken. Only Active III is asked.
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        told = (Grant(gain=Gains(augustales=3)), None, None)
        setup = script_setup().model_copy(update={"edict_rewards": told})
        await open_table(app, pilot, *SUMMON_GISELE, setup=setup)
        app.session.edict_rewards[0] = "typed before it was told"
        await press_and_settle(pilot, "w")
        modal = app.screen
        assert isinstance(modal, AdvisorModal)
        table = modal.query_one(DataTable)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        shown = {str(row[0]): str(row[4]) for row in rows}
        assert shown == {"I": "+3 Augustales", "II": "+1 resource of your choice", "III": ""}
        assert [field.id for field in modal.query(Input)] == ["reward-2"]


def test_odds_panel_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_table(app, pilot)
        for _ in range(2):
            await idle_turn(pilot)
            await press_and_settle(pilot, "space")
            if app.session.state.awaiting_reveal:
                await press_and_settle(pilot, "2", "k", "enter")
        await wait_for_insight(app, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_advisor_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)

    async def run_before(pilot: Any) -> None:
        await open_table(app, pilot, *SUMMON_GISELE)
        await wait_for_insight(app, pilot)
        await press_and_settle(pilot, "w")
        for field in app.screen.query(Input):
            field.cursor_blink = False
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_what_if_keeps_every_figure_in_view_at_80x24(tmp_path: Path) -> None:
    """The long choice texts come last: at 80 columns the Edict, tile, gain, income and
    reward columns are whole, and the highlighted choice is written out below."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(app, pilot, *SUMMON_GISELE)
        await press_and_settle(pilot, "w")
        table = app.screen.query_one(DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["Edict", "Tile", "Gain", "Income", "Reward", "Choice"]
        figures = list(table.columns.values())[:5]
        right_edge = sum(column.get_render_width(table) for column in figures)
        assert right_edge <= table.scrollable_content_region.width
        row = edict_advice(app.session.state, game_of(app).setup.ruleset)[0]
        shown = str(app.screen.query_one("#allies").render())
        assert ", ".join(change.describe() for change in row.changes) in shown
