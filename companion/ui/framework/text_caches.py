"""Rich's cache of cell widths, kept small over a long game.

Rich measures each string it draws with ``rich.cells.cached_cell_len``, an
``lru_cache`` of 4,096 entries that keeps every string it measured alive. The Table
draws new strings with every event (log lines, counts, odds), so over a game the cache
fills up with strings no screen shows any more: 4,096 of them, some 0.5 MB, spread over
pages the process then keeps. :func:`bound_cell_cache` empties it once it holds more
than :data:`CELL_CACHE_LIMIT` strings (every few rounds); the next frames measure their
strings again, a fraction of a millisecond.

Measured on the ``memory`` benchmark (a 40-round game, peak RSS): 68.4 MB with the
cache left alone, 67.1 MB emptying it at each round's end (issue 39).
"""

from __future__ import annotations

from typing import Final

from rich.cells import cached_cell_len

CELL_CACHE_LIMIT: Final = 512
"""The strings the cell-width cache may hold before it is emptied."""


def bound_cell_cache() -> bool:
    """Empty Rich's cell-width cache if it holds more than :data:`CELL_CACHE_LIMIT`
    strings; whether it did."""
    if cached_cell_len.cache_info().currsize <= CELL_CACHE_LIMIT:
        return False
    cached_cell_len.cache_clear()
    return True
