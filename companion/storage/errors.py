"""The errors the storage layer raises, each with a message a player can act on."""

from __future__ import annotations

import errno
import os
import pathlib

_PLAIN_OS_REASONS = {
    # (listed before ENOSPC, which it falls back to where the platform has no EDQUOT)
    getattr(errno, "EDQUOT", errno.ENOSPC): "the disk quota is used up",
    errno.ENOSPC: "the disk is full",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the disk is read-only",
    errno.EIO: "the disk reported a read/write error",
    errno.ENOENT: "the folder no longer exists",
    errno.ENOTDIR: "part of the path is a file, not a folder",
}


def describe_os_error(exc: OSError) -> str:
    """A short plain-English reason for an ``OSError`` (``"the disk is full"``)."""
    if exc.errno in _PLAIN_OS_REASONS:
        return _PLAIN_OS_REASONS[exc.errno]
    return (exc.strerror or str(exc) or type(exc).__name__).lower()


class CorruptFileError(ValueError):
    """A data file that exists but cannot be read: not JSON, or not the expected shape.

    ``path`` is the file; ``reason`` says what is wrong in plain words.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = pathlib.Path(path)
        self.reason = reason
        super().__init__(f"{self.path.name} cannot be read: {reason}")


class StorageWriteError(OSError):
    """A file could not be written (disk full, permission denied...).

    The previous copy of the file is unchanged. ``path`` is the file, ``errno`` the
    underlying error number (or ``None``) and ``str(error)`` a plain message.
    """

    def __init__(
        self, path: str | os.PathLike[str], message: str, error_number: int | None = None
    ) -> None:
        super().__init__(message)
        self.path = pathlib.Path(path)
        self.errno = error_number
        self.message = message

    def __str__(self) -> str:
        return self.message


class NewerSchemaError(ValueError):
    """Data written by a newer version of the program. Nothing is changed on disk."""

    def __init__(
        self, what: str, found: int, supported: int, path: str | os.PathLike[str] | None = None
    ) -> None:
        self.path = pathlib.Path(path) if path is not None else None
        self.found = found
        self.supported = supported
        where = f" ({self.path})" if self.path is not None else ""
        super().__init__(
            f"{what}{where} was saved by a newer version of this program (data version "
            f"{found}; this version reads up to {supported}). Please update the program to "
            "open it. The file has not been changed."
        )
