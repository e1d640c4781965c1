"""Listing the history copies in ``backups/`` and making one of them the history again.

A copy is restored only after it has been read the way the app reads a history (a damaged
copy, or one written by a newer program, is refused and nothing changes); the current
history is copied to ``backups/`` first, so a restore can itself be undone; then the copy's
bytes replace ``history.json`` in one atomic write: after a restore the history file is
byte for byte the copy. Old copies are pruned last, so the copy being restored is never
deleted before it has been read.
"""

from __future__ import annotations

import datetime as dt
import os
import pathlib
import tempfile
from dataclasses import dataclass, field

from companion.i18n import _
from companion.paths import HISTORY_FILE
from companion.plain_text import clip_text
from companion.storage.atomic_write import atomic_write
from companion.storage.backups import (
    BACKUPS_KEPT,
    backup_history,
    backup_time,
    is_backup_name,
    list_backups,
    prune_backups,
    read_backup,
)
from companion.storage.parsing import parse_json
from companion.storage.safe_files import FileTooBigError


class BackupError(ValueError):
    """A copy that cannot be restored (none of that name, damaged, from a newer program);
    the message says which and what to do. Nothing was changed."""


@dataclass(frozen=True)
class BackupInfo:
    """One history copy: its file, when it was made (UTC), its size and its games
    (``None`` when the file cannot be read)."""

    path: pathlib.Path
    saved_at: dt.datetime | None
    size: int
    games: int | None

    @property
    def name(self) -> str:
        """The file name, which ``restore`` takes."""
        return self.path.name


@dataclass(frozen=True)
class RestoreResult:
    """What a restore did: the copy restored, how many games it holds, the copy of the
    history as it was before (``None``: there was none), and any games of the copy the
    app will skip when reading it (with the reason)."""

    restored: pathlib.Path
    games: int
    previous: pathlib.Path | None
    problems: list[str] = field(default_factory=list)


def _count_games(path: pathlib.Path) -> int | None:
    """How many games the copy holds (``None``: it cannot be read, is too large to be a
    history, or is not one)."""
    try:
        raw = read_backup(path)
        document = parse_json(raw or b"{}")
    except (OSError, ValueError):
        return None
    games = document.get("games", {}) if isinstance(document, dict) else None
    return len(games) if isinstance(games, dict) else None


def backup_infos(folder: str | os.PathLike[str]) -> list[BackupInfo]:
    """Every history copy in ``folder/backups``, newest first."""
    infos: list[BackupInfo] = []
    for path in reversed(list_backups(folder)):
        try:
            size = path.lstat().st_size
        except OSError:
            continue
        infos.append(BackupInfo(path, backup_time(path), size, _count_games(path)))
    return infos


def find_backup(folder: str | os.PathLike[str], name: str) -> pathlib.Path:
    """The copy called ``name`` (``.json`` may be left out). Raises :class:`BackupError`
    naming the copies there are."""
    wanted = {name, f"{name}.json", f"{name}.json.gz", f"{name}.gz"}
    copies = list_backups(folder)
    for path in reversed(copies):
        if is_backup_name(path.name) and path.name in wanted:
            return path
    known = ", ".join(path.name for path in reversed(copies[-3:]))
    hint = (
        _("The newest: {copies} ('stupor-solo backups' lists all).").format(copies=known)
        if copies
        else _("There are no copies yet.")
    )
    said = _("There is no history copy called {name}.").format(name=repr(clip_text(name, 80)))
    raise BackupError(f"{said} {hint}")


def check_backup(path: pathlib.Path) -> tuple[bytes, int, list[str]]:
    """Read the copy at ``path`` as the app reads a history: its bytes, its readable
    games and the problems (games it would skip). Raises :class:`BackupError` when the
    copy is damaged, empty or from a newer program."""
    from companion.storage.errors import NewerSchemaError
    from companion.storage.history_store import HistoryStore

    try:
        raw = read_backup(path)
    except FileTooBigError as exc:
        raise BackupError(
            _("The copy {name} cannot be used: {why}. Nothing was changed.").format(
                name=path.name, why=exc
            )
        ) from exc
    except OSError as exc:
        raise BackupError(
            _("The copy {name} could not be read: {why}").format(name=path.name, why=exc)
        ) from exc
    except ValueError as exc:
        raise BackupError(
            _("The copy {name} is damaged ({why}); choose another. Nothing was changed.").format(
                name=path.name, why=exc
            )
        ) from exc
    if not raw:
        raise BackupError(_("The copy {name} is empty; choose another.").format(name=path.name))
    with tempfile.TemporaryDirectory(prefix="stupor-solo-restore-") as scratch:
        trial = pathlib.Path(scratch)
        atomic_write(trial / HISTORY_FILE, raw)
        store = HistoryStore(trial, may_move=False)
        try:
            records = store.all()
        except NewerSchemaError as exc:
            raise BackupError(
                _("The copy {name} cannot be used: {why}").format(name=path.name, why=exc)
            ) from exc
        if store.left_damaged:
            raise BackupError(
                _(
                    "The copy {name} is damaged (not a history the app can read); choose "
                    "another. Nothing was changed."
                ).format(name=path.name)
            )
        return raw, len(records), list(store.problems)


def restore_backup(
    folder: str | os.PathLike[str], name: str, *, keep: int = BACKUPS_KEPT
) -> RestoreResult:
    """Make the copy ``name`` the history of ``folder`` (see the module). The caller
    holds the data folder's lock. Raises :class:`BackupError` (nothing changed) for a copy
    that cannot be used, ``OSError`` when the disk refuses."""
    path = find_backup(folder, name)
    raw, games, problems = check_backup(path)
    previous = backup_history(folder, keep=keep, prune=False)
    atomic_write(pathlib.Path(folder) / HISTORY_FILE, raw)
    prune_backups(folder, keep, pinned=() if previous is None else (previous,))
    return RestoreResult(path, games, previous, problems)
