"""Travel: sail your ship clockwise to another port."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.widgets.number_field import EventModal, NumberField
from solo_deck import GameState, Ruleset, Voyage
from solo_deck.data_files import allies_by_id
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


class TravelModal(EventModal[Travel]):
    """Choose the port (clockwise, with steps and the usual cost) and, rarely, override the
    cost. Enter on a port (or in the cost field) records the trip."""

    DIALOG_TITLE = "Travel: sail clockwise"
    OK_LABEL = "Sail"

    def __init__(self, state: GameState, ruleset: Ruleset) -> None:
        super().__init__()
        self.state = state
        self.ruleset = ruleset

    def destinations(self) -> list[tuple[int, int, int]]:
        """``(port, steps, usual cost)`` for every other port, clockwise."""
        voyage = self.state.voyage
        free = self.ruleset.voyage.travel_free_steps.value
        count = len(voyage.ports)
        result = []
        for steps in range(1, count):
            port = (voyage.player + steps) % count
            result.append((port, steps, voyage.travel_cost(steps, free)))
        return result

    def compose_body(self) -> ComposeResult:
        voyage = self.state.voyage
        limit = self.ruleset.voyage.travel_max_steps.value
        here = voyage.ports[voyage.player].name
        yield Label(
            f"Your ship is in {here}; you have {self.state.player.augustales} Augustales. "
            f"You may sail 1 to {limit} spaces.",
            classes="muted",
        )
        options = []
        for port, steps, cost in self.destinations():
            space_word = "space" if steps == 1 else "spaces"
            text = (
                f"{voyage.ports[port].name} — {steps} {space_word} — {coins(cost)}"
                f"  ({port_contents(voyage, port)})"
            )
            too_far = steps > limit
            if too_far:
                text += "  too far"
            options.append(Option(text, id=f"port-{port}", disabled=too_far))
        yield OptionList(*options, id="ports")
        yield NumberField(
            "Cost override",
            optional=True,
            hint="empty: the usual cost (an ability may make steps free)",
            id="cost",
        )

    def on_mount(self) -> None:
        ports = self.query_one("#ports", OptionList)
        ports.highlighted = 0
        ports.focus()

    @on(OptionList.OptionSelected, "#ports")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build_event(self) -> Travel | None:
        ports = self.query_one("#ports", OptionList)
        if ports.highlighted is None:
            self.show_error("choose a port")
            return None
        option = ports.get_option_at_index(ports.highlighted)
        if option.disabled or option.id is None:
            self.show_error("that port is too far")
            return None
        cost = self.query_one("#cost", NumberField)
        if not cost.check():
            self.show_error("the cost override is not a valid number")
            return None
        self.show_error(None)
        return Travel(port=int(option.id.removeprefix("port-")), cost=cost.value)
