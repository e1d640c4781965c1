"""The Voyage ring with both ships and what each port holds."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rich.text import Text

from companion.i18n import _, ngettext, pgettext, shown
from companion.i18n.words import edition
from companion.ui.views.table import TableView
from companion.ui.widgets.odds_panel import percent
from companion.ui.widgets.text_panel import TextPanel
from solo_deck import RemovalOdds, ally_name

SAIL = 13
"""The columns of a travel cost in English: "2 steps, free" and "4 steps, 10 A"."""

SEPARATOR = " │ "
"""Between a port and its odds."""


def _odds_text(
    port: int,
    landing: Mapping[int, Fraction] | None,
    risk: Mapping[int, RemovalOdds] | None,
) -> str:
    parts = []
    if landing and landing.get(port):
        parts.append(_("lands {chance}").format(chance=percent(landing[port])))
    odds = risk.get(port) if risk else None
    if odds is not None and odds.frederick_turns:
        lost = []
        if odds.card_present:
            lost.append(_("card {chance}").format(chance=percent(odds.card)))
        if odds.ally_present:
            lost.append(_("ally {chance}").format(chance=percent(odds.ally)))
        if lost:
            parts.append(_("loses {what}").format(what=" ".join(lost)))
    return " · ".join(parts)


def _sail(steps: int, cost: int | None) -> str:
    """How far a port is and what sailing there costs: ``here``, ``2 steps, free``,
    ``4 steps, 10 A`` (``A``: Augustales) or ``3 steps, far`` (out of reach)."""
    if not steps:
        return _("here")
    if cost == 0:
        return ngettext("{n} step, free", "{n} steps, free", steps).format(n=steps)
    if cost is None:
        return ngettext("{n} step, far", "{n} steps, far", steps).format(n=steps)
    return ngettext("{n} step, {cost} A", "{n} steps, {cost} A", steps).format(n=steps, cost=cost)


class VoyagePanel(TextPanel):
    """One line per port, clockwise from the start port (on the narrow Table, the odds on
    a line of their own when the row does not fit the panel)."""

    _view: TableView | None = None

    DEFAULT_CSS = """
    VoyagePanel { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, view: TableView) -> None:
        """Draw ``view``: per port the ships, your travel cost, what lies there, where
        Frederick's ship may land and (once computed) the chance that its card or Ally is
        gone before your next turn."""
        self._view = view
        voyage = view.state.voyage
        landing, risk = view.landing, view.risk
        width = max(len(edition(port.name)) for port in voyage.ports)
        room = self.content_region.width or self.app.size.width
        sails = [_sail(voyage.steps_to(i), view.travel_costs[i]) for i in range(len(voyage.ports))]
        sail_width = max(SAIL, *map(len, sails))  # a language's may be longer
        rows = [self._port_row(view, index, width, sail_width) for index in range(len(sails))]
        column = max(len(row.plain) for row in rows)  # the odds line up after the widest
        odds = [_odds_text(index, landing, risk) for index in range(len(rows))]
        # every port's odds on the same side: beside the rows when the longest fits there,
        # and always on the wide Table (cut short with "…"), which never scrolls as a whole:
        # lines of their own would take five rows from What to do on a tablet
        fits = column + len(SEPARATOR) + max(map(len, odds)) <= room
        beside = fits or not self.screen.has_class("-narrow")
        text = Text()
        for index, row in enumerate(rows):
            if index:
                text.append("\n")
            text.append_text(row)
            if odds[index]:
                if beside:
                    text.append(" " * (column - len(row.plain)) + SEPARATOR, style="dim")
                else:
                    text.append("\n" + " " * (width + 1))
                text.append(odds[index], style="italic")
        self.show_text(text)
        self.border_subtitle = _("Advanced pile: {n}").format(n=voyage.advanced_pile)

    @staticmethod
    def _port_row(view: TableView, index: int, width: int, sail_width: int = SAIL) -> Text:
        """One port: its name, the ships there, your travel cost (in ``sail_width``
        columns) and what lies there."""
        voyage = view.state.voyage
        port = voyage.ports[index]
        text = Text()
        you, fred = pgettext("Voyage ship", "You"), pgettext("Voyage ship", "Fred")
        ship = max(4, len(you) + 1, len(fred))
        text.append(f"{edition(port.name):<{width}} ", style="bold")
        text.append(f"{you if index == voyage.player else '':<{ship}}", style="bold green")
        text.append(f"{fred if index == voyage.frederick else '':<{ship}}", style="bold magenta")
        sail = _sail(voyage.steps_to(index), view.travel_costs[index])
        text.append(f"  {sail:<{sail_width}}", style="dim")
        for card in port.cards:
            text.append("  " + _("card:") + " ")
            if card.present:
                label = card.card_id or pgettext("card at a port", "yes")
            else:
                label = pgettext("card at a port", "none")
            style = "dim" if not card.present else "bold" if card.card_id else ""
            text.append(f"{label:<4}", style=style)
        under = " " + _("(+1 under)")
        for space in port.allies:
            text.append("  " + _("ally:") + " ")
            if space.face_up and space.face_up_id is None:
                text.append(_("unnamed"), style="")
                if space.face_down:
                    text.append(under, style="dim")
            elif space.face_up:
                text.append(shown(ally_name(space.face_up_id, unnamed="?")), style="bold")
                if space.face_down:
                    text.append(under, style="dim")
            elif space.face_down:
                text.append(_("face down"), style="dim")
            else:
                text.append(_("none left"), style="dim")
        return text

    def on_resize(self) -> None:
        """Another width may need the odds on lines of their own, or no longer."""
        if self._view is not None:
            self.show(self._view)
