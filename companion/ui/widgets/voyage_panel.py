"""The Voyage ring with both ships and what each port holds."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rich.text import Text

from companion.ui.views.table import TableView
from companion.ui.widgets.odds_panel import percent
from companion.ui.widgets.text_panel import TextPanel
from solo_deck import RemovalOdds, ally_name

SEPARATOR = " │ "
"""Between a port and its odds."""


def _odds_text(
    port: int,
    landing: Mapping[int, Fraction] | None,
    risk: Mapping[int, RemovalOdds] | None,
) -> str:
    parts = []
    if landing and landing.get(port):
        parts.append(f"lands {percent(landing[port])}")
    odds = risk.get(port) if risk else None
    if odds is not None and odds.frederick_turns:
        lost = []
        if odds.card_present:
            lost.append(f"card {percent(odds.card)}")
        if odds.ally_present:
            lost.append(f"ally {percent(odds.ally)}")
        if lost:
            parts.append("loses " + " ".join(lost))
    return " · ".join(parts)


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
        width = max(len(port.name) for port in voyage.ports)
        room = self.content_region.width or self.app.size.width
        rows = [self._port_row(view, index, width) for index in range(len(voyage.ports))]
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
        self.border_subtitle = f"Advanced pile: {voyage.advanced_pile}"

    @staticmethod
    def _port_row(view: TableView, index: int, width: int) -> Text:
        """One port: its name, the ships there, your travel cost and what lies there."""
        voyage = view.state.voyage
        port = voyage.ports[index]
        text = Text()
        ships = ("You " if index == voyage.player else "    ") + (
            "Fred" if index == voyage.frederick else "    "
        )
        text.append(f"{port.name:<{width}} ", style="bold")
        text.append(ships[:4], style="bold green")
        text.append(ships[4:], style="bold magenta")
        steps = voyage.steps_to(index)
        cost = view.travel_costs[index]
        sail = "here" if not steps else f"{steps} step{'s' if steps > 1 else ''}"
        if steps:
            sail += ", free" if cost == 0 else f", {cost} A" if cost is not None else ", far"
        text.append(f"  {sail:<13}", style="dim")  # "2 steps, free" and "4 steps, 10 A"
        for card in port.cards:
            text.append("  card: ")
            label = (card.card_id or "yes") if card.present else "none"
            style = "dim" if not card.present else "bold" if card.card_id else ""
            text.append(f"{label:<4}", style=style)
        for space in port.allies:
            text.append("  ally: ")
            if space.face_up and space.face_up_id is None:
                text.append("unnamed", style="")
                if space.face_down:
                    text.append(" (+1 under)", style="dim")
            elif space.face_up:
                text.append(ally_name(space.face_up_id, unnamed="?"), style="bold")
                if space.face_down:
                    text.append(" (+1 under)", style="dim")
            elif space.face_down:
                text.append("face down", style="dim")
            else:
                text.append("none left", style="dim")
        return text

    def on_resize(self) -> None:
        """Another width may need the odds on lines of their own, or no longer."""
        if self._view is not None:
            self.show(self._view)
