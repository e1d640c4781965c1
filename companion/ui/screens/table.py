"""The Table: the whole game at a glance, and every key that moves it on.

Each change of the game builds one :class:`~companion.ui.views.table.TableView` and every
panel draws from it. Which keys show and which are lit comes from the engine
(:mod:`companion.ui.keys.table_state`). After each of your moves the Table follows
through: while the engine has something pending it opens the prompt for it
(:mod:`companion.ui.screens.prompts`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.events import Key, Resize
from textual.reactive import Reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Collapsible, Input, Label

from companion.i18n import _, shown
from companion.i18n.words import value_word
from companion.ui.framework.text_caches import bound_cell_cache
from companion.ui.header_title import FittingHeader
from companion.ui.insight_scheduler import InsightScheduler
from companion.ui.keys import TABLE_KEYS, TOUCH_ACTIONS, bindings
from companion.ui.keys.game import TABLE_EVENTS
from companion.ui.keys.table_state import KeyState, table_key_states
from companion.ui.notices import sentence
from companion.ui.screens import table_layout, table_words
from companion.ui.screens.coach_key import COACH_ACTION, CoachKeyScreen
from companion.ui.screens.notice_room import place_notices
from companion.ui.screens.table_layout import is_narrow
from companion.ui.views.table import TableView, deck_is_provisional
from companion.ui.widgets.deck_panel import DeckPanel
from companion.ui.widgets.edict_input import EdictField
from companion.ui.widgets.edict_row_panel import EdictRowPanel
from companion.ui.widgets.instructions_panel import InstructionsPanel
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.log_panel import LogPanel
from companion.ui.widgets.odds_panel import OddsPanel
from companion.ui.widgets.palace_panel import PalacePanel
from companion.ui.widgets.player_panel import PlayerPanel
from companion.ui.widgets.voyage_panel import VoyagePanel
from solo_deck import Numeral, Phase, player_edicts_per_round
from solo_deck.events import Decline, FrederickTurn, RevealEdict

if TYPE_CHECKING:
    from solo_deck import CardFace, GameState, RemovalOdds, RoundsForecast
    from solo_deck.events import Event


class TableScreen(CoachKeyScreen):
    """Frederick's palace, the edict row, the deck, the Voyage ring, your board, what to do
    now and the log."""

    DEFAULT_CSS = """
    TableScreen #body { height: 1fr; }
    TableScreen .row { height: auto; }
    TableScreen #palace { width: 36; }
    TableScreen #edicts { width: 34; }
    TableScreen #deck { width: 1fr; }
    TableScreen #odds { margin-top: 1; }
    TableScreen #left { width: 56; height: auto; }
    TableScreen #instructions { width: 1fr; }
    TableScreen.-narrow .row { layout: vertical; }
    TableScreen.-narrow .row > #palace, TableScreen.-narrow .row > #edicts,
    TableScreen.-narrow .row > #deck, TableScreen.-narrow .row > #left,
    TableScreen.-narrow .row > #instructions { width: 100%; }
    TableScreen #instructions { border: round $accent; height: auto; }
    TableScreen #lower { height: 1fr; min-height: 12; }
    TableScreen #lower > #instructions, TableScreen #lower > #left {
        max-height: 100%; overflow-y: auto;
    }
    TableScreen #lower > #left { overflow-y: hidden; }  /* its log gives rows instead */
    /* What to do keeps a thin scroll bar: one that came with a long turn and went with
       the next narrowed its text, and laid the Table out again a frame later */
    TableScreen #lower > #instructions { overflow-y: scroll; scrollbar-size-vertical: 1; }
    TableScreen #steps { min-height: 10; }
    TableScreen.-narrow #steps { min-height: 3; }
    TableScreen #reveal-field { visibility: hidden; margin-top: 1; }
    TableScreen #reveal-field .edict-feedback { min-height: 2; }
    TableScreen KeyFooter .key-footer--description { padding: 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(TABLE_KEYS))

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's, without its repaint of the whole screen at each focus change: the widgets
    that gain and lose the focus are restyled and repainted all the same, and the tile
    field takes the focus after most of Frederick's turns (issue 26: a third of the key)."""

    def __init__(self) -> None:
        super().__init__()
        self.view: TableView | None = None
        """What the Table shows now."""
        self._keys: dict[str, KeyState] = {}
        self._provisional: bool | None = None
        self._following = False
        """A prompt opened by the follow-through is on screen."""
        self._narrow_layout = False
        """The narrow arrangement is composed (see :mod:`companion.ui.screens.table_layout`)."""
        self._folded: set[str] = set(table_layout.FOLDED_AT_FIRST)
        """The narrow arrangement's folded panels."""
        self.short_sub_title = ""
        """The round alone, for a narrow header (:class:`FittingHeader`)."""

    def compose(self) -> ComposeResult:
        if self.session.has_game:  # the keys of the moment from the first frame on
            self._keys = table_key_states(self.session)
        yield FittingHeader()
        self._narrow_layout = is_narrow(self.app.size.width)
        self.set_class(self._narrow_layout, "-narrow")
        if self._narrow_layout:
            yield from table_layout.narrow(self._folded, pinned=self.app.is_web)
        else:
            yield from table_layout.wide(touch=self.app.is_web)
        touch = TOUCH_ACTIONS if self._narrow_layout or self.app.is_web else ()
        yield KeyFooter(show_command_palette=False, leave_out=touch, keep_rows=True)

    def on_mount(self) -> None:
        self.insight = InsightScheduler(self, self.host.input_gate, self._insight_ready)
        self.screen_layout_refresh_signal.subscribe(
            self, lambda screen: place_notices(screen, table_layout.KEEP_FREE)
        )
        super().on_mount()

    @on(Resize)
    async def _narrow(self, event: Resize) -> None:
        """Narrow below ``table_layout.NARROW`` columns: another arrangement of the same
        panels (:mod:`companion.ui.screens.table_layout`), composed anew when the width
        crosses it."""
        narrow = is_narrow(event.size.width)
        self.set_class(narrow, "-narrow")
        if narrow != self._narrow_layout:
            await self.recompose()
            self.refresh_state()

    @on(Collapsible.Toggled)
    def _folded_or_opened(self, event: Collapsible.Toggled) -> None:
        """Remember which panels are folded; give the keys back to the Table (a tap on a
        title focuses it, and Enter would then fold it instead of playing a card)."""
        fold = event.collapsible
        if isinstance(fold, table_layout.Fold):
            (self._folded.add if fold.collapsed else self._folded.discard)(fold.key)
        self.set_focus(None)

    # --- drawing ----------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the game as it is now: one view, every panel, the keys, the tile field."""
        bound_cell_cache()
        if self._provisional is None:
            self._provisional = deck_is_provisional(self.session)
        view = TableView.build(self.session, provisional=self._provisional)
        self.view = view
        for panel in self._panels():
            panel.show(view)
        state = view.state
        self._show_reveal_field(state)
        if self.has_class("-narrow"):
            self.query_one("#instructions").scroll_visible(animate=False)
        self.short_sub_title = _("Round {round}").format(round=state.round)
        self.sub_title = _("Round {round} · {house} · {difficulty}").format(
            round=state.round, house=value_word(view.house), difficulty=value_word(view.difficulty)
        )
        self._keys = table_key_states(self.session)
        self.refresh_bindings()
        if self.host.insight:
            events = self.session.events
            self.insight.schedule(state, self.ruleset, player_edicts_per_round(events))

    def relabel(self) -> None:
        """After a language switch: the panels' titles and the tile field's words again,
        and every panel drawn again from the same game (the switch's ``GameChanged`` finds
        this screen stale: now if it is on top, else when it comes back)."""
        table_layout.relabel(self)
        self.query_one("#reveal-field", EdictField).relabel()
        self._drawn = -1

    def refresh_state(self) -> None:
        """Redraw now (the state may have changed without a message)."""
        self._drawn = self.session.revision
        self.redraw()

    def _panels(self) -> tuple[Any, ...]:
        return (
            self.query_one(PalacePanel),
            self.query_one(EdictRowPanel),
            self.query_one(DeckPanel),
            self.query_one(OddsPanel),
            self.query_one(VoyagePanel),
            self.query_one(PlayerPanel),
            self.query_one(InstructionsPanel),
            self.query_one(LogPanel),
        )

    def _insight_ready(
        self, state: GameState, risk: dict[int, RemovalOdds], forecast: RoundsForecast
    ) -> None:
        view = self.view
        if view is None or view.state is not state:
            return
        self.view = view.with_insight(risk, forecast)
        self.query_one(VoyagePanel).show(self.view)
        self.query_one(OddsPanel).show(self.view)
        if state.awaiting_reveal:  # the odds lines push the tile field down
            self.call_after_refresh(self._keep_field_in_view)

    def _fold_hidden_field(self) -> None:
        """Give the hidden tile field's rows to What to do when its text needs them (a
        long turn of Frederick's): the Table never scrolls as a whole, nor hides the end
        of what to do. Only then is it laid out again. If What to do still needs more
        rows (a tablet's, under the big buttons), it shows its end: the prompt (P5)."""
        steps = self.query("#lower > #instructions")
        asking = self.view is None or bool(self.view.state.awaiting_reveal)
        if steps and steps.first().max_scroll_y > 0 and not asking:
            field = self.query_one("#reveal-field")
            if field.display:
                field.display = False
                self.call_after_refresh(self._fold_hidden_field)
            else:
                steps.first().scroll_end(animate=False, immediate=True)

    def _show_the_end(self) -> None:
        self.query_one("#instructions").scroll_end(animate=False, immediate=True)

    def _keep_field_in_view(self) -> None:
        """Scroll the tile field into view once laid out, if it fell below the bottom (the
        panels above it grew: a tablet's 42 rows with the big buttons). A field already in
        view costs nothing."""
        field = self.query_one("#reveal-field", EdictField)
        if self.view is None or not self.view.state.awaiting_reveal:
            return
        steps = self.query_one(InstructionsPanel)
        panel = self.query_one("#instructions")
        if (
            panel.max_scroll_y > 0
            and not steps.styles.inline.has_rule("min_height")
            and steps.text_rows() < steps.content_region.height
        ):
            # the rows the steps keep for a long turn stand empty above the field and push
            # it down: on a tablet his card's steps would scroll out of view (one more
            # layout, only where the rows are short and some of them stand empty)
            steps.styles.min_height = 0
            self.call_after_refresh(self._keep_field_in_view)
            return
        field.scroll_visible(animate=False)

    def _show_reveal_field(self, state: GameState) -> None:
        field = self.query_one("#reveal-field", EdictField)
        asking = bool(state.awaiting_reveal)
        # An inline style, not a class: it applies now, in the same frame as the panels;
        # a class change is restyled a frame later and costs a second layout and refresh.
        field.styles.visibility = "visible" if asking else "hidden"
        steps = self.query_one(InstructionsPanel)
        # While a tile is asked for, What to do stays scrolled to its end, the field: the
        # layout that shows the field scrolls it (in a longer language the field fell
        # below the end, and scrolling it into view afterwards cost a frame)
        panel = self.query_one("#instructions")
        if panel.is_anchored != asking:
            panel.anchor(asking)
        if not asking and steps.styles.inline.has_rule("min_height"):
            steps.styles.min_height = None  # its rows again (see _keep_field_in_view)
        if asking or self._narrow_layout:  # rows are few there: the hidden field takes none
            field.display = asking
            if self._narrow_layout:  # a phone's What to do, pinned: its end in view (P5)
                self.call_after_refresh(self._show_the_end)
        else:  # it keeps its rows (no second layout when it shows) unless text needs them
            self.call_after_refresh(self._fold_hidden_field)
        if asking:
            numeral = Numeral.from_index(state.awaiting_reveal[0]).value
            # in a browser the Enter button stands beside it
            prompt = table_words.tile_request(numeral, state.edicts.pile, touch=self.app.is_web)
            label = field.query_one(".edict-label", Label)
            if str(label.content) != prompt:
                label.update(prompt)
            if self.is_current and not self._following:
                field.focus_input()  # visible already (inline style): no second pass
                self.call_after_refresh(self._keep_field_in_view)

    # --- which keys apply now ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the keys of the moment, lit exactly when the engine accepts their event
        (Textual: False hides a key, None dims it)."""
        if not self.session.has_game:
            return action == "menu"
        if action == COACH_ACTION:  # the engine's own test (coach_key.py)
            return self.coach_key()
        state = self._keys.get(action)
        if state is None:
            return True
        return {KeyState.HIDDEN: False, KeyState.DIMMED: None, KeyState.LIT: True}[state]

    @on(Key)
    def _dimmed_key_says_why(self, event: Key) -> None:
        """A press of a dimmed Table key says in one line why the engine refuses it now
        (Textual drops a dimmed key's press without a word; the Coach's says its own)."""
        found = self.active_bindings.get(event.key)
        if found is None or found.enabled or found.binding.action == COACH_ACTION:
            return
        if not self.session.has_game or self._keys.get(found.binding.action) != KeyState.DIMMED:
            return
        reasons = (self.session.why_not(t) for t in TABLE_EVENTS.get(found.binding.action, ()))
        reason = next((r for r in reasons if r), None)
        if reason is not None:
            event.stop()
            event.prevent_default()
            title = _(found.binding.description)
            self.notify(sentence(shown(reason)), title=title, markup=False)

    # --- moving the game on -----------------------------------------------------------

    def apply(self, event: Event | tuple[Event, ...] | None) -> bool:
        """Apply ``event``, then follow through on what it leaves pending (once the screen
        has refreshed: a dialog that just returned the event is still being closed, and a
        prompt opened before that would be closed with it)."""
        applied = super().apply(event)
        if applied:
            self.refresh_state()
            self.call_after_refresh(self.follow_through)
        return applied

    def follow_through(self) -> None:
        """Open the prompt for the first pending obligation (``r`` opens it again after
        Escape), or the End Phase once it begins; a tile drawn into a Next space is typed
        in first (the field has the cursor)."""
        if self.session.has_game and self.state.awaiting_reveal:
            return
        super().follow_through()

    def nothing_owed(self) -> None:
        """Open the End Phase when it has just begun."""
        state = self.state
        if state.phase is Phase.END_PHASE and state.end_phase == type(state.end_phase)():
            told = table_words.end_phase_begins(state.round, out_of_slots=state.out_of_slots)
            self.notify(told)
            self.action_end_phase()

    def show_prompt(self, prompt: ModalScreen[Any]) -> None:
        """A prompt opened by the follow-through (the tile field then keeps off the cursor)."""
        self._open(prompt, self.prompt_closed)

    def _open(self, screen: ModalScreen[Any], then: Any = None) -> None:
        def closed(result: Any) -> None:
            self._following = False
            (then or self.apply)(result)

        self._following = True
        self.app.push_screen(screen, closed)

    # --- Frederick and the tiles --------------------------------------------------------

    def action_frederick(self) -> None:
        """Resolve Frederick's turn (table mode: ask for the face first)."""
        state = self.state
        if state.deck.mode == "virtual":
            self.apply(FrederickTurn())
            return
        from companion.ui.screens.modals.solo_face import SoloFaceModal

        def flipped(face: CardFace | None) -> None:
            if face is not None:
                self.apply(FrederickTurn(face=face))

        self._open(SoloFaceModal(state.deck), flipped)

    def action_reveal(self) -> None:
        """Put the cursor in the field for the tile drawn into the awaiting Next space."""
        if self.state.awaiting_reveal:
            self.query_one("#reveal-field", EdictField).focus_input()

    @on(Input.Submitted, "#reveal-field Input")
    def _revealed(self, event: Input.Submitted) -> None:
        """The typed tile is recorded if valid; the field already says what is wrong."""
        event.stop()
        self._record_tile(event.input)

    @on(Button.Pressed, "#edict-enter")
    def _enter_tapped(self, event: Button.Pressed) -> None:
        """The tile field's Enter button (in a browser): as Enter in the field."""
        event.stop()
        self._record_tile(self.query_one("#reveal-field Input", Input))

    def _record_tile(self, typed: Input) -> None:
        state = self.state
        field = self.query_one("#reveal-field", EdictField)
        edict = field.edict
        if not state.awaiting_reveal:
            return
        if edict is None:
            self.notify(
                _("That is not a valid tile yet: see the message under the field."),
                severity="error",
            )
            return
        typed.value = ""
        applied = self.apply(RevealEdict(position=state.awaiting_reveal[0], edict=edict))
        if applied and not self.state.awaiting_reveal:
            self.set_focus(None)

    # --- your turn --------------------------------------------------------------------

    def action_play(self) -> None:
        """Play a card: slot, face up (which card) or face down (which action)."""
        from companion.ui.screens.modals.play_card import PlayCardModal

        self._open(PlayCardModal(self.state, self.ruleset))

    def action_follow(self) -> None:
        """Open the prompt for the first pending obligation."""
        self.open_prompt(asked=True)

    def action_decline(self) -> None:
        """Let the first pending obligation go (where the rules allow)."""
        self.apply(Decline())

    def action_travel(self) -> None:
        """Sail your ship before playing your card."""
        from companion.ui.screens.modals.travel import TravelModal

        self._open(TravelModal(self.state, self.ruleset))

    def action_pass_turn(self) -> None:
        """Pass, after the player confirms (the engine allows it only with an empty hand
        when it counts the hand; in an older game only the table knows)."""
        from companion.ui.screens.modals.confirm import ConfirmModal
        from solo_deck.events import Pass

        left = self.ruleset.rounds.frederick_max_actions.value - self.state.frederick_actions
        asked = table_words.pass_question(
            left, hand_counted=self.state.hand is not None, touch=self.app.is_web
        )

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.apply(Pass())

        question = ConfirmModal(asked.title, asked.body, yes_label=asked.yes, no_label=asked.no)
        self._open(question, confirmed)

    def action_gain(self) -> None:
        """Correct your VP and supplies by hand."""
        from companion.ui.screens.modals.gain import GainModal

        self._open(GainModal(self.state))

    def action_what_if(self) -> None:
        """Rank every way to issue an Edict now (nothing is issued)."""
        from companion.ui.screens.modals.advisor import AdvisorModal

        self.app.push_screen(AdvisorModal(self.state, self.ruleset, self.session.edict_rewards))

    def action_correct(self) -> None:
        """Correct a tracked value, or name what lies at a port."""
        from companion.ui.screens.modals.choice import ChoiceModal

        def chosen(choice: str | None) -> None:
            if choice == "value":
                from companion.ui.screens.modals.correct import CorrectModal

                self._open(CorrectModal(self.state))
            elif choice == "port":
                from companion.ui.screens.modals.name_port import NamePortModal

                self._open(NamePortModal(self.state))

        title, options = table_words.fix_choices()
        self._open(ChoiceModal(title, options), chosen)

    # --- phases, log, undo ------------------------------------------------------------

    def action_end_phase(self) -> None:
        """Open the End Phase screen."""
        self.host.open_end_phase()

    def action_final_score(self) -> None:
        """Open the Final score screen."""
        self.host.open_final_score()

    def action_log(self) -> None:
        """Show the whole log."""
        self.host.open_log()

    def action_undo(self) -> None:
        """Take back the last event."""
        self.step("undo")

    def action_redo(self) -> None:
        """Re-apply the last undone event."""
        self.step("redo")

    def action_menu(self) -> None:
        """Back to the Start screen; the game stays saved."""
        self.dismiss(None)
