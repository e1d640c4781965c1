"""The newest games of a large history without parsing it: a page read from its bytes.

``stupor-solo history`` shows the latest 20 games. Parsing a history of 10,000 games (40
MB) to show them costs about as much as starting the program; here the file's bytes are
searched instead (``bytes.find``, no regular expression, no JSON parse) for where each
record starts and when it finished, and only the records shown are parsed, from their own
slice of the file.

The program writes every record the same way (compact JSON, fields in the model's order:
``{"schema_version":N,"id":"...","finished_at":"...",...}``), and inside a JSON string a
``"`` is always escaped, so ``":{"schema_version":`` can only start a record and
``"finished_at":`` can only be a key. The shortcut is taken only when the file looks
exactly like that: it starts with ``{"games":{`` and ends with ``}}}``, every record found
has a whole-number key, the current ``schema_version``, an id and a normalised UTC
``finished_at``, and the file holds as many ``"schema_version":`` and ``"finished_at":``
keys as records found (an older record, a hand edit, anything else: ``None``, and the
caller parses the file as before). A shown record that does not parse or validate is
skipped by the caller and named, as the careful way does; damage in a record not shown is
not looked for (the app and the other commands find it when they read the whole file).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

_HEAD = b'{"games":{'
_START = b'":{"schema_version":'
_ID = b',"id":"'
_FINISHED = b'","finished_at":"'
_MAX_KEY = 19


def newest_documents(
    raw: bytes, schema: int
) -> tuple[Iterator[tuple[int, dict[str, Any] | None]], int] | None:
    """The records of the history file ``raw``, newest first, each parsed only when the
    iterator reaches it, as ``(document id, parsed record or None when its slice does not
    parse)``, and how many records the file holds; ``None`` when the file is not in the
    shape described in the module (then nothing can be said without parsing it)."""
    if not (raw.startswith(_HEAD) and raw.endswith(b"}}}")):
        return None
    found = _record_starts(raw, schema)
    if found is None:
        return None
    total = len(found)
    if raw.count(b'"schema_version":') != total or raw.count(b'"finished_at":') != total:
        return None
    order = sorted(range(total), key=lambda n: (found[n][2], found[n][3]), reverse=True)

    def newest() -> Iterator[tuple[int, dict[str, Any] | None]]:
        for index in order:
            _, body_start, _, _, doc_id = found[index]
            end = found[index + 1][0] if index + 1 < total else len(raw) - 2
            yield doc_id, _parsed(raw[body_start:end])

    return newest(), total


def _record_starts(raw: bytes, schema: int) -> list[tuple[int, int, bytes, bytes, int]] | None:
    """``(where its key starts, where its object starts, finished_at, id, document id)``
    of every record, in file order; ``None`` when one of them is not as expected."""
    found: list[tuple[int, int, bytes, bytes, int]] = []
    version = b"%d" % schema
    pos = raw.find(_START, len(_HEAD) - 1)
    while pos != -1:
        key_open = raw.rfind(b'"', max(0, pos - _MAX_KEY - 1), pos)
        key = raw[key_open + 1 : pos]
        if key_open < 1 or raw[key_open - 1] not in b"{," or not (key.isdigit() and key):
            return None
        after = pos + len(_START)
        id_at = raw.find(_ID, after, after + 12)
        if id_at == -1 or raw[after:id_at] != version:
            return None  # an older (or newer) record: the careful way migrates or refuses
        id_start = id_at + len(_ID)
        id_end = raw.find(_FINISHED, id_start, id_start + 80)
        stamp_start = id_end + len(_FINISHED)
        stamp_end = raw.find(b'"', stamp_start, stamp_start + 70)
        if id_end == -1 or stamp_end == -1:
            return None
        stamp = raw[stamp_start:stamp_end]
        if not stamp.endswith(b"+00:00"):
            return None
        found.append((key_open - 1, pos + 2, stamp, raw[id_start:id_end], int(key)))
        pos = raw.find(_START, stamp_end)
    return found


def _parsed(piece: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(piece)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None
