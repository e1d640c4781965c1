"""Correct any tracked value by hand (a correction is an event in the log like any other)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from companion.i18n import N_, _, shown
from companion.ui.notices import sentence
from companion.ui.screens.modals.event_modal import EventModal
from companion.ui.screens.modals.terms import port_name
from companion.ui.widgets.dialog_list import DialogList
from companion.ui.widgets.field_input import FieldInput
from solo_deck import EdictParseError, GameState, RuleError, correction_targets, parse_edict
from solo_deck.events import Correct

LABELS: dict[str, str] = {
    "player.vp": N_("Your VP"),
    "player.grain": N_("Your Grain"),
    "player.stone": N_("Your Stone"),
    "player.augustales": N_("Your Augustales"),
    "player.towers": N_("Your Towers built"),
    "player.walls": N_("Your Walls built"),
    "player.keeps": N_("Your Keeps built"),
    "player.sites": N_("Your castle: the sites built"),
    "palace.grain": N_("Frederick's Grain"),
    "palace.stone": N_("Frederick's Stone"),
    "palace.treasury": N_("Frederick's Treasury (coins)"),
    "palace.towers": N_("Frederick's Towers"),
    "palace.walls": N_("Frederick's Walls"),
    "palace.keeps": N_("Frederick's Keeps"),
    "palace.allies": N_("Frederick's Court Allies"),
    "palace.specialist": N_("Frederick's Specialist (Path A space)"),
    "edicts.pile": N_("Edict tiles left in the pile"),
    "voyage.advanced_pile": N_("Advanced cards left in the pile"),
    "voyage.frederick": N_("Frederick's ship (port)"),
    "voyage.player": N_("Your ship (port)"),
    "edicts.active.0": N_("Active Edict I"),
    "edicts.active.1": N_("Active Edict II"),
    "edicts.active.2": N_("Active Edict III"),
    "edicts.next.0": N_("Next Edict I"),
    "edicts.next.1": N_("Next Edict II"),
    "edicts.next.2": N_("Next Edict III"),
    "round": N_("Round"),
    "player_turns": N_("Your turns taken this round"),
    "frederick_actions": N_("Frederick's actions this round"),
}
"""What each value is called in the list (English, shown through ``_``)."""
SHIPS = ("voyage.frederick", "voyage.player")
SITES = "player.sites"


def is_edict_target(target: str) -> bool:
    """True for the six edict spaces (their value is edict notation or empty)."""
    return target.startswith(("edicts.active.", "edicts.next."))


def current_value(state: GameState, target: str) -> int | str | None:
    """The value ``target`` has now (an edict space gives its notation or ``None``)."""
    node: object = state
    for part in target.split("."):
        node = node[int(part)] if part.isdigit() else getattr(node, part)  # type: ignore[index]
    if node is None or isinstance(node, int):
        return node
    if isinstance(node, tuple):  # the castle's sites
        return " ".join(str(part) for part in node)
    return str(node)


def shown_value(state: GameState, target: str) -> str:
    """The current value for the list: ``12``, ``2T 1K``, ``empty``, ``2 (Tunis)``."""
    value = current_value(state, target)
    if value is None:
        return _("empty")
    if target in SHIPS and isinstance(value, int):
        return f"{value} ({port_name(state.voyage.ports[value].name)})"
    return str(value)


class CorrectModal(EventModal[Correct]):
    """Choose what to correct (its value now is shown), then type the new value: edict
    notation for an edict space (empty = empty space), a whole number otherwise (a port
    may be given by name). Tab moves to the value; Enter there records."""

    DIALOG_TITLE = N_("Correct a value")
    OK_LABEL = N_("Correct")
    DEFAULT_CSS = """
    CorrectModal #targets { height: auto; max-height: 50vh; }
    CorrectModal #value-row { height: auto; }
    CorrectModal #value-row > Input { width: 24; }
    CorrectModal #value-message {
        width: 1fr; height: 3; content-align: left middle; padding-left: 1;
    }
    """

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        self.targets = correction_targets(state)

    def compose_body(self) -> ComposeResult:
        options = [
            Option(
                f"{_(LABELS.get(target, target)):<40} {shown_value(self.state, target)}",
                id=target,
            )
            for target in self.targets
        ]
        yield DialogList(*options, id="targets")
        with Horizontal(id="value-row"):
            yield FieldInput(id="value", placeholder=_("new value"))
            yield Label("", id="value-message", classes="muted")

    def on_mount(self) -> None:
        targets = self.query_one("#targets", OptionList)
        targets.highlighted = 0
        targets.focus()
        self._prefill()

    @property
    def target(self) -> str | None:
        """The highlighted target."""
        targets = self.query_one("#targets", OptionList)
        if targets.highlighted is None:
            return None
        return targets.get_option_at_index(targets.highlighted).id

    def _hint(self, target: str) -> str:
        if is_edict_target(target):
            return _("edict notation like 2T 1K; empty = an empty space")
        if target == SITES:
            return _("the sites built, such as T1 W1 T2 (see your Castle Board)")
        if target in SHIPS:
            ports = ", ".join(
                f"{i} {port_name(p.name)}" for i, p in enumerate(self.state.voyage.ports)
            )
            return _("a port number or name: {ports}").format(ports=ports)
        return _("a whole number, 0 or more")

    def _prefill(self) -> None:
        target = self.target
        if target is None:
            return
        value = current_value(self.state, target)
        self.query_one("#value", Input).value = "" if value is None else str(value)
        self._message(None)

    def _message(self, error: str | None) -> None:
        label = self.query_one("#value-message", Label)
        target = self.target
        label.update(sentence(error) if error else (self._hint(target) if target else ""))
        label.set_class(error is not None, "error-text")
        label.set_class(error is None, "muted")

    @on(OptionList.OptionHighlighted, "#targets")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._prefill()

    @on(Input.Changed, "#value")
    def _typed(self, event: Input.Changed) -> None:
        try:
            self.parse(event.value)
        except ValueError as exc:
            self._message(_said(exc))
        else:
            self._message(None)

    def parse(self, text: str) -> int | str | None:
        """The typed text as the value a ``Correct`` event takes; ``ValueError`` says why not."""
        target = self.target
        text = text.strip()
        if target is None:
            raise ValueError(_("choose what to correct"))
        if is_edict_target(target):
            if not text:
                return None
            try:
                return str(parse_edict(text))
            except EdictParseError as exc:
                raise ValueError(_said(exc)) from None
        if target == SITES:
            if not text:
                raise ValueError(_("name the sites built, such as T1 W1"))
            return text
        if target in SHIPS and text and not text.lstrip("-").isdigit():
            try:
                return self.state.voyage.port_index(text)
            except RuleError as exc:
                raise ValueError(shown(exc.text)) from None
        if not text:
            raise ValueError(_("enter a number"))
        try:
            number = int(text)
        except ValueError:
            raise ValueError(_("{text} is not a whole number").format(text=repr(text))) from None
        if number < 0:
            raise ValueError(_("the value cannot be negative"))
        return number

    def build_event(self) -> Correct | None:
        target = self.target
        try:
            value = self.parse(self.query_one("#value", Input).value)
        except ValueError as exc:
            self._message(_said(exc))
            self.show_error(_("the new value is not valid"))
            return None
        assert target is not None
        self.show_error(None)
        return Correct(target=target, value=value)


def _said(error: ValueError) -> str:
    """What ``error`` says, in the language in use (an engine sentence rendered again)."""
    return shown(error.args[0]) if len(error.args) == 1 else str(error)
