"""How the app writes numbers, counts and dates for people."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 event``, ``2 events`` (``words`` for an irregular plural).

    >>> plural(1, "card"), plural(3, "card"), plural(2, "Ally", "Allies")
    ('1 card', '3 cards', '2 Allies')
    """
    return f"{count} {word if count == 1 else (words or word + 's')}"
