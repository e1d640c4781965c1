"""The New game form: choices, a setup checklist, the six starting Edict tiles, the ports.

Nothing changes until "Start game" finds every field valid; a bad field gets a message right
next to it and the cursor.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from companion.widgets.edict_input import EdictField
from companion.widgets.key_footer import KeyFooter
from companion.widgets.validators import WholeNumber
from solo_deck import DeckDefinition, Edict, GameSetup, Ruleset, load_allies, load_ruleset
from solo_deck.data_files import describe_validation_error, load_default_deck

if TYPE_CHECKING:
    from companion.app import StuporSoloApp

SEED_MAX = 2**63 - 1
PILE_MAX = 60
OTHER_HOUSE = "__other__"
HOUSES: tuple[str, ...] = ("Savoy", "Hohenstaufen", "Di Romano")
DIFFICULTIES: tuple[tuple[str, str], ...] = (
    ("easy", "Easy · 5 blue Market tiles"),
    ("medium", "Medium · 3 blue + 2 red Market tiles"),
    ("hard", "Hard · 5 red Market tiles"),
)
DECK_MODES: tuple[tuple[str, str], ...] = (
    ("virtual", "Virtual · the app shuffles and flips Frederick's cards"),
    ("table", "Table · you flip the real card and key in what it shows"),
)
EDICT_SLOTS: tuple[tuple[str, str], ...] = (
    ("active-1", "Active I (top)"),
    ("active-2", "Active II (middle)"),
    ("active-3", "Active III (bottom)"),
    ("next-1", "Next I"),
    ("next-2", "Next II"),
    ("next-3", "Next III"),
)


def setup_checklist(
    difficulty: str, easier_solo: bool, deck_mode: str, ruleset: Ruleset | None = None
) -> list[str]:
    """The table setup, step by step, in our own words (numbers from the ruleset)."""
    rules = ruleset or load_ruleset()
    fred = rules.frederick_start
    voyage = rules.voyage
    market = dict(DIFFICULTIES)[difficulty].split(" · ", 1)[1]
    extra = rules.edicts.easier_solo_extra_tiles.value
    steps = [
        "Set up both boards as for two players (Voyage board on its 1–2 player side, dummy "
        "Allies and cards on the red spaces).",
        f"Market: take away one of the six tiles at random, then lay {market}.",
        f"Advanced Action cards: shuffle level A and level B apart, keep "
        f"{voyage.advanced_cards_level_a.value} of each, stack A face down on top of B (no "
        "shuffle after that) and fill each card space face up from the stack.",
        "Allies: shuffle all 20 and put one face down on every free Ally space, then one face "
        "up on top of each.",
        f"Frederick's palace: Reserve {fred.grain.value} Grain and {fred.stone.value} Stone, a "
        f"coin on {fred.treasury.value} of the Treasury, {fred.keeps.value} Keep, "
        f"{fred.walls.value} Walls, {fred.towers.value} Towers, {fred.allies.value} Allies in "
        f"his Court; his Specialist on Path A space {fred.specialist.value}.",
        f"Ships: yours and Frederick's both start in {voyage.start_port.value}.",
        "You: shuffle your House's 10 Action cards and draw a hand of 5; Card Slot tile in the "
        "last slot; 1 Tower and 1 Wall on your Castle Board; VP disc on 0; 3 Specialists "
        "beside the Workplace Area.",
    ]
    if easier_solo:
        steps.append(
            f"Easier solo: add {extra} marked Edict tiles, picked at random, to the usual "
            "ones (you may look at them first), then shuffle."
        )
    steps.append(
        "Edicts: deal 3 face up on the Active spaces and 3 on the Next spaces, type them "
        "below, and count the tiles left in the pile."
    )
    if deck_mode == "table":
        steps.append("Solo deck: shuffle the 16 solo cards face down beside the board.")
    else:
        steps.append("Solo deck: nothing to do; the app shuffles and flips it for you.")
    steps.append("You play first.")
    return steps


class SetupScreen(Screen[None]):
    """Choose the game, follow the checklist, type the starting tiles, start."""

    DEFAULT_CSS = """
    SetupScreen > #setup-form { padding: 0 1; }
    SetupScreen #setup-title { height: 1; margin-bottom: 1; }
    SetupScreen .section { height: auto; margin-bottom: 1; }
    SetupScreen .field-label { color: $text-muted; margin-top: 1; }
    SetupScreen RadioSet { width: 64; max-width: 100%; }
    SetupScreen EdictField > .edict-feedback { width: 100%; }
    SetupScreen .field-error { height: auto; width: 100%; }
    SetupScreen #house-select { width: 40; }
    SetupScreen #house-name { width: 44; }
    SetupScreen #seed, SetupScreen #pile { width: 30; }
    SetupScreen #checklist { height: auto; }
    SetupScreen .edict-row { height: auto; }
    SetupScreen .edict-cell { width: 1fr; height: auto; margin-right: 1; }
    SetupScreen .port-row { height: auto; }
    SetupScreen .port-name { width: 16; padding-top: 1; }
    SetupScreen .port-select { width: 1fr; max-width: 50; }
    SetupScreen #setup-buttons { height: auto; margin: 1 0; }
    SetupScreen #setup-buttons Button { margin-right: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+s",
            "start_game",
            "Start game",
            id="setup.start",
            priority=True,
            tooltip="Check every field and start the game",
        ),
        Binding(
            "escape",
            "back",
            "Back",
            id="setup.back",
            tooltip="Back to the Start screen without starting",
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._ruleset = load_ruleset()
        self._auto_pile = str(GameSetup.default_edict_pile(False, self._ruleset))
        self._allies = {ally.id: ally for ally in load_allies()}

    @property
    def stupor_app(self) -> StuporSoloApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        ports = self._ruleset.voyage.ports.value
        ally_options = sorted(
            ((f"{ally.name} ({ally.epithet})", ally.id) for ally in self._allies.values()),
            key=lambda option: option[0],
        )
        with VerticalScroll(id="setup-form"):
            yield Static("New game", id="setup-title", classes="title-large")
            yield Static("", id="replace-warning", classes="error-text")
            with Vertical(classes="section"):
                yield Label("Difficulty (Market tiles)", classes="field-label")
                with RadioSet(id="difficulty"):
                    for value, label in DIFFICULTIES:
                        yield RadioButton(label, value=value == "medium", id=f"diff-{value}")
                yield Checkbox("Easier solo: add 3 marked Edict tiles to the pile", id="easier")
                yield Label("Your House", classes="field-label")
                yield Select(
                    [(house, house) for house in HOUSES] + [("Other…", OTHER_HOUSE)],
                    value=HOUSES[0],
                    allow_blank=False,
                    id="house-select",
                )
                yield Input(
                    placeholder="the House's name (1–40 letters)",
                    max_length=40,
                    id="house-name",
                )
                yield Label(
                    "", id="house-name-error", classes="error-text field-error", markup=False
                )
                yield Label("Solo deck", classes="field-label")
                with RadioSet(id="deck-mode"):
                    for value, label in DECK_MODES:
                        yield RadioButton(label, value=value == "virtual", id=f"mode-{value}")
                yield Static("", id="deck-note", classes="muted", markup=False)
                yield Label("Seed (optional; empty = random)", classes="field-label")
                yield Input(
                    placeholder="random",
                    validators=[WholeNumber(0, SEED_MAX, optional=True)],
                    id="seed",
                )
                yield Label("", id="seed-error", classes="error-text field-error", markup=False)
            checklist = Static("", id="checklist", classes="panel")
            checklist.border_title = "Setup checklist"
            yield checklist
            with Vertical(classes="section"):
                yield Label("Starting Edict tiles (e.g. 2T 1K)", classes="field-label")
                for row in (EDICT_SLOTS[:3], EDICT_SLOTS[3:]):
                    with Horizontal(classes="edict-row"):
                        for slot_id, label in row:
                            with Vertical(classes="edict-cell"):
                                yield EdictField(label, id=slot_id)
                                yield Label(
                                    "", id=f"{slot_id}-error", classes="error-text field-error"
                                )
                yield Label("Edict tiles left in the pile", classes="field-label")
                yield Input(
                    value=self._auto_pile,
                    validators=[WholeNumber(0, PILE_MAX)],
                    id="pile",
                )
                yield Label("", id="pile-error", classes="error-text field-error", markup=False)
            with Vertical(classes="section"):
                yield Label(
                    "Face-up Ally in each port (optional; you can also note them later)",
                    classes="field-label",
                )
                for index, port in enumerate(ports):
                    with Horizontal(classes="port-row"):
                        yield Label(port, classes="port-name")
                        yield Select(
                            ally_options,
                            prompt="(not noted)",
                            id=f"port-{index}",
                            classes="port-select",
                        )
                    yield Label(
                        "", id=f"port-{index}-error", classes="error-text field-error", markup=False
                    )
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", variant="primary", id="start-game")
                yield Button("Back", id="back")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#house-name", Input).display = False
        for error in self.query(".field-error"):
            error.display = False
        session = self.stupor_app.session
        warning = self.query_one("#replace-warning", Static)
        if session.game is not None or session.has_saved_game():
            warning.update(
                "A game is in progress: starting a new one replaces it (it is not added to "
                "the history)."
            )
        else:
            warning.display = False
        self._show_deck_note()
        self._update_checklist()
        self.query_one("#difficulty", RadioSet).focus()

    def _deck(self) -> DeckDefinition:
        try:
            deck = self.stupor_app.session.settings.deck()
        except (OSError, ValueError) as exc:
            self.notify(f"Your saved deck could not be read ({exc}); using the default.")
            deck = None
        return deck or load_default_deck()

    def _show_deck_note(self) -> None:
        from companion.screens.deck import deck_is_provisional

        deck = self._deck()
        try:
            provisional = deck_is_provisional(self.stupor_app.session.settings)
        except (OSError, ValueError):
            provisional = deck.provisional
        note = f"Deck in use: {deck.name}"
        if provisional:
            note += " · PROVISIONAL: not yet checked against your box (Deck on the Start screen)"
        self.query_one("#deck-note", Static).update(note)

    # --- reading the form ------------------------------------------------------------

    def _radio_value(self, radio_id: str, prefix: str, default: str) -> str:
        pressed = self.query_one(f"#{radio_id}", RadioSet).pressed_button
        if pressed is None or pressed.id is None:
            return default
        return pressed.id.removeprefix(prefix)

    @property
    def difficulty(self) -> str:
        """The chosen difficulty: easy, medium or hard."""
        return self._radio_value("difficulty", "diff-", "medium")

    @property
    def deck_mode(self) -> str:
        """virtual or table."""
        return self._radio_value("deck-mode", "mode-", "virtual")

    def _update_checklist(self) -> None:
        easier = self.query_one("#easier", Checkbox).value
        steps = setup_checklist(self.difficulty, easier, self.deck_mode, self._ruleset)
        text = "\n".join(f"{number:>2}. {step}" for number, step in enumerate(steps, 1))
        self.query_one("#checklist", Static).update(text)

    def _set_error(self, name: str, message: str) -> None:
        label = self.query_one(f"#{name}-error", Label)
        label.update(message)
        label.display = bool(message)

    # --- live reactions --------------------------------------------------------------

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """Difficulty and deck mode change the checklist."""
        self._update_checklist()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """Easier solo: new default pile count (unless edited) and checklist."""
        if event.checkbox.id != "easier":
            return
        pile = self.query_one("#pile", Input)
        new_default = str(GameSetup.default_edict_pile(event.value, self._ruleset))
        if pile.value.strip() == self._auto_pile:
            pile.value = new_default
        self._auto_pile = new_default
        self._update_checklist()

    def on_select_changed(self, event: Select.Changed) -> None:
        """House: show the name box for Other…; ports: refuse an Ally already placed."""
        select = event.select
        if select.id == "house-select":
            other = event.value == OTHER_HOUSE
            name = self.query_one("#house-name", Input)
            name.display = other
            if other:
                name.focus()
            else:
                self._set_error("house-name", "")
            return
        if select.id is None or not select.id.startswith("port-"):
            return
        ports = self._ruleset.voyage.ports.value
        self._set_error(select.id, "")
        if event.value is Select.NULL:
            return
        for index, port in enumerate(ports):
            other_select = self.query_one(f"#port-{index}", Select)
            if other_select is not select and other_select.value == event.value:
                ally = self._allies[str(event.value)]
                with select.prevent(Select.Changed):
                    select.clear()
                self._set_error(
                    select.id, f"{ally.name} already lies face up in {port}; choose another."
                )
                return

    def on_input_changed(self, event: Input.Changed) -> None:
        """Live messages for the seed, the pile and the House name."""
        input_id = event.input.id
        if input_id in ("seed", "pile"):
            result = event.validation_result
            message = "" if result is None or result.is_valid else result.failure_descriptions[0]
            self._set_error(input_id, message)
        elif input_id == "house-name":
            if event.value.strip():
                self._set_error("house-name", "")
        else:
            field = next(
                (node for node in event.input.ancestors if isinstance(node, EdictField)), None
            )
            if field is not None and field.id:
                self._set_error(field.id, "")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The two buttons at the bottom."""
        if event.button.id == "start-game":
            self.action_start_game()
        elif event.button.id == "back":
            self.action_back()

    # --- actions ---------------------------------------------------------------------

    def action_back(self) -> None:
        """Leave without starting."""
        self.dismiss()

    def _validate(self) -> tuple[dict[str, object], list[tuple[Widget, str, str]]]:
        """Read every field: the GameSetup arguments and the problems (widget, name, text)."""
        problems: list[tuple[Widget, str, str]] = []
        values: dict[str, object] = {
            "difficulty": self.difficulty,
            "easier_solo": self.query_one("#easier", Checkbox).value,
            "deck_mode": self.deck_mode,
        }
        house_select = self.query_one("#house-select", Select)
        if house_select.value == OTHER_HOUSE:
            name_input = self.query_one("#house-name", Input)
            house = name_input.value.strip()
            if not 1 <= len(house) <= 40:
                problems.append((name_input, "house-name", "type your House's name (1–40)"))
            values["house"] = house
        else:
            values["house"] = str(house_select.value)

        seed_input = self.query_one("#seed", Input)
        seed_text = seed_input.value.strip()
        if not seed_text:
            values["seed"] = secrets.randbelow(SEED_MAX + 1)
        else:
            result = seed_input.validate(seed_text)
            if result is not None and not result.is_valid:
                problems.append((seed_input, "seed", result.failure_descriptions[0]))
            else:
                values["seed"] = int(seed_text)

        edicts: list[Edict] = []
        for slot_id, _label in EDICT_SLOTS:
            field = self.query_one(f"#{slot_id}", EdictField)
            edict = field.edict
            if edict is None:
                text = field.query_one(Input).value.strip()
                message = (
                    "type the tile shown in this space"
                    if not text
                    else "not valid notation (see the message above)"
                )
                problems.append((field, slot_id, message))
            else:
                edicts.append(edict)
        if len(edicts) == 6:
            values["active_edicts"] = tuple(edicts[:3])
            values["next_edicts"] = tuple(edicts[3:])

        pile_input = self.query_one("#pile", Input)
        pile_result = pile_input.validate(pile_input.value)
        if pile_result is not None and not pile_result.is_valid:
            problems.append((pile_input, "pile", pile_result.failure_descriptions[0]))
        else:
            values["edict_pile"] = int(pile_input.value.strip())

        port_allies: list[str | None] = []
        for index in range(len(self._ruleset.voyage.ports.value)):
            select = self.query_one(f"#port-{index}", Select)
            ally_id = None if select.value is Select.NULL else str(select.value)
            if ally_id is not None and ally_id in port_allies:
                name = self._allies[ally_id].name
                problems.append((select, f"port-{index}", f"{name} is already in another port"))
            port_allies.append(ally_id)
        values["port_allies"] = tuple(port_allies)
        return values, problems

    def action_start_game(self) -> None:
        """Check every field; start the game only if all are valid."""
        values, problems = self._validate()
        for error in self.query(".field-error"):
            error.display = False
        if problems:
            for _widget, name, message in problems:
                self._set_error(name, message)
            first, _, _ = problems[0]
            if isinstance(first, EdictField):
                first.focus_input()
            else:
                first.focus()
            first.scroll_visible(animate=False)
            count = len(problems)
            self.notify(
                f"{count} field{'s' if count > 1 else ''} need{'' if count > 1 else 's'} "
                "attention (marked in red); nothing was started.",
                title="Setup not complete",
                severity="error",
            )
            return
        try:
            setup = GameSetup(deck=self._deck(), ruleset=self._ruleset, **values)
        except ValidationError as exc:
            self.notify(
                f"The setup is not valid: {describe_validation_error(exc)}",
                severity="error",
            )
            return
        session = self.stupor_app.session
        try:
            session.start(setup)
        except OSError as exc:
            self.notify(
                f"The game could not be saved ({exc}); check the data folder.",
                title="Not started",
                severity="error",
            )
            return
        self.dismiss()
        self.stupor_app.open_table()
