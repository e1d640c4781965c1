"""The edict row: Active I–III, Next I–III and the pile."""

from __future__ import annotations

from rich.text import Text

from companion.i18n import _, ngettext, pgettext
from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from companion.ui.wording import worded
from solo_deck import Edict


def _cell(tile: Edict | None, awaiting: bool = False, ask: str = "") -> Text:
    if awaiting:
        return Text(ask, style="bold reverse yellow")
    if tile is None:
        return Text(_("— empty —"), style="dim")
    return Text(str(tile), style="bold")


class EdictRowPanel(TextPanel):
    """Three rows I/II/III with the Active and the Next tile of each."""

    REFERENCE_TOPIC = "solo-card-symbol:edict-I"
    """F1 with the pointer on this panel: the Edict symbols (how an Edict space is chosen)."""

    def reference_topic(self) -> str:
        """The Reference entry F1 opens from this panel."""
        return self.REFERENCE_TOPIC

    def show(self, view: TableView) -> None:
        """Draw ``view``."""
        row = view.state.edicts
        ask = worded(self, _("type it (n)"), _("type it"))  # the field is in What to do
        active_title = pgettext("Edict row", "Active")
        column = max(12, len(active_title) + 2, len(_("— empty —")) + 1)
        header = f"      {active_title:<{column}}{pgettext('Edict row', 'Next')}\n"
        text = Text.assemble((header, "dim"))
        for index, numeral in enumerate(("I", "II", "III")):
            text.append(f"{numeral:<5} ", style="bold")
            active = _cell(row.active[index])
            active.pad_right(column - len(active.plain))
            text.append_text(active)
            text.append_text(_cell(row.next[index], index in row.awaiting, ask))
            text.append("\n")
        pile = Text(
            ngettext("Pile: {n} tile left", "Pile: {n} tiles left", row.pile).format(n=row.pile)
        )
        if row.pile == 0:
            pile.stylize("bold yellow")
        text.append_text(pile)
        if row.unfillable:
            text.append("\n" + _("An Active space is empty: last round!"), style="bold red")
        self.show_text(text)
