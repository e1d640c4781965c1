""":class:`TouchOptionList`: a list whose lines a finger can hit in a browser.

In a browser (the app has the class ``-web``) every line gets a blank row above and below
its text, so it is three rows tall (about 50 px at a phone's font; the platforms ask for
44). Textual's OptionList ignores vertical padding on its ``option-list--option``
component (it measures an option from its content), so the rows are added to the option's
content itself: the list measures, draws and scrolls the three rows as one line, and a tap
on any of them finds that line. In a terminal nothing changes.
"""

from __future__ import annotations

from textual.geometry import Spacing
from textual.visual import Padding, Visual
from textual.widgets.option_list import Option

from companion.ui.framework.hooks import OptionVisuals

TOUCH_ROWS = Spacing(1, 0, 1, 0)
"""The blank rows above and below a line's text in a browser."""


class TouchOptionList(OptionVisuals):
    """An OptionList with three-row lines in a browser (see the module)."""

    def dress_line(self, option: Option, visual: Visual) -> Visual:
        """Three rows in a browser; as Textual draws it in a terminal."""
        if self.app.has_class("-web"):
            return Padding(visual, TOUCH_ROWS)
        return visual
