"""Big buttons for a touch screen: the Table's main keys, so nothing needs ctrl.

The bar shows one button per key of :data:`~companion.ui.keys.game.TOUCH_KEYS` (labels from the
keymap), in a grid that fits 46 columns (four a row; all eight on one row with the
``-one-row`` class). A tap runs the screen's action exactly as the key
does (``Screen.run_action``, which asks ``check_action`` first), and each button follows
the key's state: a key the footer dims or hides is a disabled button (kept in place, so
the buttons never move under a finger). The bar listens to the same signal as the footer
(``Screen.bindings_updated_signal``), so it changes in the same frame as the keys.

The buttons never take the focus: a key typed after a tap still goes to the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Grid
from textual.widgets import Button

from companion.i18n import _

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen

    from companion.ui.keys import Key


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
    """

    def __init__(
        self, keys: tuple[Key, ...], *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.keys = keys

    def compose(self) -> ComposeResult:
        for key in self.keys:
            # No tooltip: a finger "hovers" where it tapped, and the tip would stay there.
            button = Button(_(key.label), id=f"touch-{key.action}", compact=False)
            button.can_focus = False
            button.styles.line_pad = 0  # (CSS takes 1 at least): "Frederick" fits 10 columns
            yield button

    def relabel(self) -> None:
        """Each button's label again, in the language in use."""
        for key in self.keys:
            self.query_one(f"#touch-{key.action}", Button).label = _(key.label)

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
