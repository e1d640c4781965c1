"""Copies of the history: ``<data dir>/backups/history-<UTC>.json.gz``, made after every
finished game (as the configuration's backup policy says), before an import and before a
restore (:mod:`companion.storage.restore`).

Each copy is gzip-compressed (level :data:`BACKUP_LEVEL`), made a chunk at a time: a copy
of 10,000 games is about 3 MB instead of 40 MB, so the default ten copies take about what
one history takes, not ten times it. Compressed whole copies rather than only what changed:
each copy stays one file that restores on its own (no chain of changes to replay, nothing
lost when one copy is pruned or damaged), and it costs about 0.1 s for 10,000 games.
Copies made by earlier versions (``.json``, not compressed) are listed, restored and
pruned the same way (:func:`read_backup` reads both).

The copy is made with :func:`~companion.storage.atomic_write.atomic_write` (private, whole
or not at all), read without following a link. The ``backups`` folder is created private
(0700); a link or a file at that name is refused, so neither the copy nor the pruning of
old copies can act outside the data folder.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import pathlib
import re
import zlib
from collections.abc import Iterable, Iterator

from companion.paths import BACKUP_DIR, HISTORY_FILE
from companion.storage.atomic_write import atomic_write, fsync_dir, remove_stray_temp_files
from companion.storage.fence import check_may_write
from companion.storage.parsing import MAX_STORE_BYTES
from companion.storage.safe_files import (
    check_data_entry,
    ensure_private_dir,
    lstat_or_none,
    read_data_file,
)

BACKUPS_KEPT = 5
BACKUP_LEVEL = 3
"""gzip level of a copy: 3 packs a history about 13 times in about a tenth of a second
for 10,000 games (6 packs it 25 times, but takes twice as long after every game)."""
_BACKUP_NAME = re.compile(
    r"history-[0-9]{8}-[0-9]{6}-[0-9]{6}(?:-[0-9]{1,6})?\.json(?:\.gz)?", re.ASCII
)
"""How a copy is named (matched whole: ASCII digits only, nothing after ``.json`` or
``.json.gz``, not even a newline)."""
_SUFFIXES = (".json.gz", ".json")
_PIECE = 1 << 20
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CHUNK = 1 << 20


def backup_history(
    folder: str | os.PathLike[str],
    *,
    keep: int = BACKUPS_KEPT,
    now: dt.datetime | None = None,
    prune: bool = True,
) -> pathlib.Path | None:
    """Copy ``history.json``, compressed, to
    ``folder/backups/history-YYYYmmdd-HHMMSS-ffffff.json.gz`` (UTC) and, with ``prune``,
    delete all but the newest ``keep`` such copies. Returns the copy, or ``None`` if there
    is no history (or an empty one) to back up. Other files in ``backups`` (a damaged file
    moved aside, say) are never touched. Raises ``OSError`` if the copy cannot be made,
    :class:`~companion.storage.errors.UnsafeFileError` for a link where the history or the
    ``backups`` folder should be.
    """
    base = pathlib.Path(folder)
    history = base / HISTORY_FILE
    if not check_data_entry(history) or history.stat().st_size == 0:
        return None
    backups = base / BACKUP_DIR
    check_may_write(backups)
    ensure_private_dir(backups)
    remove_stray_temp_files(backups)
    stamp = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC).strftime("%Y%m%d-%H%M%S-%f")
    target = backups / f"history-{stamp}.json.gz"
    attempt = 1
    while lstat_or_none(target) is not None:
        target = backups / f"history-{stamp}-{attempt}.json.gz"
        attempt += 1
    atomic_write(target, _compressed(_chunks_of(history)))
    if prune:
        prune_backups(base, keep, pinned=(target,))
    return target


def _chunks_of(path: pathlib.Path) -> Iterator[bytes]:
    """The bytes of ``path`` in chunks, read without following a link."""
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_BINARY", 0))
    try:
        while chunk := os.read(fd, _CHUNK):
            yield chunk
    finally:
        os.close(fd)


def _compressed(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """``chunks`` as one gzip stream, a piece at a time."""
    packer = zlib.compressobj(BACKUP_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    for chunk in chunks:
        if packed := packer.compress(chunk):
            yield packed
    yield packer.flush()


def read_backup(path: pathlib.Path, limit: int = MAX_STORE_BYTES) -> bytes:
    """The history the copy at ``path`` holds (inflated when it is compressed, at most
    ``limit`` bytes, a piece at a time), read without following a link; ``b""`` for a
    missing or empty copy. Raises ``OSError`` when it cannot be read (a
    :class:`~companion.storage.safe_files.FileTooBigError` past ``limit``) and
    ``ValueError`` when a compressed copy is damaged or inflates past ``limit``."""
    raw = read_data_file(path, limit=limit) or b""
    if not raw or not path.name.endswith(".gz"):
        return raw
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    pieces: list[bytes] = []
    total = 0
    pending = raw
    try:
        while pending or not inflater.eof:
            piece = inflater.decompress(pending, min(_PIECE, limit + 1 - total))
            total += len(piece)
            if total > limit:
                raise ValueError(f"it inflates to more than {limit / 1e6:,.0f} MB")
            pieces.append(piece)
            pending = inflater.unconsumed_tail
            if not piece and not pending:
                break
    except zlib.error as exc:
        raise ValueError(f"it is not a compressed history ({exc})") from None
    if not inflater.eof:
        raise ValueError("it is cut short")
    return b"".join(pieces)


def _stem(name: str) -> str:
    for suffix in _SUFFIXES:
        if name.endswith(suffix):
            return name.removesuffix(suffix)
    return name


def list_backups(folder: str | os.PathLike[str]) -> list[pathlib.Path]:
    """The history backups in ``folder/backups``, oldest first (none when ``backups`` is
    not a real folder)."""
    backups = pathlib.Path(folder) / BACKUP_DIR
    try:
        if not check_data_entry(backups, "folder"):
            return []
        names = [
            entry.name
            for entry in os.scandir(backups)
            if is_backup_name(entry.name) and entry.is_file(follow_symlinks=False)
        ]
    except OSError:
        return []
    return [backups / name for name in sorted(names, key=_backup_order)]


def _backup_order(name: str) -> tuple[str, int]:
    stem = _stem(name).removeprefix("history-")
    parts = stem.split("-")
    extra = int(parts[3]) if len(parts) > 3 else 0
    return ("-".join(parts[:3]), extra)


def prune_backups(
    folder: str | os.PathLike[str], keep: int, pinned: tuple[pathlib.Path, ...] = ()
) -> None:
    """Delete all but ``keep`` history copies in ``folder/backups``: the ``pinned`` ones
    (the copy the same command just made, which its message names) are always kept and
    counted first, then the newest by name. A name says when the copy was made only as
    well as the clock that made it: copies named in the future (a clock that ran ahead,
    copies from another machine) sort newest, and without the pin a new copy could be
    the one pruned."""
    pins = {path.name for path in pinned}
    copies = list_backups(folder)
    room = max(0, keep - sum(path.name in pins for path in copies))
    others = [path for path in copies if path.name not in pins]
    for old in others[: max(0, len(others) - room)]:
        with contextlib.suppress(OSError):
            old.unlink()
    fsync_dir(pathlib.Path(folder) / BACKUP_DIR)


def backup_time(path: pathlib.Path) -> dt.datetime | None:
    """When the copy ``path`` was made (UTC, from its name), or ``None``."""
    stamp = "-".join(_stem(path.name).split("-")[1:4])
    try:
        return dt.datetime.strptime(stamp, "%Y%m%d-%H%M%S-%f").replace(tzinfo=dt.UTC)
    except ValueError:
        return None


def is_backup_name(name: str) -> bool:
    """Whether ``name`` is how a history copy is named (no folder in it)."""
    return _BACKUP_NAME.fullmatch(name) is not None
