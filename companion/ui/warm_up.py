"""Import the engine and the game screens in the background once the Start screen shows.

The Start screen deliberately loads neither (it starts in about the time a bare Textual
app does); without this, the first "New game" or "Resume" would pay for building the
engine's model classes, about half a second on a small machine. A daemon thread is used,
not a Textual worker: quitting at once must not wait for it.
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

_started = threading.Event()


def _import_all() -> None:
    for name in MODULES:
        try:
            importlib.import_module(name)
        except Exception:
            return


def start_warm_up() -> bool:
    """Start importing :data:`MODULES` in a daemon thread (once per process). Returns
    True if this call started it."""
    if _started.is_set():
        return False
    _started.set()
    threading.Thread(target=_import_all, name="stupor-warm-up", daemon=True).start()
    return True
