"""Big buttons for a touch screen: the Table's main keys, so nothing needs ctrl.

The bar shows one button per key of :data:`~companion.ui.keys.game.TOUCH_KEYS` (labels from the
keymap), in a grid that fits 46 columns (four a row; all eight on one row with the
``-one-row`` class). A tap runs the screen's action exactly as the key
does (``Screen.run_action``, which asks ``check_action`` first), and each button follows
the key's state: a key the footer dims or hides is a disabled button (kept in place, so
the buttons never move under a finger). The bar listens to the same signal as the footer
(``Screen.bindings_updated_signal``), so it changes in the same frame as the keys.

Every label shows whole, in every language (issue 42: "Karte spielen", "Wiederholen" on a
phone): a label longer than its button's row wraps between words onto a second row (the
button gives up its bottom edge for it, :class:`TouchButton`), and where a word is longer
than an equal share of the width, each column is as wide as its labels need and the
columns share what is left (:func:`column_widths`). Labels that fit on one row (English)
leave the bar as it was.

The buttons never take the focus: a key typed after a tap still goes to the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.containers import Grid
from textual.widgets import Button

from companion.i18n import _

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen

    from companion.ui.keys import Key

LABEL_ROWS = 2
"""The rows a big button (three rows tall) gives its label at most."""


def label_rows(label: str, width: int) -> int | None:
    """The rows ``label`` takes wrapped between words at ``width`` columns; ``None`` if a
    word of it is wider (it would be cut inside the word)."""
    rows = used = 0
    for word in label.split():
        size = cell_len(word)
        if size > width:
            return None
        if rows and used + 1 + size <= width:
            used += 1 + size
        else:
            rows, used = rows + 1, size
    return rows


def label_width(labels: Sequence[str], rows: int = LABEL_ROWS) -> int:
    """The fewest columns in which each of ``labels`` wraps into ``rows`` rows at most."""
    width = max((cell_len(word) for label in labels for word in label.split()), default=1)
    while any((label_rows(label, width) or rows + 1) > rows for label in labels):
        width += 1
    return width


def column_widths(columns: Sequence[Sequence[str]], room: int) -> tuple[int, ...] | None:
    """The widths of grid columns holding ``columns`` (each one's labels) in ``room``
    columns: ``None`` (equal columns) when an equal share holds every label, else each
    column's need (:func:`label_width`), the columns left narrowest widened one by one
    until ``room`` is used; ``None`` too if even the needs do not fit (best effort)."""
    needs = [label_width(labels) for labels in columns]
    if not needs or max(needs) <= room // len(needs) or sum(needs) > room:
        return None
    widths = list(needs)
    for _extra in range(room - sum(needs)):
        narrowest = min(range(len(widths)), key=lambda index: widths[index])
        widths[narrowest] += 1
    return tuple(widths)


class TouchButton(Button):
    """A big button whose label takes two rows when one is too short for it."""

    def fit_rows(self) -> None:
        """Give the label a second row (class ``-two-rows``) if it needs one at this width."""
        width = self.size.width
        if width:
            rows = label_rows(str(self.label), width)
            self.set_class(rows is None or rows > 1, "-two-rows")

    def on_resize(self) -> None:
        self.fit_rows()


class TouchBar(Grid):
    """A grid of big buttons, one per key."""

    DEFAULT_CSS = """
    TouchBar {
        grid-size: 4;
        grid-gutter: 0 1;
        grid-rows: 3;
        height: auto;
        padding: 0 1;
        background: $panel;
    }
    TouchBar.-one-row { grid-size: 8; }
    TouchBar > Button { width: 1fr; min-width: 0; height: 3; }
    TouchBar > Button.-two-rows { border-bottom: none !important; }
    """

    def __init__(
        self, keys: tuple[Key, ...], *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.keys = keys
        self._widths: tuple[int, ...] | None = None
        """The columns' widths set (``None``: the stylesheet's equal columns)."""

    def compose(self) -> ComposeResult:
        for key in self.keys:
            # No tooltip: a finger "hovers" where it tapped, and the tip would stay there.
            button = TouchButton(_(key.label), id=f"touch-{key.action}", compact=False)
            button.can_focus = False
            button.styles.line_pad = 0  # (CSS takes 1 at least): "Frederick" fits 10 columns
            yield button

    def relabel(self) -> None:
        """Each button's label again, in the language in use."""
        for key in self.keys:
            self.query_one(f"#touch-{key.action}", TouchButton).label = _(key.label)
        self._fit_columns()
        for button in self.query(TouchButton):
            button.fit_rows()

    def on_resize(self) -> None:
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Columns as wide as their labels need, if equal ones would cut one."""
        count = self.styles.grid_size_columns
        room = self.size.width - self.styles.grid_gutter_vertical * (count - 1)
        if room <= 0:
            return
        labels = [str(button.label) for button in self.query(TouchButton)]
        widths = column_widths([labels[column::count] for column in range(count)], room)
        if widths != self._widths:
            self._widths = widths
            self.styles.grid_columns = widths

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._keys_changed)
        self._follow_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _keys_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self._follow_keys()

    def _follow_keys(self) -> None:
        """Enable exactly the buttons whose key is lit now."""
        screen = self.screen
        for key in self.keys:
            lit = screen.check_action(key.action, ()) is True
            button = self.query_one(f"#touch-{key.action}", Button)
            if button.disabled == lit:
                button.disabled = not lit

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        """Run the key's action on the screen (refused there if it is not lit)."""
        event.stop()
        action = (event.button.id or "").removeprefix("touch-")
        if action:
            await self.screen.run_action(action)
