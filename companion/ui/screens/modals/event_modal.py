"""The frame of every dialog that records one event.

A subclass composes its fields and builds the event; the frame adds the error line and the
buttons, checks the event with the engine (``preview``) and shows the rules' objection
inline instead of closing. A still-assumed board value the move relies on, shown in an
:class:`~companion.ui.widgets.assumed_value.AssumedValue`, is told first: the dialog then
closes with the told values and the move, in that order (a tuple of events). A dialog that
answers a pending obligation (``obligation``) says what is owed in its title line and,
where the rules let it go, offers Decline (the dialog then closes with
:class:`~solo_deck.events.Decline`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList

from companion.ui.host import Hosted
from companion.ui.keys import MODAL_KEYS, bindings
from companion.ui.notices import sentence
from companion.ui.screens.quick_open import OpensAtOnce
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.reference_hint import ReferenceHint, topic_of
from solo_deck import ActionTerms, RuleError
from solo_deck.events import Decline

if TYPE_CHECKING:
    from companion.session import GameSession
    from solo_deck import GameState, Obligation, Ruleset
    from solo_deck.events import CheckBoard, Event

EventT = TypeVar("EventT")


class EventModal(
    OpensAtOnce,
    Hosted,
    ModalScreen["EventT | tuple[object, ...] | Decline | None"],
    Generic[EventT],
):
    """A dialog that builds one event (or declines the obligation it answers). Escape
    closes with ``None``: nothing recorded, the obligation stays pending. With board values
    told first it closes with them and the event, as a tuple."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(MODAL_KEYS))
    DEFAULT_CSS = """
    EventModal .dialog { overflow-y: auto; }
    EventModal .dialog > Label { width: 100%; }
    EventModal #owed { color: $accent; text-style: bold; }
    """
    DIALOG_TITLE = ""
    OK_LABEL = "Record"
    ENTER_MOVES_ON: ClassVar[bool] = False
    """Whether Enter in a field moves to the next one (only the first button records)
    instead of recording."""
    AFTER_LIST: ClassVar[str] = ""
    """Where Enter on the dialog's list moves to (a selector; empty: the next field)."""

    def __init__(self, obligation: Obligation | None = None) -> None:
        super().__init__()
        self.obligation = obligation
        """The pending obligation this dialog answers, if any."""
        self.told: list[CheckBoard] = []
        """Board values told in this dialog, to record before its event."""

    @property
    def session(self) -> GameSession:
        """The app's game session."""
        return self.host.session

    @property
    def can_decline(self) -> bool:
        """True when the obligation answered may be let go."""
        return self.obligation is not None and self.obligation.optional

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="dialog"):
            yield Label(self.DIALOG_TITLE, classes="dialog-title")
            if self.obligation is not None:
                yield Label(sentence(self.obligation.text), id="owed", markup=False)
            yield from self.compose_body()
            yield Label("", id="dialog-error", classes="error-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.OK_LABEL} (ctrl+s)", variant="primary", id="ok")
                if self.can_decline:
                    yield Button("Decline (ctrl+d)", id="decline")
                yield Button("Cancel", id="cancel")
                if self.app.is_web:
                    yield ReferenceHint()

    def compose_body(self) -> ComposeResult:
        """The fields of the dialog."""
        yield from ()

    def build_event(self) -> EventT | None:
        """The event the fields describe, or ``None`` after showing what is wrong."""
        raise NotImplementedError

    def show_error(self, message: str | None) -> None:
        """Show ``message`` (or nothing) on the dialog's error line."""
        self.query_one("#dialog-error", Label).update(sentence(message) if message else "")

    def preview_error(self, event: EventT) -> str | None:
        """Why the rules refuse ``event`` now (after the board values told here), or
        ``None`` when it is allowed."""
        try:
            if self.told:
                self.session.preview_all([*self.told, cast("Event", event)])
            else:
                self.session.preview(cast("Event", event))
        except RuleError as exc:
            return str(exc)
        return None

    def tell_board(self) -> bool:
        """Take the board values shown as assumed (as typed); False after showing why the
        engine refuses one."""
        shown = [row.told() for row in self.query(AssumedValue)]
        checks = [check for check in shown if check is not None]
        if not checks:
            return True
        try:
            state, ruleset = self.session.preview_all([*self.told, *checks])
        except RuleError as exc:
            self.show_error(str(exc))
            return False
        self.told += checks
        self.board_told(state, ruleset)
        return True

    def board_told(self, state: GameState, ruleset: Ruleset) -> None:
        """The game after the board values told (subclasses follow it)."""
        for row in self.query(AssumedValue):
            row.show(None)

    def submit(self) -> None:
        """Tell the board values shown, then build, check and return the event (or show
        why not)."""
        if not self.tell_board():
            return
        event = self.build_event()
        if event is None:
            return
        error = self.preview_error(event)
        if error is not None:
            self.show_error(error)
            return
        self.dismiss((*self.told, event) if self.told else event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Decline shows only where the rules allow it."""
        if action == "decline":
            return self.can_decline
        return True

    def action_submit(self) -> None:
        """Record from any field (the first button does the same)."""
        self.submit()

    def action_cancel(self) -> None:
        """Close without an event (what is owed stays owed)."""
        self.dismiss(None)

    def action_decline(self) -> None:
        """Let the obligation go."""
        if self.can_decline:
            self.dismiss(Decline())

    @on(Button.Pressed, "#ok")
    def _ok(self, event: Button.Pressed) -> None:
        event.stop()
        self.submit()

    @on(Button.Pressed, "#decline")
    def _decline(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_decline()

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    @on(Button.Pressed, "#reference-hint")
    def _reference(self, event: Button.Pressed) -> None:
        """The touch "?": the Reference entry of the focused choice, as F1."""
        event.stop()
        self.host.open_reference(topic_of(self))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.ENTER_MOVES_ON:
            self.focus_next()
        else:
            self.submit()

    @on(OptionList.OptionSelected)
    def _list_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.list_chosen()

    def list_chosen(self) -> None:
        """Enter on the list moves on, to :attr:`AFTER_LIST` (only the first button
        records)."""
        if self.AFTER_LIST:
            self.query_one(self.AFTER_LIST).focus()
        else:
            self.focus_next()


class GameEventModal(EventModal[EventT]):
    """A dialog that offers its choices from the game state and the ruleset.

    A dialog that sets ``ANSWERS`` (an obligation's ``does``) and is opened without an
    obligation answers the first pending one when it is of that kind. ``terms`` are the
    terms of the action the obligation grants (the usual ones without an obligation)."""

    ANSWERS: ClassVar[str] = ""

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        first = state.obligation
        if obligation is None and first is not None and self.ANSWERS and first.does == self.ANSWERS:
            obligation = first
        super().__init__(obligation)
        self.state = state
        self.ruleset = ruleset
        self.terms = obligation.terms if obligation is not None else ActionTerms()

    def board_told(self, state: GameState, ruleset: Ruleset) -> None:
        """Follow the game after the board values told: its state and ruleset."""
        self.state, self.ruleset = state, ruleset
        super().board_told(state, ruleset)

    def show_refusal(self, event_type: str) -> None:
        """Show at once why the rules refuse an ``event_type`` event now, if they do."""
        refusal = self.session.why_not(event_type)
        if refusal is not None:
            self.show_error(refusal)
