"""Numbered lines for a :class:`~companion.ui.widgets.keyed_list.KeyedList`: the keys ``1``
to ``9``, then letters, in the order of the lines, so a list of plain choices (faces, ports,
Specialists, cards to play) gets a key per line without naming them."""

from __future__ import annotations

from collections.abc import Iterable

from companion.ui.widgets.keyed_list import KeyedLine

QUICK_KEYS = "123456789abcdefghijklmnopqrstuvwxyz"
"""The keys shown beside a list's lines, in order (a line past the last has none)."""
GAP = "  "
"""Between a line's key and its text (as :func:`~companion.ui.widgets.keyed_list.keyed_prompt`
writes it for one-letter keys)."""


def quick_key(index: int) -> str | None:
    """The key shown beside line ``index`` (``None`` past the last key).

    >>> quick_key(0), quick_key(8), quick_key(9), quick_key(99)
    ('1', '9', 'a', None)
    """
    return QUICK_KEYS[index] if 0 <= index < len(QUICK_KEYS) else None


def numbered(lines: Iterable[tuple[str, str | None, bool]]) -> list[KeyedLine]:
    """One :class:`KeyedLine` per ``(text, option id, disabled)``, keyed in order (a line
    past the last key has none: arrows and Enter still reach it).

    >>> numbered([("Tunis", "port-1", False), ("Acre", None, True)])[1]
    KeyedLine(key='2', text='Acre', disabled=True, option_id=None, topic=None, why='')
    >>> numbered([("x", None, False)] * 36)[35].key
    ''
    """
    return [
        KeyedLine(quick_key(index) or "", text, disabled, option_id)
        for index, (text, option_id, disabled) in enumerate(lines)
    ]
