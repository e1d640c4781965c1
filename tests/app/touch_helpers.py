"""What the touch tests share (the app in a browser, on a phone): the page's size in rows,
the rows a tap target needs, and the rows each line of a list takes (the fixture that
puts the app in a browser, ``in_a_browser``, is in ``tests/app/conftest.py``)."""

from __future__ import annotations

from textual.widgets import OptionList

PHONE = (46, 50)
"""A phone's page in columns and rows."""
TALL = 3
"""The rows a tap target takes in a browser (about 50 px; the platforms ask for 44)."""


def line_rows(listing: OptionList) -> list[int]:
    """How many rows each line of ``listing`` takes."""
    return [listing._heights[i] for i in range(listing.option_count)]
