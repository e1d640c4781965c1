"""Say who the face-up Ally in a port is, or which Advanced card lies there."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import Label, OptionList, Select
from textual.widgets.option_list import Option
from textual.widgets.select import InvalidSelectValueError

from companion.i18n import N_, _, shown
from companion.ui.screens.modals.buy_card import card_options
from companion.ui.screens.modals.event_modal import EventModal
from companion.ui.screens.modals.summon import NOT_NAMED, ally_options
from companion.ui.screens.modals.terms import port_name
from companion.ui.widgets.dialog_list import DialogList
from companion.ui.widgets.search_select import enabled_options
from companion.ui.widgets.touch_select import TouchSelect
from solo_deck import GameState, ally_name
from solo_deck.events import NameAlly, NameCard

UNKNOWN = "?"
"""The Select value for 'I do not know / clear the name'."""


class NamePortModal(EventModal[NameAlly | NameCard]):
    """One line per Ally space and card space of every port; choose one, then the name
    (or 'unknown'): Tab to it. Record records."""

    DIALOG_TITLE = N_("Name an Ally or a card in a port")
    OK_LABEL = N_("Record")
    DEFAULT_CSS = """
    NamePortModal #spaces { height: auto; max-height: 14; }
    """

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        self.lines: list[tuple[str, int, int]] = []
        """``(kind, port, space)`` per line, kind ``ally`` or ``card``."""
        for p, port in enumerate(state.voyage.ports):
            for s in range(len(port.allies)):
                self.lines.append(("ally", p, s))
            for s in range(len(port.cards)):
                self.lines.append(("card", p, s))

    def _line_text(self, kind: str, p: int, s: int) -> tuple[str, bool]:
        port = self.state.voyage.ports[p]
        name = port_name(port.name)
        if p == self.state.voyage.player:
            name = _("{port} (your ship)").format(port=name)
        if kind == "ally":
            ally = port.allies[s]
            if not ally.face_up:
                return _("{port} · Ally: no face-up Ally").format(port=name), True
            who = shown(ally_name(ally.face_up_id, _(NOT_NAMED)))
            return _("{port} · Ally: {ally}").format(port=name, ally=who), False
        card = port.cards[s]
        if not card.present:
            return _("{port} · Advanced card: none").format(port=name), True
        card_id = card.card_id or _(NOT_NAMED)
        return _("{port} · Advanced card: {card}").format(port=name, card=card_id), False

    def compose_body(self) -> ComposeResult:
        options = []
        for n, (kind, p, s) in enumerate(self.lines):
            text, disabled = self._line_text(kind, p, s)
            options.append(Option(text, id=f"line-{n}", disabled=disabled))
        yield DialogList(*options, id="spaces")
        yield Label("", id="who-label")
        yield TouchSelect([(UNKNOWN, UNKNOWN)], allow_blank=True, prompt=_("choose"), id="who")

    def on_mount(self) -> None:
        spaces = self.query_one("#spaces", OptionList)
        enabled = enabled_options(spaces)
        mine = [n for n in enabled if self.lines[n][1] == self.state.voyage.player]
        choices: list[int | None] = [*mine, *enabled, None]
        spaces.highlighted = choices[0]
        spaces.focus()
        self._sync_who()

    def chosen_line(self) -> tuple[str, int, int] | None:
        """The highlighted ``(kind, port, space)``, if it can be named."""
        spaces = self.query_one("#spaces", OptionList)
        index = spaces.highlighted
        if index is None or spaces.get_option_at_index(index).disabled:
            return None
        return self.lines[index]

    def _sync_who(self) -> None:
        line = self.chosen_line()
        who = self.query_one("#who", Select)
        label = self.query_one("#who-label", Label)
        if line is None:
            label.update(_("Choose a port line above."))
            return
        kind, p, s = line
        port = self.state.voyage.ports[p]
        if kind == "ally":
            label.update(_("Who is the face-up Ally in {port}?").format(port=port_name(port.name)))
            known = port.allies[s].face_up_id
            who.set_options([(_("unknown"), UNKNOWN), *ally_options(self.state.player.allies)])
        else:
            label.update(_("Which Advanced card lies in {port}?").format(port=port_name(port.name)))
            known = port.cards[s].card_id
            who.set_options([(_("unknown"), UNKNOWN), *card_options()])
        try:
            who.value = known if known is not None else UNKNOWN
        except InvalidSelectValueError:  # an id the list does not offer (an Ally you hold)
            who.value = UNKNOWN

    @on(OptionList.OptionHighlighted, "#spaces")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._sync_who()

    def build_event(self) -> NameAlly | NameCard | None:
        line = self.chosen_line()
        if line is None:
            self.show_error(_("choose a port line that holds an Ally or a card"))
            return None
        value = self.query_one("#who", Select).value
        if not isinstance(value, str):
            self.show_error(_("choose a name, or 'unknown'"))
            return None
        self.show_error(None)
        kind, port, space = line
        name = None if value == UNKNOWN else value
        if kind == "ally":
            return NameAlly(port=port, space=space, ally_id=name)
        return NameCard(port=port, space=space, card_id=name)
