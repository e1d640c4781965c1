"""Gain or spend VP and supplies (any change the other dialogs do not cover)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input, Label

from companion.i18n import N_, _
from companion.ui.screens.modals.event_modal import EventModal
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.number_field import NumberField
from solo_deck import GameState
from solo_deck.events import Gain

FIELDS = (
    ("vp", N_("VP")),
    ("grain", N_("Grain")),
    ("stone", N_("Stone")),
    ("augustales", N_("Augustales")),
)
"""Each track's field: its name and its label (English, shown through ``_``)."""


class GainModal(EventModal[Gain]):
    """A signed amount per track (``-3`` to spend 3) and an optional reason. Beside each
    amount the track's new value shows; going below 0 is refused right there."""

    DIALOG_TITLE = N_("Gain or spend")
    OK_LABEL = N_("Record")

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    def have(self, name: str) -> int:
        """The current value of a track."""
        return int(getattr(self.state.player, name))

    def compose_body(self) -> ComposeResult:
        yield Label(
            _("Type +n to gain, -n to spend; leave a line empty for no change."), classes="muted"
        )
        for name, label in FIELDS:
            yield NumberField(
                _(label),
                minimum=-999,
                maximum=999,
                optional=True,
                hint=_("you have {count}").format(count=self.have(name)),
                id=name,
            )
        yield Label(_("Reason (optional)"))
        yield FieldInput(placeholder=_("e.g. card A1, market"), max_length=80, id="reason")

    def on_mount(self) -> None:
        self.query_one("#vp", NumberField).input.focus()

    def relabel(self) -> None:
        """Name the tracks again and say again what each amount typed leaves you (what
        is typed stays)."""
        super().relabel()
        for name, label in FIELDS:
            field = self.query_one(f"#{name}", NumberField)
            field.relabel(_(label))
            self._say_result(name, label)

    def _check_result(self, name: str, label: str) -> bool:
        """Show the track's new value beside the amount; False if it would drop below 0."""
        field = self.query_one(f"#{name}", NumberField)
        if field.has_error and field.value is None:
            return False
        delta = field.value or 0
        have = self.have(name)
        if have + delta < 0:
            field.show_message(
                _("you have only {count} {track}").format(count=have, track=_(label))
            )
            return False
        field.hint = (
            _("you have {count}").format(count=have) if not delta else f"{have} → {have + delta}"
        )
        field.show_message(None)
        return True

    @on(Input.Changed)
    def _amount_changed(self, event: Input.Changed) -> None:
        for name, label in FIELDS:
            field = self.query_one(f"#{name}", NumberField)
            if event.input is not field.input:
                continue
            self._say_result(name, label)

    def _say_result(self, name: str, label: str) -> None:
        """Beside the amount typed (if any): what you have, or will have."""
        field = self.query_one(f"#{name}", NumberField)
        if not field.text:
            field.hint = _("you have {count}").format(count=self.have(name))
            field.show_message(None)
        elif field.value is not None:
            self._check_result(name, label)

    def build_event(self) -> Gain | None:
        fields = {name: self.query_one(f"#{name}", NumberField) for name, _label in FIELDS}
        if not all([field.check() for field in fields.values()]):
            self.show_error(_("fix the amounts marked in red"))
            return None
        if not all([self._check_result(name, label) for name, label in FIELDS]):
            self.show_error(_("a track cannot go below 0"))
            return None
        amounts = {name: field.value or 0 for name, field in fields.items()}
        if not any(amounts.values()):
            self.show_error(_("enter at least one amount that is not 0"))
            return None
        self.show_error(None)
        reason = self.query_one("#reason", Input).value.strip()
        return Gain(reason=reason, **amounts)
