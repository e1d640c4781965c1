"""Your side of the table as the app mirrors it: supplies, castle, card slots, Allies,
Specialists and what your tableau gives you."""

from __future__ import annotations

from rich.text import Text

from companion.i18n import _, pgettext, shown
from companion.i18n.words import edition
from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from solo_deck import ally_name, great_structures, keep_covers, side_incomes

SLOT_PLAYED, SLOT_FREE, SLOT_LOCKED = "■", "□", "▪"

LINE = 52
"""The panel's columns inside its border on the wide Table (before it is laid out)."""


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


def _labelled(label: str) -> str:
    """``label`` before what it names, as the language punctuates it (``Allies 0/1: ``)."""
    return pgettext("a label before its value", "{label}:").format(label=label) + " "


def _great_short(name: str) -> str:
    """A Great Structure named after the word "Great" the line says once: ``Tower B``."""
    short = {
        "Great Keep": pgettext("Great Structure", "Keep"),
        "Great Tower A": pgettext("Great Structure", "Tower A"),
        "Great Tower B": pgettext("Great Structure", "Tower B"),
        "Great Wall A": pgettext("Great Structure", "Wall A"),
        "Great Wall B": pgettext("Great Structure", "Wall B"),
    }
    return short.get(name) or edition(name)


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
        stored = _("({stored}/{storage} stored)").format(
            stored=capacity.resources, storage=capacity.storage
        )
        vp = f"{edition('VP')} {player.vp}"
        supplies = f"{edition('Grain')} {player.grain}  {edition('Stone')} {player.stone} {stored}"
        coins = f"{edition('Augustales')} {player.augustales}"
        # three spaces between the three when they fit on the line (a language's longer
        # words may not: then one, before the line wraps)
        room = self.content_region.width or LINE
        gap = "   " if len(vp) + len(supplies) + len(coins) + 6 <= room else " "
        text.append(vp, style="bold green")
        text.append(f"{gap}{supplies}{gap}{coins}\n")
        versus = _("({mine} vs Fred {his})").format(
            mine=player.structures, his=state.palace.structures
        )
        text.append(
            f"{edition('Towers')} {player.towers}/{limits.towers_max}"
            f"  {edition('Walls')} {player.walls}/{limits.walls_max}"
            f"  {edition('Keeps')} {player.keeps}/{limits.keeps_max}  {versus}\n"
        )
        extras = []
        if player.greats:
            greats = great_structures()  # "Great: Tower B, Keep": the word once
            great = ", ".join(_great_short(greats[g].name) for g in player.greats)
            extras.append(_("Great: {names}").format(names=great))
        if player.closed_sides:
            sides = side_incomes()
            names = ", ".join(edition(sides[s].name) for s in player.closed_sides)
            extras.append(_("Sides: {names}").format(names=names))
        if player.keep_covers:
            covers = keep_covers()
            names = ", ".join(edition(covers[c].name) for c in player.keep_covers)
            extras.append(_("Covers: {names}").format(names=names))
        if extras:
            text.append(" · ".join(extras) + "\n", style="cyan")
        text.append(_("Cards") + " ", style="bold")
        text.append(slot_strip(view))
        played = _("{played}/{usable} played").format(
            played=len(player.played), usable=view.slots.usable
        )
        refills = _("refills to {n}").format(n=view.hand_size)
        in_hand = "" if state.hand is None else _("hand {n}").format(n=state.hand) + " · "
        text.append(f"  {played} · {in_hand}{refills}")
        if player.advanced_cards:
            text.append(" · " + _("own {cards}").format(cards=" ".join(player.advanced_cards)))
        ally_names = [shown(ally_name(a)) for a in player.allies]
        allies = _labelled(f"{edition('Allies')} {capacity.allies}/{capacity.ally_spaces}")
        text.append("\n" + allies, style="bold")
        text.append(
            ", ".join(ally_names) if ally_names else _("none yet"),
            style="" if ally_names else "dim",
        )
        text.append("\n" + _labelled(edition("Specialists")), style="bold")
        text.append(" · ".join(shown(s.describe()) for s in player.specialists))
        if view.workplaces:
            text.append("\n" + _labelled(edition("Workplaces")), style="bold")
            text.append(", ".join(view.workplaces))
        self.show_text(text)
