"""Taking the history elsewhere and bringing it back: CSV and JSON export and import.

* Export writes every game: CSV has one row per game with flat columns (every field of the
  record, the score fields spread out; lists such as ``end_reasons`` joined with ``"; "``),
  JSON is ``{"format": "stupor-solo-history", "schema_version": 1, "games": [...]}``.
* Import reads either (by extension ``.csv``/``.json``, else by content; a CSV whose
  header is separated by ``;`` is read that way), migrates and
  validates *every* record first, and refuses the whole file with
  :class:`ImportFileError` — naming the CSV line or JSON ``games[index]`` and the field —
  if any one is wrong. Nothing is written then.
* Games already in the history (same :meth:`HistoryRecord.fingerprint`) are skipped, so
  importing a file twice adds nothing the second time.
* Before an import that adds more than one game, :func:`backup_history` copies
  ``history.json`` to ``<data dir>/backups`` (the last 5 copies are kept).

In a CSV list cell, items are separated by ``;`` (written ``"; "``); a ``;`` or ``\\``
inside an item is written ``\\;`` or ``\\\\`` and an empty item ``\\e``, so an export
reads back exactly.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import json
import os
import pathlib
import re
import shutil
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError

from companion.paths import BACKUP_DIR, HISTORY_FILE
from companion.storage import HistoryRecord, HistoryStore, NewerSchemaError, migrate_record
from companion.storage.errors import describe_os_error
from companion.storage.history_record import CURRENT_HISTORY_SCHEMA
from solo_deck.scoring import ScoreBreakdown

FORMAT_NAME = "stupor-solo-history"
EXPORT_SCHEMA_VERSION = 1
BACKUPS_KEPT = 5
MAX_PROBLEMS_SHOWN = 10
MAX_PROBLEM_LENGTH = 300

Format = Literal["csv", "json"]

SCORE_FIELDS: tuple[str, ...] = tuple(ScoreBreakdown.model_fields)
LIST_FIELDS = frozenset({"end_reasons", "log_summary"})


def _csv_columns() -> tuple[str, ...]:
    columns: list[str] = []
    for name in HistoryRecord.model_fields:
        columns.extend(SCORE_FIELDS if name == "score" else (name,))
    return tuple(columns)


#: The CSV header: the record's fields in model order, ``score`` spread into its parts.
CSV_COLUMNS = _csv_columns()
REQUIRED_CSV_COLUMNS = ("finished_at", *SCORE_FIELDS)


class ImportFileError(ValueError):
    """A file that cannot be imported; nothing was changed.

    ``problems`` lists each problem found (``"line 4, total: ..."`` or
    ``"games[3].score.total: ..."``); the message names the file and the first few.
    """

    def __init__(self, path: str | os.PathLike[str], problems: Sequence[str]) -> None:
        self.path = pathlib.Path(path)
        self.problems = [_clip(problem, MAX_PROBLEM_LENGTH) for problem in problems]
        shown = self.problems[:MAX_PROBLEMS_SHOWN]
        more = len(self.problems) - len(shown)
        lines = [f"{self.path.name} cannot be imported (nothing was changed):"]
        lines += [f"  {problem}" for problem in shown]
        if more:
            lines.append(f"  ... and {more} more problem{'s' if more > 1 else ''}")
        super().__init__("\n".join(lines))


def _clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (a huge bad value must not flood the screen)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ExportWriteError(OSError):
    """The export file could not be written (no partial file is left)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "the export could not be written"


@dataclass(frozen=True)
class ImportResult:
    """What an import did: games ``added`` and ``skipped`` (already in the history or
    twice in the file), and the backup copy made first (``None`` if none was needed)."""

    added: int
    skipped: int
    backup: pathlib.Path | None = None


# --- export -----------------------------------------------------------------------------


def guess_format(path: str | os.PathLike[str]) -> Format | None:
    """``"csv"`` or ``"json"`` from the file's extension, else ``None``."""
    suffix = pathlib.Path(path).suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix == ".json":
        return "json"
    return None


def export_text(records: Iterable[HistoryRecord], fmt: Format) -> str:
    """The export of ``records`` as text in format ``fmt``."""
    if fmt == "csv":
        return records_to_csv(records)
    if fmt == "json":
        return records_to_json(records)
    raise ValueError(f"unknown export format {fmt!r}: use csv or json")


