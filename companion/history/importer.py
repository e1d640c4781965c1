"""Bringing games back: reading a CSV or JSON import file and adding its games.

* :func:`read_import_file` reads only a regular file (a link to one is fine; a pipe, a
  device or a folder is refused at once, nothing waits) of at most
  :data:`MAX_IMPORT_BYTES`, picks the format (by ``fmt``, the extension ``.csv``/``.json``,
  else the content; a CSV whose header is separated by ``;`` is read that way) and checks
  *every* game (:mod:`companion.history.checks`); one bad game refuses the whole file with
  :class:`ImportFileError`, naming the CSV line or JSON ``games[index]`` and the field.
* :func:`import_records` adds the games not yet in the history (same
  :meth:`HistoryRecord.fingerprint`), so importing a file twice adds nothing the second
  time; before adding more than one game it backs the history up
  (:func:`~companion.storage.backups.backup_history`). All new games go in one write.

Every step is linear in the number of games and the memory stays near the size of the
file: the file is read once and parsed row by row (a CSV is never copied whole again); each
checked game is kept only as an :class:`ImportedGame` (its fingerprint, id and stored JSON,
the validated object let go); the history is read once and written once, in chunks.
:func:`read_import_file` and :func:`import_records` keep the whole records, for callers
that want them.
"""

from __future__ import annotations

import csv
import json
import os
import pathlib
import re
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.history.checks import (
    ImportFileError,
    Location,
    RecordProblems,
    check_record,
    json_location,
)
from companion.history.csv_header import check_csv_header
from companion.history.export import (
    DECLARATION_BYTES,
    EXPORT_SCHEMA_VERSION,
    FORMAT_NAME,
    LIST_FIELDS,
    SCORE_FIELDS,
    Format,
    declared_export_bytes,
    guess_format,
    split_items,
)
from companion.i18n import _
from companion.plain_text import clip_text, clip_value
from companion.storage.atomic_storage import json_kind
from companion.storage.backups import BACKUPS_KEPT, backup_history
from companion.storage.errors import describe_os_error
from companion.storage.history_record import HistoryRecord
from companion.storage.history_store import HistoryStore
from companion.storage.safe_files import read_user_file

MAX_IMPORT_BYTES = 128_000_000
"""The largest import file read (128 MB: about 40,000 games with their logs, or 400,000
scores alone); a larger one is refused with the limit in the message, unless it is a JSON
export exactly as long as it declares (:func:`read_import_bytes`)."""


def read_import_bytes(source: pathlib.Path) -> bytes:
    """The bytes of the import file ``source``: at most :data:`MAX_IMPORT_BYTES`, or as
    many as a JSON export declares at its start when it is exactly that long (an export
    of any size comes back, see :mod:`companion.history.export`). Raises what
    :func:`~companion.storage.safe_files.read_user_file` raises."""
    return read_user_file(
        source, MAX_IMPORT_BYTES, declared_export_bytes, head_bytes=DECLARATION_BYTES
    )


@dataclass(frozen=True)
class ImportResult:
    """What an import did: games ``added`` and ``skipped`` (already in the history or
    twice in the file), and the backup copy made first (``None`` if none was needed)."""

    added: int
    skipped: int
    backup: pathlib.Path | None = None


