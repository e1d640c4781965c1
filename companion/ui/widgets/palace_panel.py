"""Frederick's palace: every track with its cap."""

from __future__ import annotations

from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from companion.ui.widgets.tracks import join_lines, track_line


class PalacePanel(TextPanel):
    """Reserve, Treasury, Castle, Court and Path A, as bars against their caps."""

    REFERENCE_TOPIC = "frederick-s-turn:frederick-turn"
    """F1 with the pointer on this panel: Frederick's turn (what his tracks feed)."""

    def reference_topic(self) -> str:
        """The Reference entry F1 opens from this panel."""
        return self.REFERENCE_TOPIC

    def show(self, view: TableView) -> None:
        """Draw ``view``."""
        palace, limits = view.state.palace, view.palace_limits
        lines = [
            track_line("Grain", palace.grain, limits.reserve_max),
            track_line("Stone", palace.stone, limits.reserve_max),
            track_line(
                "Treasury",
                palace.treasury,
                limits.treasury_max,
                width=limits.treasury_max // limits.treasury_step,
                suffix="coins",
            ),
            track_line("Towers", palace.towers, limits.towers_max),
            track_line("Walls", palace.walls, limits.walls_max),
            track_line("Keeps", palace.keeps, limits.keeps_max),
            track_line("Court", palace.allies, limits.allies_max, suffix="Allies"),
            track_line("Path A", palace.specialist, limits.path_a_spaces, suffix="space"),
        ]
        self.show_text(join_lines(lines))
        self.border_subtitle = f"{palace.structures} Structures"
