"""Reading JSON and TOML that may be hostile: a size limit before anything is read, and
every way a parser can fail turned into one ``ValueError`` that says what was wrong.

Python's parsers raise more than their own errors on a crafted file: a few kilobytes of
``[[[[…`` make ``json.loads`` and ``tomllib.loads`` raise ``RecursionError``, which
code that caught ``ValueError`` let through as a crash. Every JSON and TOML the program
reads goes through :func:`parse_json` or :func:`parse_toml`, so a file nested too deeply
is "damaged" like any other file that does not parse, and is then treated as the README
says for that file (moved aside, refused, or ignored with a notice).

>>> parse_json(b'{"games": {}}')
{'games': {}}
>>> parse_json(b"[" * 100_000 + b"]" * 100_000)
Traceback (most recent call last):
...
companion.storage.parsing.ParseError: it is nested too deeply to be one of the program's files
>>> parse_toml("x = " + "[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
companion.storage.parsing.ParseError: it is nested too deeply to be one of the program's files
"""

from __future__ import annotations

import json
from typing import Any

from companion.i18n import N_, _

MAX_STORE_BYTES = 256_000_000
"""The largest data file read (a history of about 65,000 finished games, far more than
anyone plays): a larger ``history.json``, game file, settings file or history copy is
refused before it is read, as too large to be one of the program's files."""


class ParseError(ValueError):
    """A document that could not be read; the message says why, in words."""


TOO_DEEP = N_("it is nested too deeply to be one of the program's files")


def parse_json(raw: bytes | str) -> Any:
    """``json.loads(raw)``; any failure (not UTF-8, not JSON, nested too deeply) raises
    :class:`ParseError`."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ParseError(_("it is not a text file (not UTF-8)")) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(
            _("it is not valid JSON ({why} at line {line}, column {column})").format(
                why=exc.msg, line=exc.lineno, column=exc.colno
            )
        ) from None
    except RecursionError:
        raise ParseError(_(TOO_DEEP)) from None
    except ValueError as exc:  # a number too long to convert, say
        raise ParseError(_("it is not valid JSON ({why})").format(why=str(exc)[:120])) from None


def parse_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``; any failure (not TOML, nested too deeply) raises
    :class:`ParseError`."""
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ParseError(_("it is not valid TOML ({why})").format(why=exc)) from None
    except RecursionError:
        raise ParseError(_(TOO_DEEP)) from None
    except ValueError as exc:
        raise ParseError(_("it is not valid TOML ({why})").format(why=str(exc)[:120])) from None
