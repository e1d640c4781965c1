"""What must fit at the sizes the app is used at (issue 26, "Also seen"): the table-deck
face picker's help line, a long Frederick turn on the Table, and the Table after the
terminal is made small and large again."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import Input, Label, OptionList

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.solo_face import SoloFaceModal
from companion.ui.widgets.edict_input import EdictField
from solo_deck import GameSetup
from solo_deck.model.state import FrederickReport
from solo_deck.setup import initial_state
from tests.app.game_script import SUMMON_GISELE, script_setup
from tests.app.pilot_helpers import SIZE, open_table, plain, press_and_settle, settle


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


LONG_TURN = FrederickReport(
    card_id="S11",
    face="ship stays · ally · Edict III · crown",
    steps=(
        "Frederick's ship stays in Roma",
        "Remove the Ally in Roma (Tento) from the game and leave the face-down one beneath",
        "Issue Edict I (Active III is empty) (1P): move forward 1 Specialist step (Path A "
        "space 1 → 2)",
        "No Next tile can refill Active I: it stays empty (the game ends after this round)",
        "Crown: 2 of 2 since the last shuffle",
        "Shuffle all 16 solo cards into a new deck (end of this turn)",
        "Frederick has taken his 4 actions for this round",
    ),
    reshuffled=True,
    action_number=4,
)
"""A long turn as a random game played it (seed 7): seven steps, four of them wrapped."""


def after_a_long_turn(awaiting: bool, report: FrederickReport = LONG_TURN) -> GameSetup:
    """The simple game's setup, starting just after ``report`` (:data:`LONG_TURN`) and
    waiting for the Next II tile it drew, if ``awaiting``."""
    setup = script_setup()
    state = initial_state(setup)
    edicts = state.edicts.model_copy(update={"awaiting": (1,) if awaiting else ()})
    state = state.model_copy(update={"last_frederick": report, "edicts": edicts})
    return setup.model_copy(update={"start": state})


@pytest.mark.parametrize("awaiting", [False, True])
async def test_a_long_frederick_turn_never_scrolls_the_table(
    tmp_path: Path, awaiting: bool
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(app, pilot, setup=after_a_long_turn(awaiting))
        await settle(pilot)
        body = table.query_one("#body")
        assert (body.max_scroll_y, body.scroll_y) == (0, 0)
        steps = table.query_one("#instructions")
        assert steps.region.bottom <= body.region.bottom
        field = table.query_one("#reveal-field", EdictField)
        if not awaiting:  # the end of what to do is in view, not under a hidden field
            assert steps.max_scroll_y == 0
        if awaiting:
            assert app.focused is field.query_one(Input)
            assert steps.region.contains_region(field.region)
            await press_and_settle(pilot, "2", "k")  # typing the tile moves nothing
            assert (body.max_scroll_y, body.scroll_y) == (0, 0)


def table_regions(app: StuporSoloApp) -> dict[str, Region]:
    return {
        name: app.screen.query_one(f"#{name}").region
        for name in ("body", "palace", "edicts", "deck", "voyage", "left", "instructions")
    }


@pytest.mark.parametrize("awaiting", [False, True])
async def test_80x24_and_back_gives_the_same_table(tmp_path: Path, awaiting: bool) -> None:
    # Issue 26: back at 120x40 the right column stayed narrow beside a scrollbar (the
    # Table scrolled as a whole: its scrollbar took two columns from What to do).
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, setup=after_a_long_turn(awaiting))
        await settle(pilot)
        before = table_regions(app)
        assert before["instructions"].right == SIZE[0]  # the right column reaches the edge
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen.has_class("-narrow")
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        await settle(pilot)
        assert table_regions(app) == before
        body = app.screen.query_one("#body")
        assert not body.show_vertical_scrollbar and body.max_scroll_y == 0
