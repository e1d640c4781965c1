"""What the New game form remembers between setups (in the settings file): the House,
difficulty, deck mode and easier option chosen, and what the board was said to print.
A file that cannot be read or written is said in a notification, never raised."""

from __future__ import annotations

from typing import Any, cast

from textual.screen import Screen

from companion.i18n import _
from companion.storage.settings_store import PrintedBoard
from companion.ui.host import Host

CHOICES = ("house", "difficulty", "deck_mode", "easier_solo")
"""The choices kept for the next form."""


def printed_board(screen: Screen[Any]) -> PrintedBoard:
    """What the last setup said the board prints (nothing when it cannot be read)."""
    settings = cast(Host, screen.app).session.settings
    try:
        printed = settings.printed_board()
    except (OSError, ValueError) as exc:
        screen.notify(
            _("The remembered board could not be read ({exc}); nothing prefilled.").format(exc=exc)
        )
        return PrintedBoard()
    for problem in settings.problems:
        screen.notify(problem)
    return printed


def remember_setup(screen: Screen[Any], values: dict[str, Any], printed: PrintedBoard) -> None:
    """Keep the board's printed values entered and the choices made, for the next form."""
    settings = cast(Host, screen.app).session.settings
    try:
        settings.remember_printed_board(printed)
    except (OSError, ValueError) as exc:
        screen.notify(
            _("The board's printed values could not be remembered ({exc}).").format(exc=exc)
        )
    try:
        settings.remember_new_game({name: values[name] for name in CHOICES})
    except (OSError, ValueError) as exc:
        screen.notify(_("This setup's choices could not be remembered ({exc}).").format(exc=exc))
