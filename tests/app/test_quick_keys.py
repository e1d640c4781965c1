"""Type-ahead in the table-deck face picker: the key beside a face picks it at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.solo_face import SoloFaceModal
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.keyed_list import KeyedList
from solo_deck import events as ev
from tests.app.action_dialog_helpers import Host, face_down, frederick_plays, new_session, press
from tests.app.pilot_helpers import SIZE, open_table, press_and_settle, unkeyed
from tests.scripted_game import SCRIPT, tableau_setup


async def face_picker(app: StuporSoloApp, pilot: Any) -> SoloFaceModal:
    """The table-deck face picker of Frederick's first turn in the scripted game."""
    first = next(i for i, event in enumerate(SCRIPT) if event.type == "frederick_turn")
    await open_table(app, pilot, *SCRIPT[:first], setup=tableau_setup())
    await press_and_settle(pilot, "space")
    dialog = app.screen
    assert isinstance(dialog, SoloFaceModal)
    return dialog


async def test_the_key_beside_a_face_records_frederick_turn(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await face_picker(app, pilot)
        assert "key beside the face" in str(dialog.query_one("#keys-hint").render())
        faces = dialog.query_one("#faces", OptionList)
        third = str(faces.get_option_at_index(2).prompt)
        assert third.startswith("3  ")
        await press_and_settle(pilot, "3")
        assert not isinstance(app.screen, SoloFaceModal)
        turn = app.session.events[-1]
        assert isinstance(turn, ev.FrederickTurn) and turn.face is not None
        assert unkeyed(third).startswith(f"{turn.face.short()}   (")


async def test_a_face_up_card_of_plain_numbers_records_in_one_step(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        stone = app.session.state.player.stone
        await press_and_settle(pilot, "enter")
        listing = app.screen.query_one("#choice", KeyedList)
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        line = next(i for i, text in enumerate(texts) if text.endswith("House card: +1 Stone"))
        await press_and_settle(pilot, listing.keys[line])
        assert isinstance(app.screen, TableScreen)  # no "Follow through" screen
        assert [e.type for e in app.session.events[-2:]] == ["play_card", "resolve"]
        assert app.session.state.player.stone == stone + 1
        assert any("+1 Stone" in n.message for n in app._notifications)


async def test_a_tap_on_a_face_shows_it_and_choose_takes_it(tmp_path: Path) -> None:
    """On a phone a tap only highlights a face (a face is recorded only once seen); the
    footer's Choose takes the face highlighted."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await face_picker(app, pilot)
        faces = dialog.query_one("#faces", OptionList)
        third = unkeyed(str(faces.get_option_at_index(2).prompt))
        await pilot.click(faces, offset=(4, 3))  # under the top border
        await pilot.pause()
        assert app.screen is dialog and faces.highlighted == 2
        await dialog.run_action("choose")
        await pilot.pause()
        assert not isinstance(app.screen, SoloFaceModal)
        turn = app.session.events[-1]
        assert isinstance(turn, ev.FrederickTurn) and turn.face is not None
        assert third.startswith(f"{turn.face.short()}   (")


def play_keys(listing: KeyedList) -> dict[str, tuple[str, bool]]:
    """The Play dialog's lines: text → (key, choosable)."""
    width = max(len(key) for key in listing.keys) + 2
    return {
        str(listing.get_option_at_index(i).prompt)[width:]: (
            listing.keys[i],
            not listing.get_option_at_index(i).disabled,
        )
        for i in range(listing.option_count)
    }


async def test_each_play_line_keeps_its_key_from_turn_to_turn(tmp_path: Path) -> None:
    """The play list's keys were its line numbers, so a key meant Market on one turn and
    Build on the next, once the slot giving the Market was used: every line now has a key
    of its own, and an action no free slot gives stays listed, not choosable."""
    first_turn = Host(new_session(tmp_path / "first"), PlayCardModal)
    async with first_turn.shown():
        first = play_keys(first_turn.screen.query_one("#choice", KeyedList))
    assert first["Face down · Visit the Market"] == ("m", True)
    assert first["Face down · Build a Structure"] == ("b", True)
    assert first["Face up · House card: +1 Stone"][0] == "1"

    session = new_session(tmp_path / "second", [face_down("market", slot=1), ev.Decline()])
    frederick_plays(session)
    second_turn = Host(session, PlayCardModal)
    async with second_turn.shown() as pilot:
        listing = second_turn.screen.query_one("#choice", KeyedList)
        second = play_keys(listing)
        # no other free slot gives the Market: shown, not choosable, with the same key
        assert second["Face down · Visit the Market  (no free slot gives it)"] == ("m", False)
        assert second["Face down · Build a Structure"] == ("b", True)
        stone = "Face up · House card: +1 Stone"
        assert second[stone] == first[stone]
        await press(pilot, "m")  # its key does nothing
        assert second_turn.results == []
        await press(pilot, "b")
    assert second_turn.results == [ev.PlayCard(slot=0, face_up=False, actions=("build",))]
