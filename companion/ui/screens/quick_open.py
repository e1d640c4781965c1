"""What every screen of the app shares so that it opens at once.

Textual restyles a whole screen each time it is shown (``ScreenResume``), the first
time too, when its widgets were styled a moment before as they were mounted. On a
screen of a few hundred widgets that second pass cost a tenth of a second for nothing.
:class:`OpensAtOnce` skips it the first time only; later resumes (coming back from a
dialog, from another screen) restyle as Textual does, since what the screen shows may
have changed meanwhile. The width classes (``-slim``, ``-roomy``) are given to a screen
before it is mounted by the app (:meth:`companion.ui.app.StuporSoloApp._get_screen`), for
the same reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first time the screen is shown its styles are fresh: Textual's handler,
        which runs next, need not compute them again."""
        if not self._resumed_before:
            self._resumed_before = True
            event.refresh_styles = False
