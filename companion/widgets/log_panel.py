"""The last lines of the game log, and the undo position."""

from __future__ import annotations

from rich.text import Text

from companion.widgets.text_panel import TextPanel


class LogPanel(TextPanel):
    """The newest log lines, numbered, and how many undone events can be redone."""

    DEFAULT_CSS = """
    LogPanel { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, lines: tuple[str, ...], redo: int, count: int = 4) -> None:
        """Redraw with the last ``count`` lines."""
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
            text.append(f"\n    {redo} undone event(s): ctrl+y redoes", style="yellow")
        self.show_text(text)
        self.border_subtitle = f"{len(lines)} events · l: full log"
