"""The last lines of the game log, and the undo position."""

from __future__ import annotations

from rich.text import Text

from companion.formatting import plural
from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from companion.ui.wording import worded


class LogPanel(TextPanel):
    """The newest log lines, numbered, and how many undone events can be redone."""

    DEFAULT_CSS = """
    LogPanel { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, view: TableView, count: int = 4) -> None:
        """Draw the last ``count`` lines of ``view``'s log."""
        lines, redo = view.log, view.redo
        text = Text(no_wrap=True, overflow="ellipsis")
        start = max(0, len(lines) - count)
        if not lines:
            text.append("No events yet.", style="dim")
        for number, line in enumerate(lines[start:], start=start + 1):
            if number > start + 1:
                text.append("\n")
            text.append(f"{number:>3} ", style="dim")
            text.append(line, style="bold" if number == len(lines) else "")
        if redo:
            again = worded(self, "ctrl+y redoes", "tap Redo")
            text.append(f"\n    {plural(redo, 'undone event')}: {again}", style="yellow")
        self.show_text(text)
        full = worded(self, "l: full log", "tap Log: full log")
        self.border_subtitle = f"{plural(len(lines), 'event')} · {full}"
