"""Where a screen's notices (Textual's toasts) drop in: in rows that hold nothing the screen
asks you to read or tap now.

A notice floats above the screen, and a tap on it only closes it: over a button that What to
do names ("tap Frederick") it swallowed the tap, and over What to do it hid the turn. So a
screen names what must stay uncovered (:class:`KeepFree`) and, after every layout, the
notices' rack is moved into the tallest band of rows none of that crosses; a band too short
for the newest notice's whole text is not used. First everything named stays free (What to
do, every big button and the footer), the notice at its usual width (half the screen), then
as wide as the screen (its text wrapped in fewer rows); when no band is tall enough (What to
do fills an 80x24 Table) the buttons nothing asks for now (Undo, Redo, Log, Menu) and the
footer may be covered, never What to do nor the buttons it names; only when even that leaves
too few rows does a notice cover the least important of them. A notice is never cut: the
band holds its last line, and older notices show only while they fit whole above it. Rows,
not cells: a screen this short has no columns to spare beside a notice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from textual.geometry import Region, Size
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen

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


def tallest(bands: Sequence[tuple[int, int]], rows: int) -> tuple[int, int] | None:
    """The tallest band (the lowest of equals: nearer the thumb); ``None`` when none has
    the ``rows`` a notice needs.

    >>> tallest([(0, 3), (6, 10), (12, 16)], 4), tallest([(0, 3)], 4)
    ((12, 16), None)
    """
    fit = [band for band in bands if band[1] - band[0] >= rows]
    return max(fit, key=lambda band: (band[1] - band[0], band[0])) if fit else None


def notice_band(
    screen: Screen[Any], keep: KeepFree, rows: Sequence[int]
) -> tuple[tuple[int, int], int]:
    """The rows ``[start, end)`` the notices of ``screen`` may take (see the module), and
    which of the widths the newest notice needs ``rows[i]`` rows at fits it: the first,
    the narrowest width, while a band is tall enough for it."""
    area = screen.region
    always = visible_rows(_widgets(screen, keep.always), area)
    preferably = visible_rows(_widgets(screen, keep.preferably), area)
    for taken in (always + preferably, always):
        for width, need in enumerate(rows):
            band = tallest(free_bands(area.height, taken), need)
            if band is not None:
                return band, width
    # nothing is free enough: the bottom rows, under the last kept ones if they leave room
    need = min(rows[-1], area.height)
    low = max((end for _, end in always), default=0)
    return (max(0, min(low, area.height - need)), area.height), len(rows) - 1


def notice_rows(toast: Widget, width: int, viewport: Size) -> int:
    """The rows a notice (a toast) ``width`` columns wide takes, all its text wrapped, its
    gutter and the margin above it included."""
    styles = toast.styles
    inner = max(1, width - styles.gutter.width)
    text = toast.get_content_height(Size(width, viewport.height), viewport, inner)
    return text + styles.gutter.height + styles.margin.top


def notice_widths(toast: Widget, room: int, viewport: Size) -> tuple[int, int]:
    """The columns a notice takes as the screen's CSS sizes it (``width``, ``max-width``)
    in a rack ``room`` columns wide, and as wide as the rack."""
    base, container = toast.styles.base, Size(room, viewport.height)
    width = room
    for scalar in (base.width, base.max_width):
        if scalar is not None:
            width = min(width, int(scalar.resolve(container, viewport)))
    return max(1, width), room


def place_notices(screen: Screen[Any], keep: KeepFree) -> None:
    """Move ``screen``'s notices (its toast rack) into the band :func:`notice_band` finds,
    at its bottom, and show only the newest notices whose whole text fits in it
    (:func:`shown_count`). A notice keeps its width while a band holds its text; else it
    takes the screen's width, where its text needs fewer rows. Styles are set only when
    they change (setting them lays the screen out again)."""
    racks = screen.query_children("ToastRack")
    if not racks:
        return
    rack = racks.first()
    holders = list(rack.children)
    toasts = [toast for holder in holders for toast in holder.query_children("Toast")]
    if not toasts:
        return
    viewport, room = screen.region.size, screen.region.width
    widths = notice_widths(toasts[-1], room, viewport)
    needs = [notice_rows(toasts[-1], width, viewport) for width in widths]
    (start, end), chosen = notice_band(screen, keep, needs)
    wide = chosen == len(widths) - 1 and widths[-1] != widths[0]
    rows = [notice_rows(toast, widths[chosen], viewport) for toast in toasts]
    shown = shown_count(rows, end - start)
    for number, holder in enumerate(holders):
        wanted = number >= len(holders) - shown
        if holder.display != wanted:
            holder.display = wanted
    for toast in toasts:
        _widen(toast, wide)
    if PLACED.get(rack) == (start, end):
        return
    PLACED[rack] = (start, end)
    styles = rack.styles
    styles.dock = "bottom"
    styles.align_vertical = "bottom"  # (left or right: the screen's CSS says)
    styles.margin = (0, 0, screen.region.height - end, 0)
    styles.max_height = end - start


def shown_count(rows: Sequence[int], room: int) -> int:
    """How many notices a band of ``room`` rows shows, the newest, when they take ``rows``
    each, oldest first (the rack cannot scroll: notices beyond would be cut off); always
    the newest.

    >>> shown_count([5, 4, 4], 9), shown_count([5, 4, 4], 13), shown_count([6], 4)
    (2, 3, 1)
    """
    shown, used = 0, 0
    for need in reversed(rows):
        used += need
        if shown and used > room:
            break
        shown += 1
    return shown


def _widen(toast: Widget, wide: bool) -> None:
    """A notice as wide as its rack (``wide``) or as the CSS sizes it."""
    styles = toast.styles
    if wide == (styles.inline.width is not None):
        return
    styles.width = "100%" if wide else None
    styles.max_width = "100%" if wide else None


def _widgets(screen: Screen[Any], selectors: Iterable[str]) -> list[Widget]:
    found: list[Widget] = []
    for selector in selectors:
        found.extend(screen.query(selector))
    return found
