"""Where an export may be written: a regular file (or a new name) outside the data folder.

Export replaces its target with :func:`~companion.storage.atomic_write.atomic_write`, so
before that the target is checked: a symbolic link is refused (the player gives the real
path; writing through it or replacing the link itself would both surprise someone), so
are a device, a named pipe, a socket and a folder (``os.replace`` would swap them for a
file, ``/dev/full`` included), and any path inside the data folder (the program's files,
its backups and the damaged copies kept there). An existing regular file keeps its mode.
"""

from __future__ import annotations

import os
import pathlib
import stat
from dataclasses import dataclass

from companion.i18n import _
from companion.plain_text import clip_text
from companion.storage.errors import describe_os_error
from companion.storage.safe_files import PRIVATE_FILE_MODE, kind_of, lstat_or_none


class ExportTargetError(ValueError):
    """The export target was refused; the message says why. Nothing was written."""


@dataclass(frozen=True)
class ExportTarget:
    """An accepted target: the ``path``, whether a file is ``existing`` there (the caller
    asks before replacing it) and the ``mode`` to write it with (an existing file's own,
    else 0600)."""

    path: pathlib.Path
    existing: bool
    mode: int


def check_export_target(
    path: str | os.PathLike[str], data_folder: str | os.PathLike[str] | None = None
) -> ExportTarget:
    """Accept ``path`` as an export target or raise :class:`ExportTargetError`."""
    target = pathlib.Path(path).expanduser()
    shown = clip_text(str(target), 200)
    try:
        found = lstat_or_none(target)
    except (OSError, ValueError) as exc:
        reason = describe_os_error(exc) if isinstance(exc, OSError) else _("not a valid path")
        raise ExportTargetError(
            _("cannot write to {path}: {reason}").format(path=shown, reason=reason)
        ) from None
    if found is not None and stat.S_ISLNK(found.st_mode):
        try:
            leads = clip_text(os.readlink(target), 200)
        except OSError:
            leads = None
        said = (
            _(
                "{path} is a symbolic link: give the path of the file itself, or a new name; "
                "nothing was written"
            )
            if leads is None
            else _(
                "{path} is a symbolic link (to {target}): give the path of the file itself, or "
                "a new name; nothing was written"
            )
        )
        raise ExportTargetError(said.format(path=shown, target=leads))
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise ExportTargetError(
            _(
                "{path} is {what}, not a regular file: an export is written to a file; choose "
                "a file name"
            ).format(path=shown, what=kind_of(found.st_mode))
        )
    if data_folder is not None and _inside(target, pathlib.Path(data_folder)):
        raise ExportTargetError(
            _(
                "{path} is inside the data folder {folder}, where the program keeps its own "
                "files, backups and damaged copies: export somewhere else"
            ).format(path=shown, folder=clip_text(str(data_folder), 200))
        )
    mode = PRIVATE_FILE_MODE if found is None else stat.S_IMODE(found.st_mode)
    return ExportTarget(target, found is not None, mode)


def _inside(target: pathlib.Path, folder: pathlib.Path) -> bool:
    """Whether ``target``'s folder is ``folder`` or below it (links resolved)."""
    try:
        where = target.absolute().parent.resolve()
        home = folder.absolute().resolve()
    except (OSError, RuntimeError, ValueError):  # RuntimeError: a loop of links (3.11)
        return False  # the write itself then fails with the reason
    return where == home or home in where.parents
