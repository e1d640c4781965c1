"""A dialog's button that runs one of its screen's actions: the same the screen's key
runs, so a click and the key cannot drift apart."""

from __future__ import annotations

from textual.widgets import Button
from textual.widgets.button import ButtonVariant


def action_button(
    label: str, action: str, variant: ButtonVariant = "default", *, focusable: bool = True
) -> Button:
    """A button that runs the screen's ``action`` when pressed; its id is the action's
    name with dashes (``start_game``: ``#start-game``). A button that throws something away
    (Cancel, Quit anyway) is not ``focusable``: no Tab and Enter can reach it, its own key
    (in its label and the footer) and a tap still press it."""
    button = Button(label, variant=variant, id=action.replace("_", "-"), action=f"screen.{action}")
    button.can_focus = focusable
    return button
