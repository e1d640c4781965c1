"""The End Phase's reorganisation: described from the engine's preview, and the Allies it
turns up named from lists that offer only Allies that can be there and keep every letter
typed into them (two regressions from the guided-turn issue)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select

from companion.ui.screens.end_phase import EndPhaseScreen
from solo_deck import Phase
from solo_deck.events import Reorganise
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


async def test_letters_typed_into_the_ally_list_never_reach_the_screen_keys(
    tmp_path: Path,
) -> None:
    """Regression: the "e" of "Greg" typed to search the list ended the round."""
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r")
        selects = list(screen.query(".flip-select").results(Select))
        assert [s.id for s in selects] == ["flip-0-0", "flip-2-0"]
        assert selects[0].has_focus and not selects[0].expanded
        await press_and_settle(pilot, "g", "r", "e", "g")
        state = app.session.state
        assert state.phase is Phase.END_PHASE and state.round == 1
        assert isinstance(app.screen, EndPhaseScreen)
        assert selects[0].expanded  # the first letter opened the list and searched it
        await press_and_settle(pilot, "enter")
        assert app.session.state.voyage.ports[0].allies[0].face_up_id == "gregoria-2"
        assert selects[1].has_focus  # on to the next Ally to name
        await pilot.press("e")  # typed into the list again: still no end of the round
        await settle(pilot)
        assert app.session.state.phase is Phase.END_PHASE


async def test_the_ally_list_offers_only_allies_that_can_be_there(tmp_path: Path) -> None:
    """Regression: the list offered an Ally already removed from the game."""
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c", "a", "r")

        def offered(select_id: str) -> set[str]:
            return {value for _, value in screen._choices[select_id]}

        first = offered("flip-0-0")
        assert first.isdisjoint({"altair", "castellan"})  # removed by Frederick
        assert first.isdisjoint({"tento", "severin", "gregoria-1"})  # at other ports
        assert first.isdisjoint({"theophilos", "gisela"})  # in your castle
        assert {"unknown", "gregoria-2", "idalia", "maumettu"} <= first
        screen.query_one("#flip-0-0", Select).value = "idalia"
        await settle(pilot)
        assert app.session.state.voyage.ports[0].allies[0].face_up_id == "idalia"
        assert "idalia" not in offered("flip-2-0")  # now lying in Roma
        assert "idalia" in offered("flip-0-0")  # still offered where it lies
