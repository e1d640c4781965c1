"""Name your hand (issue 38 follow-up): the dialog lists only the cards that may be in
your hand and can still be named, records one NameHand with the counts typed (nothing
by default, nothing on Escape), and shows the engine's refusal of an impossible hand,
recording nothing. From the Coach, ``n`` opens it; once the hand is named, the Coach
weighs the new position and no longer says the hand is not named."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, Input, Static

from companion.i18n import use_language
from companion.session import GameSession
from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.coach import CoachModal
from companion.ui.screens.modals.name_hand import NameHandModal, field_id
from companion.ui.widgets.number_field import NumberField
from solo_deck import cards_you_may_hold
from solo_deck.events import Decline, NameHand, PlayCard, Resolve
from tests.app.action_dialog_helpers import Host, new_session
from tests.app.pilot_helpers import SIZE, open_table, press_and_settle, settle
from tests.app.relabel_helpers import switch
from tests.app.test_coach import text_of, until

PHONE = (46, 50)


def played_purchase(folder: Path) -> GameSession:
    """Round 1: the purchase card and one Stone card named, the purchase card played face
    up (its purchase let go). Your hand holds 4 cards, 3 of them unnamed; the purchase
    card's only copy is in a slot (it cannot be in your hand); nothing is owed."""
    session = new_session(folder)
    session.push(NameHand(cards=("savoy-purchase", "common-stone")))
    session.push(PlayCard(slot=0, face_up=True, card_id="savoy-purchase"))
    session.push(Resolve())
    session.push(Decline())
    assert session.state.obligation is None
    return session


def host(session: GameSession) -> Host:
    """A host app for the dialog on ``session``'s game."""
    return Host(session, lambda state, ruleset, _: NameHandModal(state, ruleset))


def on_top(app: Any) -> object:
    """The screen on top (unnarrowed: it changes as keys are pressed)."""
    return app.screen


def counts(app: Any) -> dict[str, NumberField]:
    return {field.id or "": field for field in app.screen.query(NumberField)}


async def type_counts(pilot: Any, wanted: dict[str, int]) -> None:
    for card, count in wanted.items():
        field = pilot.app.screen.query_one(f"#{field_id(card)}", NumberField)
        field.input.focus()
        await settle(pilot)
        await press_and_settle(pilot, *str(count))


async def test_the_dialog_lists_only_the_cards_you_may_hold_and_can_name(tmp_path: Path) -> None:
    session = played_purchase(tmp_path)
    app = host(session)
    async with app.shown() as pilot:
        shown = counts(app)
        may_hold = set(cards_you_may_hold(session.state))
        assert "savoy-purchase" not in may_hold  # in a slot
        assert set(shown) == {field_id(card) for card in may_hold}
        assert all(field.text == "0" for field in shown.values())  # nothing named by default
        assert shown[field_id("common-stone")].hint == "up to 1"  # its other copy is named
        assert shown[field_id("common-grain")].hint == "up to 2"
        assert "+1 Stone" in app.text_of("#hand-known")  # the card named already
        assert "3 cards of your hand are not named" in str(app.screen.query_one(".muted").render())
        await press_and_settle(pilot, "ctrl+s")  # nothing named yet: nothing to record
        assert app.results == [] and "at least one card" in app.dialog_error()
        await press_and_settle(pilot, "escape")
    assert app.results == [None]  # Escape: nothing recorded
    assert session.state.cards.hand_known == ("common-stone",)


async def test_confirming_records_one_naming_with_the_counts_typed(tmp_path: Path) -> None:
    session = played_purchase(tmp_path)
    app = host(session)
    async with app.shown() as pilot:
        await type_counts(pilot, {"common-grain": 2, "savoy-court-grain": 1})
        assert app.text_of("#hand-total") == "Named: 3 of the 3 unnamed cards."
        await press_and_settle(pilot, "ctrl+s")
    assert app.results == [NameHand(cards=("common-grain", "common-grain", "savoy-court-grain"))]


async def test_more_cards_than_are_unnamed_are_refused_and_nothing_is_recorded(
    tmp_path: Path,
) -> None:
    session = played_purchase(tmp_path)
    before = session.events
    app = host(session)
    async with app.shown() as pilot:
        await type_counts(pilot, {"common-grain": 2, "common-draw": 2})
        await press_and_settle(pilot, "ctrl+s")
        assert app.results == [] and isinstance(app.screen, NameHandModal)
        # the engine's words
        assert "3 cards of your hand are not known by name, not 4" in app.dialog_error()
        await type_counts(pilot, {"common-stone": 2})  # more than its copies: red at once
        assert counts(app)[field_id("common-stone")].has_error
    assert session.events == before


