"""The End Phase in the rulebook's order: castle income, ally income, reorganisation, and the
end of the round."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header, Input, Label, Select, Static

from companion.screens.modals.summon import ally_name, ally_options
from companion.screens.undo import step_log
from companion.widgets.key_footer import KeyFooter
from companion.widgets.number_field import NumberField
from solo_deck import GameState, Phase, RuleError, ally_income
from solo_deck.events import (
    CastleIncome,
    EndRound,
    Event,
    NameAlly,
    Reorganise,
    ScoreAllyIncome,
)

DONE = "✓"
TODO = "·"
UNKNOWN = "?"
"""The Select value for an Ally nobody has named."""

CASTLE_FIELDS = (("vp", "VP"), ("grain", "Grain"), ("stone", "Stone"), ("augustales", "Augustales"))
CASTLE_PROMPT = (
    "Type what your castle's closed sides gave this round (0 = nothing); Enter records it."
)


class EndPhaseScreen(Screen[None]):
    """Four steps in the rulebook's order, each marked ✓ once done: castle income (``c``, or
    Enter in its fields), ally income (``a``, only after the castle income, which can change
    the Grain, Stone and Augustales some Allies compare), reorganisation (``r``, then name the
    Allies just turned up) and the end of the round (``e``), which either starts the next
    round (back to the Table) or ends the game (on to the Final score)."""

    DEFAULT_CSS = """
    EndPhaseScreen #end-body { padding: 0 1; }
    EndPhaseScreen #end-title { height: 1; margin-bottom: 1; }
    EndPhaseScreen .panel { margin-bottom: 0; }
    EndPhaseScreen #ally-table { height: auto; max-height: 8; }
    EndPhaseScreen #castle-grid { grid-size: 2; grid-columns: 1fr 1fr; height: auto; }
    EndPhaseScreen .step-row { height: auto; }
    EndPhaseScreen .step-row > .step-text { width: 1fr; }
    EndPhaseScreen .step-row > Button { margin-left: 2; }
    EndPhaseScreen #flipped { height: auto; }
    EndPhaseScreen .flip-row { height: auto; }
    EndPhaseScreen .flip-row > Label { width: 30; height: 3; content-align: left middle; }
    EndPhaseScreen .flip-row > Select { width: 60; }
    EndPhaseScreen .done { color: $success; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "c",
            "castle_income",
            "Castle income",
            id="end_phase.castle_income",
            tooltip="Record what your castle's closed sides gave (step 1)",
        ),
        Binding(
            "a",
            "ally_income",
            "Ally income",
            id="end_phase.ally_income",
            tooltip="Add your Allies' income to your VP (step 2, after the castle income)",
        ),
        Binding(
            "r",
            "reorganise",
            "Reorganise",
            id="end_phase.reorganise",
            tooltip="Refill the card spaces and turn uncovered Allies face up",
        ),
        Binding(
            "e",
            "end_round",
            "End round",
            id="end_phase.end_round",
            tooltip="Check the game end; otherwise start the next round",
        ),
        Binding(
            "f",
            "final_score",
            "Final score",
            id="end_phase.final_score",
            tooltip="The game is over: score it",
        ),
        Binding("ctrl+z", "undo", "Undo", id="end_phase.undo", tooltip="Take back the last event"),
        Binding("ctrl+y", "redo", "Redo", id="end_phase.redo", tooltip="Re-apply an undone event"),
        Binding(
            "escape",
            "back",
            "Table",
            id="end_phase.back",
            tooltip="Back to the Table (the End Phase waits)",
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._flipped_key: tuple[Any, ...] | None = None

    # --- the session ------------------------------------------------------------------

    @property
    def session(self) -> Any:
        """The app's ``GameSession``."""
        return self.app.session  # type: ignore[attr-defined]

    @property
    def state(self) -> GameState:
        """The current game state."""
        state: GameState = self.session.state
        return state

    def push(self, event: Event) -> bool:
        """Apply ``event``; a refusal or a failed save is told, not raised."""
        try:
            self.session.push(event)
        except RuleError as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return False
        except OSError as exc:
            self.notify(
                f"{exc}. The step is kept in memory; the last saved file is intact.",
                title="Could not save",
                severity="error",
                timeout=10,
            )
        return True

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="end-body"):
            yield Static("", id="end-title", classes="title-large")
            with Vertical(id="step-castle", classes="panel"):
                with Horizontal(classes="step-row"):
                    yield Label(CASTLE_PROMPT, id="castle-text", classes="step-text")
                    yield Button("Record castle income (c)", id="castle-ok", compact=True)
                with Grid(id="castle-grid"):
                    for name, label in CASTLE_FIELDS:
                        yield NumberField(label, 0, id=f"castle-{name}")
            with Vertical(id="step-ally", classes="panel"):
                table: DataTable[str] = DataTable(id="ally-table", cursor_type="row")
                yield table
                with Horizontal(classes="step-row"):
                    yield Label("", id="ally-total", classes="step-text")
                    yield Button("Add to my VP (a)", id="ally-ok", compact=True)
            with Vertical(id="step-reorganise", classes="panel"):
                with Horizontal(classes="step-row"):
                    yield Label("", id="reorganise-list", classes="step-text")
                    yield Button("Board reorganised (r)", id="reorganise-ok", compact=True)
                yield Vertical(id="flipped")
            with Vertical(id="step-end", classes="panel"), Horizontal(classes="step-row"):
                yield Label("", id="end-check", classes="step-text")
                yield Button("End the round (e)", id="end-ok", variant="primary", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#ally-table", DataTable)
        table.add_columns("Ally", "Kind", "Condition", "VP", "Why")
        self.refresh_view()
        self.focus_next_step()

    def on_screen_resume(self) -> None:
        """Back from a dialog: the state may have changed."""
        self.refresh_view()

    # --- drawing ------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw every step from the current state."""
        if self.session.game is None:
            return
        state = self.state
        self.query_one("#end-title", Static).update(
            f"End Phase · round {state.round}"
            + (" · the game is over" if state.phase is Phase.GAME_OVER else "")
        )
        self._draw_castle(state)
        self._draw_ally_income(state)
        self._draw_reorganise(state)
        self._draw_flipped(state)
        self._draw_end(state)
        self.refresh_bindings()

    def _title(self, widget_id: str, number: int, text: str, done: bool) -> None:
        mark = DONE if done else TODO
        self.query_one(widget_id).border_title = f"{mark} {number} · {text}"

    def _draw_ally_income(self, state: GameState) -> None:
        rules = self.session.game.setup.ruleset
        income = ally_income(state.player, state.palace, ruleset=rules)
        table = self.query_one("#ally-table", DataTable)
        table.clear()
        for line in income.lines:
            table.add_row(
                line.name,
                line.kind.capitalize(),
                "met" if line.met else "not met",
                str(line.vp),
                line.reason,
            )
        done = state.end_phase.ally_income is not None
        castle_done = state.end_phase.castle_income
        self._title("#step-ally", 2, "Ally income", done)
        total = self.query_one("#ally-total", Label)
        if done:
            total.update(
                f"{DONE} Added +{state.end_phase.ally_income} VP (you have {state.player.vp})."
            )
        elif not castle_done:
            now = (
                "You have no Allies: nothing to score."
                if not income.lines
                else f"With what you have now: +{income.total} VP."
            )
            total.update(
                f"{now} Record the castle income first (step 1): it can change what your "
                "Allies compare, and this step is worked out again then."
            )
        elif not income.lines:
            total.update("You have no Allies: nothing to score. Press a to confirm.")
        else:
            total.update(
                f"Total after your castle income: +{income.total} VP. Press a to add it to your VP."
            )
        total.set_class(done, "done")
        self.query_one("#ally-ok", Button).display = (
            castle_done and not done and not self._over(state)
        )

    def _draw_castle(self, state: GameState) -> None:
        done = state.end_phase.castle_income
        self._title("#step-castle", 1, "Castle income", done)
        for name, _ in CASTLE_FIELDS:
            self.query_one(f"#castle-{name}", NumberField).disabled = done or self._over(state)
        self.query_one("#castle-ok", Button).display = not (done or self._over(state))
        text = self.query_one("#castle-text", Label)
        text.update(f"{DONE} Castle income recorded." if done else CASTLE_PROMPT)
        text.set_class(done, "done")

    def _draw_reorganise(self, state: GameState) -> None:
        progress = state.end_phase
        done = progress.reorganised
        voyage = state.voyage
        self._title("#step-reorganise", 3, "Reorganise the Voyage board", done)
        lines = []
        if done:
            lines.append(
                f"{DONE} Card spaces refilled; {voyage.advanced_pile} card(s) left in the pile."
            )
            if progress.cards_short:
                lines.append(
                    f"  {progress.cards_short} card space(s) stay empty: the game ends after "
                    "this round."
                )
            if progress.flipped_allies:
                lines.append(f"{DONE} Allies turned face up — say who they are below.")
            else:
                lines.append(f"{DONE} No face-down Ally was uncovered.")
        else:
            empty = voyage.empty_card_spaces()
            where = ", ".join(voyage.ports[p].name for p, _ in empty)
            pile = voyage.advanced_pile
            if empty:
                short = max(0, len(empty) - pile)
                text = (
                    f"{TODO} Draw {min(len(empty), pile)} Advanced card(s) from the pile "
                    f"(it holds {pile}) onto the empty card space(s): {where}."
                )
                if short:
                    text += f" {short} space(s) stay empty, so the game ends after this round."
                lines.append(text)
            else:
                lines.append(f"{TODO} Every card space holds a card: nothing to refill.")
            uncovered = [
                voyage.ports[p].name
                for p, port in enumerate(voyage.ports)
                for ally in port.allies
                if not ally.face_up and ally.face_down
            ]
            if uncovered:
                lines.append(
                    f"{TODO} Turn face up the face-down Ally left uncovered in: "
                    f"{', '.join(uncovered)}."
                )
            else:
                lines.append(f"{TODO} No face-down Ally lies uncovered.")
            lines.append("Then press r.")
        self.query_one("#reorganise-list", Label).update("\n".join(lines))
        self.query_one("#reorganise-ok", Button).display = not (done or self._over(state))

    def _draw_flipped(self, state: GameState) -> None:
        flipped = state.end_phase.flipped_allies
        key = (flipped, tuple(state.player.allies))
        if key == self._flipped_key:
            return
        self._flipped_key = key
        box = self.query_one("#flipped", Vertical)
        box.remove_children()
        rows = []
        options = [("unknown", UNKNOWN), *ally_options(state.player.allies)]
        values = {value for _, value in options}
        for port, space in flipped:
            current = state.voyage.ports[port].allies[space].face_up_id
            select: Select[str] = Select(
                options,
                allow_blank=False,
                value=current if current in values else UNKNOWN,
                id=f"flip-{port}-{space}",
                classes="flip-select",
            )
            name = state.voyage.ports[port].name
            rows.append(
                Horizontal(Label(f"Who was turned up in {name}?"), select, classes="flip-row")
            )
        if rows:
            box.mount_all(rows)

    def _draw_end(self, state: GameState) -> None:
        label = self.query_one("#end-check", Label)
        button = self.query_one("#end-ok", Button)
        if state.phase is Phase.GAME_OVER:
            self._title("#step-end", 4, "End of the round", True)
            why = "; ".join(reason.describe() for reason in state.game_end)
            label.update(f"{DONE} The game is over: {why}. Press f for the final score.")
            button.label = "Final score (f)"
            return
        self._title("#step-end", 4, "End of the round", False)
        button.label = "End the round (e)"
        missing = []
        if not state.end_phase.castle_income:
            missing.append("record the castle income (c)")
        if state.end_phase.ally_income is None:
            missing.append("score the ally income (a)")
        if not state.end_phase.reorganised:
            missing.append("reorganise the board (r)")
        if missing:
            steps = ", ".join(missing[:-1]) + " and " if len(missing) > 1 else ""
            label.update(f"Before ending the round: {steps}{missing[-1]}.")
            return
        try:
            after, _ = self.session.game.preview(EndRound())
        except RuleError as exc:
            label.update(str(exc))
            return
        if after.phase is Phase.GAME_OVER:
            why = "; ".join(reason.describe() for reason in after.game_end)
            label.update(f"Game-end check: the game ends now ({why}). Press e.")
        else:
            label.update(f"Game-end check: no trigger; round {state.round + 1} follows. Press e.")

    @staticmethod
    def _over(state: GameState) -> bool:
        return state.phase is Phase.GAME_OVER

    # --- which keys apply now ---------------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys the footer shows: as Textual's, but without the ally income key until the
        castle income is recorded. The key itself still works then, so pressing it too early
        says why it is refused instead of doing nothing."""
        active = super().active_bindings
        if self.session.game is None or self._ally_income_open(self.state):
            return active
        return {
            key: binding
            for key, binding in active.items()
            if binding.binding.action != "ally_income"
        }

    @staticmethod
    def _ally_income_open(state: GameState) -> bool:
        """The castle income is recorded and the ally income not yet scored."""
        progress = state.end_phase
        return progress.castle_income and progress.ally_income is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys of steps already done (``False`` hides a key in Textual 8)."""
        if self.session.game is None:
            return action == "back"
        state = self.state
        progress = state.end_phase
        over = state.phase is Phase.GAME_OVER
        if action == "final_score":
            return over
        if over and action in ("ally_income", "castle_income", "reorganise", "end_round"):
            return False
        if action == "ally_income":
            # Before the castle income the key stays live (pressing it says why it is
            # refused); ``active_bindings`` keeps it out of the footer until then.
            return progress.ally_income is None
        if action == "castle_income":
            return not progress.castle_income
        if action == "reorganise":
            return not progress.reorganised
        if action == "undo":
            return bool(self.session.game.can_undo)
        if action == "redo":
            return bool(self.session.game.can_redo)
        return True

    # --- the steps --------------------------------------------------------------------

    def focus_next_step(self) -> None:
        """Focus where the first step not done yet is taken (the castle VP field first)."""
        state = self.state
        progress = state.end_phase
        if self._over(state):
            self.query_one("#end-ok", Button).focus()
        elif not progress.castle_income:
            self.query_one("#castle-vp", NumberField).input.focus()
        elif progress.ally_income is None:
            self.query_one("#ally-ok", Button).focus()
        elif not progress.reorganised:
            self.query_one("#reorganise-ok", Button).focus()
        else:
            self.query_one("#end-ok", Button).focus()

    def action_castle_income(self) -> None:
        """Step 1: record the castle income typed in the four fields."""
        fields = [self.query_one(f"#castle-{name}", NumberField) for name, _ in CASTLE_FIELDS]
        if not all([field.check() for field in fields]):
            self.notify("Fix the amounts marked in red.", severity="error")
            return
        amounts = {
            name: field.value or 0 for (name, _), field in zip(CASTLE_FIELDS, fields, strict=True)
        }
        pushed = self.push(CastleIncome(**amounts))
        self.refresh_view()
        if pushed:
            self.query_one("#ally-ok", Button).focus()

    def action_ally_income(self) -> None:
        """Step 2: add the Allies' income, worked out after the castle income, to your VP.
        Refused (and said why) while the castle income is not recorded."""
        pushed = self.push(ScoreAllyIncome())
        self.refresh_view()
        if pushed:
            self.notify(f"Ally income: +{self.state.end_phase.ally_income} VP.")
            self.focus_next_step()
        elif not self.state.end_phase.castle_income and not self._over(self.state):
            self.query_one("#castle-vp", NumberField).input.focus()

    def action_reorganise(self) -> None:
        """Step 3: the board is reorganised; then name the Allies turned up."""
        if self.push(Reorganise()):
            flipped = self.state.end_phase.flipped_allies
            self.refresh_view()
            if flipped:
                port, space = flipped[0]
                self.call_after_refresh(self._focus_first_flip, port, space)
            else:
                self.query_one("#end-ok", Button).focus()
            return
        self.refresh_view()

    def _focus_first_flip(self, port: int, space: int) -> None:
        selects = self.query(f"#flip-{port}-{space}")
        if selects:
            selects.first().focus()

    def action_end_round(self) -> None:
        """Step 4: end the round; on to the next round or to the final score."""
        if self.state.phase is Phase.GAME_OVER:
            self.action_final_score()
            return
        if not self.push(EndRound()):
            self.refresh_view()
            return
        state = self.state
        if state.phase is Phase.GAME_OVER:
            why = "; ".join(reason.describe() for reason in state.game_end)
            self.notify(f"The game is over: {why}.", title="Game end", timeout=10)
            self.action_final_score()
            return
        self.notify(f"Round {state.round} begins.")
        self.dismiss()

    def action_final_score(self) -> None:
        """Replace this screen with the Final score."""
        from companion.screens.final_score import FinalScoreScreen

        self.app.switch_screen(FinalScoreScreen())

    def action_undo(self) -> None:
        """Take back the last event (leaving the End Phase if it goes back that far)."""
        step_log(self, "undo")
        self._after_history_move()

    def action_redo(self) -> None:
        """Re-apply the last undone event."""
        step_log(self, "redo")
        self._after_history_move()

    def _after_history_move(self) -> None:
        self._flipped_key = None
        if self.state.phase not in (Phase.END_PHASE, Phase.GAME_OVER):
            self.notify("Back before the End Phase: returning to the Table.")
            self.dismiss()
            return
        self.refresh_view()

    def action_back(self) -> None:
        """Back to the Table; the End Phase steps done so far stay done."""
        self.dismiss()

    # --- widgets ------------------------------------------------------------------------

    @on(Button.Pressed, "#ally-ok")
    def _ally_button(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ally_income()

    @on(Button.Pressed, "#castle-ok")
    def _castle_button(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_castle_income()

    @on(Button.Pressed, "#reorganise-ok")
    def _reorganise_button(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_reorganise()

    @on(Button.Pressed, "#end-ok")
    def _end_button(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_end_round()

    @on(Input.Submitted)
    def _castle_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_castle_income()

    @on(Select.Changed, ".flip-select")
    def _ally_named(self, event: Select.Changed) -> None:
        select = event.select
        if select.id is None or not isinstance(event.value, str):
            return
        _, port_text, space_text = select.id.split("-")
        port, space = int(port_text), int(space_text)
        ally_id = None if event.value == UNKNOWN else event.value
        current = self.state.voyage.ports[port].allies[space]
        if not current.face_up or current.face_up_id == ally_id:
            return
        if self.push(NameAlly(port=port, space=space, ally_id=ally_id)):
            self.notify(f"{self.state.voyage.ports[port].name}: {ally_name(ally_id)}.")
        self.refresh_view()
