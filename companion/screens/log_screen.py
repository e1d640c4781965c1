"""The whole game log with the undo position and the redo branch."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Header, OptionList
from textual.widgets.option_list import Option

from companion.screens.undo import step_log
from companion.widgets.key_footer import KeyFooter


class LogScreen(Screen[None]):
    """Every event, oldest first; undone events that can be redone are shown dimmed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,l", "close", "Back", id="log.close", tooltip="Back to the Table"),
        Binding("ctrl+z", "undo", "Undo", id="log.undo", tooltip="Take back the last event"),
        Binding("ctrl+y", "redo", "Redo", id="log.redo", tooltip="Re-apply an undone event"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList(id="log")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_log()

    def refresh_log(self) -> None:
        """Rebuild the list from the session."""
        game = self.app.session.game
        log = self.query_one(OptionList)
        log.clear_options()
        if game is None:
            return
        options = [
            Option(Text(f"{n:>4}  {line}"), id=f"e{n}") for n, line in enumerate(game.log, start=1)
        ]
        redo = [
            Option(
                Text(f"   ↷  undone: {event.type.replace('_', ' ')}", style="dim"), disabled=True
            )
            for event in game.redo_log
        ]
        log.add_options(options + redo)
        if options:
            log.highlighted = len(options) - 1
        self.sub_title = f"{len(options)} events, {len(redo)} undone"

    def action_close(self) -> None:
        """Back to the Table."""
        self.dismiss(None)

    def action_undo(self) -> None:
        """Undo from here too."""
        step_log(self, "undo")
        self.refresh_log()

    def action_redo(self) -> None:
        """Redo from here too."""
        step_log(self, "redo")
        self.refresh_log()
