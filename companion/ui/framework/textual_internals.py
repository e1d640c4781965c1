"""Textual's private names the app reads or calls, each behind a function that says why
no public API does the job (the names and signatures are in :mod:`.registry`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual._border import get_box
from textual.widgets._select import SelectCurrent, SelectOverlay, SelectType

if TYPE_CHECKING:
    from textual import events
    from textual.app import App
    from textual.message import Message
    from textual.message_pump import MessagePump
    from textual.screen import Screen
    from textual.widgets import Input, Select

__all__ = [
    "SelectCurrent",
    "SelectOverlay",
    "SelectType",
    "app_queue_size",
    "get_box",
    "has_after_refresh_callbacks",
    "is_closing",
    "pause_blink",
    "propagation_stopped",
    "queued_messages",
    "restart_blink",
    "select_lines",
    "select_value_count",
    "send_as_terminal",
    "shown_notices",
    "watch_driver_input",
]
# SelectOverlay, SelectCurrent and SelectType: the Select's open list, its closed face
# and its value type are not exported by textual.widgets; the touch select subclasses the
# first two and F1 asks the open list which line is highlighted.
# get_box: the characters of a border style, to draw the footer's key caps as Textual
# draws borders (no public function gives them).


def app_queue_size(app: App[Any]) -> int:
    """Messages waiting in the app's own queue. Why: Textual has no public "the app is
    idle" query; the type-ahead holds a key until the app has answered the one before."""
    return app._message_queue.qsize()


def queued_messages(node: MessagePump) -> int:
    """Messages waiting in ``node``'s queue (0 for a node whose queue was never made:
    Textual makes it on first use). Why: as :func:`app_queue_size`, for a widget."""
    queue = vars(node).get("_message_queue")
    return 0 if queue is None else int(queue.qsize())


def has_after_refresh_callbacks(screen: Screen[Any]) -> bool:
    """True while a ``call_after_refresh`` callback waits on ``screen``. Why: nothing
    public says whether the screen still has work queued for after its next refresh."""
    return bool(screen._callbacks)


def is_closing(app: App[Any]) -> bool:
    """True once the app has begun to quit. Why: ``App.is_running`` stays true until the
    very end; a held key must not be posted to an app on its way out."""
    return bool(app._closing)


def propagation_stopped(event: events.Key) -> bool:
    """True once a widget has stopped ``event`` (``event.stop()``). Why: Textual offers
    ``stop()`` but no public read of it; the type-ahead waits until a key is taken."""
    return bool(event._stop_propagation)


def pause_blink(field: Input, *, visible: bool) -> None:
    """Hold the input's cursor blink (shown or hidden). Why: selecting the whole text on
    the tap that brings the focus must show the cursor at once, as a key does."""
    field._pause_blink(visible=visible)


def restart_blink(field: Input) -> None:
    """Start the input's cursor blink again, as a key typed does. Why: a field whose
    first key replaces its text handles that key itself, before the Input's handler."""
    field._restart_blink()


def send_as_terminal(app: App[Any], event: Message) -> None:
    """Hand ``event`` to the app as the terminal's driver would (measurements and tests:
    Pilot's ``press`` waits for the app to be idle, which a busy app never is). Why: the
    driver is not public."""
    driver = app._driver
    if driver is None:
        # a programmer's error, never a player's: English
        wrong = "the app has no driver yet"
        raise RuntimeError(wrong)
    driver.send_message(event)


def select_lines(select: Select[Any]) -> list[tuple[Any, Any]]:
    """``(prompt, value)`` of each line of ``select``'s list, in order. Why: Select keeps
    them only privately; F1 on its open list names the highlighted line's value."""
    return list(select._options)


def select_value_count(select: Select[Any]) -> int:
    """How many values ``select`` can take (its blank included when allowed). Why: no
    public count; a Select of a single value offers no choice and is skipped by Tab."""
    return len(select._legal_values)


def shown_notices(app: App[Any]) -> list[tuple[str, str]]:
    """``(message, severity)`` of each notice on screen now (expired ones left out). Why:
    Textual keeps its notices privately and has no public "is this shown" query; a notice
    for the same cause is not stacked twice."""
    return [(notice.message, notice.severity) for notice in app._notifications]


def watch_driver_input(app: App[Any], note: Callable[[Message], None]) -> bool:
    """Call ``note`` with every message the app's driver hands over, where it hands it
    over (a terminal's input thread, before the event loop has seen it); False when the
    app has no driver to watch. Why: only the driver sees a key that early, and it is
    private; background work pauses on that first sight."""
    driver = getattr(app, "_driver", None)
    send = getattr(driver, "send_message", None)
    if driver is None or send is None:
        return False

    def send_message(message: Message) -> None:
        note(message)
        send(message)

    driver.send_message = send_message
    return True
