"""The frame of every dialog that records one event.

A subclass composes its fields and builds the event; the frame adds the error line and the
buttons, checks the event with the engine (``preview``) and shows the rules' objection
inline instead of closing. A still-assumed board value the move relies on, shown in an
:class:`~companion.ui.widgets.assumed_value.AssumedValue`, is told first: the dialog then
closes with the told values and the move, in that order (a tuple of events). A dialog that
answers a pending obligation (``obligation``) says what is owed in its title line and,
where the rules let it go, offers Decline (the dialog then closes with
:class:`~solo_deck.events.Decline`).

Its keys follow one rule, the same in every dialog: the focus moves only when the player
moves it (Tab, shift+Tab, a tap); Enter on a list or in a field records when nothing else
is left to fill in the dialog, and otherwise stays where it is and says which keys move on
and record; a tap on a list's line only highlights it. Decline and Cancel take no focus, so
no Tab and Enter can reach them: they answer their own keys (ctrl+d, Escape) and taps.

A dialog that opens by itself (``opens_by_itself``: the follow-through's prompt for
something the move owes that the player did not ask for, or Put resources back) takes no
key typed before it was drawn or sooner after than anyone can read it
(:mod:`companion.ui.first_look`), and says once, in a notice, why it opened.

A dialog does not move once it is seen: it is laid out, fitted to the screen and scrolled
(:meth:`EventModal.show_top`) before it is drawn, so no line a player reads (and taps) is
moved under the finger by a late layout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar, cast

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList, Static

from companion.i18n import N_, _, shown
from companion.ui.first_look import too_soon
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import MODAL_KEYS, bindings
from companion.ui.notices import sentence
from companion.ui.screens.modals.dialog_fields import CHOICE_FIELDS, takes_a_choice, unfocusable
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.focus_hint import FocusHint
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.reference_hint import ReferenceHint, topic_of
from companion.ui.widgets.rewords import WordsItself
from companion.ui.wording import key_label, worded
from solo_deck import ActionTerms, RuleError
from solo_deck.events import Decline

if TYPE_CHECKING:
    from companion.session import GameSession
    from solo_deck import GameState, Obligation, Ruleset
    from solo_deck.events import CheckBoard, Event

EventT = TypeVar("EventT")
MOST_FITTING = 0.5
"""The longest a dialog taller than the screen waits to be drawn (seconds) while it is
fitted to the screen and laid out again (it is drawn then whatever its layout does)."""


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
    EventModal .dialog.-fitting { opacity: 0; }
    EventModal #tap-shield { position: absolute; width: 100%; height: 100%; }
    """
    DIALOG_TITLE = ""
    """The title (English, marked with ``N_``; :meth:`dialog_title` shows it translated)."""
    OK_LABEL = N_("Record")
    """The first button (English, marked with ``N_``; :attr:`ok_label` is translated)."""
    ENTER_IN_FIELD_RECORDS: ClassVar[bool] = True
    """Whether Enter in a text field records even while other fields are shown (False for a
    dialog of several numbers to type: there Enter records only in the last field left to
    fill, and otherwise stays and says that Tab moves on and ctrl+s records)."""

    def __init__(self, obligation: Obligation | None = None) -> None:
        super().__init__()
        self.obligation = obligation
        """The pending obligation this dialog answers, if any."""
        self.told: list[CheckBoard] = []
        """Board values told in this dialog, to record before its event."""
        self.shown_at: float | None = None
        """When the dialog was mounted, on the clock of the keys' own times."""
        self._said = False
        self._error_words: Callable[[], str] | None = None
        self._refused_on_record = False
        """Whether the error line shows why the last Record was refused."""

    opens_by_itself = False
    """True for a dialog the player did not open (see the module): keys typed before it
    was drawn are not its."""

    @on(events.Mount)
    def _open_at_the_top(self, event: events.Mount) -> None:
        self.shown_at = event.time
        # after the first layout, and after the focus has scrolled to its widget
        self.call_after_refresh(self.call_after_refresh, self.show_top)

    def typed_too_soon(self, key: events.Key) -> bool:
        """True when the dialog opened by itself and ``key`` came too soon to be meant
        for it (:mod:`companion.ui.first_look`), or before the dialog was drawn."""
        if not self.opens_by_itself:
            return False
        drawn = not self.query_one("#dialog").has_class("-fitting")
        return not drawn or too_soon(self.shown_at, key)

    def refuse(self) -> None:
        """Say, once, that the keys typed as the dialog opened were not used, and why it
        opened (what is owed)."""
        if not self._said:
            self._said = True
            if self.obligation is not None:
                told = _(
                    "{title} opened by itself — {why} The keys typed as it opened were not used."
                ).format(title=self.dialog_title(), why=sentence(shown(self.obligation.text)))
            else:
                told = _(
                    "{title} opened by itself. The keys typed as it opened were not used."
                ).format(title=self.dialog_title())
            self.notify(
                told,
                severity="warning",
                timeout=5,
                markup=False,
            )

    def show_top(self) -> None:
        """Open at the top, title and the first lines of a list shown, whatever line or
        field has the focus (the focus scrolled the dialog to a list's highlighted line at
        80x24 and cut the title): a dialog taller than the screen first gives up the rows
        over (:meth:`fit_rows`), then is scrolled home."""
        dialog = self.query_one("#dialog")
        over = dialog.max_scroll_y
        if over > 0:
            self.fit_rows(over)
        dialog.scroll_home(animate=False, immediate=True)
        if over > 0:  # laid out again, fitted (its lines may wrap anew): drawn once still
            self.screen_layout_refresh_signal.subscribe(self, self._laid_out)
            self.set_timer(MOST_FITTING, self._draw)
        else:
            self._draw()

    _last_layout: tuple[object, ...] | None = None
    _refitted = False
    """Whether the dialog, laid out once fitted, has given up the rows it still had over."""

    def _laid_out(self, _screen: object) -> None:
        """After a layout while the dialog is fitted: draw it if the layout is the one
        before (it has stopped changing), else look again after one more layout."""
        if not self.is_attached or not self.query_one("#dialog").has_class("-fitting"):
            return
        self.settle_lists()
        dialog = self.query_one("#dialog")
        now = tuple(
            (node.region, node.virtual_size, node.scroll_offset)
            for node in (dialog, *dialog.query(Widget))
        )
        if now == self._last_layout:
            over, refitted, self._refitted = dialog.max_scroll_y, self._refitted, True
            # still taller than the screen, once laid out fitted (a line wrapped narrower
            # beside the dialog's scroll bar): it gives up those rows too, once
            if over > 0 and not refitted and self.fit_rows(over):
                self.refresh(layout=True)
            else:
                self._draw()
        else:
            self._last_layout = now
            self.refresh(layout=True)

    def _draw(self) -> None:
        """Draw the dialog: it is laid out as it will stay (the rows given up, its own
        scroll bar gone with them and its lines wrapped as wide as they stay, its lists
        scrolled), or it has waited :data:`MOST_FITTING` seconds."""
        if not self.is_attached:  # closed already
            return
        dialog = self.query_one("#dialog")
        if dialog.has_class("-fitting"):
            self.screen_layout_refresh_signal.unsubscribe(self)
            self.settle_lists()
            dialog.remove_class("-fitting")
        for shield in self.query("#tap-shield"):
            shield.display = False

    def settle_lists(self) -> None:
        """Before the dialog is first drawn, once fitted: scroll each list as it is to stay
        (a dialog whose list opens on a line makes that line seen)."""

    def fit_rows(self, over: int) -> bool:
        """Give up ``over`` rows (the dialog is that much taller than the screen): a dialog
        with a list that can be shorter makes it so, and says so (True)."""
        return False

    @property
    def session(self) -> GameSession:
        """The app's game session."""
        return self.host.session

    @property
    def can_decline(self) -> bool:
        """True when the obligation answered may be let go."""
        return self.obligation is not None and self.obligation.optional

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -fitting", id="dialog"):
            yield Label(self.dialog_title(), classes="dialog-title", id="dialog-title")
            if self.obligation is not None:
                yield Label(sentence(shown(self.obligation.text)), id="owed", markup=False)
            yield from self.compose_body()
            yield Label("", id="dialog-error", classes="error-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(key_label(self, self.ok_label, "ctrl+s"), variant="primary", id="ok")
                yield from self.step_buttons()
                if self.can_decline:
                    yield unfocusable(Button(key_label(self, _("Decline"), "ctrl+d"), id="decline"))
                yield unfocusable(Button(key_label(self, _("Cancel"), "esc"), id="cancel"))
                if self.app.is_web:
                    yield ReferenceHint()
        # Over the dialog while it is not drawn yet: a tap meant for the Table (a second
        # tap on the button that opened it) lands here, not on an unseen line or button.
        yield Static(id="tap-shield")

    def dialog_title(self) -> str:
        """The title in the language in use."""
        return _(self.DIALOG_TITLE) if self.DIALOG_TITLE else ""

    @property
    def ok_label(self) -> str:
        """The first button's name in the language in use."""
        return _(self.OK_LABEL)

    def relabel(self) -> None:
        """Word the title, the obligation, the buttons and the widgets again in the
        language in use (what the fields hold stays): every widget that words itself
        (:class:`~companion.ui.widgets.rewords.WordsItself`), every number field and focus
        hint with the words :meth:`field_words` and :meth:`hint_words` give; a dialog with
        more words of its own adds them."""
        self.query_one("#dialog-title", Label).update(self.dialog_title())
        if self.obligation is not None:
            self.query_one("#owed", Label).update(sentence(shown(self.obligation.text)))
        self.query_one("#ok", Button).label = key_label(self, self.ok_label, "ctrl+s")
        for button in self.query("#decline").results(Button):
            button.label = key_label(self, _("Decline"), "ctrl+d")
        self.query_one("#cancel", Button).label = key_label(self, _("Cancel"), "esc")
        for widget in self.query("*"):
            if isinstance(widget, WordsItself):
                widget.relabel()
        fields = self.field_words()
        for field in self.query(NumberField):
            if field.id in fields:
                field.relabel(*fields[field.id])
        hints = self.hint_words()
        for hint in self.query(FocusHint):
            if hint.id in hints:
                hint.relabel(*hints[hint.id])
        if self._error_words is not None:
            self.show_worded_error(self._error_words)
        elif self._refused_on_record and str(self.query_one("#dialog-error", Label).render()):
            self._refusal_again()

    def field_words(self) -> dict[str, tuple[str, str | None]]:
        """Each number field's label and hint (``None``: the hint it has), by the field's
        id, in the language in use: the dialog's own (a field a widget of the dialog owns
        is that widget's to word)."""
        return {}

    def hint_words(self) -> dict[str, tuple[str, str]]:
        """Each focus hint's two texts (with the focus there, elsewhere), by the hint's
        id, in the language in use."""
        return {}

    def compose_body(self) -> ComposeResult:
        """The fields of the dialog."""
        yield from ()

    def step_buttons(self) -> ComposeResult:
        """Buttons after the first one (a multi-step dialog's Back); out of the Tab order
        like Cancel."""
        yield from ()

    def build_event(self) -> EventT | None:
        """The event the fields describe, or ``None`` after showing what is wrong."""
        raise NotImplementedError

    def show_error(self, message: str | None) -> None:
        """Show ``message`` (or nothing) on the dialog's error line."""
        self._error_words = None
        self.query_one("#dialog-error", Label).update(sentence(message) if message else "")

    def show_worded_error(self, words: Callable[[], str]) -> None:
        """Show what ``words`` says on the error line, said again on a language switch."""
        self.show_error(words())
        self._error_words = words

    def preview_error(self, event: EventT) -> str | None:
        """Why the rules refuse ``event`` now (after the board values told here), or
        ``None`` when it is allowed."""
        try:
            if self.told:
                self.session.preview_all([*self.told, cast("Event", event)])
            else:
                self.session.preview(cast("Event", event))
        except RuleError as exc:
            return shown(exc.text)
        return None

    def tell_board(self) -> bool:
        """Take the board values shown as assumed (as typed); False after showing why the
        engine refuses one."""
        checks = self._board_checks()
        if not checks:
            return True
        try:
            state, ruleset = self.session.preview_all([*self.told, *checks])
        except RuleError as exc:
            self.show_error(shown(exc.text))
            return False
        self.told += checks
        self.board_told(state, ruleset)
        return True

    def _board_checks(self) -> list[CheckBoard]:
        """The board values shown, as typed (a hidden row tells none)."""
        told = [row.told() for row in self.query(AssumedValue)]
        return [check for check in told if check is not None]

    def board_told(self, state: GameState, ruleset: Ruleset) -> None:
        """The game after the board values told (subclasses follow it)."""
        for row in self.query(AssumedValue):
            row.show(None)

    def submit(self) -> None:
        """Tell the board values shown, then build, check and return the event (or show
        why not)."""
        self._refused_on_record = True
        if not self.tell_board():
            return
        event = self.build_event()
        if event is None:
            return
        error = self.preview_error(event)
        if error is not None:
            self.show_error(error)
            return
        self._refused_on_record = False
        self.dismiss((*self.told, event) if self.told else event)

    def _refusal_again(self) -> None:
        """After a language switch, the checks of the last Record once more, recording
        nothing and telling nothing: the refusal shown reads in the new language."""
        checks = self._board_checks()
        try:
            if checks:
                self.session.preview_all([*self.told, *checks])
            event = self.build_event()  # shows its own refusal
            if event is not None:
                self.session.preview_all([*self.told, *checks, cast("Event", event)])
        except RuleError as exc:
            self.show_error(shown(exc.text))

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
        self.submit_from_button()

    def submit_from_button(self) -> None:
        """The first button (tapped, clicked, or Enter on it): as ctrl+s."""
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
        if self.ENTER_IN_FIELD_RECORDS or self.enter_records():
            self.submit()
        else:
            self.say_keys()

    @on(OptionList.OptionSelected)
    def _list_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.list_chosen()

    def list_chosen(self) -> None:
        """Enter on a line of a list: records when the list is all there is to choose
        (:meth:`enter_records`), else stays (the line highlighted is the choice)."""
        if self.enter_records():
            self.submit()
        else:
            self.say_keys()

    def enter_records(self) -> bool:
        """True when no field but the focused one is left to fill in: no other input, list,
        checkbox or Select of two options or more is shown and enabled."""
        focused = self.focused
        return not any(
            widget is not focused and takes_a_choice(widget)
            for widget in self.query_one("#dialog").query(CHOICE_FIELDS)
        )

    def say_keys(self) -> None:
        """Enter where it does not record: say which keys do (the focus stays)."""
        self.notify(
            worded(
                self,
                _("Tab moves to the next field; ctrl+s records ({button}).").format(
                    button=self.ok_label
                ),
                _("Tap the next field, or {button} to record.").format(button=self.ok_label),
            ),
            timeout=4,
        )


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
            self.show_worded_error(lambda: shown(refusal))
