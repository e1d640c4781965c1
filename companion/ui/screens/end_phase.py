"""The End Phase in the rulebook's order: refill your hand, castle income (computed by the
engine from your closed sides), ally income, reorganisation of the Voyage board and the end
of the round.

The engine answers every question: which keys are lit (``session.allowed()``), what each
closed side gives (the castle data), what the reorganisation will do (its preview) and
whether the round ends the game (the preview of ``EndRound``). What the castle income
leaves owed (a Market visit, resources the warehouse cannot hold) opens its prompt at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Button, Header, Label, Static

from companion.i18n import _, shown
from companion.i18n.words import edition
from companion.ui.keys import END_PHASE_EVENTS, END_PHASE_KEYS, bindings
from companion.ui.notices import sentence
from companion.ui.screens.end_phase_layout import StepPanel, can_keep_focus, step_row
from companion.ui.screens.end_phase_lines import (
    DONE,
    TODO,
    castle_head,
    end_reasons,
    hand_line,
    reorganise_preview,
    side_lines,
)
from companion.ui.screens.end_phase_names import AllyNaming
from companion.ui.screens.follow_through import FollowThroughScreen
from companion.ui.screens.notice_room import KeepFree, place_notices
from companion.ui.widgets.fitted_table import FittedTable
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import key_label, worded
from solo_deck import Phase, RuleError, ally_income
from solo_deck.events import CastleIncome, EndRound, Reorganise, ScoreAllyIncome

if TYPE_CHECKING:
    from textual.screen import Screen

    from solo_deck import GameState
    from solo_deck.events import Event

NEXT_STEP_PANELS = {
    "#follow-ok": "#step-castle",
    "#castle-ok": "#step-castle",
    "#ally-ok": "#step-ally",
    "#reorganise-ok": "#step-reorganise",
    "#end-ok": "#step-end",
}
"""The panel of each step's button."""
SCREEN_LETTERS = frozenset(k.key for k in END_PHASE_KEYS if len(k.key) == 1)
"""The letters of the screen's own keys: never an Ally's key when naming."""


