"""Copies of the history: ``<data dir>/backups/history-<UTC>.json``, made after every
finished game (as the configuration's backup policy says), before an import and before a
restore (:mod:`companion.storage.restore`).

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
from collections.abc import Iterator

from companion.paths import BACKUP_DIR, HISTORY_FILE
from companion.storage.atomic_write import atomic_write, fsync_dir, remove_stray_temp_files
from companion.storage.fence import check_may_write
from companion.storage.safe_files import check_data_entry, ensure_private_dir, lstat_or_none

BACKUPS_KEPT = 5
_BACKUP_NAME = re.compile(r"history-[0-9]{8}-[0-9]{6}-[0-9]{6}(?:-[0-9]{1,6})?\.json", re.ASCII)
"""How a copy is named (matched whole: ASCII digits only, nothing after ``.json``, not
even a newline)."""
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CHUNK = 1 << 20


def backup_history(
    folder: str | os.PathLike[str],
    *,
    keep: int = BACKUPS_KEPT,
    now: dt.datetime | None = None,
    prune: bool = True,
) -> pathlib.Path | None:
    """Copy ``history.json`` to ``folder/backups/history-YYYYmmdd-HHMMSS-ffffff.json``
    (UTC) and, with ``prune``, delete all but the newest ``keep`` such copies. Returns the
    copy, or ``None`` if there is no history (or an empty one) to back up. Other files in
    ``backups`` (a damaged file moved aside, say) are never touched. Raises ``OSError`` if
    the copy cannot be made, :class:`~companion.storage.errors.UnsafeFileError` for a link
    where the history or the ``backups`` folder should be.
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
    target = backups / f"history-{stamp}.json"
    attempt = 1
    while lstat_or_none(target) is not None:
        target = backups / f"history-{stamp}-{attempt}.json"
        attempt += 1
    atomic_write(target, _chunks_of(history))
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
    stem = name.removesuffix(".json").removeprefix("history-")
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
    stamp = "-".join(path.name.removesuffix(".json").split("-")[1:4])
    try:
        return dt.datetime.strptime(stamp, "%Y%m%d-%H%M%S-%f").replace(tzinfo=dt.UTC)
    except ValueError:
        return None


def is_backup_name(name: str) -> bool:
    """Whether ``name`` is how a history copy is named (no folder in it)."""
    return _BACKUP_NAME.fullmatch(name) is not None
