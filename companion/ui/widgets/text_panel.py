"""A ``Static`` for the Table's panels: redrawn only when its text changes, and laid out
again only when its height can change.

``Static.update`` asks for a layout of the whole screen by default, and a layout measures
every auto-sized panel again. After one of Frederick's turns most panels change their
words but not their number of lines, so a repaint of the panel is enough.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static


def _widest(text: Text) -> int:
    return max((cell_len(line) for line in text.plain.split("\n")), default=0)


class TextPanel(Static):
    """A panel whose content is one ``rich.text.Text``, set with :meth:`show_text`."""

    _shown: Text | None = None

    def show_text(self, text: Text) -> bool:
        """Show ``text``. Returns False (and does nothing) if it is what is shown."""
        previous = self._shown
        if previous is not None and text == previous and text.style == previous.style:
            return False
        self._shown = text
        self.update(text, layout=self._height_may_change(previous, text))
        return True

    def _height_may_change(self, previous: Text | None, text: Text) -> bool:
        """True unless the new text surely takes the same room as the old one."""
        if previous is None or self.size.width <= 0:
            return True
        if previous.plain.count("\n") != text.plain.count("\n"):
            return True
        width = self.styles.width  # None: as wide as its container
        width_is_auto = width is not None and width.is_auto
        if width_is_auto:
            return _widest(previous) != _widest(text)
        if self.styles.text_wrap == "nowrap":
            return False
        room = self.content_region.width
        return _widest(previous) > room or _widest(text) > room
