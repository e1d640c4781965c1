"""The last lines of the game log, and the undo position.

Beside "What to do" (the Table's wide arrangement) the log is what matters least: when
your board grows late in a game and the column would scroll (at 120x40 a scrollbar took
two columns from your board and wrapped its lines), the log shows fewer lines, one at
least, and more again when there is room (issue 39)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from companion.i18n import _, ngettext, shown
from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from companion.ui.wording import worded

MOST_LINES = 4
"""The log lines shown when there is room."""


class LogPanel(TextPanel):
    """The newest log lines, numbered, and how many undone events can be redone."""

    _lines = MOST_LINES
    """The lines shown now (fewer when the column has no room)."""
    _view: TableView | None = None

    DEFAULT_CSS = """
    LogPanel { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, view: TableView, count: int | None = None) -> None:
        """Draw the last ``count`` lines of ``view``'s log (as many as fit, unless told)."""
        self._view = view
        if count is None:
            count = self._lines
            if self.parent is not None and self.parent.id == "left":
                self.call_after_refresh(self._fit_column)
        lines, redo = view.log, view.redo
        text = Text(no_wrap=True, overflow="ellipsis")
        start = max(0, len(lines) - count)
        if not lines:
            text.append(_("No events yet."), style="dim")
        for number, line in enumerate(lines[start:], start=start + 1):
            if number > start + 1:
                text.append("\n")
            text.append(f"{number:>3} ", style="dim")
            text.append(shown(line), style="bold" if number == len(lines) else "")
        if redo:
            undone = worded(
                self,
                ngettext(
                    "{n} undone event: ctrl+y redoes", "{n} undone events: ctrl+y redoes", redo
                ),
                ngettext("{n} undone event: tap Redo", "{n} undone events: tap Redo", redo),
            )
            text.append("\n    " + undone.format(n=redo), style="yellow")
        self.show_text(text)
        full = worded(self, _("l: full log"), _("tap Log: full log"))
        count = len(lines)
        events = ngettext("{n} event", "{n} events", count).format(n=count)
        self.border_subtitle = f"{events} · {full}"

    def _fit_column(self) -> None:
        """Show fewer lines if the column beside What to do would scroll, more if it has
        spare rows (laid out again only when the number changes)."""
        column = self.parent
        lower = None if column is None else column.parent
        if self._view is None or not isinstance(column, Widget) or not isinstance(lower, Widget):
            return
        over = column.max_scroll_y
        spare = lower.content_size.height - column.outer_size.height
        lines = self._lines - over if over > 0 else min(MOST_LINES, self._lines + spare)
        lines = max(1, min(MOST_LINES, lines))
        if lines != self._lines:
            self._lines = lines
            self.show(self._view)
