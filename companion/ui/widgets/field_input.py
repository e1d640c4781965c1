""":class:`FieldInput`: a text input whose first key replaces what it shows.

A field that opens with a default (``0``, ``3``, a port's name, a file's path) must not
turn the player's ``9`` into ``19``: Textual selects the text when the focus arrives by
Tab, but a tap or a click puts the cursor where the finger landed, and a value set just
after the focus arrives leaves the cursor behind it. Here, until the player edits, the
whole text stays selected and the first character typed (or pasted) replaces it, however
the field got the focus; Backspace empties it. Once the player has typed, moved the cursor
or clicked a second time, the keys edit as usual.
"""

from __future__ import annotations

from textual import events
from textual.geometry import Size
from textual.widgets import Input
from textual.widgets.input import Selection

from companion.ui.framework.textual_internals import pause_blink, restart_blink

NOT_EDITING = frozenset({"enter", "tab", "shift+tab", "escape", "ctrl+c", "super+c"})
"""Keys that leave the text as it is (the next character still replaces it)."""
EDITING = frozenset(
    key
    for binding in Input.BINDINGS
    if not isinstance(binding, tuple)
    for key in binding.key.split(",")
    if key not in NOT_EDITING
)
"""The Input's own editing keys (cursor moves, deletions, cut, paste...)."""


class FieldInput(Input):
    """An :class:`~textual.widgets.Input` whose first key replaces the text it shows
    (see the module)."""

    fresh = True
    """True until the player edits: the text shown is a default, selected whole."""
    _click_selects = False
    """The next click selects the whole text (the click that brings the focus)."""

    # Textual calls the handler of each class in the MRO in turn (here first, then the
    # Input's own, private ``_on_*``) unless one calls ``prevent_default``: none of these
    # call ``super()``.

    def _select_whole(self) -> None:
        self.selection = Selection(0, len(self.value))

    def on_focus(self, event: events.Focus) -> None:
        if not event.from_app_focus:  # (the window coming back keeps the player's place)
            self.fresh = True
            self._click_selects = True

    def on_blur(self, event: events.Blur) -> None:
        self._click_selects = False

    def validate_virtual_size(self, size: Size) -> Size:
        """Keep the scrollable width while the text fits the field. Textual sets it to the
        text's width on every key, which lays the whole screen out again (the New game
        form's ~80 widgets, for each letter of a tile); while the old width and the new
        both fit what the field shows, nothing can scroll either way, so it stays."""
        shown = self.content_size.width
        current = self.virtual_size
        if shown and size.height == current.height and max(size.width, current.width) <= shown:
            return current
        return size

    def watch_value(self, value: str) -> None:
        """A value set from code while the player has not edited is a default: selected."""
        if self.fresh and self.has_focus:
            self._select_whole()

    async def on_key(self, event: events.Key) -> None:
        if not self.fresh:
            return
        if event.is_printable and event.character is not None:
            event.stop()
            event.prevent_default()
            restart_blink(self)
            self.fresh = False
            self.replace(event.character, 0, len(self.value))
        elif event.key in EDITING:
            self.fresh = False
            if event.key in ("backspace", "delete", "ctrl+d"):
                event.stop()
                event.prevent_default()
                self.value = ""

    def on_paste(self, event: events.Paste) -> None:
        if self.fresh and event.text:
            self.fresh = False
            self._select_whole()

    async def on_mouse_down(self, event: events.MouseDown) -> None:
        if self._click_selects:
            # the tap that brings the focus (or the first one after): the whole text, so
            # the first key replaces it; a second tap places the cursor
            event.prevent_default()
            self._click_selects = False
            pause_blink(self, visible=True)
            self._select_whole()
            return
        self.fresh = False
