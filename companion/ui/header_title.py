"""The header's title, shorter where the whole one would be cut (a phone: issue 39, P6;
issue 42: in every language).

Where the header's title and sub-title do not fit its width, the header drops what a player
needs least, one thing at a time, and shows the first form that fits:

1. the app's title and the screen's sub-title ("Stupor Mundi · Solo companion — Round 1 ·
   Savoy · medium");
2. the game's name alone for the title (:data:`SHORT_TITLE`, the same in every edition);
3. the screen's short sub-title, if it has one (:class:`FittingHeader`: the Table's round
   without its House and difficulty, "Stupor Mundi — Round 1").
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual import events
from textual.app import App
from textual.content import Content
from textual.widgets import Header

SHORT_TITLE = "Stupor Mundi"
"""The title where the whole one does not fit beside the sub-title."""
HEADER_SIDES = 18
"""The columns the header's icon (8) and the clock's space (10) take from its title in a
terminal (a browser hides both: ``companion.tcss``)."""


class ShortTitleWhenNarrow(App[None]):
    """An app whose header title drops all but :data:`SHORT_TITLE` when the title and the
    sub-title would not fit the screen's width (the header cuts it: "Solo compani…")."""

    def title_words(self, title: str) -> str:
        """``title`` as the header shows it (a subclass translates it)."""
        return title

    def title_room(self) -> int:
        """The columns the header gives its title and sub-title."""
        return self.size.width - (0 if self.is_web else HEADER_SIDES)

    def format_title(self, title: str, sub_title: str) -> Content:
        """The title and sub-title as the header shows them."""
        return self.fitted_title(title, sub_title)

    def fitted_title(self, title: str, *sub_titles: str) -> Content:
        """The first form of the title with one of ``sub_titles`` (longest first) that fits
        the header: see the module; the last form if none does."""
        forms = [(self.title_words(title), sub_titles[0])]
        if title == self.TITLE:
            forms += [(SHORT_TITLE, sub_title) for sub_title in sub_titles]
        room = self.title_room()
        shown = Content()
        for words, sub_title in forms:
            shown = super().format_title(words, sub_title)
            if shown.cell_length <= room:
                break
        return shown

    def on_resize(self, event: events.Resize) -> None:
        """Headers format their title again at the new width."""
        self.mutate_reactive(App.title)


@runtime_checkable
class ShortSubTitled(Protocol):
    """A screen with a short form of its sub-title, for a narrow header."""

    short_sub_title: str
    """The sub-title's words a player needs most ("" for none): set before ``sub_title``."""


class FittingHeader(Header):
    """A header that may show its screen's short sub-title (:class:`ShortSubTitled`)."""

    def format_title(self) -> Content:
        """The title and sub-title that fit (see the module)."""
        app, screen = self.app, self.screen
        short = screen.short_sub_title if isinstance(screen, ShortSubTitled) else ""
        if isinstance(app, ShortTitleWhenNarrow) and short:
            return app.fitted_title(self.screen_title, self.screen_sub_title, short)
        return super().format_title()
