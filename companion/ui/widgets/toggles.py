"""A check box and a radio button that read plainly: the mark shows only when on."""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox, RadioButton


class ClearCheckbox(Checkbox):
    """A check box that shows ``✓`` when on and nothing when off (Textual's draws an X in
    both states, only dimmer when off, which read as "on")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._mark()

    def _mark(self) -> None:
        self.BUTTON_INNER = "✓" if self.value else " "

    def watch_value(self) -> None:
        """The mark follows the value (Textual's watcher then posts Changed)."""
        self._mark()
        super().watch_value()


class ClearRadioButton(RadioButton):
    """A radio button whose dot shows only when it is the one chosen (Textual's draws a
    dimmer dot on the others)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._mark()

    def _mark(self) -> None:
        self.BUTTON_INNER = "●" if self.value else " "

    def watch_value(self) -> None:
        """The dot follows the value (Textual's watcher then posts Changed)."""
        self._mark()
        super().watch_value()
