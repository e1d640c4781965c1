"""Where a screen's notices (Textual's toasts) drop in: in rows that hold nothing the screen
asks you to read or tap now.

A notice floats above the screen, and a tap on it only closes it: over a button that What to
do names ("tap Frederick") it swallowed the tap, and over What to do it hid the turn. So a
screen names what must stay uncovered (:class:`KeepFree`) and, after every layout, the
notices' rack is moved into the tallest band of rows none of that crosses; a band too short
for a notice is not used. First everything named stays free (What to do, every big button
and the footer); when no band is tall enough (What to do fills an 80x24 Table) the buttons
nothing asks for now (Undo, Redo, Log, Menu) and the footer may be covered, never What to do
nor the buttons it names; only when even that leaves too few rows does a notice cover the
least important of them. Rows, not cells: a notice is as wide as half the screen, and a
screen this short has no columns to spare beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from textual.geometry import Region
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen

NOTICE_ROWS = 4
"""The fewest rows a band needs to hold a notice: a title and up to three lines of text (a
longer notice in a shorter band is cut at its bottom)."""

LONGEST_NOTICE = 15.0
"""The longest a notice stays (seconds): an error that must be read (a failed save) gets
up to this much; none waits for a tap (a tap on a notice only closes it, and one over a
button swallowed the tap meant for the button)."""


def notice_seconds(asked: float | None, default: float) -> float:
    """How long a notice stays: ``asked`` (``default`` if ``None``), between 1 second and
    :data:`LONGEST_NOTICE`.

    >>> notice_seconds(None, 5), notice_seconds(float("inf"), 5), notice_seconds(0, 5)
    (5, 15.0, 1.0)
    """
    seconds = default if asked is None else asked
    return min(max(seconds, 1.0), LONGEST_NOTICE)


PLACED: WeakKeyDictionary[Widget, tuple[int, int]] = WeakKeyDictionary()
"""The band each rack was last placed in (its first row, its rows)."""


@dataclass(frozen=True)
class KeepFree:
    """What a notice must not cover: ``always`` (What to do, the buttons it names) and
    ``preferably`` (the other buttons, the footer), each as CSS selectors of the screen."""

    always: tuple[str, ...]
    preferably: tuple[str, ...] = ()


def visible_rows(widgets: Iterable[Widget], screen: Region) -> list[tuple[int, int]]:
    """The rows ``[start, end)`` each displayed widget takes on a screen of ``screen``
    (only the part on the screen)."""
    rows = []
    for widget in widgets:
        if not widget.display or not widget.is_mounted:
            continue
        shown = widget.region.intersection(screen)
        if shown.height > 0:
            rows.append((shown.y, shown.bottom))
    return rows


def free_bands(height: int, taken: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The bands of rows ``[start, end)`` of a screen ``height`` rows tall that none of the
    ``taken`` rows cross, top to bottom.

    >>> free_bands(24, [(1, 6), (16, 22), (22, 24)])
    [(0, 1), (6, 16)]
    >>> free_bands(10, [])
    [(0, 10)]
    """
    bands, row = [], 0
    for start, end in sorted(taken):
        if start > row:
            bands.append((row, start))
        row = max(row, end)
    if row < height:
        bands.append((row, height))
    return bands


def tallest(bands: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """The tallest band (the lowest of equals: nearer the thumb); ``None`` when none is
    tall enough for a notice."""
    fit = [band for band in bands if band[1] - band[0] >= NOTICE_ROWS]
    return max(fit, key=lambda band: (band[1] - band[0], band[0])) if fit else None


def notice_band(screen: Screen[Any], keep: KeepFree) -> tuple[int, int]:
    """The rows ``[start, end)`` the notices of ``screen`` may take (see the module)."""
    area = screen.region
    always = visible_rows(_widgets(screen, keep.always), area)
    preferably = visible_rows(_widgets(screen, keep.preferably), area)
    band = tallest(free_bands(area.height, always + preferably))
    if band is None:
        band = tallest(free_bands(area.height, always))
    if band is None:  # nothing is free enough: the bottom rows, under the last kept ones
        low = max((end for _, end in always), default=0)
        band = (min(low, area.height - NOTICE_ROWS), area.height)
    return max(0, band[0]), band[1]


def place_notices(screen: Screen[Any], keep: KeepFree) -> None:
    """Move ``screen``'s notices (its toast rack) into the band :func:`notice_band` finds,
    at its bottom, and show only the newest notices that fit in it (:func:`shown_count`);
    styles are set only when they change (setting them lays the screen out again)."""
    racks = screen.query_children("ToastRack")
    if not racks:
        return
    rack = racks.first()
    start, end = notice_band(screen, keep)
    holders = list(rack.children)
    shown = shown_count(end - start)
    for number, holder in enumerate(holders):
        wanted = number >= len(holders) - shown
        if holder.display != wanted:
            holder.display = wanted
    if PLACED.get(rack) == (start, end):
        return
    PLACED[rack] = (start, end)
    styles = rack.styles
    styles.dock = "bottom"
    styles.align_vertical = "bottom"  # (left or right: the screen's CSS says)
    styles.margin = (0, 0, screen.region.height - end, 0)
    styles.max_height = end - start


def shown_count(rows: int) -> int:
    """How many notices a band of ``rows`` shows, the newest (a notice takes 3 to 6 rows:
    its rack cannot scroll, so notices beyond would be cut off at its bottom).

    >>> shown_count(4), shown_count(9), shown_count(12)
    (1, 1, 2)
    """
    return max(1, rows // (NOTICE_ROWS + 2))


def _widgets(screen: Screen[Any], selectors: Iterable[str]) -> list[Widget]:
    found: list[Widget] = []
    for selector in selectors:
        found.extend(screen.query(selector))
    return found
