"""Shown when another copy of the app holds the data folder, or its lock cannot be used (a
link where the lock file should be, say): read the history, or quit."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from companion.widgets.key_footer import KeyFooter


class DataInUseScreen(Screen[None]):
    """Explains that the data is in use and offers a read-only look at the history."""

    DEFAULT_CSS = """
    DataInUseScreen { align: center middle; }
    DataInUseScreen #in-use { width: 84; max-width: 100%; height: auto; }
    DataInUseScreen #in-use-text { margin-bottom: 1; }
    DataInUseScreen OptionList { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "h",
            "history",
            "History (read-only)",
            id="in_use.history",
            tooltip="Look at your finished games without changing anything",
        ),
        Binding("q", "app.quit", "Quit", id="in_use.quit", tooltip="Leave this copy"),
    ]

    def __init__(self, folder: Path, holder: str, problem: str | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.holder = holder
        self.problem = problem
        """Why the lock could not be used at all (``None``: another copy holds it)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="in-use", classes="panel"):
            if self.problem is None:
                text = (
                    f"Your data in {self.folder} is in use by {self.holder}.\n\n"
                    "Two copies writing at the same time could damage your games, so this "
                    "copy changes nothing. Finish in the other copy, or close it and start "
                    "this one again."
                )
            else:
                text = (
                    f"The lock of your data folder {self.folder} cannot be used: "
                    f"{self.problem}\n\nWithout it this copy changes nothing."
                )
            yield Static(text, id="in-use-text", markup=False)
            yield OptionList(
                Option("h  Look at the history (read-only)", id="history"),
                Option("q  Quit", id="quit"),
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        title = "Data in use" if self.problem is None else "Data folder cannot be locked"
        self.query_one("#in-use", Vertical).border_title = title
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Run the chosen option."""
        if event.option.id == "history":
            self.action_history()
        else:
            self.app.exit()

    def action_history(self) -> None:
        """Open the History screen; the app is read-only."""
        from companion.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen())
