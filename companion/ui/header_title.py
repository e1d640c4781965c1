"""The header's title, shorter where the whole one would be cut (a phone: issue 39, P6)."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.content import Content

SHORT_TITLE = "Stupor Mundi"
"""The title where the whole one does not fit beside the sub-title."""
ICON_ROOM = 10
"""The columns the header's icon and a margin take from its title."""


class ShortTitleWhenNarrow(App[None]):
    """An app whose header title drops all but :data:`SHORT_TITLE` when the title and the
    sub-title would not fit the screen's width (the header cuts it: "Solo compani…")."""

    def format_title(self, title: str, sub_title: str) -> Content:
        """The title and sub-title as the header shows them."""
        whole = super().format_title(title, sub_title)
        cut = whole.cell_length + ICON_ROOM > self.size.width
        if cut and title.startswith(SHORT_TITLE) and title != SHORT_TITLE:
            return super().format_title(SHORT_TITLE, sub_title)
        return whole

    def on_resize(self, event: events.Resize) -> None:
        """Headers format their title again at the new width."""
        self.mutate_reactive(App.title)
