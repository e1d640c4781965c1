"""Each finished game kept whole: its document (setup and events, exactly what resumes it)
in a file of its own, ``games/<id>.json.gz`` beside ``history.json``.

``history.json`` is rewritten whole on every save and must stay small, so a game's events
never go into it: the record only names its document (:attr:`HistoryRecord.game_document
<companion.storage.history_record.HistoryRecord.game_document>`). A document is written
(0600, atomically) *before* the record that names it, so a record never points at a file
that was not written; a document without a record (the history write failed) is harmless.

Reading is bounded: the compressed file by :data:`MAX_DOCUMENT_BYTES` before it is read,
the JSON it inflates to by :data:`MAX_INFLATED_BYTES` while it inflates. A missing, damaged
or unsafe document raises :class:`DocumentUnavailable` with the reason in plain words;
the record itself stays readable. A document whose ``schema_version`` is newer than this
program's is not damaged: it is named as written by a newer version
(:class:`NewerDocument`). The gzip header carries no time and no name, so the same
document always gives the same bytes (export and import round-trip byte for byte).
"""

from __future__ import annotations

import gzip
import json
import os
import pathlib
import re
import zlib
from typing import Any

from companion.i18n import N_, _
from companion.storage.atomic_write import atomic_write
from companion.storage.errors import StorageError, UnsafeFileError, describe_os_error
from companion.storage.parsing import ParseError, parse_json
from companion.storage.safe_files import (
    ensure_private_dir,
    open_folder_under,
    read_data_file,
    read_data_file_under,
)
from solo_deck import SCHEMA_VERSION

GAMES_DIR = "games"
"""The folder of game documents, inside the data folder."""
SUFFIX = ".json.gz"
MAX_DOCUMENT_BYTES = 16_000_000
"""The largest compressed document read (a game of thousands of rounds is far smaller)."""
MAX_INFLATED_BYTES = 128_000_000
"""The most a document may inflate to: a gzip bomb stops here, as damaged."""
_PIECE = 1 << 20
"""How much is inflated at a time."""
_NAME = re.compile(r"^games/[A-Za-z0-9_-]{1,64}\.json\.gz$")


NEWER = N_("written by a newer version of stupor-solo: update the program")
"""What a document from a newer program is, for the player."""


class NewerDocument(ValueError):
    """A document whose ``schema_version`` is newer than this program reads."""


