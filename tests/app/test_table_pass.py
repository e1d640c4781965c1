"""Passing from the Table: the question names the solo rule (no card left in your hand),
Back changes nothing, and a pass leaves Frederick his remaining actions."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Static

from companion.ui.app import StuporSoloApp
from companion.ui.screens.end_phase import EndPhaseScreen
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.screens.modals.play_card import card_choices
from companion.ui.screens.table import TableScreen
from solo_deck import Phase
from solo_deck.events import Correct, Decline, Pass, PlayCard, Resolve
from tests.app.action_dialog_helpers import frederick_plays
from tests.app.pilot_helpers import SIZE, game_of, open_table, press_and_settle, settle


def phase_of(app: StuporSoloApp) -> Phase:
    return app.session.state.phase


async def test_pass_opens_nothing_with_cards_in_hand_and_says_why(tmp_path: Path) -> None:
    # Issue 25: the engine counts the hand; with 5 cards in it P opens nothing. Issue 39:
    # the dimmed key says why in one line (it used to say nothing).
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        before = game_of(app).to_document()
        await press_and_settle(pilot, "P")
        assert isinstance(app.screen, TableScreen)
        assert "pass" not in app.session.allowed()
        assert game_of(app).to_document() == before
        told = [str(n.message) for n in app._notifications]
        why = app.session.why_not("pass")
        assert why is not None and "empty hand" in why
        assert told == [why[0].upper() + why[1:] + "."], told


async def test_pass_asks_about_the_hand_and_leaves_frederick_his_actions(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, Correct(target="hand", value=0))  # every card played
        before = game_of(app).to_document()
        await press_and_settle(pilot, "P")
        question = app.screen
        assert isinstance(question, ConfirmModal)
        text = " ".join(str(widget.render()) for widget in question.query(Static))
        assert "Your hand is empty, so you may pass" in text
        assert "5 remaining actions" in text and "slot" not in text
        assert "hand empty" in str(question.query_one("#yes", Button).label)
        await press_and_settle(pilot, "escape")
        assert isinstance(app.screen, TableScreen)
        assert game_of(app).to_document() == before
        await press_and_settle(pilot, "P")
        await pilot.click("#yes")
        await settle(pilot)
        assert app.session.events[-1] == Pass()
        assert app.session.state.phase is Phase.FREDERICK
        for _ in range(5):  # his five actions, then the End Phase opens by itself
            await press_and_settle(pilot, "space")
            while app.session.state.awaiting_reveal:
                await press_and_settle(pilot, "1", "s", "enter")
        await settle(pilot)
        assert phase_of(app) is Phase.END_PHASE
        assert isinstance(app.screen, EndPhaseScreen)
        told = [notice.message for notice in app._notifications]
        assert any("you passed and Frederick is done" in text for text in told), told


async def test_your_board_panel_counts_the_cards_in_your_hand(tmp_path: Path) -> None:
    # Issue 25: the panel shows the hand the engine counts, not only the refill.
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, Correct(target="hand", value=3))
        panel = str(app.screen.query_one("#player", Static).render())
        assert "hand 3 · refills to 5" in panel


async def test_what_to_do_offers_a_pass_only_when_the_engine_allows_one(tmp_path: Path) -> None:
    """On the last free slot "What to do" offered a pass while a card was in hand; the
    Pass button was dimmed and a tap did nothing (seen playing by taps)."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(app, pilot)
        session = app.session
        coins = next(c for c, text in card_choices(session.state) if text.endswith("+3 Augustales"))
        for slot in range(4):  # four of the five slots played: one card still in hand
            if slot < 2:  # the House's two coin cards face up, then two cards face down
                session.push(PlayCard(slot=slot, face_up=True, card_id=coins))
            else:
                action = "promote" if slot == 2 else "build"  # what slots 3 and 4 give
                session.push(PlayCard(slot=slot, face_up=False, actions=(action,)))
            while session.state.obligation is not None:
                session.push(Resolve() if slot < 2 else Decline())
            frederick_plays(session)
        assert session.state.hand == 1 and len(session.state.player.played) == 4
        table.redraw()
        await settle(pilot)
        steps = str(table.query_one("#steps", Static).render())
        assert "Your last card slot this round" in steps
        assert "pass" not in session.allowed() and "or pass" not in steps
        session.push(Correct(target="hand", value=0))  # the last card went for a Purchase
        table.redraw()
        await settle(pilot)
        steps = str(table.query_one("#steps", Static).render())
        assert "pass" in session.allowed() and "pass (" in steps
