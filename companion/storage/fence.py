"""The write fence: once this process has handed its data folder over to another copy, no
file in that folder is written, renamed or removed by it again.

The data lock already keeps two copies from *starting* to write at the same time; the fence
covers what happens after a copy lets go (see :mod:`companion.storage.takeover`): a key
already queued, a dialog closing, a theme switch in the moment before the app has quit.
Every writing path of the storage layer (:func:`~companion.storage.atomic_write.atomic_write`,
moving a damaged file aside, removing the finished game, pruning backups, cleaning stray
temp files) asks :func:`check_may_write` first.

The fence is per process and per folder: :class:`~companion.storage.lock.DataLock` closes it
in ``let_go()`` and opens it again when it takes the lock anew (tests run two apps on one
folder in one process).
"""

from __future__ import annotations

import errno
import os
import pathlib
import threading

from companion.i18n import _
from companion.storage.errors import StorageWriteError

_closed: set[pathlib.Path] = set()
_guard = threading.Lock()


def _key(folder: str | os.PathLike[str]) -> pathlib.Path:
    return pathlib.Path(os.path.abspath(folder))


def close_folder(folder: str | os.PathLike[str]) -> None:
    """From now on this process writes nothing in ``folder``."""
    with _guard:
        _closed.add(_key(folder))


def open_folder(folder: str | os.PathLike[str]) -> None:
    """This process holds ``folder``'s lock again: it may write there."""
    with _guard:
        _closed.discard(_key(folder))


def is_closed(folder: str | os.PathLike[str]) -> bool:
    """True while this process has handed ``folder`` over."""
    with _guard:
        return _key(folder) in _closed


def check_may_write(path: str | os.PathLike[str]) -> None:
    """Raise :class:`StorageWriteError` if ``path`` lies in a folder this process handed
    over (the file itself, or anything below the folder)."""
    target = _key(path)
    with _guard:
        closed = [folder for folder in _closed if target == folder or folder in target.parents]
    if closed:
        raise StorageWriteError(
            target,
            _(
                "{file} was not written: this copy handed your data in {folder} over to "
                "another copy, which is the only one writing there now."
            ).format(file=target.name, folder=closed[0]),
            errno.EPERM,
        )