class EndPhaseScreen(FollowThroughScreen):
    """Five steps in the rulebook's order, each marked ✓ once done. Every key is lit
    exactly when the engine accepts its event; the next step's button has the focus."""

    DEFAULT_CSS = """
    EndPhaseScreen #end-body { padding: 0 1; }
    EndPhaseScreen #end-title { height: 1; }
    EndPhaseScreen #hand-text { width: 100%; }
    EndPhaseScreen #ally-table { height: auto; max-height: 8; }
    EndPhaseScreen #ally-table.-wrapped { max-height: 100; }
    EndPhaseScreen .step-row { height: auto; }
    EndPhaseScreen .step-row > .step-text { width: 1fr; }
    EndPhaseScreen .step-row > Button { margin-left: 2; }
    EndPhaseScreen #owed-text { color: $warning; }
    EndPhaseScreen .done { color: $success; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(END_PHASE_KEYS))

    def __init__(self) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="end-body"):
            yield Static("", id="end-title", classes="title-large")
            with StepPanel(id="step-frederick"):  # his turn stays readable
                yield Static("", id="frederick-text", markup=False)
            with StepPanel(id="step-hand"):
                yield Label("", id="hand-text")
            with StepPanel(id="step-castle"):
                yield step_row("castle-text", "", "castle-ok")
                yield step_row("owed-text", "", "follow-ok", "owed-row")
            with StepPanel(id="step-ally"):
                yield FittedTable(id="ally-table")
                yield step_row("ally-total", "", "ally-ok")
            with StepPanel(id="step-reorganise"):
                yield step_row("reorganise-text", "", "reorganise-ok")
                yield AllyNaming(SCREEN_LETTERS, id="flipped")
            with StepPanel(id="step-end"):
                yield step_row("end-check", "", "end-ok")
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self._word_fixed()
        super().on_mount()
        self.focus_next_step(force=True)
        self.screen_layout_refresh_signal.subscribe(self, self._place_notices)

    def _word_fixed(self) -> None:
        """The words that do not follow the game: the buttons, the Allies' columns and the
        first step's title."""
        buttons = {
            "#castle-ok": (_("Take castle income"), "c"),
            "#follow-ok": (_("Continue"), "v"),
            "#ally-ok": (_("Add to my VP"), "a"),
            "#reorganise-ok": (_("Reorganise"), "r"),
        }
        for selector, (label, key) in buttons.items():
            self.query_one(selector, Button).label = key_label(self, label, key)
        table = self.query_one("#ally-table", FittedTable)
        table.fill((_("Ally"), _("Kind"), _("Condition"), _("VP"), _("Why")), table.cells)
        self.query_one("#step-hand", StepPanel).set_title("1 · " + _("Refill your hand"))

    def relabel(self) -> None:
        """Word the screen again in the language in use: its fixed words now, the steps
        when it is next drawn (at once if it is on top)."""
        self._word_fixed()
        self.query_one(AllyNaming).relabel()
        self._drawn = -1
        if self.is_current:
            self._draw_if_stale()

    def redraw(self) -> None:
        """Draw every step from the current state and light the keys the engine allows."""
        state = self.state
        if state.phase not in (Phase.END_PHASE, Phase.GAME_OVER):
            return
        title = (
            _("End Phase · round {round} · the game is over")
            if state.phase is Phase.GAME_OVER
            else _("End Phase · round {round}")
        )
        self.query_one("#end-title", Static).update(title.format(round=state.round))
        self._draw_frederick(state)
        self.query_one("#hand-text", Label).update(hand_line(state, self.ruleset))
        allowed = self.session.allowed()
        self._draw_castle(state, allowed)
        self._draw_ally_income(state, allowed)
        self._draw_reorganise(state, allowed)
        self._draw_flipped(state)
        self._draw_end(state, allowed)
        self.refresh_bindings()

    def _draw_frederick(self, state: GameState) -> None:
        """Frederick's last turn of the round, as the Table showed it: the End Phase opens
        over the Table at once, and what he did must not hide behind it."""
        report = state.last_frederick
        panel = self.query_one("#step-frederick", StepPanel)
        panel.display = report is not None
        if report is not None:
            panel.set_title(
                _("Frederick's last card, {card}: {face}").format(
                    card=report.card_id, face=shown(report.face)
                )
            )
            steps = [
                f"{number}. {shown(step)}" for number, step in enumerate(report.steps, start=1)
            ]
            self.query_one("#frederick-text", Static).update("\n".join(steps))

    def _title(self, widget_id: str, number: int, text: str, done: bool) -> None:
        self.query_one(widget_id, StepPanel).set_title(
            f"{DONE if done else TODO} {number} · {text}"
        )

    def _button(self, button_id: str, shown: bool, lit: bool) -> None:
        button = self.query_one(button_id, Button)
        button.display = shown
        button.disabled = not lit

    def _draw_castle(self, state: GameState, allowed: frozenset[str]) -> None:
        done = state.end_phase.castle_income
        self._title("#step-castle", 2, _("Castle income"), done)
        lines = side_lines(state)
        skip = not done and self.castle_income_optional(state, allowed)
        head = castle_head(len(lines), done, skip)
        text = self.query_one("#castle-text", Label)
        text.update("\n".join([f"{DONE} {head}" if done else head, *lines]))
        text.set_class(done, "done")
        self._button("#castle-ok", not done and not state.game_over, "castle_income" in allowed)
        first = state.obligation
        self.query_one("#owed-row").display = first is not None
        if first is not None:
            self.query_one("#owed-text", Label).update(
                _("Still owed: {owed} {press}; nothing else can be recorded before it.").format(
                    owed=sentence(shown(first.text)), press=self._press("v", _("Continue"))
                )
            )
            lit = bool(allowed & {*first.event_types, "decline"})
            self.query_one("#follow-ok", Button).disabled = not lit

    @staticmethod
    def castle_income_optional(state: GameState, allowed: frozenset[str]) -> bool:
        """The engine takes the ally income before any castle income (no side is closed,
        so there is none to take)."""
        return not state.end_phase.castle_income and "ally_income" in allowed

    def _draw_ally_income(self, state: GameState, allowed: frozenset[str]) -> None:
        income = ally_income(state.player, state.palace, ruleset=self.ruleset)
        table = self.query_one("#ally-table", FittedTable)
        rows: list[tuple[str, ...]] = []
        for line in income.lines:
            met = _("met") if line.met else _("not met")
            kind = edition(line.kind.capitalize())
            rows.append((line.name, kind, met, str(line.vp), shown(line.reason)))
        table.fill(table.headers, rows)
        table.display = bool(income.lines)
        scored = state.end_phase.ally_income
        self._title("#step-ally", 3, _("Ally income"), scored is not None)
        total = self.query_one("#ally-total", Label)
        now = (
            _("+{vp} VP").format(vp=income.total)
            if income.lines
            else _("nothing (you have no Allies)")
        )
        press = self._press("a", _("Add to my VP"))
        if scored is not None:
            text = f"{DONE} " + _("Added +{vp} VP (you have {total}).").format(
                vp=scored, total=state.player.vp
            )
        elif not state.end_phase.castle_income and not self.castle_income_optional(state, allowed):
            text = _(
                "With what you have now: {now}. Take the castle income first (step 2): it can "
                "change what your Allies compare, and this is worked out again then."
            ).format(now=now)
        elif not state.end_phase.castle_income:
            text = _("Total: {now}. {press} to add it.").format(now=now, press=press)
        else:
            text = _("Total after your castle income: {now}. {press} to add it.").format(
                now=now, press=press
            )
        total.update(text)
        total.set_class(scored is not None, "done")
        self._button("#ally-ok", scored is None and not state.game_over, "ally_income" in allowed)

    def _draw_reorganise(self, state: GameState, allowed: frozenset[str]) -> None:
        done = state.end_phase.reorganised
        self._title("#step-reorganise", 4, _("Reorganise the Voyage board"), done)
        text = self.query_one("#reorganise-text", Label)
        text.set_class(done, "done")
        self._button("#reorganise-ok", not done and not state.game_over, "reorganise" in allowed)
        if done:
            text.update(f"{DONE} {self._reorganise_line()}")
            return
        after = self._preview(Reorganise(), text)
        if after is not None:
            then = worded(
                self, _("Then press {key}.").format(key="r"), _("Then tap {button}.")
            ).format(button=_("Reorganise"))
            text.update("\n".join([*reorganise_preview(state, after), then]))

    def _press(self, key: str, button: str) -> str:
        """ "Press ``key``" on a keyboard, "Tap ``button``" in a browser."""
        return worded(self, _("Press {key}").format(key=key), _("Tap {button}")).format(
            button=button
        )

    def _preview(self, event: Event, label: Label) -> GameState | None:
        """The state ``event`` leads to; when the rules refuse it, ``label`` says why and
        there is none."""
        try:
            after, _log = self.session.preview(event)
        except RuleError as exc:
            said = exc.args[0] if len(exc.args) == 1 else str(exc)  # the engine's sentence
            label.update(sentence(shown(said)))
            return None
        return after

    def _reorganise_line(self) -> str:
        """What the reorganisation did, in the engine's words (its log line)."""
        history, log = self.session.events, self.session.log
        done = [i for i, event in enumerate(history) if event.type == "reorganise"]
        return shown(log[len(log) - len(history) + done[-1]]) if done else _("Reorganised.")

    def _draw_flipped(self, state: GameState) -> None:
        """Who was turned up: one key names each Ally (see :mod:`.end_phase_names`)."""
        flipped = state.end_phase.flipped_allies if state.phase is Phase.END_PHASE else ()
        naming = self.query_one(AllyNaming)
        fresh = naming.spaces != flipped
        naming.show(state, flipped)
        kept = self.session.ally_names
        if fresh and kept is not None and kept[0] == self.session.revision:
            naming.restore(kept[1])

    def on_key(self, event: events.Key) -> None:
        """A key that names an Ally turned up (its letter, or a port's digit)."""
        if self.query_one(AllyNaming).press(event.character):
            event.stop()
            event.prevent_default()

    def _draw_end(self, state: GameState, allowed: frozenset[str]) -> None:
        label = self.query_one("#end-check", Label)
        button = self.query_one("#end-ok", Button)
        over = state.phase is Phase.GAME_OVER
        self._title("#step-end", 5, _("End of the round"), over)
        button.label = (
            key_label(self, _("Final score"), "f")
            if over
            else key_label(self, _("End the round"), "e")
        )
        button.disabled = not over and "end_round" not in allowed
        if over:
            label.update(
                f"{DONE} "
                + _("The game is over: {why}. {press} for the final score.").format(
                    why=end_reasons(state), press=self._press("f", _("Final score"))
                )
            )
            return
        after = self._preview(EndRound(), label)
        if after is None:
            return
        press = self._press("e", _("End the round"))
        label.update(
            _("Game-end check: the game ends now ({why}). {press}.").format(
                why=end_reasons(after), press=press
            )
            if after.phase is Phase.GAME_OVER
            else _("Game-end check: no trigger; round {round} follows. {press}.").format(
                round=state.round + 1, press=press
            )
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key is lit exactly when the engine accepts its event; the keys of steps done
        are hidden (Textual: False hides a key, None dims it)."""
        if not self.session.has_game:
            return action == "back"
        state = self.state
        over = state.phase is Phase.GAME_OVER
        progress = state.end_phase
        if action == "final_score":
            return over
        first = state.obligation
        done = {
            "castle_income": progress.castle_income,
            "ally_income": progress.ally_income is not None,
            "reorganise": progress.reorganised,
            "follow": first is None,
        }
        events = {**END_PHASE_EVENTS, "follow": (*(first.event_types if first else ()), "decline")}
        if action in events:
            if over or done.get(action, False):
                return False
            return True if self.session.allowed() & set(events[action]) else None
        if action == "undo":
            return True if self.session.can_undo else None
        return self.session.can_redo if action == "redo" else True

    def apply(self, event: Event | tuple[Event, ...] | None) -> bool:
        """Apply ``event``, redraw, then follow through on what it leaves owed."""
        applied = super().apply(event)
        if applied and self.session.has_game and self.is_current:
            self._draw_if_stale()
            self.follow_through()
        return applied

    def nothing_owed(self) -> None:
        """On to the next step."""
        self.focus_next_step()

    def prompt_closed(self, result: Event | tuple[Event, ...] | None) -> None:
        """Apply what the prompt closed with; if nothing was, back to the steps."""
        if not self.apply(result):
            self.focus_next_step()

    def focus_next_step(self, force: bool = False) -> None:
        """Focus the button of the next step when the screen opens (``force``: after an
        undo too) or when the focus has nowhere to stay (the button of a step just done);
        else the focus stays where the player put it."""
        self.call_after_refresh(self._focus_widget, self._next_button(), force)

    def _next_button(self) -> str:
        """The selector of the next step's button."""
        state, progress = self.state, self.state.end_phase
        optional = self.castle_income_optional(state, self.session.allowed())
        order = [
            (state.obligation is not None, "#follow-ok"),
            (not progress.castle_income and not optional, "#castle-ok"),
            (progress.ally_income is None, "#ally-ok"),
            (not progress.reorganised, "#reorganise-ok"),
        ]
        return next((selector for due, selector in order if due), "#end-ok")

    def _place_notices(self, screen: Screen[Any]) -> None:
        """Notices cover neither the next step nor a button (see notice_room): done steps,
        the title or Frederick's card (kept free while anything else is) may be covered."""
        step = NEXT_STEP_PANELS[self._next_button()]
        keep = KeepFree(always=(step, "Button"), preferably=("#step-frederick", "Footer"))
        place_notices(screen, keep)

    def _focus_widget(self, selector: str, force: bool) -> None:
        if not force and can_keep_focus(self.focused):
            return
        found = self.query(selector)
        if found and self.is_current:
            found.first().focus()

    def action_castle_income(self) -> None:
        """Step 2: take your closed sides' income (a Market visit opens its prompt)."""
        self.apply(CastleIncome())

    def action_follow(self) -> None:
        """Open the prompt for what the castle income left owed."""
        self.open_prompt(asked=True)

    def action_ally_income(self) -> None:
        """Step 3: add your Allies' income to your VP."""
        if self.apply(ScoreAllyIncome()):
            self.notify(_("Ally income: +{vp} VP.").format(vp=self.state.end_phase.ally_income))

    def action_reorganise(self) -> None:
        """Step 4: refill the card spaces and turn uncovered Allies face up."""
        self.apply(Reorganise())

    def action_end_round(self) -> None:
        """Step 5: record the Allies named, end the round; on to the next round or to the
        final score."""
        for name in self.query_one(AllyNaming).events():
            if not self.apply(name):
                return
        if not self.apply(EndRound()):
            return
        state = self.state
        if state.phase is Phase.GAME_OVER:
            self.notify(
                _("The game is over: {why}.").format(why=end_reasons(state)),
                title=_("Game end"),
                timeout=10,
            )
            self.action_final_score()
            return
        self.notify(_("Round {round} begins.").format(round=state.round))
        self.dismiss()

    def action_final_score(self) -> None:
        """Replace this screen with the Final score."""
        self.host.open_final_score(replacing=True)

    def action_undo(self) -> None:
        """Take back the last event (back to the Table if it leaves the End Phase)."""
        self.step("undo")
        self._after_history_move()

    def action_redo(self) -> None:
        """Re-apply the last undone event."""
        self.step("redo")
        self._after_history_move()

    def _after_history_move(self) -> None:
        if self.state.phase not in (Phase.END_PHASE, Phase.GAME_OVER):
            self.notify(_("Back before the End Phase: returning to the Table."))
            self.dismiss()
            return
        self._draw_if_stale()
        self.focus_next_step(force=True)

    def action_back(self) -> None:
        """Back to the Table; the steps done so far stay done, the Allies named so far are
        kept for when the End Phase opens again."""
        names = self.query_one(AllyNaming).names
        self.session.ally_names = (self.session.revision, dict(names)) if names else None
        self.dismiss()

    @on(Button.Pressed)
    def _button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        over = self.state.phase is Phase.GAME_OVER
        actions = {
            "castle-ok": self.action_castle_income,
            "follow-ok": self.action_follow,
            "ally-ok": self.action_ally_income,
            "reorganise-ok": self.action_reorganise,
            "end-ok": self.action_final_score if over else self.action_end_round,
        }
        actions[event.button.id or "end-ok"]()
