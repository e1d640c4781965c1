"""The Table: the whole game at a glance, and every key that changes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import Header, Input, Label

from companion.keymap import TABLE_KEYS, bindings
from companion.screens.undo import step_log
from companion.widgets.deck_panel import DeckPanel
from companion.widgets.edict_input import EdictField
from companion.widgets.edict_row_panel import EdictRowPanel
from companion.widgets.instructions_panel import InstructionsPanel
from companion.widgets.key_footer import KeyFooter
from companion.widgets.log_panel import LogPanel
from companion.widgets.odds_panel import OddsPanel
from companion.widgets.palace_panel import PalacePanel
from companion.widgets.player_panel import PlayerPanel
from companion.widgets.voyage_panel import VoyagePanel
from solo_deck import (
    CardFace,
    GameState,
    Numeral,
    PalaceLimits,
    Phase,
    RemovalOdds,
    RoundsForecast,
    RuleError,
    Ruleset,
    frederick_ship_distribution,
    player_edicts_per_round,
)
from solo_deck.events import Event, FrederickTurn, RevealEdict
from solo_deck.state import EndPhaseProgress

INSIGHT_DELAY = 0.15
"""Seconds of quiet before the odds and the forecast are recomputed."""

NARROW = 110
"""Below this width the panels stack instead of sitting side by side."""

PLAYER_ACTIONS = {"travel", "edict", "summon", "buy", "build", "promote", "end_turn", "pass_turn"}
WAITING_ACTIONS = {"frederick", "end_phase"}
"""Keys that wait while a newly drawn Edict tile is not typed in yet."""


class TableScreen(Screen[None]):
    """Frederick's palace, the edict row, the deck, the Voyage ring, your board, the
    instructions for Frederick's last turn and the log."""

    DEFAULT_CSS = """
    TableScreen #body { height: 1fr; }
    TableScreen .row { height: auto; }
    TableScreen #palace { width: 36; }
    TableScreen #edicts { width: 34; }
    TableScreen #deck { width: 1fr; }
    TableScreen #odds { margin-top: 1; }
    TableScreen.-narrow VoyagePanel { text-wrap: wrap; }
    TableScreen #left { width: 56; height: auto; }
    TableScreen #instructions { width: 1fr; }
    TableScreen.-narrow .row { layout: vertical; }
    TableScreen.-narrow .row > #palace, TableScreen.-narrow .row > #edicts,
    TableScreen.-narrow .row > #deck, TableScreen.-narrow .row > #left,
    TableScreen.-narrow .row > #instructions { width: 100%; }
    TableScreen #instructions { border: round $accent; height: auto; }
    TableScreen #steps { min-height: 10; }
    TableScreen #reveal-field { visibility: hidden; margin-top: 1; }
    TableScreen FooterKey .footer-key--description { padding: 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(TABLE_KEYS))

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="body"):
            with Horizontal(classes="row"):
                yield PalacePanel(id="palace", classes="panel")
                yield EdictRowPanel(id="edicts", classes="panel")
                with Vertical(id="deck", classes="panel"):
                    yield DeckPanel(id="deck-state")
                    yield OddsPanel(id="odds")
            yield VoyagePanel(id="voyage", classes="panel")
            with Horizontal(classes="row"):
                with Vertical(id="left"):
                    yield PlayerPanel(id="player", classes="panel")
                    yield LogPanel(id="log", classes="panel")
                with Vertical(id="instructions", classes="panel"):
                    yield InstructionsPanel(id="steps")
                    yield EdictField("", id="reveal-field", compact=True)
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        titles = {
            "palace": "Frederick's palace",
            "edicts": "Edict row",
            "deck": "Round & solo deck",
            "voyage": "Voyage",
            "player": "Your board",
            "instructions": "What to do",
            "log": "Log",
        }
        for widget_id, title in titles.items():
            self.query_one(f"#{widget_id}").border_title = title
        self._provisional = self._deck_is_provisional()
        self.refresh_state()

    def on_screen_resume(self) -> None:
        """Back from a modal or another screen: redraw (the state may have changed)."""
        self._provisional = self._deck_is_provisional()
        self.refresh_state()

    @on(Resize)
    def _narrow(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW, "-narrow")

    # --- drawing ----------------------------------------------------------------------

    @property
    def session(self) -> Any:
        """The app's game session."""
        return self.app.session  # type: ignore[attr-defined]

    @property
    def state(self) -> GameState:
        """The current game state."""
        state: GameState = self.session.state
        return state

    def refresh_state(self) -> None:
        """Redraw every panel and the footer."""
        if self.session.game is None:
            return
        state = self.state
        rules = self.session.game.setup.ruleset
        self.query_one(PalacePanel).show(state, PalaceLimits.from_ruleset(rules))
        self.query_one(EdictRowPanel).show(state)
        self.query_one(DeckPanel).show(
            state,
            provisional=self._provisional,
            max_actions=rules.rounds.frederick_max_actions.value,
        )
        self.query_one(OddsPanel).show(state)
        landing = frederick_ship_distribution(state) if state.phase is not Phase.GAME_OVER else {}
        self._landing = landing
        self.query_one(VoyagePanel).show(state, landing, None)
        self.query_one(PlayerPanel).show(state)
        self.query_one(InstructionsPanel).show(state)
        self._show_reveal_field(state)
        if self.has_class("-narrow"):
            self.query_one("#instructions").scroll_visible(animate=False)
        game = self.session.game
        self.query_one(LogPanel).show(game.log, len(game.redo_log))
        self.sub_title = f"Round {state.round} · {game.setup.house} · {game.setup.difficulty}"
        self.refresh_bindings()
        self._schedule_insight()

    # --- odds and forecast, computed in the background between keys ---------------------

    def _schedule_insight(self, *, after_refresh: bool = True) -> None:
        """Recompute the removal odds and the forecast once the change is drawn and the
        keys have been quiet for ``INSIGHT_DELAY`` (a burst of keys, e.g. several undos,
        starts one computation, not many)."""
        if not getattr(self.app, "insight", True):
            return
        self._insight_generation = getattr(self, "_insight_generation", 0) + 1
        timer = getattr(self, "_insight_timer", None)
        if timer is not None:
            timer.stop()
        generation = self._insight_generation
        self._insight_timer = None
        if after_refresh:  # a change: the quiet time starts once it is drawn
            self.call_after_refresh(self._arm_insight, generation)
        else:
            self._arm_insight(generation)

    def _arm_insight(self, generation: int) -> None:
        if generation != self._insight_generation or not self.is_mounted:
            return
        self._insight_timer = self.set_timer(INSIGHT_DELAY, lambda: self._start_insight(generation))

    def _start_insight(self, generation: int) -> None:
        if self.session.game is None or generation != self._insight_generation:
            return
        state = self.state
        ruleset = self.session.game.setup.ruleset
        edicts_per_round = player_edicts_per_round(self.session.game.events)
        risk_key = (
            state.phase,
            state.frederick_actions,
            state.player_turns,
            state.passed,
            state.deck,
            state.voyage,
        )
        forecast_key = (
            risk_key,
            state.round,
            state.edicts,
            state.player.structures,
            edicts_per_round,
        )
        cached = getattr(self, "_insight_cache", None)
        if cached is not None and cached[0] == forecast_key:
            self._show_insight(generation, state, cached[1], cached[2])
            return
        risk = cached[1] if cached is not None and cached[0][0] == risk_key else None
        self.run_worker(
            self._compute_insight(generation, state, ruleset, edicts_per_round, forecast_key, risk),
            group="insight",
            exclusive=True,
            exit_on_error=False,
        )

    async def _compute_insight(
        self,
        generation: int,
        state: GameState,
        ruleset: Ruleset,
        edicts_per_round: float | None,
        key: tuple[object, ...],
        risk: dict[int, RemovalOdds] | None,
    ) -> None:
        """The exact removal odds per port (unless ``risk`` still holds) and the Monte
        Carlo forecast, a little at a time on the event loop; it pauses while the player
        types or clicks (see :mod:`companion.background`)."""
        from companion.background import run_in_turns
        from companion.insight import insight_steps

        steps = insight_steps(state, ruleset, edicts_per_round, risk)
        risk, forecast = await run_in_turns(steps, self.app.input_gate)  # type: ignore[attr-defined]
        self._store_insight(generation, state, key, risk, forecast)

    def _store_insight(
        self,
        generation: int,
        state: GameState,
        key: tuple[object, ...],
        risk: dict[int, RemovalOdds],
        forecast: RoundsForecast,
    ) -> None:
        self._insight_cache = (key, risk, forecast)
        self._show_insight(generation, state, risk, forecast)

    def _show_insight(
        self,
        generation: int,
        state: GameState,
        risk: dict[int, RemovalOdds],
        forecast: RoundsForecast,
    ) -> None:
        if generation != self._insight_generation or not self.is_mounted:
            return
        self.query_one(VoyagePanel).show(state, self._landing, risk)
        self.query_one(OddsPanel).show_forecast(forecast)

    def _deck_is_provisional(self) -> bool:
        game = self.session.game
        if game is None or not game.setup.deck.provisional:
            return False
        try:
            verified = self.session.settings.verified_cards()
        except (OSError, ValueError):
            verified = set()
        return not {card.id for card in game.setup.deck.cards} <= verified

    # --- which keys apply now ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide keys that do not apply in the current phase; dim the ones that wait for a
        newly drawn Edict tile to be typed (Textual: False hides a key, None dims it)."""
        if self.session.game is None:
            return action == "menu"
        state = self.state
        game = self.session.game
        phase_keys = {
            "reveal": bool(state.awaiting_reveal),
            "frederick": state.phase is Phase.FREDERICK,
            "end_phase": state.phase is Phase.END_PHASE,
            "final_score": state.phase is Phase.GAME_OVER,
            "undo": game.can_undo,
            "redo": game.can_redo,
        }
        enabled = phase_keys.get(
            action, state.phase is Phase.PLAYER or action not in PLAYER_ACTIONS
        )
        if enabled and state.awaiting_reveal and action in PLAYER_ACTIONS | WAITING_ACTIONS:
            return None
        return bool(enabled)

    # --- applying events --------------------------------------------------------------

    def apply(self, event: Event | None) -> bool:
        """Push ``event`` through the session; report a refusal or a save failure."""
        if event is None:
            return False
        try:
            self.session.push(event)
        except RuleError as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return False
        except OSError as exc:
            self.notify(
                f"{exc}. The move is kept in memory; the last saved file is intact.",
                title="Could not save",
                severity="error",
                timeout=10,
            )
        self.refresh_state()
        self._follow_up()
        return True

    def _follow_up(self) -> None:
        """Ask for table facts at once, and open the End Phase when it starts."""
        state = self.state
        if state.awaiting_reveal:
            self.action_reveal()
        elif state.phase is Phase.END_PHASE and state.end_phase == EndPhaseProgress():
            self.action_end_phase()

    def _open(self, screen: ModalScreen[Any], then: Callable[[Any], None] | None = None) -> None:
        self.app.push_screen(screen, then or self.apply)

    # --- Frederick --------------------------------------------------------------------

    def action_frederick(self) -> None:
        """Resolve Frederick's turn (table mode: ask for the face first)."""
        state = self.state
        if state.deck.mode == "virtual":
            self.apply(FrederickTurn())
            return
        from companion.screens.modals.solo_face import SoloFaceModal

        def flipped(face: CardFace | None) -> None:
            if face is not None:
                self.apply(FrederickTurn(face=face))

        self._open(SoloFaceModal(state.deck), flipped)

    def action_reveal(self) -> None:
        """Put the cursor in the field for the tile drawn into the awaiting Next space."""
        if self.state.awaiting_reveal:
            self.query_one("#reveal-field", EdictField).focus_input()

    def _show_reveal_field(self, state: GameState) -> None:
        field = self.query_one("#reveal-field", EdictField)
        asking = bool(state.awaiting_reveal)
        # An inline style, not a class: it applies now, in the same frame as the panels;
        # a class change is restyled a frame later and costs a second layout and refresh.
        field.styles.visibility = "visible" if asking else "hidden"
        if asking:
            numeral = Numeral.from_index(state.awaiting_reveal[0]).value
            prompt = f"New Next {numeral} tile ({state.edicts.pile} left in the pile), then enter:"
            label = field.query_one(".edict-label", Label)
            if str(label.content) != prompt:
                label.update(prompt)

    @on(Input.Submitted, "#reveal-field Input")
    def _revealed(self, event: Input.Submitted) -> None:
        """The typed tile is recorded if valid; the field already says what is wrong."""
        state = self.state
        field = self.query_one("#reveal-field", EdictField)
        edict = field.edict
        if not state.awaiting_reveal:
            return
        if edict is None:
            self.notify(
                "That is not a valid tile yet: see the message under the field.", severity="error"
            )
            return
        event.input.value = ""
        applied = self.apply(RevealEdict(position=state.awaiting_reveal[0], edict=edict))
        if applied and not self.state.awaiting_reveal:
            self.set_focus(None)

    # --- your turn --------------------------------------------------------------------

    def action_end_turn(self) -> None:
        """Your turn is over."""
        from solo_deck.events import EndTurn

        self.apply(EndTurn())

    def action_pass_turn(self) -> None:
        """Pass, after confirming that your hand is empty."""
        from companion.screens.modals.confirm import ConfirmModal
        from solo_deck.events import Pass

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.apply(Pass())

        self._open(
            ConfirmModal(
                "Pass for the rest of the round?",
                "You may pass only when no card is left in your hand.",
            ),
            confirmed,
        )

    def action_travel(self) -> None:
        """Sail your ship."""
        from companion.screens.modals.travel import TravelModal

        self._open(TravelModal(self.state, self.session.game.setup.ruleset))

    def action_edict(self) -> None:
        """Issue an Active Edict."""
        from companion.screens.modals.issue_edict import IssueEdictModal

        self._open(IssueEdictModal(self.state, self.session.game.setup.ruleset))

    def action_summon(self) -> None:
        """Summon the Ally at your port."""
        from companion.screens.modals.summon import SummonModal

        self._open(SummonModal(self.state))

    def action_buy(self) -> None:
        """Buy the Advanced card at your port."""
        from companion.screens.modals.buy_card import BuyCardModal

        self._open(BuyCardModal(self.state))

    def action_build(self) -> None:
        """Build a Structure."""
        from companion.screens.modals.build import BuildModal

        self._open(BuildModal(self.state))

    def action_promote(self) -> None:
        """Promote a Specialist."""
        from companion.screens.modals.promote import PromoteModal

        self._open(PromoteModal(self.state, self.session.game.setup.ruleset))

    def action_gain(self) -> None:
        """Gain or spend VP and supplies."""
        from companion.screens.modals.gain import GainModal

        self._open(GainModal(self.state))

    def action_what_if(self) -> None:
        """Rank every way to issue an Edict now (nothing is issued)."""
        from companion.screens.modals.advisor import AdvisorModal

        self.app.push_screen(
            AdvisorModal(self.state, self.session.game.setup.ruleset, self.session.edict_rewards)
        )

    def action_correct(self) -> None:
        """Correct a tracked value, or name what lies at a port."""
        from companion.screens.modals.choice import ChoiceModal

        def chosen(choice: str | None) -> None:
            if choice == "value":
                from companion.screens.modals.correct import CorrectModal

                self._open(CorrectModal(self.state))
            elif choice == "port":
                self.action_name_port()

        options = [
            ("value", "Correct a value: VP, supplies, castle, palace, edicts, counters"),
            ("port", "Name the Ally or the Advanced card lying at a port"),
        ]
        self._open(ChoiceModal("Fix what?", options), chosen)

    def action_name_port(self) -> None:
        """Say which Ally or card lies at a port."""
        from companion.screens.modals.name_port import NamePortModal

        self._open(NamePortModal(self.state))

    # --- phases, log, undo ------------------------------------------------------------

    def action_end_phase(self) -> None:
        """Open the End Phase screen."""
        from companion.screens.end_phase import EndPhaseScreen

        self.app.push_screen(EndPhaseScreen())

    def action_final_score(self) -> None:
        """Open the Final score screen."""
        from companion.screens.final_score import FinalScoreScreen

        self.app.push_screen(FinalScoreScreen())

    def action_log(self) -> None:
        """Show the whole log."""
        from companion.screens.log_screen import LogScreen

        self.app.push_screen(LogScreen())

    def action_undo(self) -> None:
        """Take back the last event."""
        step_log(self, "undo")
        self.refresh_state()

    def action_redo(self) -> None:
        """Re-apply the last undone event."""
        step_log(self, "redo")
        self.refresh_state()

    def action_menu(self) -> None:
        """Back to the Start screen; the game stays saved."""
        self.dismiss(None)
