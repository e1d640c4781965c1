"""The Textual application: screens, global keys, themes and the command palette."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import BindingType

from companion.commands import GameCommands
from companion.keymap import APP_KEYS, bindings
from companion.session import GameSession

DARK_THEME = "textual-dark"
LIGHT_THEME = "textual-light"


class StuporSoloApp(App[None]):
    """Frederick's brain, the game's memory and the score keeper."""

    TITLE = "Stupor Mundi · Solo companion"
    CSS_PATH = "companion.tcss"
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS: ClassVar[list[BindingType]] = list(bindings(APP_KEYS))

    def __init__(self, data_dir: Path, *, resume: bool = True) -> None:
        super().__init__()
        self.session = GameSession(data_dir)
        self._resume = resume

    def on_mount(self) -> None:
        """Apply the saved theme and open the Start screen."""
        from companion.screens.start import StartScreen

        try:
            saved = self.session.settings.theme()
        except (OSError, ValueError):
            saved = None
        if saved in (DARK_THEME, LIGHT_THEME):
            self.theme = saved
        self.push_screen(StartScreen())

    def action_help(self) -> None:
        """Show the help screen (keys and rules decisions)."""
        from companion.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_toggle_theme(self) -> None:
        """Switch dark ↔ light and remember the choice."""
        self.theme = LIGHT_THEME if self.theme == DARK_THEME else DARK_THEME
        try:
            self.session.settings.set_theme(self.theme)
        except OSError as exc:
            self.notify(f"Could not save the theme choice: {exc}", severity="warning")

    def open_table(self) -> None:
        """Show the Table for the game in progress (replacing any screen above Start)."""
        from companion.screens.table import TableScreen

        self.push_screen(TableScreen())
