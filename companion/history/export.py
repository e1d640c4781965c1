"""Taking the history elsewhere: the CSV and JSON export formats and writing an export.

* CSV has one row per game with flat columns (every field of the record, the score fields
  spread out; lists such as ``end_reasons`` joined with ``"; "``).
* JSON is ``{"format": "stupor-solo-history", "schema_version": 1, "export_bytes": N,
  "games": [...]}`` (and ``"documents"`` with ``--with-games``). ``export_bytes`` is the
  file's own length in bytes, declared at its start: an import reads a file of up to
  :data:`~companion.history.importer.MAX_IMPORT_BYTES` as before, and a larger one only
  when it is exactly as long as it declares (:func:`declared_export_bytes`).

Why a declared size rather than parts: one export is one file to keep and one file to
import, also when written to standard output (which cannot be split), and the limit stays
tight: the import reads no more than the export wrote, and a file cut short or added to
past the plain limit is refused before it is read.

In a CSV list cell, items are separated by ``;`` (written ``"; "``); a ``;`` or ``\\``
inside an item is written ``\\;`` or ``\\\\`` and an empty item ``\\e``, so an export
reads back exactly.

:func:`write_export` writes with :func:`~companion.storage.atomic_write.atomic_write` after
:func:`~companion.storage.export_target.check_export_target` has accepted the target: a
regular file outside the data folder (or a new name), never a link, a device or a pipe; an
existing file keeps its mode.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pathlib
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

from companion.i18n import _
from companion.storage.atomic_write import atomic_write
from companion.storage.export_target import check_export_target
from companion.storage.history_record import HistoryRecord
from solo_deck import ScoreBreakdown

if TYPE_CHECKING:
    from companion.config import BgStatsOptions

FORMAT_NAME = "stupor-solo-history"
EXPORT_SCHEMA_VERSION = 1
SIZE_KEY = "export_bytes"
MAX_DECLARED_BYTES = 1 << 36
"""The largest size a JSON export may declare and still be read (64 GB: far past any
history; a larger declaration is not believed)."""
_DECLARED = re.compile(
    rb'\A\s*\{\s*"format":\s*"' + FORMAT_NAME.encode() + rb'",\s*"schema_version":\s*\d{1,6},'
    rb'\s*"' + SIZE_KEY.encode() + rb'":\s*(\d{1,15})\s*,'
)
DECLARATION_BYTES = 512
"""How much of a file's start holds its declared size (it comes right after the format)."""

Format = Literal["csv", "json"]
ExportFormat = Literal["csv", "json", "bgstats"]
"""What an export may be written as: an import reads back only csv and json."""

SCORE_FIELDS: tuple[str, ...] = tuple(ScoreBreakdown.model_fields)
LIST_FIELDS = frozenset({"end_reasons", "log_summary"})


def _csv_columns() -> tuple[str, ...]:
    columns: list[str] = []
    for name in HistoryRecord.model_fields:
        if name == "game_document":  # documents travel only in a JSON export
            continue
        columns.extend(SCORE_FIELDS if name == "score" else (name,))
    return tuple(columns)


#: The CSV header: the record's fields in model order, ``score`` spread into its parts.
CSV_COLUMNS = _csv_columns()
REQUIRED_CSV_COLUMNS = ("finished_at", *SCORE_FIELDS)


def guess_format(path: str | os.PathLike[str]) -> Format | None:
    """``"csv"`` or ``"json"`` from the file's extension, else ``None``."""
    suffix = pathlib.Path(path).suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix == ".json":
        return "json"
    return None


def export_text(
    records: Iterable[HistoryRecord], fmt: ExportFormat, options: BgStatsOptions | None = None
) -> str:
    """The export of ``records`` as text in format ``fmt`` (``options``: how the
    ``bgstats`` format names the player and counts a win)."""
    if fmt == "csv":
        return records_to_csv(records)
    if fmt == "json":
        return records_to_json(records)
    if fmt == "bgstats":
        from companion.history.bgstats import export_bgstats

        return export_bgstats(list(records), options)
    raise ValueError(
        _("unknown export format {format}: use csv, json or bgstats").format(format=repr(fmt))
    )


def records_to_json(
    records: Iterable[HistoryRecord], documents: dict[str, str] | None = None
) -> str:
    """The JSON export document (pretty-printed, UTF-8 text). With ``documents`` (base64
    by record id, see :mod:`companion.history.game_export`) the games' documents travel
    along; without, no record names one."""
    games = [
        record.model_dump(mode="json")
        if documents is not None and record.id in documents
        else record.model_dump(mode="json", exclude={"game_document"})
        for record in records
    ]
    document: dict[str, object] = {
        "format": FORMAT_NAME,
        "schema_version": EXPORT_SCHEMA_VERSION,
        SIZE_KEY: 0,
        "games": games,
    }
    if documents is not None:
        document["documents"] = documents
    return _with_declared_size(json.dumps(document, ensure_ascii=False, indent=2) + "\n")


