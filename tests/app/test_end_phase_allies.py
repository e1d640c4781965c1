"""The End Phase's reorganisation: described from the engine's preview, and the Allies it
turns up named by one key each, offering only Allies that can be there, and never taking
the screen's own letters (two regressions from the guided-turn issue)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button

from companion.ui.screens.end_phase_names import AllyNaming
from solo_deck.events import EndRound, NameAlly, Reorganise
from tests.app.end_phase_helpers import ALLIES, make_app, open_end_phase, text
from tests.app.pilot_helpers import SIZE, press_and_settle, settle


async def test_the_reorganisation_is_described_from_the_engines_preview(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        after, _ = app.session.preview(Reorganise())
        assert after.end_phase.flipped_allies == ((0, 0), (2, 0))
        shown = text(screen, "#reorganise-text")
        assert f"({after.voyage.advanced_pile} cards left in the pile after)" in shown
        assert "Turn face up the Ally left uncovered in: Roma, Tunis." in shown
        assert "stay empty" not in shown and "stays empty" not in shown

        # The screen describes what the preview says, not its own count.
        real_preview = app.session.preview

        def preview(event: Any) -> Any:
            state, line = real_preview(event)
            if event.type != "reorganise":
                return state, line
            progress = state.end_phase.model_copy(update={"cards_short": 2})
            return state.model_copy(update={"end_phase": progress}), line

        monkeypatch.setattr(app.session, "preview", preview)
        screen.redraw()
        assert (
            "2 card spaces stay empty: the pile is out, so the game ends after this round."
            in text(screen, "#reorganise-text")
        )


async def test_an_empty_pile_ends_the_game_after_the_round(tmp_path: Path) -> None:
    app = make_app(tmp_path, advanced_pile=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        assert "1 card space stays empty: the pile is out, so the game ends after this round." in (
            text(screen, "#reorganise-text")
        )
        await press_and_settle(pilot, "c", "a", "r")
        assert "the game ends now" in text(screen, "#end-check")


async def test_one_key_names_each_ally_and_the_names_are_recorded_when_the_round_ends(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r")
        naming = screen.query_one(AllyNaming)
        assert naming.spaces == ((0, 0), (2, 0)) and naming.marked == 0  # Roma, then Tunis
        assert not set(naming.keys.values()) & set("cvaref")  # the screen's letters
        recorded = len(app.session.events)
        await press_and_settle(pilot, naming.keys["idalia"])
        assert naming.names == {(0, 0): "idalia", (2, 0): None} and naming.marked == 1
        assert "idalia" not in naming.keys  # lying in Roma now
        await press_and_settle(pilot, naming.keys["maumettu"])
        await press_and_settle(pilot, naming.keys["mocenigo"])  # a wrong key put right
        assert naming.names == {(0, 0): "idalia", (2, 0): "mocenigo"}
        assert "Tunis: Mocenigo" in str(screen.query(".naming-port").last(Button).label)
        assert len(app.session.events) == recorded  # nothing recorded while naming
        await press_and_settle(pilot, "e")  # the screen's letter: the round ends
        assert app.session.events[recorded:] == (
            NameAlly(port=0, space=0, ally_id="idalia"),
            NameAlly(port=2, space=0, ally_id="mocenigo"),
            EndRound(),
        )
        assert app.session.state.round == 2


async def test_a_digit_marks_another_port_and_zero_leaves_it_unnamed(tmp_path: Path) -> None:
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r", "2")
        naming = screen.query_one(AllyNaming)
        assert naming.marked == 1
        await press_and_settle(pilot, naming.keys["idalia"])  # Tunis; Roma is still to name
        assert naming.names == {(0, 0): None, (2, 0): "idalia"} and naming.marked == 1
        await press_and_settle(pilot, "0")
        assert naming.names == {(0, 0): None, (2, 0): None}
        tap = screen.query(".naming-port").first(Button)
        await pilot.click(tap)  # a tap marks a port too
        assert naming.marked == 0
        gisele = next(b for b in screen.query(".ally-key").results(Button) if b.name == "gisele")
        await pilot.click(gisele)  # and a tap on a name names it
        await settle(pilot)
        assert naming.names[(0, 0)] == "gisele"


async def test_the_ally_keys_offer_only_allies_that_can_be_there(tmp_path: Path) -> None:
    """Regression: the list offered an Ally already removed from the game."""
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r")
        naming = screen.query_one(AllyNaming)
        first = set(naming.keys)
        assert first.isdisjoint({"altair", "castellan"})  # removed by Frederick
        assert first.isdisjoint({"tento", "severin", "gregoria-1"})  # at other ports
        assert first.isdisjoint({"theophilos", "gisela"})  # in your castle
        assert {"gregoria-2", "idalia", "maumettu"} <= first
        await press_and_settle(pilot, naming.keys["idalia"])
        assert "idalia" not in naming.candidates((2, 0))  # now lying in Roma
        assert "idalia" in naming.candidates((0, 0))  # still offered where it lies


async def test_names_given_before_going_back_to_the_table_are_kept(tmp_path: Path) -> None:
    """Escape to look at the Table, e to come back: the Allies named so far are still
    named, and ending the round records them."""
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r")
        naming = screen.query_one(AllyNaming)
        await press_and_settle(pilot, naming.keys["idalia"])
        await press_and_settle(pilot, "escape")
        assert screen is not app.screen
        app.open_end_phase()  # (this test's End Phase opened over the Start screen)
        await settle(pilot)
        again = app.screen.query_one(AllyNaming)
        assert again is not naming
        assert again.names == {(0, 0): "idalia", (2, 0): None} and again.marked == 1
        await press_and_settle(pilot, "e")
        assert NameAlly(port=0, space=0, ally_id="idalia") in app.session.events


async def test_on_a_phone_the_ally_names_are_whole(tmp_path: Path) -> None:
    """At a phone's 48 columns four columns of names cut them mid-word (Balthas/ar)."""
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=(48, 50)) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r")
        buttons = list(screen.query_one(AllyNaming).query(".ally-key").results(Button))
        assert buttons
        for button in buttons:
            label = str(button.label)
            assert button.content_region.width >= len(label), (label, button.content_region)