async def test_a_hand_all_named_offers_nothing_and_says_why(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    session.push(NameHand(cards=("common-draw", "common-draw", "common-grain", "common-stone")))
    session.push(NameHand(cards=("savoy-purchase",)))
    app = host(session)
    async with app.shown() as pilot:
        assert counts(app) == {}
        assert app.dialog_error() == "Every card of your hand is known by name."
        await press_and_settle(pilot, "ctrl+s")
        assert app.results == []


async def test_on_a_phone_every_count_and_button_fits(tmp_path: Path, in_a_browser: None) -> None:
    from tests.app.test_touch_layout import overflow

    app = StuporSoloApp(tmp_path, insight=False)
    results: list[Any] = []
    async with app.run_test(size=PHONE) as pilot:
        await open_table(app, pilot)
        dialog = NameHandModal(app.session.state, app.session.ruleset)
        app.push_screen(dialog, results.append)
        await settle(pilot)
        assert dialog.has_class("-slim")
        assert overflow(dialog, PHONE[0]) == []
        labels = [str(b.label) for b in dialog.query(Button) if b.display]
        assert labels[:2] == ["Name", "Cancel"]  # no keys named on a touch screen
        await pilot.click(f"#{field_id('savoy-purchase')} Input")
        await press_and_settle(pilot, "1")
        await pilot.click("#ok")
        await settle(pilot)
    assert results == [NameHand(cards=("savoy-purchase",))]


# --- from the Coach -------------------------------------------------------------------


async def test_n_in_the_coach_names_the_hand_and_the_coach_weighs_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CoachModal, "default_budget", 6)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)  # round 1: your hand of 5 is not named
        await pilot.press("c")
        await until(lambda: isinstance(app.screen, CoachModal), "the Coach to open")
        coach = app.screen
        assert isinstance(coach, CoachModal)
        await until(lambda: coach.answer is not None and coach.answer.done, "its answer")
        assert coach.answer is not None and not coach.answer.hand_named
        header = text_of(coach.query_one("#coach-header", Static))
        assert "Your hand is not named: press n to name it" in header
        before = app.session.events
        await press_and_settle(pilot, "n")
        assert isinstance(on_top(app), NameHandModal)
        await press_and_settle(pilot, "escape")  # nothing named: the Coach as it was
        assert on_top(app) is coach and app.session.events == before
        await press_and_settle(pilot, "n")
        hand = {"common-draw": 2, "common-grain": 1, "common-stone": 1, "savoy-purchase": 1}
        await type_counts(pilot, hand)
        await press_and_settle(pilot, "ctrl+s")
        assert on_top(app) is coach
        named = app.session.events[len(before) :]
        assert len(named) == 1 and isinstance(named[0], NameHand)
        assert sorted(named[0].cards) == sorted(c for c, n in hand.items() for _ in range(n))
        await until(lambda: coach.answer is not None and coach.answer.done, "the new answer")
        assert coach.answer is not None and coach.answer.hand_named
        assert coach.state is app.session.state
        header = text_of(coach.query_one("#coach-header", Static))
        assert "not named" not in header
        await press_and_settle(pilot, "n")  # nothing left to name: it says why
        assert app.screen is coach
        told = [str(n.message) for n in app._notifications]
        assert "Every card of your hand is known by name." in told, told


async def test_in_a_browser_the_coach_offers_a_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_a_browser: None
) -> None:
    monkeypatch.setattr(CoachModal, "default_budget", 6)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        await open_table(app, pilot)
        await pilot.press("c")
        await until(lambda: isinstance(app.screen, CoachModal), "the Coach to open")
        coach = app.screen
        assert isinstance(coach, CoachModal)
        await until(lambda: coach.answer is not None and coach.answer.done, "its answer")
        header = text_of(coach.query_one("#coach-header", Static))
        assert "Your hand is not named: tap Name your hand" in header
        button = coach.query_one("#name-hand", Button)
        assert button.display and str(button.label) == "Name your hand"
        # shown by the answer just drawn: tap it once the layout has placed it
        await until(lambda: button.region.area > 0, "the button's place on the screen")
        await pilot.click("#name-hand")
        await until(lambda: isinstance(app.screen, NameHandModal), "Name your hand to open")


def test_name_hand_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    """80x24: a card named already, three to name, one count typed."""

    async def run_before(pilot: Any) -> None:
        await type_counts(pilot, {"common-grain": 2})
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await settle(pilot)

    app = host(played_purchase(tmp_path))
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    use_language("en")


async def test_the_refusal_of_a_record_reads_in_the_language_switched_to(
    tmp_path: Path, english_after: None
) -> None:
    session = played_purchase(tmp_path)
    app = host(session)
    async with app.shown() as pilot:
        await press_and_settle(pilot, "ctrl+s")  # nothing typed: the dialog's own refusal
        english = app.dialog_error()
        assert "at least one card" in english
        await switch(app.screen, pilot, "qps")
        assert "«" in app.dialog_error() and app.dialog_error() != english
        await switch(app.screen, pilot, "en")
        assert app.dialog_error() == english
        await type_counts(pilot, {"common-grain": 2, "common-draw": 2})
        await press_and_settle(pilot, "ctrl+s")  # the engine's refusal
        engine = app.dialog_error()
        assert "not 4" in engine
        await switch(app.screen, pilot, "qps")
        assert "«" in app.dialog_error() and "4" in app.dialog_error()
        await switch(app.screen, pilot, "en")
        assert app.dialog_error() == engine
        assert app.results == [] and isinstance(app.screen, NameHandModal)
