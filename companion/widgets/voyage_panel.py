"""The Voyage ring with both ships and what each port holds."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from solo_deck import GameState
from solo_deck.data_files import allies_by_id


def ally_label(ally_id: str | None) -> str:
    """An Ally's name, or ``?`` when unknown."""
    if ally_id is None:
        return "?"
    ally = allies_by_id().get(ally_id)
    return ally.name if ally else ally_id


class VoyagePanel(Static):
    """One line per port, clockwise from the start port."""

    def show(self, state: GameState) -> None:
        """Redraw for ``state``."""
        voyage = state.voyage
        text = Text()
        width = max(len(port.name) for port in voyage.ports)
        for index, port in enumerate(voyage.ports):
            if index:
                text.append("\n")
            ships = ("You " if index == voyage.player else "    ") + (
                "Fred" if index == voyage.frederick else "    "
            )
            text.append(f"{port.name:<{width}} ", style="bold")
            text.append(ships[:4], style="bold green")
            text.append(ships[4:], style="bold magenta")
            steps = voyage.steps_to(index)
            text.append(f"  {steps or '-'} ", style="dim")
            cards = [space.describe() for space in port.cards]
            text.append(" card: ")
            text.append(", ".join(cards), style="dim" if cards == ["empty"] else "")
            for space in port.allies:
                text.append("  ally: ")
                if space.face_up:
                    text.append(ally_label(space.face_up_id), style="bold")
                    if space.face_down:
                        text.append(" (+1 face down)", style="dim")
                elif space.face_down:
                    text.append("face-down, turns up at reorganisation", style="dim")
                else:
                    text.append("none left", style="dim")
        self.update(text)
        self.border_subtitle = f"Advanced pile: {voyage.advanced_pile}"
