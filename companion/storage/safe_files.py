"""Opening files without being fooled: no symbolic link followed in the data folder, no
device or pipe read as if it were a file, no read without a limit.

The symlink policy: an entry of the data folder where one of the program's files (or its
``backups`` folder) should be is used only if it is that very thing: a regular file (a
folder for ``backups``). A symbolic link there is refused with a message, never followed
and never replaced, for reading as for writing: a link planted in the folder must not make
the program read or overwrite a file elsewhere. The data folder itself may be a link (the
player chose that path). Below it, no part of a path is followed if it is a link either
(``games/<id>.json.gz`` with ``games`` a link: :func:`read_data_file_under`). Files the
player names on the command line (an import, an export target) may be links: the player
chose them too.
"""

from __future__ import annotations

import errno
import os
import pathlib
import stat
from collections.abc import Callable

from companion.i18n import _
from companion.storage.errors import StorageError, UnsafeFileError, describe_os_error

PRIVATE_FILE_MODE = 0o600
"""Every file the program writes in its data folder: readable by its owner only."""
PRIVATE_DIR_MODE = 0o700
"""The data folder and its ``backups`` folder, when the program creates them."""

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_READ_FLAGS = os.O_RDONLY | _NONBLOCK | _CLOEXEC | _BINARY
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC
_DIR_FD = os.open in os.supports_dir_fd and os.stat in os.supports_dir_fd
"""Whether a file can be opened relative to an open folder (not on Windows)."""
"""``O_NONBLOCK``: opening a named pipe returns at once instead of waiting for a writer
(it is then refused: not a regular file)."""
_CHUNK = 1 << 20