def _with_declared_size(text: str) -> str:
    """``text`` (an export declaring ``0`` bytes) declaring its own length in UTF-8 bytes.

    >>> text = _with_declared_size('{"format": "stupor-solo-history", "schema_version": 1, '
    ...                            '"export_bytes": 0, "games": []}')
    >>> len(text.encode()) == declared_export_bytes(text.encode())
    True
    """
    placeholder = f'"{SIZE_KEY}": 0'
    head, _, rest = text.partition(placeholder)
    without = len(head.encode()) + len(rest.encode()) + len(placeholder) - 1
    size = without + 1
    while without + len(str(size)) != size:  # the digits are part of the size
        size = without + len(str(size))
    return f'{head}"{SIZE_KEY}": {size}{rest}'


def declared_export_bytes(head: bytes) -> int | None:
    """The size a JSON export declares in its first bytes ``head`` (``None`` when the file
    does not start the way :func:`records_to_json` writes, or declares more than
    :data:`MAX_DECLARED_BYTES`)."""
    found = _DECLARED.match(head[:DECLARATION_BYTES])
    if found is None:
        return None
    size = int(found.group(1))
    return size if size <= MAX_DECLARED_BYTES else None


def records_to_csv(records: Iterable[HistoryRecord]) -> str:
    """The CSV export: a header of :data:`CSV_COLUMNS` and one row per game."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for record in records:
        flat = record.model_dump(mode="json")
        flat.update(flat.pop("score"))
        writer.writerow([_to_cell(name, flat[name]) for name in CSV_COLUMNS])
    return buffer.getvalue()


def write_export(
    records: Iterable[HistoryRecord],
    path: str | os.PathLike[str],
    fmt: ExportFormat,
    data_folder: str | os.PathLike[str] | None = None,
    options: BgStatsOptions | None = None,
) -> pathlib.Path:
    """Write the export to ``path`` atomically and return it. The target is checked first
    (:func:`check_export_target`, against ``data_folder`` when given): a refused target
    raises :class:`~companion.storage.export_target.ExportTargetError` with nothing
    written; a disk that refuses raises
    :class:`~companion.storage.errors.StorageWriteError`. Whether an existing file may be
    replaced is the caller's question to ask."""
    target = check_export_target(path, data_folder)
    payload = export_text(records, fmt, options).encode("utf-8")
    atomic_write(target.path, payload, mode=target.mode)
    return target.path


def _to_cell(name: str, value: Any) -> str:
    if name in LIST_FIELDS:
        return join_items(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def join_items(items: Iterable[str]) -> str:
    """A list as one CSV cell: ``"a; b"`` (see the module docstring for escapes).

    >>> join_items(["The pile ran out.", "a; b", ""])
    'The pile ran out.; a\\\\; b; \\\\e'
    """
    return "; ".join(
        "\\e" if item == "" else item.replace("\\", "\\\\").replace(";", "\\;") for item in items
    )


_ESCAPES = {"\\": "\\", ";": ";"}
EMPTY_MARKER = "\\e"
"""A list cell's marker for an empty item (a backslash and an e)."""


def split_items(cell: str) -> list[str]:
    """The inverse of :func:`join_items`; also reads hand-typed ``a;b`` and ``a; b``.

    A backslash before any other character is kept as typed.

    >>> split_items("The pile ran out.; a\\\\; b; \\\\e")
    ['The pile ran out.', 'a; b', '']
    """
    if cell == "":
        return []
    items: list[str] = []
    current: list[str] = []
    empty_marker = False  # the item so far is the marker "\\e"
    i = 0
    while i < len(cell):
        char = cell[i]
        nxt = cell[i + 1] if i + 1 < len(cell) else ""
        if empty_marker and char != ";":  # "\\e" then more text: a literal backslash-e
            current.append(EMPTY_MARKER)
            empty_marker = False
        if char == "\\" and nxt in _ESCAPES:
            current.append(_ESCAPES[nxt])
            i += 2
        elif char == "\\" and nxt == "e" and not current and not empty_marker:
            empty_marker = True
            i += 2
        elif char == ";":
            items.append("".join(current))
            current, empty_marker = [], False
            i += 2 if nxt == " " else 1
        else:
            current.append(char)
            i += 1
    items.append("".join(current))
    return items
