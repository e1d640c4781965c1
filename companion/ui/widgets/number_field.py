""":class:`NumberField`: a labelled whole-number input whose error shows right beside it
(used by the dialogs and the End Phase / Final score screens)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Label

from companion.i18n import N_, _
from companion.ui.notices import sentence
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.validators import WholeNumber

DIGITS_ONLY = N_("only a whole number goes here: type digits (0-9)")
"""What a number field says when a key that is not a digit is typed into it (English:
shown through ``_()``)."""


class DigitsInput(FieldInput):
    """A :class:`FieldInput` that takes digits only (and a leading minus where the field
    allows a negative number): a letter never enters it, so keys meant for the screen
    behind a dialog that opened by itself (``a`` for Ally income) record nothing there."""

    class Refused(Message):
        """A key that is not a digit was typed and left out."""

    def restricted(self) -> None:
        """Textual's public hook for a key the ``restrict`` pattern leaves out."""
        self.post_message(self.Refused())


class NumberField(Horizontal):
    """``label [ input ] message``: a whole number within ``minimum``..``maximum``.

    The message beside the input is the hint while the text is fine and the reason in red
    when it is not (``abc``, a negative number, out of range).
    """

    DEFAULT_CSS = """
    NumberField { height: auto; }
    NumberField > .number-label { width: 20; height: 3; content-align: left middle; }
    NumberField > Input { width: 12; }
    NumberField > .number-message {
        width: 1fr; height: 3; content-align: left middle; padding-left: 1; color: $text-muted;
    }
    NumberField > .number-message.-invalid { color: $error; }
    NumberField.-compact > .number-label, NumberField.-compact > .number-message { height: 1; }
    """

    def __init__(
        self,
        label: str,
        value: int | str | None = None,
        *,
        minimum: int = 0,
        maximum: int = 999,
        optional: bool = False,
        hint: str = "",
        id: str | None = None,
        disabled: bool = False,
        compact: bool = False,
    ) -> None:
        super().__init__(id=id, disabled=disabled, classes="-compact" if compact else "")
        self.compact = compact
        """One line high: the input without its border (for dialogs with many fields)."""
        self._label = label
        self._initial = "" if value is None else str(value)
        self.validator = WholeNumber(minimum, maximum, optional=optional)
        self.hint = hint

    def compose(self) -> ComposeResult:
        yield Label(self._label, classes="number-label")
        yield DigitsInput(
            value=self._initial,
            restrict=r"-?[0-9]*" if self.validator.minimum < 0 else r"[0-9]*",
            validators=[self.validator],
            validate_on=["changed", "submitted"],
            select_on_focus=True,
            compact=self.compact,
        )
        yield Label(self.hint, classes="number-message", markup=False)  # may repeat the text

    def relabel(self, label: str, hint: str | None = None) -> None:
        """Word the field again (a language switch): ``label`` and, unless ``None``,
        ``hint``, both already in the language in use; the number typed stays, and a red
        message stays until the text changes."""
        self._label = label
        self.query_one(".number-label", Label).update(label)
        if hint is not None:
            self.hint = hint
            if not self.has_error:
                self.show_message(None)

    @property
    def input(self) -> Input:
        """The text input inside the field."""
        return self.query_one(Input)

    @property
    def text(self) -> str:
        """The raw text typed."""
        return self.input.value.strip()

    @text.setter
    def text(self, value: str) -> None:
        self.input.value = value

    @property
    def value(self) -> int | None:
        """The number, or ``None`` while the text is empty or not valid."""
        if not self.validator.validate(self.text).is_valid or not self.text:
            return None
        return int(self.text)

    def check(self) -> bool:
        """Validate now, show the reason beside the input, and say whether it is fine."""
        result = self.validator.validate(self.text)
        if result.is_valid:
            self.show_message(None)
            return True
        self.show_message(result.failure_descriptions[0])
        return False

    def show_message(self, error: str | None) -> None:
        """Show ``error`` in red beside the input, or the hint when ``None``."""
        label = self.query_one(".number-message", Label)
        label.update(sentence(error) if error else self.hint)
        label.set_class(error is not None, "-invalid")

    @property
    def has_error(self) -> bool:
        """True while a red message is shown."""
        return self.query_one(".number-message", Label).has_class("-invalid")

    @on(DigitsInput.Refused)
    def _refused(self, event: DigitsInput.Refused) -> None:
        event.stop()
        self.show_message(_(DIGITS_ONLY))

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        result = event.validation_result
        if result is None or result.is_valid:
            self.show_message(None)
        else:
            self.show_message(result.failure_descriptions[0])
