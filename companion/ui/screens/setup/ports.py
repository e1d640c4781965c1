"""The Voyage ports at setup: their names clockwise from the start port as the player's
board prints them, and the face-up Ally and Advanced card lying in each (optional)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from companion.i18n import N_, _, shown
from companion.ui.screens.modals.summon import ally_options
from companion.ui.screens.setup.choices import MAX_PORT_NAME, port_name_problem, ports_from_start
from companion.ui.screens.setup.fields import Problem, error_label, refuse_twice, show_error
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.lazy_fold import LazyFold
from companion.ui.widgets.touch_select import TouchSelect
from solo_deck import Ruleset, ally_title, load_advanced_cards

FOLD_TITLE = N_("Voyage ports (optional): their names, the face-up Allies and cards")


def card_options() -> list[tuple[str, str]]:
    """``(label, id)`` for every Advanced card, level A first (A1, A2 … B16)."""
    cards = sorted(load_advanced_cards(), key=lambda card: (card.level, int(card.id[1:])))
    return [(f"{card.id} · {shown(card.effect)}", card.id) for card in cards]


class PortRows(Vertical):
    """The rows of :class:`PortsSection`, made when its fold first opens."""

    DEFAULT_CSS = """
    PortRows { height: auto; }
    PortRows .port-row { height: auto; }
    PortRows .port-number { width: 3; padding-top: 1; }
    PortRows .port-name { width: 20; }
    PortRows .port-start { width: 20; padding: 1 0 0 1; }
    PortRows .port-select { width: 1fr; }
    """

    def __init__(self, ruleset: Ruleset, ports: list[str]) -> None:
        super().__init__()
        self._ruleset = ruleset
        self._ports = ports

    def compose(self) -> ComposeResult:
        voyage = self._ruleset.voyage
        yield Static(
            _(
                "Clockwise from {port} as your board shows them, with the face-up Ally"
                " and card in each (both optional)"
            ).format(port=voyage.start_port.value),
            classes="field-label",
        )
        if voyage.ports.assumed:
            yield Static(
                _(
                    "The names after Roma and their order are our guess: correct them to "
                    "match your board (at most {max_port_name} characters each)."
                ).format(max_port_name=MAX_PORT_NAME),
                classes="muted",
            )
        allies, cards = ally_options(), card_options()
        for index, name in enumerate(self._ports):
            with Horizontal(classes="port-row"):
                yield Label(f"{index + 1}.", classes="port-number")
                if index == 0:
                    yield Label(
                        _("{name} (start)").format(name=name), classes="port-start", markup=False
                    )
                else:
                    yield FieldInput(
                        value=name,
                        max_length=MAX_PORT_NAME + 10,
                        placeholder=_("port name"),
                        id=f"port-name-{index}",
                        classes="port-name",
                    )
                yield TouchSelect(
                    allies, prompt=_("Ally: not noted"), id=f"port-{index}", classes="port-select"
                )
                yield TouchSelect(
                    cards,
                    prompt=_("card: not noted"),
                    id=f"port-card-{index}",
                    classes="port-select",
                )
            if index:
                yield error_label(f"port-name-{index}")
            yield error_label(f"port-{index}")
            yield error_label(f"port-card-{index}")


class PortsSection(Vertical):
    """The Voyage ports, folded until opened (then :class:`PortRows`): one row per port,
    clockwise from the start port (fixed: both ships start there), with the name
    (editable), the face-up Ally and the face-up Advanced card. Folded, it reads as the
    ruleset's ports with nothing noted.

    Ids: ``ports-fold`` (the fold), ``port-name-{i}`` (the name input, from the second
    port), ``port-{i}`` (Ally) and ``port-card-{i}`` (card).
    """

    DEFAULT_CSS = """
    PortsSection { height: auto; }
    """

    def __init__(
        self, ruleset: Ruleset, *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._ruleset = ruleset
        self._ports = ports_from_start(ruleset)

    def compose(self) -> ComposeResult:
        yield LazyFold(
            lambda: [PortRows(self._ruleset, self._ports)],
            title=_(FOLD_TITLE),
            id="ports-fold",
        )

    @property
    def _filled(self) -> bool:
        return self.query_one("#ports-fold", LazyFold).filled

    def open_section(self) -> None:
        """Open the fold (to show a field that needs attention)."""
        self.query_one("#ports-fold", LazyFold).collapsed = False

    # --- reading --------------------------------------------------------------------

    @property
    def count(self) -> int:
        """How many ports the ring has."""
        return len(self._ports)

    def names(self) -> list[str]:
        """The names as typed (stripped), clockwise from the start port."""
        if not self._filled:
            return list(self._ports)
        names = [self._ports[0]]
        for index in range(1, self.count):
            names.append(self.query_one(f"#port-name-{index}", Input).value.strip())
        return names

    def changed(self) -> bool:
        """True when the names or their order differ from the ruleset's ring."""
        return self.names() != self._ports

    def _picked(self, kind: str) -> tuple[str | None, ...]:
        if not self._filled:
            return (None,) * self.count
        selects = [self.query_one(f"#{kind}-{index}", Select) for index in range(self.count)]
        return tuple(None if s.value is Select.NULL else str(s.value) for s in selects)

    def port_allies(self) -> tuple[str | None, ...]:
        """The face-up Ally noted in each port (None: not noted)."""
        return self._picked("port")

    def port_cards(self) -> tuple[str | None, ...]:
        """The face-up Advanced card noted in each port (None: not noted)."""
        return self._picked("port-card")

    def problems(self) -> list[Problem]:
        """Names missing, too long or given twice; an Ally or card noted in two ports."""
        found: list[Problem] = []
        if not self._filled:
            return found
        names = self.names()
        for index in range(1, self.count):
            message = port_name_problem(names[index], names[:index])
            if message:
                found.append((self.query_one(f"#port-name-{index}"), f"port-name-{index}", message))
        for kind, picked, said in (
            ("port", self.port_allies(), N_("this Ally is already in port {number} ({port})")),
            ("port-card", self.port_cards(), N_("this card is already in port {number} ({port})")),
        ):
            for index, value in enumerate(picked):
                if value is not None and value in picked[:index]:
                    first = picked.index(value)
                    found.append(
                        (
                            self.query_one(f"#{kind}-{index}"),
                            f"{kind}-{index}",
                            _(said).format(number=first + 1, port=names[first]),
                        )
                    )
        return found

    # --- live reactions ---------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        """A name retyped: a name too long is said at once, other messages wait for the
        next check."""
        name_id = event.input.id
        if name_id and name_id.startswith("port-name-"):
            too_long = len(event.value.strip()) > MAX_PORT_NAME
            show_error(self, name_id, port_name_problem(event.value, []) if too_long else "")

    def on_select_changed(self, event: Select.Changed) -> None:
        """Refuse an Ally or card already lying in another port."""
        select = event.select
        if select.id is None:
            return
        kind = "port-card" if select.id.startswith("port-card-") else "port"
        group = [self.query_one(f"#{kind}-{index}", Select) for index in range(self.count)]
        names = self.names()

        def where(other: Select[Any]) -> str:
            index = group.index(other)
            name = names[index] or _("port {number}").format(number=index + 1)
            return _("face up in {port}").format(port=name)

        def what(value: str) -> str:
            return shown(ally_title(value)) if kind == "port" else value

        show_error(self, select.id, refuse_twice(select, group, where, what))