class DocumentUnavailable(ValueError):
    """A game's document cannot be read; ``reason`` says why, for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def document_name(record_id: str) -> str:
    """The name a record stores for its document (relative to the data folder).

    >>> document_name("abc")
    'games/abc.json.gz'
    """
    name = f"{GAMES_DIR}/{record_id}{SUFFIX}"
    if not _NAME.match(name):
        # a programmer's error, never a player's: English
        wrong = f"not a history record id: {record_id!r}"
        raise ValueError(wrong)
    return name


def encode(document: dict[str, Any]) -> bytes:
    """``document`` as the stored bytes: compact JSON, gzip with no time or name.

    >>> encode({"a": 1}) == encode({"a": 1})
    True
    """
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)


def decode(raw: bytes, limit: int | None = None) -> dict[str, Any]:
    """The document in ``raw`` (stored bytes); ``ValueError`` saying why it is damaged,
    :class:`NewerDocument` when a newer program wrote it. It is inflated a piece at a
    time and refused as soon as it passes ``limit`` bytes (default
    :data:`MAX_INFLATED_BYTES`): a bomb is never inflated whole.

    >>> decode(encode({"events": []}))
    {'events': []}
    """
    text = _inflate(raw, MAX_INFLATED_BYTES if limit is None else limit)
    try:
        value = parse_json(text)
    except ParseError as exc:
        raise ValueError(str(exc)) from exc
    if not isinstance(value, dict):
        raise ValueError(_("it does not hold a game"))
    version = value.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        raise NewerDocument(_("it was {newer} to read it").format(newer=_(NEWER)))
    return value


def _inflate(raw: bytes, limit: int) -> bytes:
    """The bytes gzip ``raw`` inflates to, at most ``limit`` of them (``ValueError``)."""
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    pieces: list[bytes] = []
    total = 0
    pending = raw
    try:
        while True:
            piece = inflater.decompress(pending, min(_PIECE, limit + 1 - total))
            pieces.append(piece)
            total += len(piece)
            if total > limit:
                raise ValueError(
                    _(
                        "it inflates to more than {limit} MB, too large to be a game document"
                    ).format(limit=f"{limit / 1e6:,.0f}")
                )
            pending = inflater.unconsumed_tail
            if inflater.eof or (not pending and not piece):
                break
    except zlib.error as exc:
        raise ValueError(_("it is not a compressed game document")) from exc
    if not inflater.eof:
        raise ValueError(_("it is cut short or too large to be a game document"))
    return b"".join(pieces)


def write_document(folder: str | os.PathLike[str], record_id: str, raw: bytes) -> str:
    """Write the stored bytes ``raw`` of a game as the document of ``record_id`` (0600,
    atomically) and return its name for the record. Raises ``ValueError`` when ``raw`` is
    not a readable document (nothing written) and ``OSError`` when the disk refuses."""
    decode(raw)
    name = document_name(record_id)
    games = pathlib.Path(folder) / GAMES_DIR
    ensure_private_dir(games)
    atomic_write(pathlib.Path(folder) / name, raw, below=pathlib.Path(folder))
    return name


def remove_document(folder: str | os.PathLike[str], name: str | None) -> bytes | None:
    """Delete the game file ``name`` of a deleted game and return its bytes (to put it back
    on an undo); ``None`` when there is none or it cannot be read. Nothing is followed
    through a link: the file is removed from its folder opened without links, and a link
    where a folder should be leaves everything as it is (``None``). ``OSError`` when the
    disk refuses the removal."""
    if name is None or not _NAME.match(name):
        return None
    base = pathlib.Path(folder)
    try:
        raw = read_data_file_under(base, name, limit=MAX_DOCUMENT_BYTES)
    except OSError:
        return None
    if raw is None:
        return None
    *folders, file_name = name.split("/")
    try:
        folder_fd = open_folder_under(base, folders)
    except OSError:
        return None
    try:
        os.unlink(file_name, dir_fd=folder_fd)
        os.fsync(folder_fd)
    except FileNotFoundError:
        return None
    finally:
        os.close(folder_fd)
    return raw


def read_raw(folder: str | os.PathLike[str], name: str | None) -> bytes:
    """The stored bytes of the document ``name``; :class:`DocumentUnavailable` (with the
    reason) when there is none, it cannot be read or it is damaged."""
    if name is None:
        raise DocumentUnavailable(
            _("no review: this game was entered by its score or imported without its document")
        )
    if not _NAME.match(name):
        raise DocumentUnavailable(_("no review: the record names no valid game document"))
    try:
        raw = read_data_file_under(pathlib.Path(folder), name, limit=MAX_DOCUMENT_BYTES)
    except UnsafeFileError as exc:
        raise DocumentUnavailable(
            _("review unavailable: {name} could not be read safely ({why})").format(
                name=name, why=exc
            )
        ) from exc
    except OSError as exc:
        text = str(exc) if isinstance(exc, StorageError) else describe_os_error(exc)
        raise DocumentUnavailable(
            _("review unavailable: {name} cannot be read ({why})").format(name=name, why=text)
        ) from exc
    if raw is None:
        raise DocumentUnavailable(_("review unavailable: {name} is missing").format(name=name))
    try:
        decode(raw)
    except NewerDocument as exc:
        raise DocumentUnavailable(
            _("review unavailable: {name} was {newer} to review this game").format(
                name=name, newer=_(NEWER)
            )
        ) from exc
    except ValueError as exc:
        raise DocumentUnavailable(
            _("review unavailable: {name} is damaged ({why})").format(name=name, why=exc)
        ) from exc
    return raw


def read_document(folder: str | os.PathLike[str], name: str | None) -> dict[str, Any]:
    """The document ``name`` (see :func:`read_raw` for what it raises)."""
    return decode(read_raw(folder, name))


def read_game_in_progress(folder: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The document of the game in progress (without its ``meta``), read only: nothing is
    moved or locked (``None``: no game in progress). ``ValueError`` says why a damaged
    file cannot be read; the app moves such a file aside when it next opens."""
    from companion.paths import GAME_FILE
    from companion.storage.game_store import DOC_ID, META_KEY, TABLE
    from companion.storage.parsing import MAX_STORE_BYTES

    raw = read_data_file(pathlib.Path(folder) / GAME_FILE, limit=MAX_STORE_BYTES)
    if raw is None or not raw.strip():
        return None
    try:
        stored = parse_json(raw)
    except ParseError as exc:
        raise ValueError(_("the game in progress cannot be read: {why}").format(why=exc)) from exc
    table = stored.get(TABLE) if isinstance(stored, dict) else None
    if not isinstance(table, dict) or not table:
        return None
    document = table.get(DOC_ID, table[max(table, key=str)])
    if not isinstance(document, dict):
        raise ValueError(_("the game in progress cannot be read: it holds no game"))
    return {key: value for key, value in document.items() if key != META_KEY}
