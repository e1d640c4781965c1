"""Pick one of a few options."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.i18n import N_
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.widgets.touch_list import TouchOptionList


class ChoiceModal(OpensAtOnce, ModalScreen[str | None]):
    """A titled list; enter picks, escape cancels. Returns the option's key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            key="escape",
            action="cancel",
            description=N_("Cancel"),
            id="choice.cancel",
            tooltip=N_("Close without choosing"),
        ),
    ]

    def __init__(self, title: str, options: list[tuple[str, str]]) -> None:
        super().__init__()
        self._title = title
        self._options = options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._title, classes="dialog-title")
            yield TouchOptionList(*[Option(text, id=key) for key, text in self._options])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Return the picked key."""
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        """Close without a choice."""
        self.dismiss(None)
