"""Form pieces shared by the player-turn dialogs and the End Phase / Final score screens.

:class:`NumberField` is a labelled whole-number input whose error shows right beside it;
:class:`EventModal` is the frame of every "record one event" dialog: it checks the finished
event against the engine (``SoloGame.preview``) and shows the rules' objection inline instead
of closing.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from companion.widgets.validators import WholeNumber
from solo_deck import RuleError

EventT = TypeVar("EventT")


def sentence(message: str) -> str:
    """An engine message as a sentence: capital first letter, final full stop."""
    text = message.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


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
    ) -> None:
        super().__init__(id=id, disabled=disabled)
        self._label = label
        self._initial = "" if value is None else str(value)
        self.validator = WholeNumber(minimum, maximum, optional=optional)
        self.hint = hint

    def compose(self) -> ComposeResult:
        yield Label(self._label, classes="number-label")
        yield Input(
            value=self._initial,
            validators=[self.validator],
            validate_on=["changed", "submitted"],
            select_on_focus=True,
        )
        yield Label(self.hint, classes="number-message", markup=False)  # may repeat the text

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

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        result = event.validation_result
        if result is None or result.is_valid:
            self.show_message(None)
        else:
            self.show_message(result.failure_descriptions[0])


class EventModal(ModalScreen[EventT | None], Generic[EventT]):
    """A dialog that builds one event. Subclasses compose the body and build the event;
    this frame adds the error line and the buttons, previews the event and dismisses
    with it only when the rules allow it. Escape closes with ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape",
            "cancel",
            "Cancel",
            id="modal.cancel",
            tooltip="Close without recording anything",
        ),
    ]
    DEFAULT_CSS = """
    EventModal .dialog { overflow-y: auto; }
    EventModal .dialog > Label { width: 100%; }
    """
    DIALOG_TITLE = ""
    OK_LABEL = "Record"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="dialog"):
            yield Label(self.DIALOG_TITLE, classes="dialog-title")
            yield from self.compose_body()
            yield Label("", id="dialog-error", classes="error-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.OK_LABEL, variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def compose_body(self) -> ComposeResult:
        """The fields of the dialog."""
        yield from ()

    def build_event(self) -> EventT | None:
        """The event the fields describe, or ``None`` after showing what is wrong."""
        raise NotImplementedError

    @property
    def session(self) -> Any:
        """The app's ``GameSession``."""
        return self.app.session  # type: ignore[attr-defined]

    def show_error(self, message: str | None) -> None:
        """Show ``message`` (or nothing) on the dialog's error line."""
        self.query_one("#dialog-error", Label).update(sentence(message) if message else "")

    @property
    def error_text(self) -> str:
        """What the error line says now."""
        return str(self.query_one("#dialog-error", Label).content)

    def preview_error(self, event: EventT) -> str | None:
        """Why the rules refuse ``event`` now, or ``None`` when it is allowed."""
        try:
            self.session.game.preview(event)
        except RuleError as exc:
            return str(exc)
        return None

    def submit(self) -> None:
        """Build, check and return the event (or show why not)."""
        event = self.build_event()
        if event is None:
            return
        error = self.preview_error(event)
        if error is not None:
            self.show_error(error)
            return
        self.dismiss(event)

    def action_cancel(self) -> None:
        """Close without an event."""
        self.dismiss(None)

    @on(Button.Pressed, "#ok")
    def _ok(self, event: Button.Pressed) -> None:
        event.stop()
        self.submit()

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()
