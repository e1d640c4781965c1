"""Import the engine and the game screens in the background once the Start screen shows.

The Start screen deliberately loads neither (it starts in about the time a bare Textual
app does); without this, the first "New game" or "Resume" would pay for building the
engine's model classes, about half a second on a small machine. A daemon thread is used,
not a Textual worker: quitting at once must not wait for it. A served page that came back
opens the Table before its first frame: it imports the Table's modules at once
(:func:`import_for_the_table`).
"""

from __future__ import annotations

import importlib
import threading

MODULES = (
    "solo_deck.game",
    "solo_deck.insight.advisor",
    "solo_deck.insight.forecast",
    "solo_deck.insight.odds",
    "companion.storage.history_store",
    "companion.ui.screens.setup.form",
    "companion.ui.screens.table",
)
"""What the next screens need, in the order they are likely to be needed."""

WARM_UP_DELAY = 0.5
"""Seconds after the Start screen mounts: its first frames are drawn without competing
for the interpreter, and a player is still reading the menu."""

TABLE_MODULES = ("solo_deck.game", "companion.ui.screens.table")
"""What the Table needs to draw its first frame (the engine and the Table screen)."""

_started = threading.Event()


def _import_all(names: tuple[str, ...] = MODULES) -> None:
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # the screen that needs it says what went wrong
            return


def import_for_the_table() -> None:
    """Import :data:`TABLE_MODULES` now (a served page that came back opens the Table
    before its first frame: :mod:`companion.ui.data_hold`)."""
    _import_all(TABLE_MODULES)


def start_warm_up() -> bool:
    """Start importing :data:`MODULES` in a daemon thread (once per process). Returns
    True if this call started it."""
    if _started.is_set():
        return False
    _started.set()
    threading.Thread(target=_import_all, name="stupor-warm-up", daemon=True).start()
    return True
