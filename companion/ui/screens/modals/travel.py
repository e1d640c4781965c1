"""Travel: sail your ship clockwise to another port."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Label, OptionList

from companion.reference import TRAVEL_TOPIC
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.keyed_list import KeyedList
from companion.ui.widgets.quick_pick import numbered
from companion.ui.widgets.search_select import focus_first_enabled
from companion.ui.wording import tap_then, worded
from solo_deck import Voyage, allies_by_id, travel_cost
from solo_deck.events import Travel


def coins(amount: int) -> str:
    """``free``, ``1 Augustalis``, ``2 Augustales``."""
    if amount == 0:
        return "free"
    return f"{amount} Augustalis" if amount == 1 else f"{amount} Augustales"


def port_contents(voyage: Voyage, index: int) -> str:
    """What lies in a port, e.g. ``card A7 · Ally Gisela``."""
    port = voyage.ports[index]
    parts = []
    for card in port.cards:
        if not card.present:
            parts.append("no card")
        else:
            parts.append(f"card {card.card_id}" if card.card_id else "a card")
    names = allies_by_id()
    for ally in port.allies:
        if not ally.face_up:
            parts.append("no Ally")
        else:
            parts.append(names[ally.face_up_id].name if ally.face_up_id in names else "an Ally")
    if index == voyage.frederick:
        parts.append("Frederick's ship")
    return " · ".join(parts)


class TravelModal(GameEventModal[Travel]):
    """Choose the port (clockwise, with steps and the cost the rules give now, your
    Workplaces counted); the key beside a port, or Enter on it, sails there (Sail does
    too). Answering an effect that moves your ship anywhere, every port is free."""

    DIALOG_TITLE = "Travel: sail clockwise"
    OK_LABEL = "Sail"

    def destinations(self) -> list[tuple[int, int, int | None]]:
        """``(port, steps, cost)`` for every other port, clockwise (cost ``None``: out of
        reach)."""
        voyage = self.state.voyage
        count = len(voyage.ports)
        result = []
        for steps in range(1, count):
            port = (voyage.player + steps) % count
            cost = travel_cost(self.state, port, self.ruleset, any_port=self.terms.any_port)
            result.append((port, steps, cost))
        return result

    def reference_topic(self) -> str | None:
        """F1 in this dialog: the entry of sailing and what it costs."""
        return TRAVEL_TOPIC

    def compose_body(self) -> ComposeResult:
        voyage = self.state.voyage
        limit = self.ruleset.voyage.travel_max_steps.value
        here = voyage.ports[voyage.player].name
        reach = "any port, free" if self.terms.any_port else f"1 to {limit} spaces"
        yield Label(
            f"Your ship is in {here}; you have {self.state.player.augustales} Augustales. "
            f"You may sail {reach}.",
            classes="muted",
        )
        lines = []
        for port, steps, cost in self.destinations():
            space_word = "space" if steps == 1 else "spaces"
            price = "too far" if cost is None else coins(cost)
            affordable = cost is not None and cost <= self.state.player.augustales
            text = (
                f"{voyage.ports[port].name} — {steps} {space_word} — {price}"
                f"  ({port_contents(voyage, port)})"
            )
            lines.append((text, f"port-{port}", not affordable))
        yield KeyedList(numbered(lines), id="ports")
        yield Label(
            worded(
                self,
                "The key beside a port, or Enter on it, sails there.",
                tap_then(self.OK_LABEL, "a port"),
            ),
            id="keys-hint",
        )

    def on_mount(self) -> None:
        focus_first_enabled(self.query_one("#ports", OptionList))

    def list_chosen(self) -> None:
        """The key beside a port, or Enter on it, sails there (the port is the dialog's one
        choice)."""
        self.submit()

    def build_event(self) -> Travel | None:
        ports = self.query_one("#ports", OptionList)
        if ports.highlighted is None:
            self.show_error("choose a port you can reach and pay for")
            return None
        option = ports.get_option_at_index(ports.highlighted)
        if option.disabled or option.id is None:
            self.show_error("that port is too far, or the voyage costs more than you have")
            return None
        self.show_error(None)
        return Travel(port=int(option.id.removeprefix("port-")))
