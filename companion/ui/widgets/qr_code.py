"""A QR code drawn with half-block characters: two modules per character cell, one above
the other, so the modules come out about square in a terminal's cells.

The colours are fixed (black modules on white, with a white quiet zone around), whatever
the theme: a phone's camera needs dark on light.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

DARK = "#000000"
LIGHT = "#ffffff"
QUIET_ZONE = 2
"""Modules of white around the code (the standard asks for 4; 2 reads well on screens and
keeps the code small enough for more terminals)."""


def qr_matrix(data: str) -> list[list[bool]]:
    """The modules of the smallest QR code that holds ``data`` (low error correction,
    byte mode), with the quiet zone: ``True`` is a dark module."""
    import segno

    code = segno.make(data, error="l", micro=False, boost_error=False)
    return [[bool(cell) for cell in row] for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]


def qr_text(matrix: list[list[bool]]) -> Text:
    """The modules as lines of ``▀``: the upper module is the foreground, the lower one the
    background (an odd last row gets a white one below)."""
    text = Text(no_wrap=True, overflow="crop")
    width = len(matrix[0]) if matrix else 0
    for top in range(0, len(matrix), 2):
        upper = matrix[top]
        lower = matrix[top + 1] if top + 1 < len(matrix) else [False] * width
        for up, down in zip(upper, lower, strict=True):
            text.append("▀", Style(color=DARK if up else LIGHT, bgcolor=DARK if down else LIGHT))
        if top + 2 < len(matrix):
            text.append("\n")
    return text


def qr_size(matrix: list[list[bool]]) -> tuple[int, int]:
    """How many character cells the code takes: (columns, lines)."""
    return (len(matrix[0]) if matrix else 0, (len(matrix) + 1) // 2)
