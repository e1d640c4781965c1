"""Text from outside is data: cleaned on the way in, cut short when it is echoed.

* :func:`clean_line` and :func:`clean_lines` strip the characters a terminal would obey
  rather than show: C0 and C1 control characters (escape sequences start with one), DEL and
  the Unicode bidirectional overrides that reorder what is shown. Notes keep their line
  breaks and tabs (``\\r\\n`` and a lone ``\\r`` become ``\\n``); a one-line field gets a
  space for each line break or tab.
* :func:`clip_text` and :func:`clip_value` cut a value that is echoed in a message, so a
  131 KB argument does not flood the screen.

Markup is a matter of display, not of storage: stored text keeps its ``[`` and ``]`` and
every place that shows it escapes it (``rich.markup.escape``, ``Text`` objects, or
``markup=False`` in the app).
"""

from __future__ import annotations

import re

from companion.i18n import ngettext

_UNSAFE_IN_LINES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What :func:`clean_lines` removes once line ends are normalised (tab and LF are kept)."""
_UNSAFE_IN_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SPACED = re.compile("[\t\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
"""Characters a one-line field turns into a space rather than dropping."""

ECHO_LIMIT = 60
"""The most characters of a bad value a message repeats."""


def needs_cleaning(value: str, *, multiline: bool = False) -> bool:
    """Whether :func:`clean_line` (or, ``multiline``, :func:`clean_lines`) would change
    ``value``: one regular-expression search.

    >>> needs_cleaning("a\\nb"), needs_cleaning("a\\nb", multiline=True)
    (True, False)
    """
    if value.isprintable():  # fast, and true for nearly all text: nothing to strip
        return False
    return (_UNSAFE_IN_LINES if multiline else _UNSAFE_IN_LINE).search(value) is not None


def clean_line(value: str) -> str:
    """``value`` for a one-line field: line breaks and tabs become spaces, other control
    characters and bidirectional overrides are removed.

    >>> clean_line("Savoy\\x1b]0;pwned\\x07\\tHouse")
    'Savoy]0;pwned House'
    """
    if not needs_cleaning(value):
        return value
    return _UNSAFE_IN_LINE.sub("", _SPACED.sub(" ", value))


def clean_lines(value: str) -> str:
    """``value`` for a multi-line field (notes): ``\\r\\n`` and ``\\r`` become ``\\n``; tabs
    and line breaks stay; other control characters and bidirectional overrides go.

    >>> clean_lines("one\\r\\ntwo\\rthree\\x1b[2J\\u202efour")
    'one\\ntwo\\nthree[2Jfour'
    """
    if not needs_cleaning(value, multiline=True):
        return value
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    return _UNSAFE_IN_LINES.sub("", value)


def clip_text(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, ending with ``…`` when it was cut.

    >>> clip_text("abcdef", 4)
    'abc…'
    """
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


PATH_LIMIT = 160
"""The longest path a message shows whole."""


def shown_path(path: object, limit: int = PATH_LIMIT) -> str:
    """A path as a message shows it: whole when short, else its start and its end around
    ``…``, with its length said (a path typed by mistake can be 100,000 characters long).

    >>> shown_path("/tmp/" + "a" * 100_000)[-40:]
    'aaaaaaaaaaaaaaaaaaa (100,005 characters)'
    >>> len(shown_path("/tmp/" + "a" * 100_000)) < 200, shown_path("/tmp/x.toml")
    (True, '/tmp/x.toml')
    """
    text = str(path)
    if len(text) <= limit:
        return text
    half = (limit - 1) // 2
    return f"{text[:half]}…{text[-half:]} ({len(text):,} characters)"


def clip_value(value: object, limit: int = ECHO_LIMIT) -> str:
    """A bad value as a message shows it: its ``repr``, control characters escaped, cut
    to about ``limit`` characters with the full length said.

    >>> clip_value("x" * 100_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (100,000 characters)"
    >>> clip_value("12"), clip_value(10**5000)
    ("'12'", 'a number of 5,001 digits')
    """
    if isinstance(value, int) and value.bit_length() > 3 * limit:
        digits = int(value.bit_length() * 0.30103) + 1  # repr would refuse over 4,300 digits
        return ngettext("a number of {count} digit", "a number of {count} digits", digits).format(
            count=f"{digits:,}"
        )
    if isinstance(value, str) and len(value) > limit:
        count = ngettext("{count} character", "{count} characters", len(value)).format(
            count=f"{len(value):,}"
        )
        return f"{value[: limit - 4]!r}"[:-1] + f"… ({count})"
    shown = repr(value)
    if len(shown) > limit:
        shown = clip_text(shown, limit)
    return shown
