"""Your board as the app mirrors it."""

from __future__ import annotations

from rich.text import Text

from companion.widgets.text_panel import TextPanel
from solo_deck import GameState
from solo_deck.data_files import allies_by_id


class PlayerPanel(TextPanel):
    """VP, supplies, castle, Allies by name and Specialists' positions."""

    def show(self, state: GameState) -> None:
        """Redraw for ``state``."""
        player = state.player
        catalogue = allies_by_id()
        text = Text()
        text.append(f"VP {player.vp}", style="bold green")
        text.append(
            f"   Grain {player.grain}   Stone {player.stone}   Augustales {player.augustales}\n"
        )
        text.append(
            f"Towers {player.towers}/5  Walls {player.walls}/5  Keeps {player.keeps}/3"
            f"  ({player.structures} vs Frederick {state.palace.structures})\n"
        )
        names = [catalogue[a].name if a in catalogue else a for a in player.allies]
        text.append("Allies: ", style="bold")
        text.append(", ".join(names) if names else "none yet", style="" if names else "dim")
        text.append("\nSpecialists: ", style="bold")
        text.append(" · ".join(s.describe() for s in player.specialists))
        self.show_text(text)
