"""The errors the storage layer raises, each with a message a player can act on."""

from __future__ import annotations

import errno
import os
import pathlib

from companion.i18n import N_, _

_PLAIN_OS_REASONS = {
    # (listed before ENOSPC, which it falls back to where the platform has no EDQUOT)
    getattr(errno, "EDQUOT", errno.ENOSPC): N_("the disk quota is used up"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EIO: N_("the disk reported a read/write error"),
    errno.ENOENT: N_("there is no such file or folder"),
    errno.ENOTDIR: N_("part of the path is a file, not a folder"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.EEXIST: N_("a file with that name is in the way"),
    errno.ELOOP: N_("it is a symbolic link, or the path has too many of them"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ENXIO: N_("it is a device or a pipe with nothing at the other end"),
    errno.ETXTBSY: N_("the file is busy"),
    errno.EBUSY: N_("the file is busy"),
    errno.EMFILE: N_("too many files are open"),
    errno.ENFILE: N_("too many files are open"),
}
_MAX_REASON = 200


def describe_os_error(exc: OSError) -> str:
    """A short plain-English reason for an ``OSError`` (``"the disk is full"``): the one
    wording every message about a file uses.

    >>> describe_os_error(OSError(errno.ENOSPC, "No space left on device"))
    'the disk is full'
    """
    if isinstance(exc, StorageError):
        return exc.message
    if exc.errno in _PLAIN_OS_REASONS:
        return _(_PLAIN_OS_REASONS[exc.errno])
    text = (exc.strerror or str(exc) or type(exc).__name__).lower()
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 1] + "…"


class CorruptFileError(ValueError):
    """A data file that exists but cannot be read: not JSON, or not the expected shape.

    ``path`` is the file; ``reason`` says what is wrong in plain words.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = pathlib.Path(path)
        self.reason = reason
        super().__init__(
            _("{file} cannot be read: {reason}").format(file=self.path.name, reason=reason)
        )


class StorageError(OSError):
    """A file problem already told in plain words: ``str(error)`` is the whole message,
    ``path`` the file and ``errno`` the underlying error number (or ``None``)."""

    def __init__(
        self, path: str | os.PathLike[str], message: str, error_number: int | None = None
    ) -> None:
        super().__init__(message)
        self.path = pathlib.Path(path)
        self.errno = error_number
        self.message = message

    def __str__(self) -> str:
        return self.message


class StorageWriteError(StorageError):
    """A file could not be written (disk full, permission denied...).

    The previous copy of the file is unchanged. ``path`` is the file, ``errno`` the
    underlying error number (or ``None``) and ``str(error)`` a plain message.
    """


class UnsafeFileError(StorageError):
    """A data folder entry that is not what the program keeps there: a symbolic link, a
    device, a pipe or a folder where one of its files (or a file where its ``backups``
    folder) should be. Nothing is read through it or written over it; the message says
    what is there and what to do."""


class NewerSchemaError(ValueError):
    """Data written by a newer version of the program. Nothing is changed on disk."""

    def __init__(
        self, what: str, found: int, supported: int, path: str | os.PathLike[str] | None = None
    ) -> None:
        self.path = pathlib.Path(path) if path is not None else None
        self.found = found
        self.supported = supported
        said = (
            _(
                "{what} ({path}) was saved by a newer version of this program (data version "
                "{found}; this version reads up to {supported}). Please update the program to "
                "open it. The file has not been changed."
            )
            if self.path is not None
            else _(
                "{what} was saved by a newer version of this program (data version {found}; "
                "this version reads up to {supported}). Please update the program to open "
                "it. The file has not been changed."
            )
        )
        super().__init__(said.format(what=what, path=self.path, found=found, supported=supported))
