"""A ``Static`` for the Table's panels: redrawn only when its text changes, and laid out
again only when its height can change.

``Static.update`` asks for a layout of the whole screen by default, and a layout measures
every auto-sized panel again. After one of Frederick's turns most panels change their
words but not their number of lines, so a repaint of the panel is enough.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.cells import cell_len
from rich.text import Text
from textual.visual import visualize
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.css.styles import RulesMap


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
        if _widest(previous) <= room and _widest(text) <= room:
            return False
        # a line wraps: the rows differ only if the wrapped heights do (a longer language
        # wraps a line the same way turn after turn; a layout measures every panel again)
        return self._rows(previous, room) != self._rows(text, room)

    def text_rows(self) -> int:
        """The rows the text shown takes at the panel's width now (fewer than its height
        when a minimum height keeps rows empty under it)."""
        if self._shown is None:
            return 0
        return self._rows(self._shown, self.content_region.width)

    def _rows(self, text: Text, width: int) -> int:
        """The rows ``text`` takes at ``width`` columns, measured as a layout would."""
        # the styles, as Textual's own ``Widget.get_content_height`` passes them
        rules = cast("RulesMap", self.styles)
        return visualize(self, text, markup=False).get_height(rules, width)
