"""Dates written the locale's way: ``29/11/2026`` in Italian and French, ``29.11.2026`` in
German — the order and separator of CLDR's short date pattern with the year in full, as a
test compares with Babel, without loading Babel at run time. English keeps ISO 8601
(``2026-11-29``), which the English edition's players in every country read alike. Times
are 24-hour ``HH:MM`` in all four.

>>> import datetime as dt
>>> moment = dt.datetime(2026, 11, 29, 18, 5)
>>> format_date(moment, "de"), format_date(moment, "fr"), format_date(moment, "en")
('29.11.2026', '29/11/2026', '2026-11-29')
>>> format_moment(moment, "it"), format_moment(moment, "en", seconds=True)
('29/11/2026 18:05', '2026-11-29 18:05:00')
"""

from __future__ import annotations

import datetime as dt
from typing import Final

DATE_PATTERNS: Final[dict[str, str]] = {
    "en": "%Y-%m-%d",
    "it": "%d/%m/%Y",
    "de": "%d.%m.%Y",
    "fr": "%d/%m/%Y",
}
"""Each language's date as ``strftime`` writes it (English's for a language without one,
as the pseudo-locale)."""


def format_date(moment: dt.date, language: str) -> str:
    """``moment``'s date the way of ``language``."""
    return moment.strftime(DATE_PATTERNS.get(language, DATE_PATTERNS["en"]))


def format_moment(moment: dt.datetime, language: str, *, seconds: bool = False) -> str:
    """``moment``'s date and time (to the minute, or the second) the way of ``language``."""
    clock = moment.strftime("%H:%M:%S" if seconds else "%H:%M")
    return f"{format_date(moment, language)} {clock}"
