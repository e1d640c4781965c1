"""Your side of the table as the app mirrors it: supplies, castle, card slots, Allies,
Specialists and what your tableau gives you."""

from __future__ import annotations

from rich.text import Text

from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from solo_deck import allies_by_id, great_structures, keep_covers, side_incomes

SLOT_PLAYED, SLOT_FREE, SLOT_LOCKED = "■", "□", "▪"


def slot_strip(view: TableView) -> str:
    """``■■□□□▪``: played, free and locked card slots, left to right."""
    played = {card.slot for card in view.state.player.played}
    cells = []
    for slot in range(view.player_limits.card_slots):
        if slot >= view.slots.usable:
            cells.append(SLOT_LOCKED)
        else:
            cells.append(SLOT_PLAYED if slot in played else SLOT_FREE)
    return "".join(cells)


class PlayerPanel(TextPanel):
    """VP, supplies against the warehouse, the castle and its tableau, card slots and hand,
    Allies by name against your Ally spaces, Specialists and the Workplaces you use."""

    def show(self, view: TableView) -> None:
        """Draw ``view``."""
        state = view.state
        player = state.player
        limits = view.player_limits
        capacity = view.capacity
        text = Text()
        text.append(f"VP {player.vp}", style="bold green")
        text.append(
            f"   Grain {player.grain}  Stone {player.stone}"
            f" ({capacity.resources}/{capacity.storage} stored)"
            f"   Augustales {player.augustales}\n"
        )
        text.append(
            f"Towers {player.towers}/{limits.towers_max}  Walls {player.walls}/{limits.walls_max}"
            f"  Keeps {player.keeps}/{limits.keeps_max}"
            f"  ({player.structures} vs Fred {state.palace.structures})\n"
        )
        extras = []
        if player.greats:
            greats = great_structures()  # "Great: Tower B, Keep": the word once
            great = (greats[g].name.removeprefix("Great ") for g in player.greats)
            extras.append("Great: " + ", ".join(great))
        if player.closed_sides:
            sides = side_incomes()
            extras.append("Sides: " + ", ".join(sides[s].name for s in player.closed_sides))
        if player.keep_covers:
            covers = keep_covers()
            extras.append("Covers: " + ", ".join(covers[c].name for c in player.keep_covers))
        if extras:
            text.append(" · ".join(extras) + "\n", style="cyan")
        text.append("Cards ", style="bold")
        text.append(slot_strip(view))
        in_hand = "" if state.hand is None else f"hand {state.hand} · "
        text.append(
            f"  {len(player.played)}/{view.slots.usable} played · {in_hand}"
            f"refills to {view.hand_size}"
        )
        if player.advanced_cards:
            text.append(" · own " + " ".join(player.advanced_cards))
        catalogue = allies_by_id()
        names = [catalogue[a].name if a in catalogue else a for a in player.allies]
        text.append(f"\nAllies {capacity.allies}/{capacity.ally_spaces}: ", style="bold")
        text.append(", ".join(names) if names else "none yet", style="" if names else "dim")
        text.append("\nSpecialists: ", style="bold")
        text.append(" · ".join(s.describe() for s in player.specialists))
        if view.workplaces:
            text.append("\nWorkplaces: ", style="bold")
            text.append(", ".join(view.workplaces))
        self.show_text(text)
