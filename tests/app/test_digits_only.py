"""A number field takes digits only: letters typed into one (the End Phase's ``a r e``
after the castle income opened Put resources back by itself, once that dialog has been
seen) are left out, the field says why, and nothing is recorded."""

from __future__ import annotations

from pathlib import Path

from companion.ui.first_look import FIRST_LOOK
from companion.ui.screens.modals.drop import DropModal
from companion.ui.widgets.number_field import DIGITS_ONLY, NumberField
from tests.app.action_dialog_helpers import press
from tests.app.end_phase_helpers import open_end_phase, top
from tests.app.pilot_helpers import SIZE
from tests.app.test_no_slips import full_warehouse, put_back


async def test_end_phase_letters_after_put_back_opened_land_nowhere(tmp_path: Path) -> None:
    app = full_warehouse(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_end_phase(app, pilot)
        await press(pilot, "c")
        dialog = top(app)
        assert isinstance(dialog, DropModal)
        await pilot.pause(FIRST_LOOK)  # seen: it takes keys as any dialog
        events = len(app.session.events)
        for key in "are":  # Ally income, Reorganise, End round: meant for the screen behind
            await press(pilot, key)
            await pilot.pause(0.3)
        assert top(app) is dialog
        assert put_back(dialog) == ("1", "0")  # the prefill, untouched
        grain = dialog.query_one("#grain", NumberField)
        shown = str(grain.query_one(".number-message").render())
        assert shown.lower().startswith(DIGITS_ONLY[:20])
        assert len(app.session.events) == events  # nothing recorded
        await press(pilot, "1", "ctrl+s")  # digits still go in, and it records when asked
        assert top(app) is not dialog
    assert app.session.state.player.grain + app.session.state.player.stone == 3
