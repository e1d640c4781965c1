"""Issue 39: "Tab moves to the next field" stacked once per Enter, so two or three of the
same notice covered the screen. One notice at most for one cause: the app shows a notice
only when the same one is not on screen already."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from companion.ui.app import StuporSoloApp
from companion.ui.framework.textual_internals import shown_notices
from tests.app.pilot_helpers import press_and_settle
from tests.app.setup_helpers import open_setup


async def test_enter_pressed_again_in_a_form_field_shows_its_notice_once(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(app, pilot)
        screen.query(Input).first().focus()
        await press_and_settle(pilot, "enter", "enter", "enter")
        tab = [m for m, _ in shown_notices(app) if m.startswith("Tab moves to the next field")]
        assert len(tab) == 1, shown_notices(app)
        app.notify("Something else")  # another cause still has its own notice
        await press_and_settle(pilot)
        assert [m for m, _ in shown_notices(app)] == [tab[0], "Something else"]
        app.clear_notifications()  # once gone, the same cause may say it again
        await press_and_settle(pilot, "enter")
        assert len(shown_notices(app)) == 1
