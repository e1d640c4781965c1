"""Asked when the player quits while a move of the game exists only in memory.

A save can fail (a full disk, a folder gone read-only); the move is kept in memory and the
last good file stays. Quitting then would lose it, so this dialog offers, in order: try
the save again (the disk may have room now), write the game to another file (in the game
file's own format: copied over ``current_game.json`` later, it resumes), quit anyway, or
stay.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from companion.i18n import _, ngettext
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import UNSAVED_QUIT_KEYS, bindings
from companion.ui.widgets.action_button import action_button
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import key_label


class UnsavedQuitScreen(OpensAtOnce, Hosted, ModalScreen[None]):
    """Retry the save, export the game elsewhere, quit anyway, or stay."""

    DEFAULT_CSS = """
    UnsavedQuitScreen > .dialog { width: 90; max-width: 100%; }
    UnsavedQuitScreen #unsaved-path { margin: 1 0 0 0; }
    UnsavedQuitScreen #unsaved-status { margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(UNSAVED_QUIT_KEYS))

    def compose(self) -> ComposeResult:
        session = self.host.session
        count = session.unsaved_changes
        moves = ngettext("{count} change", "{count} changes", count).format(count=count)
        with Vertical(classes="dialog"):
            yield Label(_("Your latest moves are not saved"), classes="dialog-title")
            yield Static(
                _(
                    "The last save failed: {save_error}\n\n{moves} to the game exist only in "
                    "memory and would be lost. Try the save again (r), or write the game to"
                    " another file (e), for instance on another disk; copied over {path} "
                    "later, it resumes."
                ).format(save_error=session.save_error, moves=moves, path=session.game_store.path),
                id="unsaved-text",
                markup=False,
            )
            yield FieldInput(
                placeholder=_("another file for the game, e.g. ~/stupor-game.json"),
                id="unsaved-path",
            )
            yield Static("", id="unsaved-status", classes="error-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield action_button(key_label(self, "Retry the save", "r"), "retry", "primary")
                yield action_button(key_label(self, "Export", "e"), "export")
                yield action_button(
                    key_label(self, "Quit anyway", "ctrl+q"),
                    "quit_anyway",
                    "error",
                    focusable=False,
                )
                yield action_button(key_label(self, "Stay", "esc"), "stay")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#retry", Button).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the file name exports."""
        event.stop()
        self.action_export()

    def _status(self, text: str) -> None:
        self.query_one("#unsaved-status", Static).update(text)

    def action_retry(self) -> None:
        """Save again; quit if it worked, else say why not."""
        try:
            self.host.session.save()
        except OSError as exc:
            self._status(_("Still not saved: {reason}").format(reason=exc))
            return
        self.app.exit(message=Text(_("Your game is saved.")))

    def action_export(self) -> None:
        """Write the game to the file named in the box; quit if it worked."""
        field = self.query_one("#unsaved-path", Input)
        name = field.value.strip()
        if not name:
            self._status("Type the name of a new file for the game first.")
            field.focus()
            return
        session = self.host.session
        try:
            written = session.export_game(Path(name).expanduser())
        except (OSError, ValueError) as exc:
            self._status(_("Not written: {reason}").format(reason=exc))
            field.focus()
            return
        self.app.exit(
            message=Text(
                _(
                    "Your game is in {written}. To resume it, copy that file over {path} "
                    "once the problem is fixed, then choose Resume."
                ).format(written=written, path=session.game_store.path)
            )
        )

    def action_quit_anyway(self) -> None:
        """Quit and lose the moves that were not saved."""
        self.app.exit()

    def action_stay(self) -> None:
        """Back to the game."""
        self.dismiss()
