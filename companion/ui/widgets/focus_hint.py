""":class:`FocusHint`: a dialog's hint that names a widget's keys only while that widget
has the focus.

A hint that says "a line's digit trades" while a price field has the focus sends the
digit into the price (issue 39). This hint follows the focus of its screen (Textual's
``Screen.focused``, watched): while the widget ``target`` names has the focus it shows
``there`` (its keys); anywhere else ``elsewhere`` (how to get there first).
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Label


class FocusHint(Label):
    """A hint that follows the focus (see the module)."""

    def __init__(self, there: str, elsewhere: str, target: str, *, id: str | None = None) -> None:
        super().__init__(elsewhere, id=id, markup=False)
        self.there = there
        self.elsewhere = elsewhere
        self.target = target
        """The id of the widget whose keys ``there`` names."""

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._follow)

    def relabel(self, there: str, elsewhere: str) -> None:
        """Word the hint again (a language switch): both texts already in the language in
        use; the one the focus calls for is shown at once."""
        self.there = there
        self.elsewhere = elsewhere
        if self.is_attached:
            self._follow(self.screen.focused)

    def _follow(self, focused: Widget | None) -> None:
        here = focused is not None and focused.id == self.target
        self.update(self.there if here else self.elsewhere)
