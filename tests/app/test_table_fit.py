"""What must fit at the sizes the app is used at (issue 26, "Also seen"): the table-deck
face picker's help line, a long Frederick turn on the Table, and the Table after the
terminal is made small and large again."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Label, OptionList

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.solo_face import SoloFaceModal
from tests.app.game_script import SUMMON_GISELE, script_setup
from tests.app.pilot_helpers import SIZE, open_table, plain, press_and_settle


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_the_face_pickers_help_line_is_whole(tmp_path: Path, size: tuple[int, int]) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=size) as pilot:
        setup = script_setup().model_copy(update={"deck_mode": "table"})
        await open_table(app, pilot, *SUMMON_GISELE, setup=setup)
        await press_and_settle(pilot, "space")
        modal = app.screen
        assert isinstance(modal, SoloFaceModal)
        room = modal.query_one(".dialog").content_region
        help_line = modal.query_one(".dialog > Label.muted", Label)
        assert help_line.region.width <= room.width
        assert help_line.region.right <= room.right and help_line.region.bottom <= room.bottom
        shown = " ".join(plain(help_line.render()).split())
        assert shown.endswith("or fix the deck on the Deck screen.")
        assert help_line.size.height >= 2  # wrapped, not cut
        faces = modal.query_one("#faces", OptionList).region
        assert faces.height >= 3 and faces.bottom <= room.bottom
