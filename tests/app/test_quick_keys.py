"""Type-ahead in the table-deck face picker: the key beside a face picks it at once."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.solo_face import SoloFaceModal
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
