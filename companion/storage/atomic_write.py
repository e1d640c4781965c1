"""The one way the program writes a file: whole, private, durable, or not at all.

:func:`atomic_write` is used for the game in progress, the history and the settings (through
:class:`~companion.storage.atomic_storage.AtomicJSONStorage`), the lock's owner note, the
history backups and exports. In this order it:

1. creates a temp file next to the target with an unpredictable name
   (``<name>.<8 random characters>.tmp``, ``tempfile.mkstemp``: ``O_CREAT | O_EXCL |
   O_NOFOLLOW``, mode 0600), so no file or link planted at a guessable name is ever
   opened;
2. writes the data and sets the file's mode (0600 unless told otherwise);
3. fsyncs the temp file;
4. ``os.replace``s it onto the target: readers see the old file or the new one, never a
   mix, and a link at the target is replaced, never followed (a link there is refused
   before anything is written);
5. fsyncs the folder, so the rename survives a power cut.

A failure raises :class:`StorageWriteError` with the plain reason, leaves the target as it
was and removes the temp file. A crash can leave the temp file behind:
:func:`remove_stray_temp_files` deletes those at start-up.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import re
import secrets
import stat
import tempfile
from collections.abc import Iterable

from companion.i18n import _
from companion.storage.errors import StorageWriteError, UnsafeFileError, describe_os_error
from companion.storage.fence import check_may_write, is_closed
from companion.storage.safe_files import (
    PRIVATE_FILE_MODE,
    lstat_or_none,
    open_folder_under,
    unsafe_entry,
)

TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^.+\.(?:\d+|[a-z0-9_]{8})\.tmp$")
"""A temp file of :func:`atomic_write` (``<name>.<8 random>.tmp``) or of an older version
of the program (``<name>.<pid>.tmp``)."""


def fsync_dir(folder: pathlib.Path) -> None:
    """Make a rename or delete in ``folder`` durable, where the platform allows it
    (opening a directory fails on Windows; that is ignored)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(
    target: str | os.PathLike[str],
    data: bytes | Iterable[bytes | memoryview],
    *,
    mode: int = PRIVATE_FILE_MODE,
    fenced: bool = True,
    below: pathlib.Path | None = None,
) -> None:
    """Replace ``target`` with ``data`` (bytes, or chunks of bytes written one after the
    other), atomically and durably (see the module docstring), with file mode ``mode``.
    A data file in a folder this process let go of is refused
    (:func:`~companion.storage.fence.check_may_write`); ``fenced=False`` is only for the
    take-over request, which a copy writes precisely because it does not hold the folder.

    Raises :class:`~companion.storage.errors.UnsafeFileError` if ``target`` is a symbolic
    link or not a regular file (nothing is written), and :class:`StorageWriteError` when
    the disk refuses (the target unchanged, no temp file left). An exception raised while
    producing ``data`` leaves everything as it was, too.

    ``below`` (the data folder, of which ``target`` is a file in a sub-folder such as
    ``games/``): no folder between them is followed if it is a link, even one swapped in
    after a check: the folder is opened part by part (``dir_fd``) and the temp file is
    created, renamed and synced inside that open folder.
    """
    path = pathlib.Path(target)
    folder = path.parent
    if fenced:
        check_may_write(path)
    if below is not None and os.open in os.supports_dir_fd:
        _write_below(below, path, data, mode)
        return
    try:
        found = lstat_or_none(path)
    except OSError as exc:
        raise _write_error(path, exc) from exc
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise unsafe_entry(path, found, "file")
    try:
        fd, temp_name = tempfile.mkstemp(prefix=f"{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise _write_error(path, exc) from exc
    temp = pathlib.Path(temp_name)
    try:
        try:
            for chunk in [data] if isinstance(data, bytes | bytearray) else data:
                _write_all(fd, chunk)
            if mode != PRIVATE_FILE_MODE and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise _write_error(path, exc) from exc
        raise
    fsync_dir(folder)


def _write_below(
    base: pathlib.Path, path: pathlib.Path, data: bytes | Iterable[bytes | memoryview], mode: int
) -> None:
    """:func:`atomic_write` of ``path`` inside ``base`` with no link followed on the way."""
    folders = list(path.parent.relative_to(base).parts)
    try:
        folder_fd = open_folder_under(base, folders)
    except OSError as exc:
        if isinstance(exc, StorageWriteError | UnsafeFileError):
            raise
        raise _write_error(path, exc) from exc
    try:
        try:
            found = os.stat(path.name, dir_fd=folder_fd, follow_symlinks=False)
        except FileNotFoundError:
            found = None
        except OSError as exc:
            raise _write_error(path, exc) from exc
        if found is not None and not stat.S_ISREG(found.st_mode):
            raise unsafe_entry(path, found, "file")
        temp = f"{path.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(temp, flags | getattr(os, "O_CLOEXEC", 0), mode, dir_fd=folder_fd)
        except OSError as exc:
            raise _write_error(path, exc) from exc
        try:
            try:
                for chunk in [data] if isinstance(data, bytes | bytearray) else data:
                    _write_all(fd, chunk)
                os.fchmod(fd, mode)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temp, path.name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd)
        except BaseException as exc:
            with contextlib.suppress(OSError):
                os.unlink(temp, dir_fd=folder_fd)
            if isinstance(exc, OSError):
                raise _write_error(path, exc) from exc
            raise
        with contextlib.suppress(OSError):
            os.fsync(folder_fd)
    finally:
        os.close(folder_fd)


def _write_all(fd: int, chunk: bytes | memoryview) -> None:
    view = memoryview(chunk)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _write_error(path: pathlib.Path, exc: OSError) -> StorageWriteError:
    return StorageWriteError(
        path,
        _(
            "Could not save {file} in {folder}: {reason}. The previous copy of the file, if "
            "any, is unchanged."
        ).format(file=path.name, folder=path.parent, reason=describe_os_error(exc)),
        exc.errno,
    )


def remove_stray_temp_files(
    folder: str | os.PathLike[str], below: pathlib.Path | None = None
) -> list[pathlib.Path]:
    """Delete temp files a crashed write left in ``folder`` (only regular files named as
    :func:`atomic_write` names them); returns the removed paths. Call it at start-up, once
    the single-instance lock is held, so no other copy of the program is writing. With
    ``below`` (the data folder holding ``folder``), ``folder`` is opened from it without
    following a link at any level, and cleaned through that open folder."""
    removed: list[pathlib.Path] = []
    if is_closed(folder):
        return removed
    path = pathlib.Path(folder)
    folder_fd: int | None = None
    try:
        if below is not None and os.scandir in os.supports_fd:
            folder_fd = open_folder_under(below, list(path.relative_to(below).parts))
        entries = list(os.scandir(path if folder_fd is None else folder_fd))
    except OSError:
        if folder_fd is not None:
            os.close(folder_fd)
        return removed
    try:
        for entry in entries:
            if not _TEMP_NAME.match(entry.name):
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                if folder_fd is None:
                    os.unlink(entry.path)
                else:
                    os.unlink(entry.name, dir_fd=folder_fd)
            except OSError:
                continue
            removed.append(path / entry.name)
    finally:
        if folder_fd is not None:
            os.close(folder_fd)
    return removed
