"""The End Phase's building blocks: a step's panel, whose title moves inside it when the
top border is too short for it (a phone, a language with longer words: a border title
cannot wrap, Textual cuts it with "…"), and a step's row, its text beside its button."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Label

BORDER_AROUND_TITLE = 6
"""The border's columns around a title: a corner, a line and a blank on each side."""


class StepPanel(Vertical):
    """A panel (CSS class ``panel``) titled :attr:`title`: in its top border when the title
    fits there, else as the panel's first line, wrapped, in the border title's colours."""

    DEFAULT_CSS = """
    StepPanel > .step-heading {
        width: 100%; color: $accent; text-style: bold; display: none;
    }
    StepPanel.-long-title > .step-heading { display: block; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="panel")
        self.title = ""
        """The whole title, wherever it is drawn."""

    def on_mount(self) -> None:
        self.mount(Label("", classes="step-heading", markup=False), before=0)
        self._place_title()

    def set_title(self, title: str) -> None:
        """Title the panel ``title`` (in the border or inside, as the width allows)."""
        self.title = title
        self._place_title()

    def on_resize(self, event: events.Resize) -> None:
        self._place_title()

    def _place_title(self) -> None:
        width = self.size.width
        inside = bool(width) and cell_len(self.title) + BORDER_AROUND_TITLE > width
        self.border_title = "" if inside else self.title
        self.set_class(inside, "-long-title")
        for heading in self.query_children(".step-heading").results(Label):
            heading.update(self.title)


def step_row(text_id: str, button: str, button_id: str, row_id: str | None = None) -> Horizontal:
    """A step's text with its button on the right."""
    text = Label("", id=text_id, classes="step-text", markup=False)
    return Horizontal(
        text, Button(button, id=button_id, compact=True), classes="step-row", id=row_id
    )


def can_keep_focus(widget: Widget | None) -> bool:
    """True when ``widget`` (the focused one) is a button shown and enabled: the focus
    stays there."""
    if not isinstance(widget, Button) or widget.disabled:
        return False
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))
