"""Issue 26, fields that cannot record the wrong thing: the first key typed into a field
that shows a default replaces it (after Tab, after a tap, after the dialog set the value
while the field had the cursor), and a tap on a dialog's list only highlights the line, so
the Issue-an-Edict dialog commits, step by step, only lines the player has seen and picked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList

from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.screens.modals.travel import TravelModal
from companion.ui.screens.setup.form import SetupScreen
from companion.ui.widgets.number_field import NumberField
from solo_deck.events import Gain, PlayerEdict, Travel
from tests.app.action_dialog_helpers import (
    TYPED_BOARD,
    confirm,
    face_down,
    new_session,
    press,
)
from tests.app.action_dialog_helpers import Host as ActionHost
from tests.app.followup_helpers import TYPED_KEEP, Host, owed, typed_game
from tests.app.pilot_helpers import settle
from tests.app.setup_helpers import open_folds, setup_form

# --- the first key replaces a default ----------------------------------------------------------


def summon_host(folder: Path) -> ActionHost:
    """The Summon dialog of a game without board data: its Grain field shows the Ally
    space's cost, 3, and takes what the player types (with the boards known the board
    gives the cost and the field is not asked)."""
    session = new_session(
        folder, [Gain(grain=2, stone=-1), face_down("summon")], ruleset=TYPED_BOARD
    )
    return ActionHost(session, SummonModal)


async def test_a_typed_key_replaces_the_default_then_keys_append(tmp_path: Path) -> None:
    app = summon_host(tmp_path)
    async with app.shown() as pilot:
        grain = app.screen.query_one("#grain", NumberField)
        assert grain.text == "3"
        for _ in range(12):
            if app.focused is grain.input:
                break
            await press(pilot, "tab")
        await press(pilot, "9")
        assert grain.text == "9"  # not 39
        await press(pilot, "1")
        assert grain.text == "91"  # once typed, the keys edit as usual


async def test_a_tap_into_a_field_then_a_key_replaces_the_default(tmp_path: Path) -> None:
    """On a phone, tapping a field showing 3 and typing 1 gave 31 (the tap put the cursor
    after the 3)."""
    app = summon_host(tmp_path)
    async with app.shown() as pilot:
        grain = app.screen.query_one("#grain", NumberField)
        await pilot.click(grain.input, offset=(3, 1))  # to the right of the 3
        await settle(pilot)
        assert app.focused is grain.input
        await press(pilot, "1")
        assert grain.text == "1"
        await press(pilot, "2")
        assert grain.text == "12"
        # a tap in a field already being typed in places the cursor, as usual
        await pilot.click(grain.input, offset=(1, 1))
        await settle(pilot)
        await press(pilot, "0")
        assert grain.text == "012"


async def test_a_second_tap_before_typing_places_the_cursor(tmp_path: Path) -> None:
    app = summon_host(tmp_path)
    async with app.shown() as pilot:
        grain = app.screen.query_one("#grain", NumberField)
        await pilot.click(grain.input, offset=(6, 1))  # the tap that brings the cursor
        await pilot.click(grain.input, offset=(6, 1))  # a second one: the cursor after 3
        await settle(pilot)
        await press(pilot, "5")
        assert grain.text == "35"


async def test_a_default_set_while_the_field_has_the_cursor_is_replaced(tmp_path: Path) -> None:
    """A dialog that sets a field's value after giving it the cursor (a cost worked out
    again) left the cursor inside or behind the value: "Grain paid 1", 9 typed, gave 19."""
    app = summon_host(tmp_path)
    async with app.shown() as pilot:
        grain = app.screen.query_one("#grain", NumberField)
        grain.input.focus()
        await settle(pilot)
        grain.text = "12"
        await settle(pilot)
        await press(pilot, "9")
        assert grain.text == "9"  # not 92, nor 129
        await press(pilot, "backspace", "backspace")  # (editing works as before)
        assert grain.text == ""


async def test_backspace_in_a_field_with_a_default_empties_it(tmp_path: Path) -> None:
    app = summon_host(tmp_path)
    async with app.shown() as pilot:
        grain = app.screen.query_one("#grain", NumberField)
        await pilot.click(grain.input, offset=(3, 1))
        await press(pilot, "backspace", "4")
        assert grain.text == "4"


async def test_a_port_name_on_the_new_game_form_is_replaced_by_a_tap_and_a_key(
    tmp_path: Path,
) -> None:
    async with setup_form(tmp_path) as (_app, pilot, screen):
        assert isinstance(screen, SetupScreen)
        await open_folds(screen, pilot, "ports-fold")
        name = screen.query_one("#port-name-2", Input)
        assert name.value == "Tunis"
        name.scroll_visible(animate=False)
        await settle(pilot)
        await pilot.click(name, offset=(4, 1))
        await press(pilot, "T", "u", "n", "i", "s", "i")
        assert name.value == "Tunisi"


# --- a tap on a dialog's list line only highlights it ------------------------------------------


def line_offset(options: OptionList, index: int) -> tuple[int, int]:
    """Where to tap line ``index`` of ``options`` (one-line options, inside its border)."""
    top = options.styles.border_top[0] != ""
    return 2, index + (1 if top else 0)


async def tap_line(pilot: Any, options: OptionList, index: int) -> None:
    await pilot.click(options, offset=line_offset(options, index))
    await settle(pilot)
    assert options.highlighted == index, "the tap did not reach the line"


async def test_a_tap_on_a_travel_port_highlights_it_and_sail_records_it(tmp_path: Path) -> None:
    app = ActionHost(new_session(tmp_path), TravelModal)
    async with app.shown() as pilot:
        ports = app.screen.query_one("#ports", OptionList)
        await tap_line(pilot, ports, 1)  # Tunis
        assert app.results == []  # shown, not recorded
        await confirm(pilot)
    assert app.results == [Travel(port=2)]


async def test_the_edict_dialog_by_taps_commits_only_lines_picked_in_the_step_shown(
    tmp_path: Path,
) -> None:
    """On a phone a tap on a line committed its step, and the "Choose" the dialog then
    invited committed the next step's first line, unseen."""
    session = typed_game(tmp_path, TYPED_KEEP)
    app = Host(session, owed(IssueEdictModal))
    async with app.shown() as pilot:
        dialog = app.screen
        assert isinstance(dialog, IssueEdictModal)
        choices = dialog.query_one("#choices", OptionList)
        await tap_line(pilot, choices, 1)  # Active II
        assert dialog.step == 1 and app.results == []  # a tap shows, it commits nothing
        await confirm(pilot)  # Choose: Active II
        assert dialog.step == 2 and dialog.slot == 1
        await confirm(pilot)  # Choose again at once: no line of step 2 was picked
        assert dialog.step == 2 and dialog.choice is None
        assert "Tap the line you choose for step 2" in app.dialog_error()
        last = choices.option_count - 1
        await tap_line(pilot, choices, last)
        assert dialog.step == 2
        await confirm(pilot)
        assert dialog.step == 3 and dialog.choice == dialog.choices[last]
        await confirm(pilot)  # step 3 not picked yet: nothing recorded
        assert app.results == []
        await tap_line(pilot, choices, 2)  # Next III
        await confirm(pilot)
    expected = PlayerEdict(slot=1, choice=dialog.choices[last], replacement=2)
    assert app.results == [expected]


async def test_the_edict_dialog_by_keys_takes_the_highlighted_line(tmp_path: Path) -> None:
    """Enter (a key pressed on purpose, on the line the highlight shows) still takes it."""
    session = typed_game(tmp_path, TYPED_KEEP)
    app = Host(session, owed(IssueEdictModal))
    async with app.shown() as pilot:
        await press(pilot, "down", "enter", "enter")
        dialog = app.screen
        assert isinstance(dialog, IssueEdictModal) and dialog.step == 3
        shown = dialog.query_one("#choices", OptionList).highlighted
        assert shown is not None
        await press(pilot, "ctrl+s")
    assert [(e.slot, e.replacement) for e in app.results] == [(1, shown)]
