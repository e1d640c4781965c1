"""Keys typed ahead reach the screen and the field they were meant for, in order.

A player who knows the game types faster than a screen opens: ``n``, the first tile,
Tab, the next tile... Textual hands each key to whatever has the focus at the moment the
app reads it, so a key read while a screen is still being put together, before a focus
change already asked for has happened (``widget.focus()`` only asks; the move comes a
moment later), or while the key before is still on its way through the widgets, lands on
the old screen, on no field, or one field off.

:class:`TypeAhead` holds such a key back until the app has finished answering the keys
before it: the last key has been handled (stopped by the widget that took it, or back at
the app after its bindings ran), the screen on top is mounted with every widget in it,
and no message, focus change or after-refresh callback is waiting anywhere in it. Then
the held keys go on, one at a time, each only once the one before it has been answered.
A key that comes while the app is quiet goes straight through, as before: holding costs
nothing when nobody types ahead. No key is ever dropped: a key that has waited its turn
longer than :data:`MOST_WAIT` seconds (a screen that never stops working) goes on anyway.
Its turn begins when the key before it goes on, not when it was typed: forty keys typed
at once on a slow machine must not all come due together.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from textual.widget import Widget

from companion.ui.first_look import refuses
from companion.ui.framework.textual_internals import (
    app_queue_size,
    has_after_refresh_callbacks,
    is_closing,
    propagation_stopped,
    queued_messages,
)

if TYPE_CHECKING:
    from textual import events
    from textual.app import App
    from textual.message_pump import MessagePump

CHECK_EVERY = 0.002
"""Seconds between two looks at a busy app while keys are held."""
MOST_WAIT = 5.0
"""The longest a key is held (seconds); it then goes on whatever the app is doing."""


def app_is_answering(app: App[Any]) -> bool:
    """True while the screen on top (or a widget in it) is not mounted yet, or a message,
    a focus change or an after-refresh callback waits in the app, the screen or any of
    its widgets."""
    if app_queue_size(app):
        return True
    try:
        screen = app.screen
    except Exception:  # no screen yet: the app is starting
        return True
    if not screen.is_mounted or has_after_refresh_callbacks(screen) or queued_messages(screen):
        return True
    return any(
        not node.is_mounted or queued_messages(node) for node in screen.walk_children(Widget)
    )


class TypeAhead:
    """The app's queue of keys typed ahead (see the module)."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._held: deque[tuple[events.Key, float]] = deque()
        self._released: events.Key | None = None
        self._travelling: tuple[events.Key, MessagePump] | None = None
        """The last key handed to a widget, and that widget, until it is answered."""
        self._watching = False
        self.held_count = 0
        """How many keys have been held so far (for tests and measurements)."""

    @property
    def waiting(self) -> int:
        """How many keys are held now (or let go and not yet handled)."""
        return len(self._held) + (self._released is not None)

    @property
    def idle(self) -> bool:
        """True when no key is held or let go, the last key has been answered and the app
        has nothing else to do (what a driver of the app waits for, keys typed ahead)."""
        return not self.waiting and not self._answering()

    def _answering(self) -> bool:
        """True while the last key is on its way through the widgets, or the app has
        something else still to do (:func:`app_is_answering`)."""
        travelling = self._travelling
        if travelling is not None:
            key, target = travelling
            if propagation_stopped(key) or not target.is_attached:
                self._travelling = None  # taken by a widget, or its widget is gone
            else:
                return True
        return app_is_answering(self._app)

    def holds(self, event: events.Key) -> bool:
        """True when ``event`` (a key the app has just read) is not to be handled now:
        it must wait its turn (it is kept, in order, and posted to the app again later),
        or, its turn come, it was typed too soon for a dialog that opened by itself
        (:mod:`companion.ui.first_look`: it is dropped). False: handle it now."""
        if event is self._released:
            self._released = None
            return refuses(self._app.screen, event)
        if not self._held and self._released is None and not self._answering():
            return refuses(self._app.screen, event)
        self._held.append((event, time.monotonic()))
        self.held_count += 1
        self._watch()
        return True

    def handed_on(self, event: events.Key, target: MessagePump) -> None:
        """The app handed ``event`` to ``target`` (the focused widget or the screen): it
        is on its way until a widget stops it or it comes back to the app."""
        self._travelling = (event, target)

    def came_back(self, event: events.Key) -> None:
        """``event`` came back to the app through its widgets and the app has run its
        bindings: it is answered."""
        if self._travelling is not None and self._travelling[0] is event:
            self._travelling = None

    def _watch(self) -> None:
        if not self._watching:
            self._watching = True
            asyncio.get_running_loop().call_later(CHECK_EVERY, self._check)

    def _check(self) -> None:
        """Let the next held key go once the app has answered the one before (or it has
        waited :data:`MOST_WAIT`)."""
        self._watching = False
        if not self._held:
            return
        if not self._app.screen_stack or is_closing(self._app):  # quitting: nowhere to go
            self._held.clear()
            return
        if self._released is not None:
            self._watch()  # the key let go before is not handled yet
            return
        key, since = self._held[0]
        overdue = time.monotonic() - since > MOST_WAIT
        if not overdue and self._answering():
            self._watch()
            return
        self._held.popleft()
        self._released = key
        if not self._app.post_message(key):  # the app is closing
            self._released = None
        if self._held:  # the next key's turn begins now: its wait is counted from here
            self._held[0] = (self._held[0][0], time.monotonic())
            self._watch()