# --- reading an import file ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A checked game as the import keeps it until the whole file is checked: its
    :meth:`HistoryRecord.fingerprint`, its id and the JSON the history stores."""

    fingerprint: str
    id: str
    document: bytes

    @classmethod
    def of(cls, record: HistoryRecord) -> ImportedGame:
        """The game as imported: without its document's name (an import writes the
        document itself when the file carries it, see :func:`import_games`)."""
        stored = record.model_dump_json(exclude={"game_document"}).encode()
        return cls(record.fingerprint(), record.id, stored)


def read_import_file(
    path: str | os.PathLike[str], fmt: Format | None = None
) -> list[HistoryRecord]:
    """Every game in the file at ``path``, migrated and validated.

    The format is ``fmt``, else the extension, else the content (a file starting with
    ``{`` or ``[`` is JSON). Raises :class:`ImportFileError` (only) for a file that cannot
    be read, is not a regular file, is too big or has any bad record.
    """
    return list(_records_in_file(pathlib.Path(path), fmt))


def read_import_games(
    path: str | os.PathLike[str], fmt: Format | None = None
) -> list[ImportedGame]:
    """:func:`read_import_file`, keeping each game only as an :class:`ImportedGame`."""
    return [ImportedGame.of(record) for record in _records_in_file(pathlib.Path(path), fmt)]


def parse_import_bytes(
    raw: bytes, path: str | os.PathLike[str], fmt: Format | None = None
) -> list[HistoryRecord]:
    """:func:`read_import_file` on bytes already read; ``path`` names the file in errors
    and, with ``fmt=None``, its extension picks the format."""
    source = pathlib.Path(path)
    return list(_records_in_text(_decode(raw, source), source, fmt))


def _records_in_file(source: pathlib.Path, fmt: Format | None) -> Iterator[HistoryRecord]:
    try:
        raw = read_import_bytes(source)
    except OSError as exc:
        raise ImportFileError(
            source, [_("cannot read the file: {reason}").format(reason=describe_os_error(exc))]
        ) from None
    except ValueError:  # a NUL in the path
        raise ImportFileError(source, [_("cannot read the file: it is not a valid path")]) from None
    text = _decode(raw, source)
    del raw  # the text is all that is needed from here on
    return _records_in_text(text, source, fmt)


def _decode(raw: bytes, source: pathlib.Path) -> str:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ImportFileError(
            source,
            [
                _("line {line}: the file is not UTF-8 text (byte {byte})").format(
                    line=line, byte=exc.start + 1
                )
            ],
        ) from None
    if not text.strip():
        raise ImportFileError(source, [_("the file is empty")])
    return text


def _records_in_text(
    text: str, source: pathlib.Path, fmt: Format | None
) -> Iterator[HistoryRecord]:
    """The checked games of ``text``, one at a time; :class:`ImportFileError` (after the
    last one, listing every problem) if any game is wrong."""
    chosen = fmt or guess_format(source) or _sniff(text)
    if chosen == "json":
        return _parse_json(text, source)
    return _parse_csv(text, source)


def _sniff(text: str) -> Format:
    return "json" if text.lstrip()[:1] in ("{", "[") else "csv"


# JSON


def _parse_json(text: str, source: pathlib.Path) -> Iterator[HistoryRecord]:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFileError(
            source,
            [
                _("line {line}, column {column}: not valid JSON ({why})").format(
                    line=exc.lineno, column=exc.colno, why=exc.msg
                )
            ],
        ) from None
    except (ValueError, RecursionError) as exc:
        raise ImportFileError(
            source, [_("not valid JSON ({why})").format(why=clip_text(str(exc), 120))]
        ) from None
    return _checked_json_games(_games_of(document, source), source)


def _checked_json_games(
    games: Iterator[tuple[str, Any]], source: pathlib.Path
) -> Iterator[HistoryRecord]:
    problems: list[str] = []
    for label, raw in games:
        try:
            record = check_record(raw, strict=True)
        except RecordProblems as exc:
            problems += [_json_problem(label, loc, message) for loc, message in exc.problems]
            continue
        if not problems:
            yield record
    if problems:
        raise ImportFileError(source, problems)


def _json_problem(label: str, loc: Location, message: str) -> str:
    return f"{label}.{json_location(loc)}: {message}" if loc else f"{label}: {message}"


def _games_of(document: Any, source: pathlib.Path) -> Iterator[tuple[str, Any]]:
    """``(label, raw record)`` pairs of a JSON document: our export, a bare list of games,
    or a ``history.json`` copied from another data folder (TinyDB layout)."""
    if isinstance(document, list):
        return _handed_out(document, "")
    if not isinstance(document, dict):
        raise ImportFileError(
            source,
            [
                _("the file holds {what}, not a history export {{...}}").format(
                    what=json_kind(document)
                )
            ],
        )
    fmt = document.get("format", FORMAT_NAME)
    if fmt != FORMAT_NAME:
        raise ImportFileError(
            source,
            [
                _("format: {found} is not a Stupor Mundi solo history ({name})").format(
                    found=clip_value(fmt), name=repr(FORMAT_NAME)
                )
            ],
        )
    version = document.get("schema_version", EXPORT_SCHEMA_VERSION)
    if type(version) is not int or version < 1:
        raise ImportFileError(
            source,
            [
                _("schema_version: must be a whole number of 1 or more, not {found}").format(
                    found=clip_value(version)
                )
            ],
        )
    if version > EXPORT_SCHEMA_VERSION:
        raise ImportFileError(
            source,
            [
                _(
                    "schema_version: {found} was written by a newer version of this program "
                    "(this version reads up to {supported}); update the program"
                ).format(found=clip_value(version), supported=EXPORT_SCHEMA_VERSION)
            ],
        )
    if "games" not in document:
        raise ImportFileError(source, [_("games: missing (the list of games)")])
    games = document["games"]
    if isinstance(games, list):
        return _handed_out(games, "games")
    if isinstance(games, dict) and "format" not in document:
        # history.json itself: {"games": {"1": {...}, "2": {...}}}
        ordered = sorted(games.items(), key=lambda item: _doc_order(item[0]))
        return ((f"games[{clip_value(key, 24)}]", raw) for key, raw in ordered)
    raise ImportFileError(
        source, [_("games: must be a list of games, not {what}").format(what=json_kind(games))]
    )


def _handed_out(games: list[Any], name: str) -> Iterator[tuple[str, Any]]:
    """``(label, game)`` of a parsed list, each game dropped from the list as it is
    handed out (a checked game needs no second copy in memory)."""
    for index in range(len(games)):
        raw, games[index] = games[index], None
        yield f"{name}[{index}]", raw


def _doc_order(key: str) -> tuple[int, int | str]:
    return (0, int(key)) if key.isascii() and key.isdigit() and len(key) < 19 else (1, key)


# CSV


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
"""One physical line with its ending (``\r\n``, ``\r`` or ``\n``), as a file opened with
``newline=""`` gives them to the csv module."""


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text``, each a short copy: no second copy of the whole text (an
    ``io.StringIO`` would hold one, four bytes per character)."""
    return (found.group() for found in _LINE.finditer(text))


def _delimiter(text: str) -> str:
    """``;`` for a file whose header line has semicolons and no commas (spreadsheets set
    to a language with a decimal comma save CSV that way), else ``,``."""
    first = next((line for line in _lines(text) if line.strip()), "")
    return ";" if ";" in first and "," not in first else ","


def _parse_csv(text: str, source: pathlib.Path) -> Iterator[HistoryRecord]:
    reader = csv.reader(_lines(text), delimiter=_delimiter(text), strict=True)
    header: list[str] | None = None
    problems: list[str] = []
    line = 1
    try:
        for row in reader:
            row_line, line = line, reader.line_num + 1
            if not row or all(cell.strip() == "" for cell in row):
                continue
            if header is None:
                header = check_csv_header(row, row_line, source)
                continue
            try:
                record = _csv_record(header, row, row_line)
            except _RowError as exc:
                problems += exc.problems
                continue
            if not problems:
                yield record
    except csv.Error as exc:
        problem = _("line {line}: not valid CSV ({why})").format(
            line=line, why=clip_text(str(exc), 120)
        )
        raise ImportFileError(source, [*problems, problem]) from None
    if header is None:  # pragma: no cover - a non-blank file always has a first row
        raise ImportFileError(source, [_("the file is empty")])
    if problems:
        raise ImportFileError(source, problems)


class _RowError(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _csv_record(header: list[str], row: list[str], line: int) -> HistoryRecord:
    if len(row) != len(header):
        raise _RowError(
            [
                _("line {line}: {cells} cells, but the header has {columns} columns").format(
                    line=line, cells=len(row), columns=len(header)
                )
            ]
        )
    raw: dict[str, Any] = {"source": "import"}
    score: dict[str, Any] = {}
    for name, cell in zip(header, row, strict=True):
        if cell == "":
            continue  # an empty cell is a value not recorded
        if name in LIST_FIELDS:
            value: Any = split_items(cell)
        elif name == "schema_version":
            stripped = cell.strip()
            if not (stripped.isascii() and stripped.isdigit()):
                value = cell  # migrate_record says what is wrong with it
            elif len(stripped) > 9:
                problem = _("line {line}, schema_version: {found} is unknown").format(
                    line=line, found=clip_text(stripped, 20)
                )
                raise _RowError([problem])
            else:
                value = int(stripped)
        else:
            value = cell
        if name in SCORE_FIELDS:
            score[name] = value
        else:
            raw[name] = value
    raw["score"] = score
    try:
        return check_record(raw, strict=False)
    except RecordProblems as exc:
        raise _RowError(
            [_csv_problem(line, loc, message) for loc, message in exc.problems]
        ) from None


def _csv_problem(line: int, loc: Location, message: str) -> str:
    if loc:
        return _("line {line}, {column}: {problem}").format(
            line=line, column=_csv_column_name(loc), problem=message
        )
    return _("line {line}: {problem}").format(line=line, problem=message)


def _csv_column_name(loc: Location) -> str:
    if loc[0] == "score":
        return str(loc[1]) if len(loc) > 1 else "score"
    if loc[0] in LIST_FIELDS and len(loc) > 1 and isinstance(loc[1], int):
        return f"{loc[0]} (item {loc[1] + 1})"
    return ".".join(str(part) for part in loc)


# --- importing into the history -------------------------------------------------------------


def import_records(
    store: HistoryStore, records: Sequence[HistoryRecord], folder: str | os.PathLike[str]
) -> ImportResult:
    """:func:`import_games` for whole records."""
    return import_games(store, [ImportedGame.of(record) for record in records], folder)


def import_games(
    store: HistoryStore,
    games: Sequence[ImportedGame],
    folder: str | os.PathLike[str],
    *,
    keep: int = BACKUPS_KEPT,
    documents: Mapping[str, bytes] | None = None,
) -> ImportResult:
    """Add the ``games`` not yet in ``store`` (by fingerprint) and return the counts.
    ``documents`` (stored bytes by the id a game has in the file) are written first, each
    under its game's id in this history, and the record names it.

    A game whose id is taken by a different game gets a new id. If more than one game is
    added, ``history.json`` in ``folder`` is backed up first (``keep`` copies are kept).
    All new games are written in one write.
    """
    existing = store.all()
    seen_prints = {record.fingerprint() for record in existing}
    seen_ids = {record.id for record in existing}
    del existing
    new: list[tuple[str, bytes]] = []
    for game in games:
        if game.fingerprint in seen_prints:
            continue
        seen_prints.add(game.fingerprint)
        record_id, document = game.id, game.document
        if record_id in seen_ids:
            record_id = uuid.uuid4().hex
            document = json.dumps(
                {**json.loads(document), "id": record_id}, ensure_ascii=False, separators=(",", ":")
            ).encode()
        seen_ids.add(record_id)
        if documents and game.id in documents:
            document = _with_document(folder, record_id, document, documents[game.id])
        new.append((record_id, document))
    backup = backup_history(folder, keep=keep) if len(new) > 1 else None
    if new:
        store.add_encoded(new)
    return ImportResult(added=len(new), skipped=len(games) - len(new), backup=backup)


def _with_document(
    folder: str | os.PathLike[str], record_id: str, stored: bytes, raw: bytes
) -> bytes:
    """Write a game's document (before its record) and return the record naming it."""
    from companion.storage.game_documents import write_document

    name = write_document(folder, record_id, raw)
    record = {**json.loads(stored), "game_document": name}
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()


def import_file(
    path: str | os.PathLike[str],
    folder: str | os.PathLike[str],
    store: HistoryStore | None = None,
    fmt: Format | None = None,
) -> ImportResult:
    """Read, validate and import the file at ``path`` into the history in ``folder``.

    Raises :class:`ImportFileError` (history unchanged) for a bad file.
    """
    games = read_import_games(path, fmt)
    return import_games(store or HistoryStore(folder), games, folder)
