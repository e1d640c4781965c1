"""A check box and a radio button that read plainly: the mark shows only when on."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


class ClearCheckbox(Checkbox):
    """A check box that shows ``✓`` when on and nothing when off (Textual's draws an X in
    both states, only dimmer when off, which read as "on")."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "✓" if self.value else " "
        return super()._button


class ClearRadioButton(RadioButton):
    """A radio button whose dot shows only when it is the one chosen (Textual's draws a
    dimmer dot on the others)."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else " "
        return super()._button