def kind_of(mode: int) -> str:
    """What a file system entry of this ``st_mode`` is, in words (``"a named pipe"``).

    >>> kind_of(stat.S_IFIFO | 0o644), kind_of(stat.S_IFREG)
    ('a named pipe (FIFO)', 'a regular file')
    """
    if stat.S_ISLNK(mode):
        return _("a symbolic link")
    if stat.S_ISREG(mode):
        return _("a regular file")
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def lstat_or_none(path: pathlib.Path) -> os.stat_result | None:
    """``os.lstat(path)``, or ``None`` when nothing is there. Other errors raise."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _link_target(path: pathlib.Path) -> str:
    try:
        return " " + _("(to {target})").format(target=os.readlink(path))
    except OSError:
        return ""


def unsafe_entry(path: pathlib.Path, found: os.stat_result, expected: str) -> UnsafeFileError:
    """The error for ``path``, which is ``found`` where ``expected`` (``"file"`` or
    ``"folder"``) of the program should be."""
    what = kind_of(found.st_mode)
    folder = expected == "folder"
    if stat.S_ISLNK(found.st_mode):
        what += _link_target(path)
        advice = (
            _(
                "stupor-solo never follows a link inside its data folder: put the folder "
                "itself there, or point --data-dir at the folder the link leads to"
            )
            if folder
            else _(
                "stupor-solo never follows a link inside its data folder: put the file "
                "itself there, or point --data-dir at the folder the link leads to"
            )
        )
    else:
        advice = (
            _("move it away so the program can keep its folder there")
            if folder
            else _("move it away so the program can keep its file there")
        )
    said = (
        _(
            "{name} in {folder} is {what}, not a folder of stupor-solo: {advice}. Nothing was "
            "read or changed through it."
        )
        if folder
        else _(
            "{name} in {folder} is {what}, not a file of stupor-solo: {advice}. Nothing was "
            "read or changed through it."
        )
    )
    return UnsafeFileError(
        path,
        said.format(name=path.name, folder=path.parent, what=what, advice=advice),
        errno.ELOOP if stat.S_ISLNK(found.st_mode) else errno.EINVAL,
    )


def check_data_entry(path: pathlib.Path, expected: str = "file") -> bool:
    """Whether ``path`` (an entry of the data folder) exists as the ``expected``
    ``"file"`` (regular) or ``"folder"``; ``False`` when nothing is there. Raises
    :class:`UnsafeFileError` for anything else (a symbolic link above all)."""
    try:
        found = lstat_or_none(path)
    except OSError as exc:
        raise UnsafeFileError(
            path,
            _("Cannot look at {path}: {reason}.").format(path=path, reason=describe_os_error(exc)),
            exc.errno,
        ) from exc
    if found is None:
        return False
    wanted = stat.S_ISDIR if expected == "folder" else stat.S_ISREG
    if not wanted(found.st_mode):
        raise unsafe_entry(path, found, expected)
    return True


def read_data_file(
    path: pathlib.Path,
    limit: int | None = None,
    inspect: Callable[[os.stat_result], None] | None = None,
) -> bytes | None:
    """The bytes of the data file ``path``, ``None`` if there is none. A symbolic link, a
    pipe, a device or a folder there raises :class:`UnsafeFileError` (nothing is read
    through it); a file larger than ``limit`` bytes raises :class:`FileTooBigError`
    before anything is read; other read errors raise ``OSError``. ``inspect`` is given
    the opened file's status before anything is read (the very file read, not a name
    looked up again): it raises to refuse the file (the token's owner and mode)."""
    try:
        fd = os.open(path, _READ_FLAGS | _NOFOLLOW)
    except FileNotFoundError:
        return None
    except OSError:
        found = lstat_or_none(path)
        if found is not None and not stat.S_ISREG(found.st_mode):
            raise unsafe_entry(path, found, "file") from None
        raise
    return _read_opened(fd, path, limit, inspect)


def read_data_file_under(base: pathlib.Path, relative: str, limit: int) -> bytes | None:
    """:func:`read_data_file` for ``base / relative`` (``"games/<id>.json.gz"``) where no
    part of ``relative`` may be a link: each folder on the way is opened from the one
    before it without following a link (``dir_fd``), so nothing can swap one in between a
    check and the read. ``base``, the data folder, may itself be a link."""
    path = base / relative
    *folders, name = relative.split("/")
    if not _DIR_FD:  # (Windows) each part looked at, then the file opened without a link
        for depth in range(1, len(folders) + 1):
            check_data_entry(base.joinpath(*folders[:depth]), "folder")
        return read_data_file(path, limit)
    try:
        folder_fd = open_folder_under(base, folders)
    except FileNotFoundError:
        return None
    try:
        try:
            fd = os.open(name, _READ_FLAGS | _NOFOLLOW, dir_fd=folder_fd)
        except FileNotFoundError:
            return None
        except OSError:
            found = _lstat_at(folder_fd, name)
            if found is not None and not stat.S_ISREG(found.st_mode):
                raise unsafe_entry(path, found, "file") from None
            raise
    finally:
        os.close(folder_fd)
    return _read_opened(fd, path, limit, None)


def open_folder_under(base: pathlib.Path, folders: list[str]) -> int:
    """A descriptor of the folder ``base/folders[0]/folders[1]/...``, each part opened
    from the one before without following a link (``base`` itself may be one). Raises
    :class:`UnsafeFileError` for a link or anything but a folder on the way,
    ``FileNotFoundError`` when a part is missing; the caller closes the descriptor."""
    fd = os.open(base, _DIR_FLAGS)
    where = base
    try:
        for part in folders:
            where = where / part
            try:
                inner = os.open(part, _DIR_FLAGS | _NOFOLLOW, dir_fd=fd)
            except OSError:
                found = _lstat_at(fd, part)
                if found is not None and not stat.S_ISDIR(found.st_mode):
                    raise unsafe_entry(where, found, "folder") from None
                raise
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def _lstat_at(folder_fd: int, name: str) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
    except OSError:
        return None


def _read_opened(
    fd: int,
    path: pathlib.Path,
    limit: int | None,
    inspect: Callable[[os.stat_result], None] | None,
) -> bytes:
    """Read the data file opened as ``fd`` (closed here); see :func:`read_data_file`."""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise unsafe_entry(path, info, "file")
        if inspect is not None:
            inspect(info)
        if limit is not None and info.st_size > limit:
            raise FileTooBigError(path, too_big_to_be_ours(info.st_size, limit), errno.EFBIG)
        raw = _read_all(fd, limit=limit, size=info.st_size)
        if limit is not None and len(raw) > limit:  # it grew while being read
            raise FileTooBigError(path, too_big_to_be_ours(len(raw), limit), errno.EFBIG)
        return raw
    finally:
        os.close(fd)


def read_small_data_file(path: pathlib.Path, limit: int) -> bytes | None:
    """:func:`read_data_file` for a note of at most ``limit`` bytes (the lock's owner
    note): ``None`` for anything else, never an error."""
    try:
        fd = os.open(path, _READ_FLAGS | _NOFOLLOW)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        raw = os.read(fd, limit + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return raw if len(raw) <= limit else None


class FileTooBigError(StorageError):
    """A file the player named is larger than the program reads."""


def read_user_file(
    path: pathlib.Path,
    limit: int,
    declared: Callable[[bytes], int | None] | None = None,
    head_bytes: int = 512,
) -> bytes:
    """The bytes of a file the player named (an import): it may be a link, but it must
    lead to a regular file of at most ``limit`` bytes. Raises :class:`UnsafeFileError`
    for a pipe, a device, a socket or a folder (nothing is read from it, nothing waits),
    :class:`FileTooBigError` past the limit and ``OSError`` when it cannot be read.

    ``declared`` reads the size a file declares in its first ``head_bytes``: a file
    larger than ``limit`` is read when it is exactly that size (then that is the limit)."""
    fd = os.open(path, _READ_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFileError(
                path,
                _(
                    "it is {what}, not a regular file: save the games to a file first and "
                    "import that"
                ).format(what=kind_of(info.st_mode)),
                errno.EINVAL,
            )
        if info.st_size > limit and declared is not None:
            own = declared(os.read(fd, head_bytes))
            os.lseek(fd, 0, os.SEEK_SET)
            if own is not None and own == info.st_size:
                limit = own
        if info.st_size > limit:
            raise FileTooBigError(path, _too_big(info.st_size, limit), errno.EFBIG)
        raw = _read_all(fd, limit=limit)
    finally:
        os.close(fd)
    if len(raw) > limit:  # it grew while being read
        raise FileTooBigError(path, _too_big(len(raw), limit), errno.EFBIG)
    return raw


def too_big_to_be_ours(size: int, limit: int) -> str:
    """Why a data file of ``size`` bytes is not read (past ``limit``)."""
    return _(
        "it is {size} MB, larger than the {limit} MB any file of stupor-solo can be, so it "
        "was not read"
    ).format(size=f"{size / 1e6:,.1f}", limit=f"{limit / 1e6:,.0f}")


def _too_big(size: int, limit: int) -> str:
    return _(
        "it is larger ({size} MB) than the {limit} MB an import file may be; split it into "
        "smaller files"
    ).format(size=f"{size / 1e6:,.1f}", limit=f"{limit / 1e6:,.0f}")


def _read_all(fd: int, limit: int | None, size: int = 0) -> bytes:
    """Read ``fd`` to its end, or to one byte past ``limit``; ``size`` (the file's size
    when opened) is read in one piece first (no copy of a large history to join)."""
    chunks: list[bytes] = []
    total = 0
    while limit is None or total <= limit:
        want = max(_CHUNK, size + 1 - total)
        want = want if limit is None else min(want, limit + 1 - total)
        chunk = os.read(fd, want)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def ensure_private_dir(path: pathlib.Path) -> None:
    """Create the folder ``path`` (mode 0700) if it is missing; refuse a link or a file
    there (:class:`UnsafeFileError`). Raises ``OSError`` if it cannot be created."""
    if check_data_entry(path, "folder"):
        return
    try:
        path.mkdir(mode=PRIVATE_DIR_MODE)
    except FileExistsError:
        check_data_entry(path, "folder")  # made meanwhile: still only a real folder will do
