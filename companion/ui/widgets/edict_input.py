"""An Input for edict notation with live validation and a plain-words preview."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label

from companion.i18n import N_, _, shown
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.validators import EdictNotation
from solo_deck import Edict, awaits_letter, parse_edict

LETTERS = N_("letters: G Grain, S Stone, A Augustales, T Tower, W Wall, K Keep, C Ally, P Path")
"""What each letter of the notation stands for."""


class EdictField(Vertical):
    """A labelled edict input; below it either the tile in words or what is wrong."""

    DEFAULT_CSS = """
    EdictField { height: auto; }
    EdictField .edict-label { width: 100%; color: $text-muted; }
    EdictField .edict-feedback { height: auto; width: 100%; color: $text-muted; }
    EdictField .edict-feedback.-invalid { color: $error; }
    EdictField > .edict-row { height: auto; }
    EdictField > .edict-row > .edict-column { width: 1fr; height: auto; }
    EdictField > .edict-row > Button { margin-left: 1; }
    """

    def __init__(
        self,
        label: str,
        value: str = "",
        *,
        id: str | None = None,
        compact: bool = False,
        hint: bool = True,
        enter_button: bool = False,
    ) -> None:
        super().__init__(id=id)
        self._label = label
        self._value = value
        self._compact = compact
        """A one-line input without a border (where room is short, as on the Table)."""
        self._hint = hint
        """Whether an empty field shows what the letters mean (a form of several fields
        says it once, above them)."""
        self._enter_button = enter_button
        """In a browser, an Enter button beside the input (a phone's keyboard may have
        none, or hide it); the screen handles its press (``#edict-enter``) as Enter."""

    def compose(self) -> ComposeResult:
        label = Label(self._label, classes="edict-label")
        field = FieldInput(
            value=self._value,
            placeholder=_("e.g. 2T 1K"),
            validators=[EdictNotation()],
            validate_on=["changed", "submitted"],
            compact=self._compact,
        )
        feedback = Label("", classes="edict-feedback", markup=False)  # repeats what was typed
        if self._enter_button and self.app.is_web:
            # the label, the input and the reading in one column beside the three-row
            # button: the field takes no more rows than the button (a tablet's What to
            # do has few to spare beside Frederick's card)
            with Horizontal(classes="edict-row"):
                yield Vertical(label, field, feedback, classes="edict-column")
                yield Button(_("Enter"), id="edict-enter", compact=True)
        else:
            yield label
            yield field
            yield feedback

    def on_mount(self) -> None:
        self._show(self.query_one(Input).value)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def _show(self, text: str) -> None:
        feedback = self.query_one(".edict-feedback", Label)
        if not text.strip():  # nothing typed yet is not an error (a form checks it on submit)
            self.query_one(Input).remove_class("-invalid")
            self._say(feedback, _(LETTERS) if self._hint else "")
            feedback.set_class(False, "-invalid")
            return
        try:
            edict = parse_edict(text)
        except ValueError as exc:
            if awaits_letter(text):  # a count just typed: not wrong yet, its letter comes next
                self._say(feedback, _("{typed}… then its letter").format(typed=text.strip()))
                feedback.set_class(False, "-invalid")
                return
            self._say(feedback, shown(exc.args[0]) if exc.args else str(exc))
            feedback.set_class(True, "-invalid")
        else:
            self._say(feedback, f"= {shown(edict.describe())}")
            feedback.set_class(False, "-invalid")

    def _say(self, feedback: Label, text: str) -> None:
        """Show ``text`` under the field. A line that stays one line (the old text and the
        new both fit the width) changes no layout: the form is not laid out again for it,
        which was most of what a key in a tile field cost."""
        width = feedback.content_size.width
        before = str(feedback.content)
        one_line = width > 0 and max(cell_len(before), cell_len(text)) <= width
        if text != before:
            feedback.update(text, layout=not one_line)

    def relabel(self) -> None:
        """Its words again in the language in use (what is typed stays)."""
        self.query_one(Input).placeholder = _("e.g. 2T 1K")
        for button in self.query("#edict-enter").results(Button):
            button.label = _("Enter")
        self._show(self.query_one(Input).value)

    @property
    def edict(self) -> Edict | None:
        """The parsed tile, or None while the text is not valid."""
        try:
            return parse_edict(self.query_one(Input).value)
        except ValueError:
            return None

    def focus_input(self) -> None:
        """Put the cursor in the input."""
        self.query_one(Input).focus()
