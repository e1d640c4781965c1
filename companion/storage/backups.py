"""Copies of the history: ``<data dir>/backups/history-<UTC>.json.gz``, made after every
finished game (as the configuration's backup policy says), before an import and before a
restore (:mod:`companion.storage.restore`).

Each copy is gzip-compressed (level :data:`BACKUP_LEVEL`): a copy of 10,000 games is
about 3 MB instead of 40 MB, so the default ten copies take about what one history takes,
not ten times it. Each copy is a whole copy, one file that restores on its own (no chain
of changes to replay, nothing lost when one copy is pruned or damaged). Compressing 10,000
games takes about 0.1 s, so after a game is added the copy is made from the previous copy
when it matches (its bytes reused, the new game compressed alone: see
:mod:`companion.storage.backup_chain`), in a thread (:class:`BackupCopy`) while the history
itself is written and synced, from the bytes already in memory (the history is not read
again), and stored once the history is safely replaced.
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
import threading
import zlib
from collections.abc import Iterable, Sequence

from companion.i18n import _
from companion.paths import BACKUP_DIR, HISTORY_FILE
from companion.storage.atomic_write import atomic_write, fsync_dir, remove_stray_temp_files
from companion.storage.backup_chain import LEVEL, chained_copy, whole_copy
from companion.storage.fence import check_may_write
from companion.storage.parsing import MAX_STORE_BYTES
from companion.storage.safe_files import (
    check_data_entry,
    ensure_private_dir,
    lstat_or_none,
    read_data_file,
)

BACKUPS_KEPT = 5
BACKUP_LEVEL = LEVEL
"""gzip level of a copy: 3 packs a history about 13 times in about a tenth of a second
for 10,000 games (6 packs it 25 times, but takes twice as long after every game)."""
_BACKUP_NAME = re.compile(
    r"history-[0-9]{8}-[0-9]{6}-[0-9]{6}(?:-[0-9]{1,6})?\.json(?:\.gz)?", re.ASCII
)
"""How a copy is named (matched whole: ASCII digits only, nothing after ``.json`` or
``.json.gz``, not even a newline)."""
_SUFFIXES = (".json.gz", ".json")
_PIECE = 1 << 20


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
    if not check_data_entry(history):
        return None
    raw = read_data_file(history, limit=MAX_STORE_BYTES)
    if not raw:
        return None
    return _store_copy(base, whole_copy(memoryview(raw)), keep=keep, now=now, prune=prune)


class BackupCopy:
    """The copy of the history just written, made in a thread from the moment the history
    starts being written (:meth:`HistoryStore.add <companion.storage.HistoryStore.add>`);
    :meth:`save` stores it as :func:`backup_history` stores a copy.

    ``chunks`` are the new history's content (they must not change meanwhile); its first
    ``since`` bytes are the previous history's but its last two: when the newest copy in
    ``folder`` is that history's, the new copy is made from it
    (:func:`~companion.storage.backup_chain.chained_copy`), else compressed whole."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        chunks: Sequence[bytes | memoryview],
        since: int | None = None,
    ) -> None:
        self._pieces: list[bytes] = []
        self._error: Exception | None = None
        self.chained = False
        """Whether the copy was made from the previous one (for the tests and notes)."""
        self._thread = threading.Thread(
            target=self._make,
            args=(pathlib.Path(folder), list(chunks), since),
            name="history backup",
            daemon=True,
        )
        self._thread.start()

    def _make(
        self, base: pathlib.Path, chunks: list[bytes | memoryview], since: int | None
    ) -> None:
        try:
            if since is not None and chunks and memoryview(chunks[0]).nbytes == since:
                previous = _newest_copy(base)
                rest = b"".join(chunks[1:])
                found = chained_copy(previous, memoryview(chunks[0]), rest) if previous else None
                if found is not None:
                    self._pieces, self.chained = found, True
                    return
            content = b"".join(chunks)
            self._pieces = list(whole_copy(memoryview(content))) if content else []
        except Exception as exc:  # told by save(), in the caller's thread
            self._error = exc

    def save(
        self, folder: str | os.PathLike[str], *, keep: int = BACKUPS_KEPT
    ) -> pathlib.Path | None:
        """Store the copy in ``folder/backups`` and prune the older ones (see
        :func:`backup_history`, which raises the same); ``None`` for an empty history."""
        self._thread.join()
        if self._error is not None:
            raise OSError(_("the copy could not be made: {why}").format(why=self._error))
        if not self._pieces:
            return None
        return _store_copy(pathlib.Path(folder), self._pieces, keep=keep)


def _newest_copy(base: pathlib.Path) -> bytes | None:
    """The bytes of the newest compressed copy in ``base/backups`` (``None``: none, or it
    cannot be read)."""
    copies = [path for path in list_backups(base) if path.name.endswith(".gz")]
    if not copies:
        return None
    try:
        return read_data_file(copies[-1], limit=MAX_STORE_BYTES)
    except OSError:
        return None


def _store_copy(
    base: pathlib.Path,
    pieces: Iterable[bytes],
    *,
    keep: int,
    now: dt.datetime | None = None,
    prune: bool = True,
) -> pathlib.Path:
    """Write the compressed ``pieces`` as a new copy in ``base/backups`` and, with
    ``prune``, keep only the newest ``keep`` copies (see :func:`backup_history`)."""
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
    atomic_write(target, pieces)
    if prune:
        prune_backups(base, keep, pinned=(target,))
    return target


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
        while True:
            piece = inflater.decompress(pending, min(_PIECE, limit + 1 - total))
            total += len(piece)
            if total > limit:
                raise ValueError(
                    _("it inflates to more than {limit} MB").format(limit=f"{limit / 1e6:,.0f}")
                )
            pieces.append(piece)
            if inflater.eof:  # one member ends; another may follow (backup_chain)
                pending = inflater.unused_data
                if not pending:
                    break
                inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
                continue
            pending = inflater.unconsumed_tail
            if not piece and not pending:
                break
    except zlib.error as exc:
        raise ValueError(_("it is not a compressed history ({why})").format(why=exc)) from None
    if not inflater.eof:
        raise ValueError(_("it is cut short"))
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
