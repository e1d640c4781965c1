"""What the benchmarks read of Textual's insides to measure the app: whether a screen
still has work to do, one-shot timers not yet fired, the frames drawn, and the methods
counted per key. Nothing in the app itself uses this module (the names and signatures
are in :mod:`.registry`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.ui.framework.textual_internals import (
    app_queue_size,
    has_after_refresh_callbacks,
    queued_messages,
)

if TYPE_CHECKING:
    from textual.app import App
    from textual.pilot import Pilot

COUNTED_CALLS: tuple[tuple[str, str, str, str], ...] = (
    ("textual.screen", "Screen", "_refresh_layout", "layouts"),
    ("textual._compositor", "Compositor", "render_update", "updates"),
    ("textual.css.stylesheet", "Stylesheet", "update_nodes", "restyles"),
    ("textual.widget", "Widget", "_on_mount", "mounted"),
)
"""``(module, class, method, counter)``: the calls a key probe counts (layout passes,
frames, restyles, widgets mounted). Why private: Textual counts none of these itself."""


def screen_busy(app: App[Any]) -> bool:
    """True while the screen on top has a layout, a repaint, a recompose or an
    after-refresh callback pending, or a message waits anywhere in it. Why: Textual's
    Pilot waits for one refresh, not for all the work a refresh leaves behind."""
    screen = app.screen
    if has_after_refresh_callbacks(screen) or screen._layout_required:
        return True
    if screen._repaint_required or screen._dirty_widgets or screen._recompose_required:
        return True
    nodes = (app, *screen.walk_children())
    return bool(app_queue_size(app)) or any(queued_messages(node) for node in nodes)


def one_shot_timer_pending(app: App[Any]) -> bool:
    """True while a timer that fires once has not fired yet on the app, the screen or
    one of its widgets. Why: timers are kept privately; the Table starts its odds that
    way shortly after each change."""
    for node in (app, *app.screen.walk_children(with_self=True)):
        for timer in list(node._timers):
            task = timer._task
            if timer._repeat == 0 and task is not None and not task.done():
                return True
    return False


async def wait_for_screen(pilot: Pilot[Any]) -> None:
    """Pilot's own wait for the screen to have handled its messages. Why: private in
    Pilot, which calls it after each key it presses."""
    await pilot._wait_for_screen()


def on_frames(app: App[Any], seen: Callable[[Any], None]) -> None:
    """Call ``seen(segments)`` with each screen update the app writes (its segments,
    rendered), after it is written. Why: only ``App._display`` sees each frame go out."""
    from textual._compositor import CompositorUpdate

    display = app._display

    def display_and_watch(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if isinstance(renderable, CompositorUpdate):
            seen(renderable.render_segments(app.console))

    app._display = display_and_watch  # type: ignore[method-assign]
