"""Which widgets of a dialog take a choice, and buttons kept out of the Tab order: what
the dialogs' keys (Tab, Enter, the first look) go by."""

from __future__ import annotations

from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Select

from companion.ui.framework.textual_internals import select_value_count

CHOICE_FIELDS = "Input, Select, Checkbox, RadioSet, OptionList, TextArea"
"""The widgets that take a choice or a value in a dialog."""


def unfocusable(button: Button) -> Button:
    """``button``, left out of the Tab order (a tap and its own key still press it)."""
    button.can_focus = False
    return button


def takes_a_choice(widget: Widget) -> bool:
    """True when ``widget`` is shown and enabled and offers a choice (a Select with a
    single option offers none)."""
    if widget.disabled or not widget.can_focus:
        return False
    if isinstance(widget, Select) and select_value_count(widget) <= 1:
        return False
    node: DOMNode | None = widget
    while node is not None and not isinstance(node, ModalScreen):
        if not node.display:
            return False
        node = node.parent
    return True
