"""The keyed list of the dialogs (issue 26): a line's whole key chooses it at once, a key
shared by several lines highlights the first and waits, a key no line has goes on to the
screen, and disabled lines are never chosen by key."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList

from companion.ui.widgets.keyed_list import KeyedLine, KeyedList
from tests.app.pilot_helpers import press_and_settle

LINES = (
    KeyedLine("T2", "Tower"),
    KeyedLine("T2B", "Great Tower B"),
    KeyedLine("W5", "Wall", disabled=True),
    KeyedLine("K2", "Keep"),
)


class ListApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "screen_key", "Screen key")]

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[int] = []
        self.screen_keys = 0

    def compose(self) -> ComposeResult:
        yield KeyedList(LINES, id="lines")

    def on_mount(self) -> None:
        self.query_one(KeyedList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.chosen.append(event.option_index)

    def action_screen_key(self) -> None:
        self.screen_keys += 1


async def test_whole_keys_choose_shared_starts_wait_and_other_keys_go_on() -> None:
    app = ListApp()
    async with app.run_test() as pilot:
        listing = app.query_one(KeyedList)
        assert str(listing.get_option_at_index(1).prompt) == "T2B  Great Tower B"
        await press_and_settle(pilot, "t", "2")  # T2 and T2B begin so: the first, no choice
        assert listing.highlighted == 0 and app.chosen == []
        await press_and_settle(pilot, "b")  # T2B: its whole key chooses it
        assert app.chosen == [1]
        await press_and_settle(pilot, "w", "5")  # W5 is disabled: never chosen by key
        assert app.chosen == [1] and listing.highlighted != 2
        await press_and_settle(pilot, "x")  # no line has it: the screen's key
        assert app.screen_keys == 1
        await press_and_settle(pilot, "k", "2")  # a fresh start after a key no line has
        assert app.chosen == [1, 3]
