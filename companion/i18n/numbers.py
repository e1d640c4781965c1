"""Whole numbers written the locale's way: ``1,234`` in English, ``1.234`` in Italian and
German, ``1 234`` (a narrow no-break space) in French — CLDR's patterns, as Babel writes
them (a test compares them), without loading Babel at run time.

>>> format_number(1234567, "de"), format_number(-1234, "fr"), format_number(999, "it")
('1.234.567', '-1\\u202f234', '999')
"""

from __future__ import annotations

from typing import Final

GROUP_SEPARATORS: Final[dict[str, str]] = {"en": ",", "it": ".", "de": ".", "fr": "\u202f"}
"""Each language's thousands separator (CLDR ``symbols.group``; every one groups by three
from four digits on)."""


def format_number(number: int, language: str) -> str:
    """``number`` with the thousands separator of ``language`` (English's when it has
    none of its own, as the pseudo-locale)."""
    separator = GROUP_SEPARATORS.get(language, ",")
    return f"{number:,}".replace(",", separator)


class LocalNumber(int):
    """An ``int`` that writes itself the way of a language when formatted without a
    format spec (``{n}``); with one (``{n:>3}``) it is a plain ``int``.

    >>> "{n} · {n:>6}".format(n=LocalNumber(12345, "it"))
    '12.345 ·  12345'
    """

    language: str

    def __new__(cls, value: int, language: str) -> LocalNumber:
        self = super().__new__(cls, value)
        self.language = language
        return self

    def __format__(self, spec: str) -> str:
        if spec:
            return int(self).__format__(spec)
        return format_number(int(self), self.language)

    def __str__(self) -> str:
        return format_number(int(self), self.language)
