"""Frederick's palace: every track with its cap."""

from __future__ import annotations

from companion.i18n import _, ngettext, pgettext
from companion.i18n.words import edition
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
        labels = [
            edition(word)
            for word in ("Grain", "Stone", "Treasury", "Towers", "Walls", "Keeps", "Court")
        ] + [edition("Path A")]
        pad = max(10, *(len(label) + 1 for label in labels))  # the bars in one column
        grain, stone, treasury, towers, walls, keeps, court, path = labels
        lines = [
            track_line(grain, palace.grain, limits.reserve_max, pad=pad),
            track_line(stone, palace.stone, limits.reserve_max, pad=pad),
            track_line(
                treasury,
                palace.treasury,
                limits.treasury_max,
                width=limits.treasury_max // limits.treasury_step,
                suffix=_("coins"),
                pad=pad,
            ),
            track_line(towers, palace.towers, limits.towers_max, pad=pad),
            track_line(walls, palace.walls, limits.walls_max, pad=pad),
            track_line(keeps, palace.keeps, limits.keeps_max, pad=pad),
            track_line(
                court,
                palace.allies,
                limits.allies_max,
                suffix=pgettext("palace track", "Allies"),
                pad=pad,
            ),
            track_line(
                path,
                palace.specialist,
                limits.path_a_spaces,
                suffix=pgettext("Path A track", "space"),
                pad=pad,
            ),
        ]
        self.show_text(join_lines(lines))
        count = palace.structures
        self.border_subtitle = ngettext("{n} Structure", "{n} Structures", count).format(n=count)
