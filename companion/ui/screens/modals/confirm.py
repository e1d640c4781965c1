"""The app's one yes/no question.

Every "are you sure?" in the app is a :class:`ConfirmModal`: a title, a body and an
optional muted note (all shown as plain text, so stored names can never be read as
markup), a yes and a no button, ``y`` for yes and ``n``/``escape`` for no, the keys in the
footer. What the keys are called, their tooltips and their binding ids (for keymaps) come
from a :class:`~companion.ui.keys.game.ConfirmKeys` defined in
:mod:`companion.ui.keys.game`, where the Help reads them.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingsMap, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static
from textual.widgets.button import ButtonVariant

from companion.i18n import _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.keys import QUESTION_KEYS, ConfirmKeys
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import key_label


class ConfirmModal(OpensAtOnce, ModalScreen[bool]):
    """Asks a question; ``y`` says yes, ``n``/``escape`` says no, and so do the buttons."""

    BINDINGS: ClassVar[list[BindingType]] = list(QUESTION_KEYS.bindings())

    def __init__(
        self,
        title: str,
        body: str = "",
        *,
        note: str = "",
        yes_label: str = "",
        no_label: str = "",
        danger: bool = False,
        keys: ConfirmKeys = QUESTION_KEYS,
    ) -> None:
        """``yes_label``/``no_label`` name the buttons (``Delete (y)``); ``danger`` paints
        the yes button red (the buttons are Yes and No when not named); ``keys`` gives the
        keys their ids, labels and tooltips."""
        super().__init__()
        self.question = title
        self.body = body
        self.note = note
        self.yes_label = yes_label or _("Yes")
        self.no_label = no_label or _("No")
        self.danger = danger
        self.keys = keys
        if keys != QUESTION_KEYS:
            # Textual reads a screen's keys from this map (a copy of the class's BINDINGS);
            # one built from ``keys`` gives each question its own ids, labels and tooltips.
            self._bindings = BindingsMap(keys.bindings())

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title", markup=False)
            if self.body:
                yield Static(self.body, id="confirm-body", markup=False)
            if self.note:
                yield Static(self.note, id="confirm-note", classes="muted", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yes_variant: ButtonVariant = "error" if self.danger else "primary"
                yield Button(key_label(self, self.yes_label, "y"), variant=yes_variant, id="yes")
                yield Button(key_label(self, self.no_label, "n"), id="no")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click answers too."""
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        """Close with the answer."""
        self.dismiss(answer)
