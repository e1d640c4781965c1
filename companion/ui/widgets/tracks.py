"""Small text helpers shared by the Table's panels."""

from __future__ import annotations

from rich.text import Text


def bar(value: int, maximum: int, width: int | None = None) -> str:
    """A filled/empty bar, e.g. ``■■□□□`` for 2 of 5 (scaled to ``width`` if given)."""
    cells = maximum if width is None else width
    if maximum <= 0:
        return ""
    filled = round(value * cells / maximum) if width is not None else value
    filled = max(0, min(cells, filled))
    return "■" * filled + "□" * (cells - filled)


def track_line(
    label: str,
    value: int,
    maximum: int,
    *,
    width: int | None = None,
    suffix: str = "",
    pad: int = 10,
) -> Text:
    """``Towers    ■■□□□  2/5`` with the value highlighted when at its cap (the label
    padded to ``pad`` columns)."""
    line = Text(f"{label:<{pad}}", style="bold")
    style = "bold $warning" if value >= maximum else ""
    line.append(bar(value, maximum, width), style="cyan")
    line.append(f"  {value}/{maximum}", style=style.replace("$warning", "yellow"))
    if suffix:
        line.append(f" {suffix}", style="dim")
    return line


def join_lines(lines: list[Text]) -> Text:
    """Lines joined with newlines into one Text."""
    return Text("\n").join(lines)
