"""Type-ahead in the table-deck face picker: the key beside a face picks it at once."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.solo_face import SoloFaceModal
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.quick_pick import unkeyed
from solo_deck import events as ev
from tests.app.pilot_helpers import SIZE, open_table, press_and_settle
from tests.scripted_game import SCRIPT, tableau_setup


async def test_the_key_beside_a_face_records_frederick_turn(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        first = next(i for i, event in enumerate(SCRIPT) if event.type == "frederick_turn")
        await open_table(app, pilot, *SCRIPT[:first], setup=tableau_setup())
        await press_and_settle(pilot, "space")
        dialog = app.screen
        assert isinstance(dialog, SoloFaceModal)
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
        listing = app.screen.query_one("#choice", OptionList)
        texts = [
            unkeyed(str(listing.get_option_at_index(i).prompt)) for i in range(listing.option_count)
        ]
        line = texts.index("Face up · House card: +1 Stone")
        await press_and_settle(pilot, str(line + 1))
        assert isinstance(app.screen, TableScreen)  # no "Follow through" screen
        assert [e.type for e in app.session.events[-2:]] == ["play_card", "resolve"]
        assert app.session.state.player.stone == stone + 1
        assert any("+1 Stone" in n.message for n in app._notifications)


async def test_a_tap_on_a_face_shows_it_and_choose_takes_it(tmp_path: Path) -> None:
    """On a phone a tap only highlights a face (a face is recorded only once seen); the
    footer's Choose takes the face highlighted."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        first = next(i for i, event in enumerate(SCRIPT) if event.type == "frederick_turn")
        await open_table(app, pilot, *SCRIPT[:first], setup=tableau_setup())
        await press_and_settle(pilot, "space")
        dialog = app.screen
        assert isinstance(dialog, SoloFaceModal)
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
