"""The End Phase screen (refill your hand, castle income from your closed sides, ally
income, reorganisation, end of the round) and the Final score screen (live breakdown, the
most-Structures rule, saving to the history), with their snapshots.

The games start from a prepared position (see ``end_phase_helpers``). The reorganisation
and the Allies it turns up: test_end_phase_allies; the Final score alone: test_final_score.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Button, Digits, Static, TextArea

from companion.formatting import shorten
from companion.ui.first_look import FIRST_LOOK
from companion.ui.screens.end_phase import EndPhaseScreen
from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.screens.modals.drop import DropModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.start import StartScreen
from companion.ui.widgets.number_field import NumberField
from solo_deck import GameEndReason, Phase, ally_income
from solo_deck.queries import capacity
from tests.app.end_phase_helpers import (
    ALLIES,
    COMPLETE,
    assert_keys_match_the_engine,
    keys,
    make_app,
    no_blink,
    open_end_phase,
    table_rows,
    text,
    top,
)
from tests.app.pilot_helpers import SIZE, open_screen, press_and_settle, settle

# --- the steps and their keys -------------------------------------------------------------


async def test_frederick_s_last_card_stays_readable_above_the_steps(tmp_path: Path) -> None:
    """Issue 39: the End Phase opens over the Table as soon as Frederick's last card is
    done; what he did is shown at its top, step by step as the Table showed it."""
    app = make_app(tmp_path, SIDED)
    report = app.session.state.last_frederick
    assert report is not None and report.steps
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        panel = screen.query_one("#step-frederick")
        assert panel.display and screen.query(".panel").first().id == "step-frederick"
        assert str(panel.border_title) == f"Frederick's last card, {report.card_id}: {report.face}"
        shown = str(screen.query_one("#frederick-text", Static).content).splitlines()
        assert shown == [f"{n}. {step}" for n, step in enumerate(report.steps, start=1)]


SIDED = {**ALLIES, "walls": 1, "closed_sides": ("stone",)}
"""The two Allies and one closed side (Stone): a castle income to take before the Allies."""


async def test_the_steps_in_order_with_the_keys_lit_as_the_engine_allows(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIDED)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        panels = [w.id for w in screen.query(".panel") if w.id != "step-frederick"]
        assert panels == ["step-hand", "step-castle", "step-ally", "step-reorganise", "step-end"]
        titles = [str(screen.query_one(f"#{panel}").border_title) for panel in panels]
        assert titles == [
            "1 · Refill your hand",
            "· 2 · Castle income",
            "· 3 · Ally income",
            "· 4 · Reorganise the Voyage board",
            "· 5 · End of the round",
        ]
        assert (
            text(screen, "#hand-text")
            == "You hold 0 cards. Refill your hand to 5 cards. Nothing to record."
        )
        # step 2 first: castle income is lit, ally income and the end of the round are not
        assert keys(screen)["castle_income"] and not keys(screen)["ally_income"]
        assert not keys(screen)["end_round"]
        assert screen.query_one("#castle-ok", Button).has_focus
        assert screen.query_one("#ally-ok", Button).disabled
        assert "Take the castle income first (step 2)" in text(screen, "#ally-total")
        assert text(screen, "#end-check") == (
            "Before ending the round: take the castle income, then score the ally income, "
            "then reorganise the Voyage board."
        )
        assert_keys_match_the_engine(app, screen)
        before = app.session.state
        await pilot.press("a", "e")  # dimmed: nothing happens
        await settle(pilot)
        assert app.session.state == before

        await press_and_settle(pilot, "c")
        assert app.session.state.end_phase.castle_income
        assert str(screen.query_one("#step-castle").border_title) == "✓ 2 · Castle income"
        assert "castle_income" not in keys(screen)  # done: hidden
        assert keys(screen)["ally_income"]
        assert screen.query_one("#ally-ok", Button).has_focus
        assert_keys_match_the_engine(app, screen)

        await press_and_settle(pilot, "a")
        assert app.session.state.end_phase.ally_income is not None
        assert "ally_income" not in keys(screen)
        assert screen.query_one("#reorganise-ok", Button).has_focus
        assert_keys_match_the_engine(app, screen)

        await press_and_settle(pilot, "r")
        assert app.session.state.end_phase.reorganised
        assert "reorganise" not in keys(screen)
        assert keys(screen)["end_round"]
        assert_keys_match_the_engine(app, screen)
        assert "no trigger; round 2 follows" in text(screen, "#end-check")


async def test_castle_income_is_computed_from_the_closed_sides(tmp_path: Path) -> None:
    app = make_app(tmp_path, {"walls": 2, "closed_sides": ("stone", "vp")})
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert text(screen, "#castle-text") == (
            "Your 2 closed sides give:\n  Stone side: +1 Stone\n  VP side: +1 VP"
        )
        player = app.session.state.player
        await press_and_settle(pilot, "c")
        after = app.session.state.player
        assert (after.stone, after.vp) == (player.stone + 1, player.vp + 1)
        assert text(screen, "#castle-text").startswith("✓ Your 2 closed sides gave:")
        assert not app.session.state.pending


async def test_no_closed_side_gives_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert text(screen, "#castle-text") == (
            "No side of your castle is closed yet: nothing to take; go on to step 3."
        )
        player = app.session.state.player
        await press_and_settle(pilot, "c")
        assert app.session.state.end_phase.castle_income
        assert app.session.state.player == player
        assert text(screen, "#castle-text") == "✓ No side of your castle is closed yet: nothing."


async def test_with_no_closed_side_ally_income_comes_at_once(tmp_path: Path) -> None:
    # Issue 26: the ally income was refused until an empty castle income was taken.
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert keys(screen)["ally_income"]
        assert screen.query_one("#ally-ok", Button).has_focus
        assert text(screen, "#ally-total") == "Total: +2 VP. Press a to add it."
        assert_keys_match_the_engine(app, screen)
        vp = app.session.state.player.vp
        await press_and_settle(pilot, "a")
        progress = app.session.state.end_phase
        assert (progress.ally_income, progress.castle_income) == (2, True)
        assert app.session.state.player.vp == vp + 2
        assert str(screen.query_one("#step-castle").border_title) == "✓ 2 · Castle income"
        assert screen.query_one("#reorganise-ok", Button).has_focus
        assert_keys_match_the_engine(app, screen)


async def test_a_market_side_opens_its_visit_at_once_and_blocks_the_next_steps(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, {"walls": 2, "closed_sides": ("market", "stone")})
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert "Market visit side: visit the Market in Roma" in text(screen, "#castle-text")
        stone = app.session.state.player.stone
        await press_and_settle(pilot, "c")
        assert isinstance(app.screen, MarketModal)
        await pilot.pause(FIRST_LOOK)  # it opened by itself: keys count once it is seen
        await pilot.press("escape")  # nothing recorded: the visit stays owed
        await settle(pilot)
        assert top(app) is screen
        state = app.session.state
        assert [duty.does for duty in state.pending] == ["market", "auto"]
        assert state.player.stone == stone  # the Stone side comes after the visit
        assert "Still owed: Market side: visit the Market in Roma." in text(screen, "#owed-text")
        assert keys(screen)["follow"]
        assert not keys(screen)["ally_income"] and not keys(screen)["reorganise"]
        assert not keys(screen)["end_round"]
        assert screen.query_one("#follow-ok", Button).has_focus
        await press_and_settle(pilot, "a", "r", "e")
        assert app.session.state == state  # blocked until the visit is met
        await pilot.press("v")  # Continue reopens it
        await settle(pilot)
        assert isinstance(app.screen, MarketModal)
        await pilot.press("ctrl+d")  # decline the visit
        await settle(pilot)
        assert top(app) is screen
        state = app.session.state
        assert not state.pending and state.player.stone == stone + 1
        assert "follow" not in keys(screen)
        assert keys(screen)["ally_income"]
        assert_keys_match_the_engine(app, screen)


async def test_a_full_warehouse_opens_the_put_back_prompt_at_once(tmp_path: Path) -> None:
    # One Wall: the warehouse holds 3 resources, and you hold 3; the Stone side gives 1 more.
    app = make_app(tmp_path, {"walls": 1, "closed_sides": ("stone",), "grain": 2, "stone": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert capacity(app.session.state, app.session.ruleset)[2:] == (3, 3)
        await press_and_settle(pilot, "c")
        assert isinstance(app.screen, DropModal)
        assert [duty.kind for duty in app.session.state.pending] == ["store_resources"]
        assert not keys(screen)["ally_income"]
        app.screen.query_one("#ok", Button).press()  # put back 1 (prefilled)
        await settle(pilot)
        assert top(app) is screen
        player = app.session.state.player
        assert not app.session.state.pending and player.grain + player.stone == 3
        assert keys(screen)["ally_income"]


# --- ally income --------------------------------------------------------------------------


async def test_ally_income_table_and_score_match_the_engine(tmp_path: Path) -> None:
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c")
        state = app.session.state
        income = ally_income(state.player, state.palace, ruleset=app.session.ruleset)
        rows = table_rows(screen)
        assert [row[0] for row in rows] == ["Theophilos", "Gisela"]
        assert [row[3] for row in rows] == [str(line.vp) for line in income.lines]
        assert [row[4] for row in rows] == [line.reason for line in income.lines]
        assert text(screen, "#ally-total") == (
            f"Total after your castle income: +{income.total} VP. Press a to add it."
        )
        vp = state.player.vp
        await press_and_settle(pilot, "a")
        state = app.session.state
        assert state.end_phase.ally_income == income.total
        assert state.player.vp == vp + income.total
        assert str(screen.query_one("#step-ally").border_title) == "✓ 3 · Ally income"


# --- the end of the round -----------------------------------------------------------------


async def test_the_round_ends_and_the_next_begins(tmp_path: Path) -> None:
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r")
        screen.query_one("#end-ok", Button).focus()
        await press_and_settle(pilot, "e")
        state = app.session.state
        assert (state.round, state.phase) == (2, Phase.PLAYER)
        assert isinstance(app.screen, StartScreen)  # back to what was underneath


async def test_undo_and_redo_in_the_end_phase(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIDED)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a")
        scored = app.session.state.end_phase.ally_income
        assert scored is not None
        await press_and_settle(pilot, "ctrl+z")
        assert app.session.state.end_phase.ally_income is None
        assert str(screen.query_one("#step-ally").border_title) == "· 3 · Ally income"
        assert keys(screen)["redo"] and keys(screen)["ally_income"]
        await press_and_settle(pilot, "ctrl+y")
        assert app.session.state.end_phase.ally_income == scored
        await press_and_settle(pilot, "ctrl+z", "ctrl+z")
        assert not app.session.state.end_phase.castle_income
        assert screen.query_one("#castle-ok", Button).has_focus
        # back into Frederick's last turn (and the tile it drew): the End Phase closes
        history = app.session.events
        last_turn = max(i for i, event in enumerate(history) if event.type == "frederick_turn")
        for _ in range(len(history) - last_turn):
            assert isinstance(app.screen, EndPhaseScreen)
            await press_and_settle(pilot, "ctrl+z")
        assert app.session.state.phase is Phase.FREDERICK
        assert not isinstance(app.screen, EndPhaseScreen)


# --- the final score ----------------------------------------------------------------------


async def test_game_over_goes_to_the_final_score_and_saves(tmp_path: Path) -> None:
    app = make_app(tmp_path, COMPLETE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r")
        assert "the game ends now (your castle is complete)" in text(screen, "#end-check")
        screen.query_one("#end-ok", Button).focus()
        await press_and_settle(pilot, "e")
        state = app.session.state
        assert state.phase is Phase.GAME_OVER
        assert state.game_end == (GameEndReason.CASTLE_COMPLETE,)
        final = app.screen
        assert isinstance(final, FinalScoreScreen)
        assert GameEndReason.CASTLE_COMPLETE.describe() in text(final, "#final-reasons")
        assert final.query_one("#vp_track", NumberField).text == str(state.player.vp)
        assert final.query_one("#structures", NumberField).text == "13"
        # the known example: 40 + 10 + 4 + (8 + 2·2)//6 = 56, Feudal lord
        for name, value in (
            ("vp_track", 40),
            ("structures", 10),
            ("frederick_structures", 11),
            ("grain", 1),
            ("stone", 1),
            ("augustales", 8),
        ):
            final.query_one(f"#{name}", NumberField).text = str(value)
        await settle(pilot)
        assert final.breakdown is not None and final.breakdown.total == 56
        assert final.query_one("#total", Digits).value == "56"
        assert str(final.query_one("#title", Static).content) == "FEUDAL LORD"
        assert text(final, "#structures-rule") == (
            "Most Structures, +4 VP: always yours in solo (Frederick scores nothing)."
        )
        final.query_one("#notes", TextArea).text = "Close game."
        log = [shorten(line, 300) for line in app.session.log[-40:]]  # cut at a word
        await press_and_settle(pilot, "ctrl+s")
        (record,) = app.session.history.all()
        assert record.score.total == 56 and record.score.title == "Feudal lord"
        assert record.frederick_structures == 11
        assert record.notes == "Close game."
        assert record.end_reasons == ["castle_complete"]
        assert record.rounds == 1 and record.seed == 1 and record.source == "app"
        assert record.log_summary == log
        assert not app.session.has_game
        assert isinstance(app.screen, StartScreen)


# --- snapshots ----------------------------------------------------------------------------


def test_end_phase_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, {**ALLIES, "walls": 2, "closed_sides": ("stone", "vp")})

    async def run_before(pilot: Any) -> None:
        await open_screen(app, pilot, EndPhaseScreen())
        await pilot.press("c")  # castle income: +1 Stone, +1 VP
        await settle(pilot)
        app.clear_notifications()
        no_blink(app)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_final_score_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, COMPLETE)

    async def run_before(pilot: Any) -> None:
        await open_screen(app, pilot, EndPhaseScreen())
        await press_and_settle(pilot, "c", "a", "r")
        app.screen.query_one("#end-ok", Button).focus()
        await press_and_settle(pilot, "e")
        app.clear_notifications()
        no_blink(app)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_e_on_the_table_opens_the_end_phase_as_f_does(tmp_path: Path) -> None:
    """The End Phase ends the round with e; on the Table e opens it, as f does (the
    footer shows f)."""
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        app.open_table()
        await settle(pilot)
        await press_and_settle(pilot, "e")
        assert isinstance(app.screen, EndPhaseScreen)
        assert app.session.state.phase is Phase.END_PHASE  # nothing recorded by it