def records_to_json(records: Iterable[HistoryRecord]) -> str:
    """The JSON export document (pretty-printed, UTF-8 text)."""
    document = {
        "format": FORMAT_NAME,
        "schema_version": EXPORT_SCHEMA_VERSION,
        "games": [record.model_dump(mode="json") for record in records],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


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
    records: Iterable[HistoryRecord], path: str | os.PathLike[str], fmt: Format
) -> pathlib.Path:
    """Write the export to ``path`` atomically (temp file, then rename) and return it."""
    target = pathlib.Path(path)
    payload = export_text(records, fmt).encode("utf-8")
    temp = target.with_name(f".{target.name}.{os.getpid()}.export-tmp")
    try:
        with open(temp, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        reason = (
            "the folder does not exist"
            if isinstance(exc, FileNotFoundError)
            else describe_os_error(exc)
        )
        raise ExportWriteError(f"Could not write {target}: {reason}. Nothing was written.") from exc
    return target


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
            current.append("\\e")
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


# --- reading an import file ---------------------------------------------------------------


def read_import_file(
    path: str | os.PathLike[str], fmt: Format | None = None
) -> list[HistoryRecord]:
    """Every game in the file at ``path``, migrated and validated.

    The format is ``fmt``, else the extension, else the content (a file starting with
    ``{`` or ``[`` is JSON). Raises :class:`ImportFileError` (only) for a file that cannot
    be read or has any bad record.
    """
    source = pathlib.Path(path)
    try:
        raw = source.read_bytes()
    except OSError as exc:
        raise ImportFileError(source, [f"cannot read the file: {_os_reason(exc)}"]) from None
    return parse_import_bytes(raw, source, fmt)


def parse_import_bytes(
    raw: bytes, path: str | os.PathLike[str], fmt: Format | None = None
) -> list[HistoryRecord]:
    """:func:`read_import_file` on bytes already read; ``path`` names the file in errors
    and, with ``fmt=None``, its extension picks the format."""
    source = pathlib.Path(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ImportFileError(
            source, [f"line {line}: the file is not UTF-8 text (byte {exc.start + 1})"]
        ) from None
    if not text.strip():
        raise ImportFileError(source, ["the file is empty"])
    chosen = fmt or guess_format(source) or _sniff(text)
    if chosen == "json":
        return _parse_json(text, source)
    return _parse_csv(text, source)


def _sniff(text: str) -> Format:
    return "json" if text.lstrip()[:1] in ("{", "[") else "csv"


def _validate(raw: Any) -> HistoryRecord:
    """Migrate and validate one record; raises ValueError/ValidationError."""
    return HistoryRecord.model_validate(migrate_record(raw))


def _describe(exc: ValidationError, rename: Any = None) -> list[str]:
    problems = []
    for err in exc.errors():
        loc = tuple(err["loc"])
        if rename is not None:
            where = rename(loc)
        else:
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc)
            where = where.lstrip(".") or "(the record)"
        problems.append(f"{where}: {err['msg']}")
    return problems


# JSON


def _parse_json(text: str, source: pathlib.Path) -> list[HistoryRecord]:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFileError(
            source, [f"line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})"]
        ) from None
    except (ValueError, RecursionError) as exc:
        raise ImportFileError(source, [f"not valid JSON ({exc})"]) from None
    games = _games_of(document, source)
    records: list[HistoryRecord] = []
    problems: list[str] = []
    for label, raw in games:
        try:
            records.append(_validate(raw))
        except ValidationError as exc:
            problems += [f"{label}.{p}" for p in _describe(exc)]
        except NewerSchemaError:
            problems.append(
                f"{label}.schema_version: saved by a newer version of this program "
                f"(this version reads up to {CURRENT_HISTORY_SCHEMA}); update the program"
            )
        except (ValueError, TypeError) as exc:
            problems.append(f"{label}: {exc}")
    if problems:
        raise ImportFileError(source, problems)
    return records


def _games_of(document: Any, source: pathlib.Path) -> list[tuple[str, Any]]:
    """``(label, raw record)`` pairs of a JSON document: our export, a bare list of games,
    or a ``history.json`` copied from another data folder (TinyDB layout)."""
    if isinstance(document, list):
        return [(f"[{index}]", raw) for index, raw in enumerate(document)]
    if not isinstance(document, dict):
        raise ImportFileError(
            source, [f"the file holds {_kind(document)}, not a history export {{...}}"]
        )
    fmt = document.get("format", FORMAT_NAME)
    if fmt != FORMAT_NAME:
        raise ImportFileError(
            source, [f"format: {fmt!r} is not a Stupor Mundi solo history ({FORMAT_NAME!r})"]
        )
    version = document.get("schema_version", EXPORT_SCHEMA_VERSION)
    if type(version) is not int or version < 1:
        raise ImportFileError(
            source, [f"schema_version: must be a whole number of 1 or more, not {version!r}"]
        )
    if version > EXPORT_SCHEMA_VERSION:
        raise ImportFileError(
            source,
            [
                f"schema_version: {version} was written by a newer version of this program "
                f"(this version reads up to {EXPORT_SCHEMA_VERSION}); update the program"
            ],
        )
    if "games" not in document:
        raise ImportFileError(source, ["games: missing (the list of games)"])
    games = document["games"]
    if isinstance(games, list):
        return [(f"games[{index}]", raw) for index, raw in enumerate(games)]
    if isinstance(games, dict) and "format" not in document:
        # history.json itself: {"games": {"1": {...}, "2": {...}}}
        ordered = sorted(games.items(), key=lambda item: _doc_order(item[0]))
        return [(f"games[{key!r}]", raw) for key, raw in ordered]
    raise ImportFileError(source, [f"games: must be a list of games, not {_kind(games)}"])


def _doc_order(key: str) -> tuple[int, int | str]:
    return (0, int(key)) if key.isascii() and key.isdigit() and len(key) < 19 else (1, key)


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return "a text string"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    return "null"


# CSV


def _delimiter(text: str) -> str:
    """``;`` for a file whose header line has semicolons and no commas (spreadsheets set
    to a language with a decimal comma save CSV that way), else ``,``."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    return ";" if ";" in first and "," not in first else ","


def _parse_csv(text: str, source: pathlib.Path) -> list[HistoryRecord]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    header: list[str] | None = None
    records: list[HistoryRecord] = []
    problems: list[str] = []
    line = 1
    try:
        for row in reader:
            row_line, line = line, reader.line_num + 1
            if not row or all(cell.strip() == "" for cell in row):
                continue
            if header is None:
                header = _check_header(row, row_line, source)
                continue
            try:
                records.append(_csv_record(header, row, row_line))
            except _RowError as exc:
                problems += exc.problems
    except csv.Error as exc:
        raise ImportFileError(source, [*problems, f"line {line}: not valid CSV ({exc})"]) from None
    if header is None:  # pragma: no cover - a non-blank file always has a first row
        raise ImportFileError(source, ["the file is empty"])
    if problems:
        raise ImportFileError(source, problems)
    return records


class _RowError(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _check_header(row: list[str], line: int, source: pathlib.Path) -> list[str]:
    header = [cell.strip().lstrip("\ufeff").lower() for cell in row]
    problems = []
    unknown = [name for name in header if name not in CSV_COLUMNS]
    if unknown:
        problems.append(
            f"line {line}: unknown column{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(repr(n) for n in unknown)} (the columns are: {', '.join(CSV_COLUMNS)})"
        )
    repeated = sorted({name for name in header if header.count(name) > 1})
    if repeated:
        problems.append(f"line {line}: column {', '.join(repr(n) for n in repeated)} repeated")
    missing = [name for name in REQUIRED_CSV_COLUMNS if name not in header]
    if missing:
        problems.append(f"line {line}: missing column(s) {', '.join(missing)}")
    if problems:
        raise ImportFileError(source, problems)
    return header


def _csv_record(header: list[str], row: list[str], line: int) -> HistoryRecord:
    if len(row) != len(header):
        raise _RowError(
            [f"line {line}: {len(row)} cells, but the header has {len(header)} columns"]
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
                raise _RowError([f"line {line}, schema_version: {_clip(stripped, 20)} is unknown"])
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
        return _validate(raw)
    except ValidationError as exc:
        raise _RowError(
            [f"line {line}, {p}" for p in _describe(exc, rename=_csv_column_name)]
        ) from None
    except NewerSchemaError:
        raise _RowError(
            [
                f"line {line}, schema_version: saved by a newer version of this program "
                f"(this version reads up to {CURRENT_HISTORY_SCHEMA}); update the program"
            ]
        ) from None
    except (ValueError, TypeError) as exc:
        raise _RowError([f"line {line}: {exc}"]) from None


def _csv_column_name(loc: tuple[Any, ...]) -> str:
    if not loc:
        return "(the row)"
    if loc[0] == "score":
        return str(loc[1]) if len(loc) > 1 else "score"
    if loc[0] in LIST_FIELDS and len(loc) > 1 and isinstance(loc[1], int):
        return f"{loc[0]} (item {loc[1] + 1})"
    return ".".join(str(part) for part in loc)


# --- importing into the history -------------------------------------------------------------


def import_records(
    store: HistoryStore, records: Sequence[HistoryRecord], folder: str | os.PathLike[str]
) -> ImportResult:
    """Add the ``records`` not yet in ``store`` (by fingerprint) and return the counts.

    A record whose id is taken by a different game gets a new id. If more than one game is
    added, ``history.json`` in ``folder`` is backed up first. All new games are written
    in one write.
    """
    existing = store.all()
    seen_prints = {record.fingerprint() for record in existing}
    seen_ids = {record.id for record in existing}
    new: list[HistoryRecord] = []
    for record in records:
        fingerprint = record.fingerprint()
        if fingerprint in seen_prints:
            continue
        seen_prints.add(fingerprint)
        if record.id in seen_ids:
            record = record.model_copy(update={"id": uuid.uuid4().hex})
        seen_ids.add(record.id)
        new.append(record)
    backup = backup_history(folder) if len(new) > 1 else None
    if new:
        store.add_many(new)
    return ImportResult(added=len(new), skipped=len(records) - len(new), backup=backup)


def import_file(
    path: str | os.PathLike[str],
    folder: str | os.PathLike[str],
    store: HistoryStore | None = None,
    fmt: Format | None = None,
) -> ImportResult:
    """Read, validate and import the file at ``path`` into the history in ``folder``.

    Raises :class:`ImportFileError` (history unchanged) for a bad file.
    """
    records = read_import_file(path, fmt)
    return import_records(store or HistoryStore(folder), records, folder)


# --- backups --------------------------------------------------------------------------------

_BACKUP_NAME = re.compile(r"^history-\d{8}-\d{6}-\d{6}(?:-\d+)?\.json$")


def backup_history(
    folder: str | os.PathLike[str], *, keep: int = BACKUPS_KEPT, now: dt.datetime | None = None
) -> pathlib.Path | None:
    """Copy ``history.json`` to ``folder/backups/history-YYYYmmdd-HHMMSS-ffffff.json``
    (UTC) and delete all but the newest ``keep`` such copies. Returns the copy, or ``None``
    if there is no history (or an empty one) to back up. Other files in ``backups`` (a
    damaged file moved aside, say) are never touched. Raises ``OSError`` if the copy
    cannot be made.
    """
    base = pathlib.Path(folder)
    history = base / HISTORY_FILE
    try:
        if history.stat().st_size == 0:
            return None
    except FileNotFoundError:
        return None
    backups = base / BACKUP_DIR
    backups.mkdir(exist_ok=True)
    stamp = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC).strftime("%Y%m%d-%H%M%S-%f")
    target = backups / f"history-{stamp}.json"
    attempt = 1
    while target.exists():
        target = backups / f"history-{stamp}-{attempt}.json"
        attempt += 1
    temp = backups / f".{target.name}.{os.getpid()}.tmp"
    try:
        shutil.copyfile(history, temp)
        os.replace(temp, target)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        raise
    _prune_backups(backups, keep)
    return target


def list_backups(folder: str | os.PathLike[str]) -> list[pathlib.Path]:
    """The history backups in ``folder/backups``, oldest first."""
    backups = pathlib.Path(folder) / BACKUP_DIR
    try:
        names = [entry.name for entry in backups.iterdir() if _BACKUP_NAME.match(entry.name)]
    except OSError:
        return []
    return [backups / name for name in sorted(names, key=_backup_order)]


def _backup_order(name: str) -> tuple[str, int]:
    stem = name.removesuffix(".json").removeprefix("history-")
    parts = stem.split("-")
    extra = int(parts[3]) if len(parts) > 3 else 0
    return ("-".join(parts[:3]), extra)


def _prune_backups(backups: pathlib.Path, keep: int) -> None:
    copies = list_backups(backups.parent)
    for old in copies[: max(0, len(copies) - keep)]:
        with contextlib.suppress(OSError):
            old.unlink()


def _os_reason(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "there is no such file"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder, not a file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return (exc.strerror or str(exc)).lower()
