"""Travel: sail your ship clockwise to another port."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Label, OptionList

from companion.i18n import N_, _, ngettext
from companion.reference_topics import TRAVEL_TOPIC
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.terms import ally_name, port_name
from companion.ui.widgets.keyed_list import KeyedList
from companion.ui.widgets.quick_pick import numbered
from companion.ui.widgets.search_select import focus_first_enabled
from companion.ui.wording import worded
from solo_deck import Voyage, allies_by_id, travel_cost
from solo_deck.events import Travel


def coins(amount: int) -> str:
    """``free``, ``1 Augustalis``, ``2 Augustales``."""
    if amount == 0:
        return _("free")
    return ngettext("{n} Augustalis", "{n} Augustales", amount).format(n=amount)


def port_contents(voyage: Voyage, index: int) -> str:
    """What lies in a port, e.g. ``card A7 · Ally Gisela``."""
    port = voyage.ports[index]
    parts = []
    for card in port.cards:
        if not card.present:
            parts.append(_("no card"))
        else:
            parts.append(
                _("card {card}").format(card=card.card_id) if card.card_id else _("a card")
            )
    names = allies_by_id()
    for ally in port.allies:
        if not ally.face_up:
            parts.append(_("no Ally"))
        else:
            parts.append(
                ally_name(names[ally.face_up_id].name) if ally.face_up_id in names else _("an Ally")
            )
    if index == voyage.frederick:
        parts.append(_("Frederick's ship"))
    return " · ".join(parts)


class TravelModal(GameEventModal[Travel]):
    """Choose the port (clockwise, with steps and the cost the rules give now, your
    Workplaces counted); the key beside a port, or Enter on it, sails there (Sail does
    too). Answering an effect that moves your ship anywhere, every port is free."""

    DIALOG_TITLE = N_("Travel: sail clockwise")
    OK_LABEL = N_("Sail")

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
        here = port_name(voyage.ports[voyage.player].name)
        if self.terms.any_port:
            told = _(
                "Your ship is in {port}; you have {coins} Augustales. You may sail any port, free."
            )
        else:
            told = _(
                "Your ship is in {port}; you have {coins} Augustales. You may sail 1 to {limit}"
                " spaces."
            )
        coins_held = self.state.player.augustales
        yield Label(told.format(port=here, coins=coins_held, limit=limit), classes="muted")
        lines = []
        for port, steps, cost in self.destinations():
            price = _("too far") if cost is None else coins(cost)
            affordable = cost is not None and cost <= self.state.player.augustales
            text = ngettext(
                "{port} — {steps} space — {price}  ({contents})",
                "{port} — {steps} spaces — {price}  ({contents})",
                steps,
            ).format(
                port=port_name(voyage.ports[port].name),
                steps=steps,
                price=price,
                contents=port_contents(voyage, port),
            )
            lines.append((text, f"port-{port}", not affordable))
        yield KeyedList(numbered(lines), id="ports")
        yield Label(
            worded(
                self,
                _("The key beside a port, or Enter on it, sails there."),
                _("Tap a port, then {button}.").format(button=self.ok_label),
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
            self.show_error(_("choose a port you can reach and pay for"))
            return None
        option = ports.get_option_at_index(ports.highlighted)
        if option.disabled or option.id is None:
            self.show_error(_("that port is too far, or the voyage costs more than you have"))
            return None
        self.show_error(None)
        return Travel(port=int(option.id.removeprefix("port-")))
