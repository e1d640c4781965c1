"""The End Phase screen (castle income, then ally income, reorganisation, end of round) and
the Final score screen (live breakdown, title, saving to the history), with their snapshots."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, DataTable, Digits, Input, Label, Select, Static, TextArea

from companion.app import StuporSoloApp
from companion.screens.end_phase import EndPhaseScreen
from companion.screens.final_score import FinalScoreScreen
from companion.screens.start import StartScreen
from companion.widgets.number_field import NumberField
from solo_deck import GameEndReason, GameSetup, Phase, ally_income, parse_edict
from solo_deck.events import Correct, Event, Pass, SummonAlly, Travel

SIZE = (120, 40)

# Two Allies: Theophilos (you have at least as much Grain as Frederick: 1 vs 1, met) and
# Gisela (Frederick has 3+ Allies: he has 2, not met); then on to the End Phase.
TO_END_PHASE: tuple[Event, ...] = (
    SummonAlly(ally_id="theophilos", grain=0),
    Travel(port=1),
    SummonAlly(ally_id="gisela", grain=0),
    Correct(target="frederick_actions", value=5),
    Pass(),
)
CASTLE_DONE: tuple[Event, ...] = (
    Correct(target="player.towers", value=5),
    Correct(target="player.walls", value=5),
    Correct(target="player.keeps", value=3),
)


def make_app(folder: Path, events: Sequence[Event] = TO_END_PHASE) -> StuporSoloApp:
    """The real app with a started game (seed 1) brought to the End Phase."""
    app = StuporSoloApp(folder)
    tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    later = tuple(parse_edict(t) for t in ("1S", "1C", "1P"))
    app.session.start(GameSetup(active_edicts=tiles, next_edicts=later, edict_pile=18, seed=1))
    for event in events:
        app.session.push(event)
    return app


async def open_end_phase(app: StuporSoloApp, pilot: Any) -> EndPhaseScreen:
    await pilot.pause()
    screen = EndPhaseScreen()
    await app.push_screen(screen)
    await pilot.pause()
    return screen


def no_blink(app: StuporSoloApp) -> None:
    for widget in app.screen.query(Input):
        widget.cursor_blink = False
    for area in app.screen.query(TextArea):
        area.cursor_blink = False


# --- End Phase -----------------------------------------------------------------------------


def table_rows(screen: EndPhaseScreen) -> list[list[str]]:
    table = screen.query_one("#ally-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def binding_ids(screen: EndPhaseScreen) -> set[str | None]:
    return {b.binding.id for b in screen.active_bindings.values()}


def castle_vp_input(screen: EndPhaseScreen) -> Input:
    return screen.query_one("#castle-vp", NumberField).input


async def test_castle_income_is_step_1_and_ally_income_waits_for_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        titles = [
            str(screen.query_one(f"#step-{step}").border_title)
            for step in ("castle", "ally", "reorganise", "end")
        ]
        assert titles == [
            "· 1 · Castle income",
            "· 2 · Ally income",
            "· 3 · Reorganise the Voyage board",
            "· 4 · End of the round",
        ]
        # the panels are laid out in the same order, the castle VP field has the focus
        panels = [w.id for w in screen.query(".panel")]
        assert panels == ["step-castle", "step-ally", "step-reorganise", "step-end"]
        assert castle_vp_input(screen).has_focus
        # the ally income key and button only come after the castle income
        assert "end_phase.ally_income" not in binding_ids(screen)
        assert not screen.query_one("#ally-ok", Button).display
        waiting = str(screen.query_one("#ally-total", Label).content)
        assert "Record the castle income first (step 1)" in waiting
        end_check = str(screen.query_one("#end-check", Label).content)
        assert end_check == (
            "Before ending the round: record the castle income (c), score the ally income (a) "
            "and reorganise the board (r)."
        )
        # out of the field, 'a' is refused with a message and leads back to the castle income
        screen.query_one("#ally-table", DataTable).focus()
        await pilot.pause()
        assert "end_phase.castle_income" in binding_ids(screen)
        before = app.session.state
        await pilot.press("a")
        await pilot.pause()
        assert app.session.state == before
        assert app.session.state.end_phase.ally_income is None
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("record the castle income first") for m in messages)
        assert castle_vp_input(screen).has_focus
        # 'c' (away from the fields) records the castle income; then the ally income is next
        screen.query_one("#ally-table", DataTable).focus()
        await pilot.press("c")
        await pilot.pause()
        assert app.session.state.end_phase.castle_income
        assert str(screen.query_one("#step-castle").border_title) == "✓ 1 · Castle income"
        assert screen.query_one("#ally-ok", Button).has_focus
        assert "end_phase.ally_income" in binding_ids(screen)
        assert "end_phase.castle_income" not in binding_ids(screen)
        end_check = str(screen.query_one("#end-check", Label).content)
        assert end_check == (
            "Before ending the round: score the ally income (a) and reorganise the board (r)."
        )


async def test_ally_income_is_worked_out_after_the_castle_income(tmp_path: Path) -> None:
    # With 0 Grain against Frederick's 1, Theophilos is not met; the castle's 1 Grain meets it.
    app = make_app(tmp_path, (*TO_END_PHASE, Correct(target="player.grain", value=0)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert table_rows(screen)[0][:4] == [
            "Theophilos",
            "Independent",
            "not met",
            "1",
        ]
        assert "+2 VP" in str(screen.query_one("#ally-total", Label).content)
        await pilot.press("tab", "1", "enter")  # VP 0, Grain 1
        await pilot.pause()
        state = app.session.state
        assert state.end_phase.castle_income and state.player.grain == 1
        assert [row[:4] for row in table_rows(screen)] == [
            ["Theophilos", "Independent", "met", "3"],
            ["Gisela", "Loyalist", "not met", "1"],
        ]
        total = str(screen.query_one("#ally-total", Label).content)
        assert total == "Total after your castle income: +4 VP. Press a to add it to your VP."
        await pilot.press("a")
        await pilot.pause()
        assert app.session.state.end_phase.ally_income == 4
        assert app.session.state.player.vp == 4


async def test_ally_income_table_and_score_match_the_engine(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await pilot.press("enter")  # the castle income: nothing this round
        await pilot.pause()
        state = app.session.state
        assert state.phase is Phase.END_PHASE and state.end_phase.castle_income
        income = ally_income(state.player, state.palace, ruleset=app.session.game.setup.ruleset)
        assert income.total == 4
        rows = table_rows(screen)
        assert [row[:4] for row in rows] == [
            ["Theophilos", "Independent", "met", "3"],
            ["Gisela", "Loyalist", "not met", "1"],
        ]
        assert rows[1][4] == income.lines[1].reason
        assert "+4 VP" in str(screen.query_one("#ally-total", Label).content)
        assert "end_phase.ally_income" in binding_ids(screen)
        await pilot.press("a")
        await pilot.pause()
        state = app.session.state
        assert state.end_phase.ally_income == income.total
        assert state.player.vp == income.total
        assert str(screen.query_one("#step-ally").border_title) == "✓ 2 · Ally income"
        enabled = {b.binding.id for b in screen.active_bindings.values() if b.enabled}
        assert "end_phase.ally_income" not in enabled
        assert screen.query_one("#reorganise-ok", Button).has_focus


async def test_all_bindings_have_ids_and_tooltips(tmp_path: Path) -> None:
    for screen_class in (EndPhaseScreen, FinalScoreScreen):
        for binding in screen_class.BINDINGS:
            assert binding.id and binding.tooltip  # type: ignore[union-attr]


async def test_castle_income_reorganise_name_and_next_round(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert castle_vp_input(screen).has_focus
        await pilot.press("2", "tab", "x")
        await pilot.press("enter")
        await pilot.pause()
        assert not app.session.state.end_phase.castle_income  # "x" is refused inline
        assert screen.query_one("#castle-grain", NumberField).has_error
        await pilot.press("backspace", "1", "enter")
        await pilot.pause()
        state = app.session.state
        assert state.end_phase.castle_income
        assert (state.player.vp, state.player.grain) == (2, 1 + 1)
        assert screen.query_one("#castle-vp", NumberField).disabled
        await pilot.press("a")
        await pilot.pause()
        state = app.session.state
        assert state.end_phase.ally_income == 4 and state.player.vp == 2 + 4
        # reorganise: 0 card spaces to refill, the Allies under Theophilos and Gisela turn up
        reorganise_text = str(screen.query_one("#reorganise-list", Label).content)
        assert "Roma, Alexandria" in reorganise_text
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        state = app.session.state
        assert state.end_phase.reorganised
        assert state.end_phase.flipped_allies == ((0, 0), (1, 0))
        selects = list(screen.query(".flip-select").results(Select))
        assert [s.id for s in selects] == ["flip-0-0", "flip-1-0"]
        assert selects[0].has_focus
        await pilot.press("enter", "down", "enter")  # unknown → Altair
        await pilot.pause()
        assert app.session.state.voyage.ports[0].allies[0].face_up_id == "altair"
        assert "no trigger" in str(screen.query_one("#end-check", Label).content)
        await pilot.press("e")
        await pilot.pause()
        state = app.session.state
        assert (state.round, state.phase) == (2, Phase.PLAYER)
        assert isinstance(app.screen, StartScreen)  # popped back to what was underneath


async def test_undo_in_the_end_phase(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await pilot.press("enter", "a")  # castle income (nothing), then ally income
        await pilot.pause()
        assert app.session.state.end_phase.ally_income == 4
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state.end_phase.ally_income is None
        assert app.session.state.end_phase.castle_income
        assert app.session.state.player.vp == 0
        assert not str(screen.query_one("#step-ally").border_title).startswith("✓")
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.session.state.end_phase.ally_income == 4
        await pilot.press("ctrl+z", "ctrl+z")  # the castle income is undone too
        await pilot.pause()
        assert not app.session.state.end_phase.castle_income
        assert not str(screen.query_one("#step-castle").border_title).startswith("✓")
        assert "end_phase.ally_income" not in binding_ids(screen)
        await pilot.press("ctrl+z")  # back past the Pass: not the End Phase any more
        await pilot.pause()
        assert app.session.state.phase is Phase.PLAYER
        assert not isinstance(app.screen, EndPhaseScreen)


async def test_end_round_refused_before_the_steps(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert "record the castle income (c)" in str(screen.query_one("#end-check", Label).content)
        screen.query_one("#end-ok", Button).focus()  # out of the castle field, where e is typed
        await pilot.press("e")
        await pilot.pause()
        assert app.session.state.phase is Phase.END_PHASE
        assert isinstance(app.screen, EndPhaseScreen)
        assert any(
            "record the castle income, then score the ally income" in n.message
            for n in app._notifications
        )


async def test_game_over_goes_to_the_final_score_and_saves(tmp_path: Path) -> None:
    app = make_app(tmp_path, (*CASTLE_DONE, *TO_END_PHASE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await pilot.press("enter", "a", "r")
        await pilot.pause()
        assert "the game ends now" in str(screen.query_one("#end-check", Label).content)
        await pilot.press("e")
        await pilot.pause()
        state = app.session.state
        assert state.phase is Phase.GAME_OVER
        assert state.game_end == (GameEndReason.CASTLE_COMPLETE,)
        final = app.screen
        assert isinstance(final, FinalScoreScreen)
        reasons = str(final.query_one("#final-reasons", Label).content)
        assert GameEndReason.CASTLE_COMPLETE.describe() in reasons
        # prefilled from the tracked state
        assert final.query_one("#vp_track", NumberField).text == str(state.player.vp)
        assert final.query_one("#structures", NumberField).text == "13"
        assert final.query_one("#frederick_structures", NumberField).text == "5"
        # the known example: 40 + 10 + 4 + (8 + 2·2)//6 = 56, Feudal lord
        for name, value in (
            ("vp_track", 40),
            ("structures", 10),
            ("frederick_structures", 9),
            ("grain", 1),
            ("stone", 1),
            ("augustales", 8),
        ):
            final.query_one(f"#{name}", NumberField).text = str(value)
        await pilot.pause()
        assert final.breakdown is not None and final.breakdown.total == 56
        assert final.query_one("#total", Digits).value == "56"
        assert str(final.query_one("#title", Static).content) == "FEUDAL LORD"
        final.query_one("#notes", TextArea).text = "Close game."
        log = list(app.session.game.log[-40:])
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        records = app.session.history.all()
        assert len(records) == 1
        record = records[0]
        assert record.score.total == 56 and record.score.title == "Feudal lord"
        assert record.frederick_structures == 9
        assert record.notes == "Close game."
        assert record.end_reasons == ["castle_complete"]
        assert record.rounds == 1 and record.seed == 1 and record.source == "app"
        assert record.log_summary == log
        assert app.session.game is None
        assert isinstance(app.screen, StartScreen)


async def test_final_score_refuses_bad_counts_and_keeps_the_screen_when_saving_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, (*CASTLE_DONE, *TO_END_PHASE))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(FinalScoreScreen())
        await pilot.pause()
        final = app.screen
        assert isinstance(final, FinalScoreScreen)
        final.query_one("#grain", NumberField).text = "x"
        await pilot.pause()
        assert final.breakdown is None
        assert final.query_one("#grain", NumberField).has_error
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Fix the counts" in str(final.query_one("#save-status", Label).content)
        final.query_one("#grain", NumberField).text = "1"
        await pilot.pause()

        def disk_full(record: Any) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(app.session.history, "add", disk_full)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FinalScoreScreen)
        assert "Could not save" in str(final.query_one("#save-status", Label).content)
        assert app.session.game is not None


# --- snapshots -----------------------------------------------------------------------------


def test_end_phase_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path)

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        await app.push_screen(EndPhaseScreen())
        await pilot.pause()
        await pilot.press("1", "tab", "1", "enter")  # castle income: 1 VP, 1 Grain
        await pilot.pause()
        app.clear_notifications()
        no_blink(app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_final_score_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, (*CASTLE_DONE, *TO_END_PHASE))

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        await app.push_screen(EndPhaseScreen())
        await pilot.pause()
        await pilot.press("enter", "a", "r", "e")
        await pilot.pause()
        app.clear_notifications()
        no_blink(app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
