"""What every screen of the app shares so that it opens at once.

Textual restyles a whole screen each time it is shown (``ScreenResume``), the first
time too, when its widgets were styled a moment before as they were mounted. On a
screen of a few hundred widgets that second pass cost a tenth of a second for nothing.
:class:`OpensAtOnce` skips it the first time only; later resumes (coming back from a
dialog, from another screen) restyle as Textual does, since what the screen shows may
have changed meanwhile. The width classes (``-slim``, ``-roomy``) are given to a screen
before it is mounted (:class:`~companion.ui.framework.hooks.ScreenBeforeMount`), for
the same reason.

A screen the app keeps and shows again (the Reference, installed once) is restyled by
Textual each time it is pushed, though nothing its styles depend on changed while it was
hidden: that restyle, and the redraw of the widgets it touches one frame later, made
opening the Reference twice the Table's key. :class:`OpensAtOnce` skips it when the
theme (the app's CSS generation), the app's classes, the screen's classes and the
terminal's size are as they were when the screen was hidden; otherwise Textual restyles.

A screen under the one shown keeps drawing itself (the Table's timers, the refresh Textual
asks of it as another screen is pushed), and Textual then repaints the screen on top over
the parts that changed, in case they show through. Under an opaque screen nothing shows
through: :class:`OpensAtOnce` drops those parts (the screen is repainted whole when it
comes back on top), which saved the Reference a redraw of every line one frame after it
opened.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from textual import events
    from textual.app import App
    from textual.screen import Screen


def breakpoint_class(width: int, breakpoints: Sequence[tuple[int, str]]) -> str | None:
    """The class Textual's ``HORIZONTAL_BREAKPOINTS`` give a screen ``width`` cells wide:
    the one with the highest threshold it reaches.

    >>> breakpoint_class(120, [(0, "-narrow"), (80, "-medium"), (100, "-wide")])
    '-wide'
    >>> breakpoint_class(79, [(0, "-narrow"), (80, "-medium")]), breakpoint_class(5, [(10, "x")])
    ('-narrow', None)
    """
    for threshold, name in sorted(breakpoints, reverse=True):
        if width >= threshold:
            return name
    return None


def give_width_class(screen: Screen[Any], app: App[Any]) -> None:
    """Give ``screen`` (not yet mounted) the width class Textual would give it once it
    gets its size (its own breakpoints, else the app's), without restyling anything."""
    breakpoints = screen.HORIZONTAL_BREAKPOINTS
    if breakpoints is None:
        breakpoints = app.HORIZONTAL_BREAKPOINTS or []
    chosen = breakpoint_class(app.size.width, breakpoints)
    screen.update_classes({name: name == chosen for _, name in breakpoints}, update=False)


class OpensAtOnce:
    """Mixin for every screen and dialog of the app (listed before the Textual base)."""

    _resumed_before = False
    _hidden_as: tuple[object, ...] | None = None
    """What the styles depended on when the screen was last hidden (see the module)."""

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first time the screen is shown its styles are fresh: Textual's handler,
        which runs next, need not compute them again; nor when it comes back as it was
        hidden (:meth:`_style_inputs` unchanged)."""
        if not self._resumed_before:
            self._resumed_before = True
            event.refresh_styles = False
        elif self._hidden_as is not None and self._hidden_as == self._style_inputs():
            event.refresh_styles = False
        self._hidden_as = None

    def _compositor_refresh(self) -> None:
        """Textual's, except that a screen hidden under an opaque one asks for no repaint
        of the screen shown (see the module)."""
        screen = cast("Screen[Any]", self)
        app = screen.app
        shown = app.screen
        if shown is not screen and shown.styles.background.a == 1 and not app.is_inline:
            screen._compositor._dirty_regions.clear()
            screen._dirty_widgets.clear()
            return
        super()._compositor_refresh()  # type: ignore[misc]

    def _on_screen_suspend(self) -> None:
        self._hidden_as = self._style_inputs()

    def _style_inputs(self) -> tuple[object, ...]:
        """What a screen's styles depend on beyond its own widgets: the app's CSS
        generation (a theme change counts it up), the app's and the screen's classes
        (dark/light, width) and the terminal's size."""
        screen = cast("Screen[Any]", self)
        app = screen.app
        return (
            app._css_update_count,
            frozenset(app.classes),
            frozenset(screen.classes),
            app.size,
        )
