"""What the evening by taps (``benchmarks/evening_by_taps.py``) reads off the screen: rows
that match, the What to do panel's own text, and the line kept for each tap."""

from __future__ import annotations

import re
import socket
from dataclasses import dataclass


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def row_of(screen: list[str], pattern: str) -> int:
    """The first row matching ``pattern`` (-1 when none)."""
    return next((i for i, line in enumerate(screen) if re.search(pattern, line)), -1)


def what_to_do(screen: list[str]) -> str:
    """The text of the What to do panel, joined (empty when it is not shown). On a wide
    screen the panel sits beside others: only its own columns are read."""
    top = row_of(screen, r"─ What to do")
    if top < 0:
        return ""
    left = screen[top].index("╭─ What to do") if "╭─ What to do" in screen[top] else 0
    right = screen[top].find("╮", left)
    right = right if right > 0 else len(screen[top])
    lines = []
    for line in screen[top + 1 :]:
        part = line[left : right + 1]
        if part.startswith("╰"):
            break
        lines.append(part.strip("│ "))
    return " ".join(lines)


END_PHASE = r"End Phase · round \d|End the round \(e\)|─ [·✓] [2-5] · (Castle|Ally|Reorg|End of)"
"""The End Phase's title, its last button, or one of its steps' titles."""


def in_end_phase(screen: list[str]) -> bool:
    """The End Phase screen (its title may hide under a notice; its steps show)."""
    return row_of(screen, END_PHASE) >= 0


END_PHASE_BUTTONS = tuple(
    # a button's label stands apart and ends its row (a browser shows no key in it); a
    # hint that names the button ("Tap Add to my VP") may end a wrapped row too. The
    # screen's scroll bar may follow the panel's border (its thumb drawn in blocks).
    rf"(?<=\s{{3}}){label}(?=\s+│[\s▁-█]*$)"
    for label in ("Continue", "Take castle income", "Add to my VP", "Reorganise", "End the round")
)
"""The End Phase's buttons, in the order they are tapped."""
PUT_BACK = r"\bPut back(?=\s+(Decline\s+)?Cancel\b)"
"""The Put resources back dialog's button (a browser shows no key in it)."""


@dataclass
class Step:
    what: str
    seconds: float | None
    note: str = ""

    def line(self) -> str:
        took = "no change" if self.seconds is None else f"{self.seconds:.1f} s"
        return f"{self.what:<48} {took:>10}  {self.note}"
