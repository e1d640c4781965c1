"""A big figure drawn in solid blocks, for a browser (a phone most of all).

Textual's :class:`~textual.widgets.Digits` draws each digit in box-drawing lines. In a
browser xterm.js draws those lines itself, thin and from the middle of each cell, so a
digit three cells wide shows two cells of hairline: on a phone the Final score's total
"8" was a small box two columns wide. Here each digit is a 3x5 grid of dots, two dots to a
cell (▀ ▄ █), which xterm.js fills edge to edge: a figure three rows tall and solid.
In a terminal the figure stays Textual's own (``blocks=False``).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widgets import Digits

GLYPHS = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", "..#", "..#"),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "-": ("...", "...", "###", "...", "..."),
}
"""Each character's 3x5 dots, top to bottom (``#`` lit); anything else is blank."""

CELLS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""A cell from its upper and lower dot."""


def block_lines(value: str) -> list[str]:
    """``value`` in solid blocks: three lines, each digit three columns wide and one
    column apart.

    >>> print("\\n".join(block_lines("18")))
    ▄█  █▀█
     █  █▀█
    ▀▀▀ ▀▀▀
    """
    blank = ("...",) * 5
    glyphs = [GLYPHS.get(character, blank) for character in value]
    lines = []
    for top in (0, 2, 4):
        cells = []
        for glyph in glyphs:
            upper, lower = glyph[top], glyph[top + 1] if top + 1 < 5 else "..."
            cells.append(
                "".join(CELLS[a == "#", b == "#"] for a, b in zip(upper, lower, strict=True))
            )
        lines.append(" ".join(cells))
    return lines


class BigFigure(Digits):
    """A :class:`~textual.widgets.Digits` that draws in solid blocks when ``blocks``."""

    def __init__(self, value: str = "", *, blocks: bool, id: str | None = None) -> None:
        super().__init__(value, id=id)
        self.blocks = blocks

    def render(self) -> RenderResult:
        if not self.blocks:
            return super().render()
        return Text("\n".join(block_lines(self.value)), style=self.rich_style, no_wrap=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        if not self.blocks:
            return super().get_content_width(container, viewport)
        return max(0, 4 * len(self.value) - 1)
