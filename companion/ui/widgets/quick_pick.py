"""Type-ahead for a dialog's list: each line shows a key beside it (``1`` to ``9``, then
letters) and that key picks the line at once, as if it were highlighted and chosen."""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList

QUICK_KEYS = "123456789abcdefghijklmnopqrstuvwxyz"
"""The keys shown beside a list's lines, in order (a line past the last has none)."""
GAP = "  "
"""Between a line's key and its text."""


def quick_key(index: int) -> str | None:
    """The key shown beside line ``index`` (``None`` past the last key).

    >>> quick_key(0), quick_key(8), quick_key(9), quick_key(99)
    ('1', '9', 'a', None)
    """
    return QUICK_KEYS[index] if 0 <= index < len(QUICK_KEYS) else None


def keyed(index: int, text: str) -> str:
    """``text`` with its key in front, as the list shows it.

    >>> keyed(0, "Face down · Build a Structure")
    '1  Face down · Build a Structure'
    >>> keyed(40, "far down")
    '   far down'
    """
    return f"{quick_key(index) or ' '}{GAP}{text}"


def unkeyed(text: str) -> str:
    """A line's text without the key in front (what :func:`keyed` was given).

    >>> unkeyed(keyed(3, "Tunis — 1 space — free"))
    'Tunis — 1 space — free'
    """
    return text[1 + len(GAP) :]


def quick_index(listing: OptionList, character: str | None) -> int | None:
    """The line of ``listing`` whose key is ``character``, when it may be chosen.

    >>> quick_index(OptionList("1  a", "2  b"), "2")
    1
    >>> quick_index(OptionList("1  a"), "7") is None, quick_index(OptionList("1  a"), None)
    (True, None)
    """
    if character is None or character not in QUICK_KEYS:
        return None
    index = QUICK_KEYS.index(character)
    if index >= listing.option_count or listing.get_option_at_index(index).disabled:
        return None
    return index


def take_quick_key(listing: OptionList, event: events.Key) -> int | None:
    """When ``listing`` has the focus and ``event`` is the key of one of its lines that
    may be chosen: highlight that line, keep the key from going further, and return the
    line's index (``None``: the key is not for the list)."""
    if listing.screen.focused is not listing:
        return None
    index = quick_index(listing, event.character)
    if index is None:
        return None
    event.stop()
    event.prevent_default()
    listing.highlighted = index
    return index
