"""The New game form: choices, a setup checklist, the six starting Edict tiles and the
counted pile, the Voyage ports, and what the board shows (optional).

Nothing changes until "Start game" finds every field valid; a bad field gets a message right
next to it and the cursor. The House, difficulty, deck mode and easier option start as the
configuration file sets them, else as chosen at the last setup (remembered in the settings
file when a game starts).
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any, ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Label, RadioSet, Select, Static

from companion.i18n import _, ngettext, shown
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import SETUP_KEYS, bindings
from companion.ui.screens.setup.board import BoardSection
from companion.ui.screens.setup.choices import (
    CONFIGURED,
    DECK_MODES,
    DIFFICULTIES,
    EDICT_SLOTS,
    PILE_MAX,
    SEED_MAX,
    difficulty_label,
    initial_choices,
    pile_hint,
    ports_from_start,
    setup_checklist,
    with_most_structures,
)
from companion.ui.screens.setup.fields import Problem, error_label, show_error
from companion.ui.screens.setup.labels import (
    BACK,
    CHECKLIST_TITLE,
    PILE_PLACEHOLDER,
    REPLACES,
    SEED_HINT,
    START,
    form_labels,
    house_options,
    most_structures_options,
    relabel_form,
)
from companion.ui.screens.setup.memory import printed_board, remember_setup
from companion.ui.screens.setup.ports import PortsSection
from companion.ui.views.boards import BoardsInUse, boards_in_use
from companion.ui.widgets.action_button import action_button
from companion.ui.widgets.edict_input import EdictField
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.toggles import ClearCheckbox, ClearRadioButton
from companion.ui.widgets.touch_select import TouchSelect
from companion.ui.widgets.validators import WholeNumber
from companion.ui.wording import key_label, worded
from solo_deck import (
    BOARDS,
    HOUSES,
    DeckDefinition,
    Edict,
    GameSetup,
    Ruleset,
    deck_name,
    describe_validation_error,
    load_default_deck,
    load_ruleset,
    with_boards,
    with_ports,
)
from solo_deck import with_most_structures as with_rule

__all__ = ["EDICT_SLOTS", "HOUSES", "SetupScreen", "setup_checklist"]


class SetupScreen(OpensAtOnce, Hosted, Screen[None]):
    """Choose the game, follow the checklist, type the starting tiles, start."""

    DEFAULT_CSS = """
    SetupScreen > #setup-form { padding: 0 1; scrollbar-gutter: stable; }
    SetupScreen #setup-title { height: 1; margin-bottom: 1; }
    SetupScreen .section { height: auto; margin-bottom: 1; }
    SetupScreen .field-label { color: $text-muted; margin-top: 1; }
    SetupScreen RadioSet { width: 64; max-width: 100%; }
    SetupScreen RadioSet > RadioButton { height: auto; text-wrap: wrap; }
    SetupScreen #easier { max-width: 100%; height: auto; text-wrap: wrap; }
    SetupScreen EdictField .edict-feedback { width: 100%; min-height: 1; }
    SetupScreen .field-error { height: auto; width: 100%; display: none; }
    SetupScreen #house-select { width: 40; }
    SetupScreen #most-structures { width: 64; max-width: 100%; }
    SetupScreen #seed, SetupScreen #pile { width: 30; }
    SetupScreen #checklist { height: auto; }
    SetupScreen .edict-row { height: auto; }
    SetupScreen .edict-cell { width: 1fr; height: auto; margin-right: 1; }
    SetupScreen #setup-buttons { height: auto; margin: 1 0; }
    SetupScreen #setup-buttons Button { margin-right: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(SETUP_KEYS))
    AUTO_FOCUS = "#difficulty"
    """The first choice has the cursor as the form opens (focused while it is made, so no
    later focus change restyles the whole form)."""

    def __init__(self) -> None:
        super().__init__()
        self._ruleset = load_ruleset()
        self._boards_in_use: BoardsInUse | None = None
        self._initial: dict[str, object] = {}

    # --- layout ----------------------------------------------------------------------

    def _initial_choices(self) -> dict[str, object]:
        """The choices the form starts with (see :func:`initial_choices`)."""
        app = self.host
        pinned = {
            name: value
            for name, value in dataclasses.asdict(app.config.config.new_game).items()
            if value is not None
        }
        settings = app.session.settings
        try:
            remembered = settings.new_game_choices()
        except (OSError, ValueError) as exc:
            self.notify(_("The last setup's choices could not be read ({exc}).").format(exc=exc))
            remembered = {}
        for problem in settings.problems:
            self.notify(problem)
        return initial_choices(pinned, remembered)

    def compose(self) -> ComposeResult:
        configured = self.host.config.config.rules.most_structures
        if configured is not None:
            self._ruleset = with_rule(self._ruleset, configured, CONFIGURED)
        rules = self._ruleset
        self._initial = self._initial_choices()
        self._words = form_labels(rules)
        form = VerticalScroll(id="setup-form")
        form.can_focus = False  # the fields take the cursor; its keys still scroll it
        with form:
            yield Static(self._words["setup-title"], id="setup-title", classes="title-large")
            yield Static("", id="replace-warning", classes="error-text")
            yield from self._choices()
            checklist = Static("", id="checklist", classes="panel")
            checklist.border_title = _(CHECKLIST_TITLE)
            yield checklist
            yield from self._edicts()
            yield PortsSection(rules, id="ports", classes="section")
            printed = printed_board(self)
            yield BoardSection(
                rules,
                ports_from_start(rules),
                printed.token_spaces,
                printed.edict_rewards,
                id="board-section",
            )
            with Horizontal(id="setup-buttons"):
                yield action_button(_(START), "start_game", "primary")
                yield action_button(key_label(self, _(BACK), "esc"), "back", focusable=False)
        yield KeyFooter()

    def _choices(self) -> ComposeResult:
        start, words = self._initial, self._words
        with Vertical(classes="section"):
            yield self._label("difficulty-label")
            with RadioSet(id="difficulty"):
                for value, _label in DIFFICULTIES:
                    chosen = value == start["difficulty"]
                    label = difficulty_label(value)
                    yield ClearRadioButton(label, value=chosen, id=f"diff-{value}")
            yield ClearCheckbox(words["easier"], value=bool(start["easier_solo"]), id="easier")
            yield self._label("house-label")
            yield TouchSelect(
                house_options(),
                value=start["house"] if start["house"] in HOUSES else HOUSES[0],
                allow_blank=False,
                id="house-select",
            )
            yield self._label("deck-label")
            with RadioSet(id="deck-mode"):
                for value, label in DECK_MODES:
                    chosen = value == start["deck_mode"]
                    yield ClearRadioButton(_(label), value=chosen, id=f"mode-{value}")
            yield Static("", id="deck-note", classes="muted", markup=False)
            yield self._label("bonus-label")
            yield TouchSelect(
                most_structures_options(),
                value=self._ruleset.scoring.most_structures_rule.value,
                allow_blank=False,
                id="most-structures",
            )
            note = words["most-structures-note"]
            yield Static(note, classes="muted", markup=False, id="most-structures-note")
            yield self._label("seed-label")
            yield FieldInput(
                placeholder=_(SEED_HINT),
                validators=[WholeNumber(0, SEED_MAX, optional=True)],
                id="seed",
            )
            yield error_label("seed")

    def _label(self, ident: str) -> Label:
        return Label(self._words[ident], classes="field-label", id=ident)

    def relabel(self) -> None:
        """Word the form again in the language in use; what is typed and chosen stays."""
        relabel_form(self, self._ruleset, self.easier)
        self._show_deck_note()
        self._update_checklist()

    def _edicts(self) -> ComposeResult:
        with Vertical(classes="section"):
            yield self._label("edicts-label")
            yield Static(self._words["letters-note"], classes="muted", id="letters-note")
            for row in (EDICT_SLOTS[:3], EDICT_SLOTS[3:]):
                with Horizontal(classes="edict-row tile-row"):
                    for slot_id, label in row:
                        with Vertical(classes="edict-cell"):
                            yield EdictField(_(label), id=slot_id, hint=False)
                            yield error_label(slot_id)
            yield self._label("pile-label")
            yield FieldInput(
                placeholder=_(PILE_PLACEHOLDER),
                validators=[WholeNumber(0, PILE_MAX)],
                id="pile",
            )
            easier = bool(self._initial.get("easier_solo"))
            yield Static(pile_hint(easier, self._ruleset), id="pile-hint", classes="muted")
            yield error_label("pile")

    def on_mount(self) -> None:
        session = self.host.session
        warning = self.query_one("#replace-warning", Static)
        if session.game is not None or session.has_saved_game():
            warning.update(_(REPLACES))
        else:
            warning.display = False
        self._show_deck_note()
        self._update_checklist()

    def _deck(self) -> DeckDefinition:
        try:
            deck = self.host.session.settings.deck()
        except (OSError, ValueError) as exc:
            self.notify(
                _("Your saved deck could not be read ({exc}); using the default.").format(exc=exc)
            )
            deck = None
        return deck or load_default_deck()

    def _show_deck_note(self) -> None:
        from companion.ui.screens.deck import deck_is_provisional

        deck = self._deck()
        try:
            provisional = deck_is_provisional(self.host.session.settings)
        except (OSError, ValueError):
            provisional = deck.provisional
        note = _("Deck in use: {name}").format(name=shown(deck_name(deck.name)))
        if provisional:
            note += _(" · PROVISIONAL: not yet checked against your box (Deck on the Start screen)")
        self.query_one("#deck-note", Static).update(f"{note}\n{self._boards().note()}")

    def _boards(self) -> BoardsInUse:
        """The boards a new game starts from: yours where checked (read once, saying why
        a stored one is not used), else the packaged ones."""
        if self._boards_in_use is None:
            settings = self.host.session.settings
            try:
                self._boards_in_use = boards_in_use(settings)
            except (OSError, ValueError) as exc:
                self._boards_in_use = BoardsInUse({n: k.packaged() for n, k in BOARDS.items()})
                self._boards_in_use.problems.append(
                    _("Your boards could not be read ({exc}).").format(exc=exc)
                )
            for problem in self._boards_in_use.problems:
                self.notify(problem, severity="warning", timeout=10, markup=False)
        return self._boards_in_use

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

    @property
    def easier(self) -> bool:
        """The easier solo game (3 marked Edict tiles more in the pile)."""
        return self.query_one("#easier", Checkbox).value

    def _update_checklist(self) -> None:
        steps = setup_checklist(self.difficulty, self.easier, self.deck_mode, self._ruleset)
        text = "\n".join(f"{number:>2}. {step}" for number, step in enumerate(steps, 1))
        self.query_one("#checklist", Static).update(text)

    # --- live reactions --------------------------------------------------------------

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """Difficulty and deck mode change the checklist."""
        self._update_checklist()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """Easier solo: the pile's hint and the checklist."""
        if event.checkbox.id != "easier":
            return
        self.query_one("#pile-hint", Static).update(pile_hint(event.value, self._ruleset))
        self._update_checklist()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Live messages for the seed and the pile; port names follow into the Markets."""
        input_id = event.input.id or ""
        if input_id in ("seed", "pile"):
            result = event.validation_result
            message = "" if result is None or result.is_valid else result.failure_descriptions[0]
            show_error(self, input_id, message if event.value.strip() else "")
        elif input_id.startswith("port-name-"):
            ports = self.query_one("#ports", PortsSection)
            self.query_one("#board-section", BoardSection).rename_ports(ports.names())
        else:
            field = next(
                (node for node in event.input.ancestors if isinstance(node, EdictField)), None
            )
            if field is not None and field.id:
                show_error(self, field.id, "")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field stays there (the focus moves only by Tab or a tap) and says
        which keys move on and start; only ctrl+s or the Start button starts."""
        event.stop()
        self.notify(
            worded(
                self,
                _("Tab moves to the next field; ctrl+s starts the game."),
                _("Tap the next field, or Start game when every field is filled."),
            ),
            timeout=4,
        )

    # --- actions ---------------------------------------------------------------------

    def action_back(self) -> None:
        """Leave without starting."""
        self.dismiss()

    def _validate(self) -> tuple[dict[str, Any], list[Problem]]:
        """Read every field: the GameSetup arguments and the problems."""
        problems: list[Problem] = []
        values: dict[str, Any] = {
            "difficulty": self.difficulty,
            "easier_solo": self.easier,
            "deck_mode": self.deck_mode,
            "house": str(self.query_one("#house-select", Select).value),
        }
        seed_input = self.query_one("#seed", Input)
        seed_text = seed_input.value.strip()
        seed_result = seed_input.validate(seed_text)
        if seed_result is not None and not seed_result.is_valid:
            problems.append((seed_input, "seed", seed_result.failure_descriptions[0]))
        else:
            values["seed"] = int(seed_text) if seed_text else secrets.randbelow(SEED_MAX + 1)

        edicts: list[Edict] = []
        for slot_id, _label in EDICT_SLOTS:
            field = self.query_one(f"#{slot_id}", EdictField)
            edict = field.edict
            if edict is None:
                text = field.query_one(Input).value.strip()
                message = (
                    _("type the tile shown in this space")
                    if not text
                    else _("not valid notation (see the message above)")
                )
                problems.append((field, slot_id, message))
            else:
                edicts.append(edict)
        if len(edicts) == 6:
            values["active_edicts"] = tuple(edicts[:3])
            values["next_edicts"] = tuple(edicts[3:])

        pile_input = self.query_one("#pile", Input)
        if not pile_input.value.strip():
            message = _("count the face-down Edict tiles left in the pile and type the number")
            problems.append((pile_input, "pile", message))
        else:
            pile_result = pile_input.validate(pile_input.value)
            if pile_result is not None and not pile_result.is_valid:
                problems.append((pile_input, "pile", pile_result.failure_descriptions[0]))
            else:
                values["edict_pile"] = int(pile_input.value.strip())

        ports = self.query_one("#ports", PortsSection)
        problems += ports.problems()
        values["port_allies"] = ports.port_allies()
        values["port_cards"] = ports.port_cards()
        board_values, board_problems = self.query_one("#board-section", BoardSection).values()
        values.update(board_values)
        problems += board_problems
        return values, problems

    def _ruleset_chosen(self) -> Ruleset:
        """The packaged ruleset with the choices made here: the most-Structures rule, the
        boards in use (yours where checked) and the ports as the board shows them."""
        rule = str(self.query_one("#most-structures", Select).value)
        ruleset = with_boards(with_most_structures(self._ruleset, rule), self._boards().boards)
        ports = self.query_one("#ports", PortsSection)
        if ports.changed():
            ruleset = with_ports(ruleset, ports.names(), start=ports.names()[0])
        return ruleset

    def _show_problems(self, problems: list[Problem]) -> None:
        for _widget, name, message in problems:
            show_error(self, name, message)
        first = problems[0][0]
        board = self.query_one("#board-section", BoardSection)
        if board in first.ancestors:
            board.open_section()
        if isinstance(first, EdictField):
            first.focus_input()
        else:
            first.focus()
        self.call_after_refresh(first.scroll_visible, animate=False)
        count = len(problems)
        self.notify(
            ngettext(
                "{count} field needs attention (marked in red); nothing was started.",
                "{count} fields need attention (marked in red); nothing was started.",
                count,
            ).format(count=count),
            title=_("Setup not complete"),
            severity="error",
        )

    def action_start_game(self) -> None:
        """Check every field; start the game only if all are valid."""
        for error in self.query(".field-error"):
            error.display = False
        values, problems = self._validate()
        if problems:
            self._show_problems(problems)
            return
        try:
            setup = GameSetup(deck=self._deck(), ruleset=self._ruleset_chosen(), **values)
        except ValueError as exc:  # a ValidationError too
            reason = describe_validation_error(exc) if isinstance(exc, ValidationError) else exc
            self.notify(
                _("The setup is not valid: {reason}").format(reason=reason), severity="error"
            )
            return
        session = self.host.session
        try:
            session.start(setup)
        except OSError as exc:
            self.notify(
                _("The game could not be saved ({exc}); check the data folder.").format(exc=exc),
                title=_("Not started"),
                severity="error",
            )
            return
        remember_setup(self, values, self.query_one("#board-section", BoardSection).printed())
        self.dismiss()
        self.host.open_table()
