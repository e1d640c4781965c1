"""The Table's field for a Next tile just drawn says how the pile stands without reading
as "the pile is empty" (issue 26)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Label

from companion.ui.app import StuporSoloApp
from companion.ui.widgets.edict_input import EdictField
from solo_deck import GameSetup
from solo_deck.setup import initial_state
from tests.app.game_script import script_setup
from tests.app.pilot_helpers import SIZE, open_table, settle


def drawn_with(left: int) -> GameSetup:
    """The simple game's setup, starting with a new Next I tile drawn and ``left`` tiles
    still in the pile after it."""
    setup = script_setup()
    state = initial_state(setup)
    edicts = state.edicts.model_copy(update={"awaiting": (0,), "pile": left})
    return setup.model_copy(update={"start": state.model_copy(update={"edicts": edicts})})


@pytest.mark.parametrize(
    ("left", "prompt"),
    [
        (0, "New Next I tile (the last of the pile), then enter:"),
        (1, "New Next I tile (1 more in the pile), then enter:"),
        (4, "New Next I tile (4 more in the pile), then enter:"),
    ],
)
async def test_the_tile_prompt_counts_the_pile_after_the_draw(
    tmp_path: Path, left: int, prompt: str
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(app, pilot, setup=drawn_with(left))
        await settle(pilot)
        field = table.query_one("#reveal-field", EdictField)
        assert str(field.query_one(".edict-label", Label).content) == prompt


async def test_a_notification_on_the_narrow_table_leaves_the_tile_field_and_buttons_clear(
    tmp_path: Path,
) -> None:
    """At 80x24 the tile field ends "What to do", just above the folded panels and the
    big buttons: a notification (a House card's, say) must not hide it."""
    from textual.widgets import Button, Input
    from textual.widgets._toast import Toast

    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await open_table(app, pilot, setup=drawn_with(4))
        await settle(pilot)
        app.notify("House card played: +3 Augustales.")
        await settle(pilot)
        toast = app.screen.query_one(Toast).region
        field = table.query_one("#reveal-field", EdictField).query_one(Input).region
        assert field.area and not toast.overlaps(field), (toast, field)
        # nor anything else of What to do (see also tests/app/test_notice_room.py)
        assert not toast.overlaps(table.query_one("#instructions").region)
        for button in table.query(Button):
            if button.region.area:
                assert not toast.overlaps(button.region), (toast, button)
