"""Moving a damaged data file aside: renamed next to itself, never deleted or overwritten."""

from __future__ import annotations

import datetime as dt
import errno
import logging
import os
import pathlib

from companion.i18n import _
from companion.storage.atomic_write import fsync_dir
from companion.storage.errors import StorageWriteError, describe_os_error
from companion.storage.fence import check_may_write

_log = logging.getLogger(__name__)
_MAX_TRIES = 1000


def quarantine_name(path: pathlib.Path, when: dt.datetime, attempt: int = 0) -> pathlib.Path:
    """``<name>.corrupt-YYYYmmdd-HHMMSS``, with ``-<attempt>`` from the second try on."""
    stamp = when.strftime("%Y%m%d-%H%M%S")
    suffix = f"-{attempt}" if attempt else ""
    return path.with_name(f"{path.name}.corrupt-{stamp}{suffix}")


def move_aside(
    path: str | os.PathLike[str], reason: str, *, now: dt.datetime | None = None
) -> pathlib.Path:
    """Rename the bad file ``path`` to ``<name>.corrupt-YYYYmmdd-HHMMSS[-n]`` in the same
    folder (local time) and return the new path. An existing file of that name is never
    replaced: the next free ``-n`` is taken. ``reason`` is logged.

    Raises :class:`StorageWriteError` if the file cannot be renamed.
    """
    source = pathlib.Path(path)
    check_may_write(source)
    when = now or dt.datetime.now()
    for attempt in range(_MAX_TRIES):
        target = quarantine_name(source, when, attempt)
        try:
            _rename_no_replace(source, target)
        except FileExistsError:
            continue
        except OSError as exc:
            raise StorageWriteError(
                source,
                _(
                    "{file} is damaged ({reason}) and could not be moved aside in {folder}: "
                    "{error}. Move or delete it by hand."
                ).format(
                    file=source.name,
                    reason=reason,
                    folder=source.parent,
                    error=describe_os_error(exc),
                ),
                exc.errno,
            ) from exc
        fsync_dir(source.parent)
        _log.warning("moved damaged %s to %s: %s", source, target, reason)
        return target
    raise StorageWriteError(
        source,
        _(
            "{file} is damaged ({reason}) and there are too many damaged copies next to it in "
            "{folder} to keep another. Clear some out by hand."
        ).format(file=source.name, reason=reason, folder=source.parent),
        errno.EEXIST,
    )


def _rename_no_replace(source: pathlib.Path, target: pathlib.Path) -> None:
    """Rename, failing with ``FileExistsError`` rather than replacing ``target``.

    A hard link plus unlink cannot replace an existing file, even if another process
    creates it at the same moment; where the file system has no hard links, fall back to
    a checked rename (Windows' rename refuses to replace by itself)."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:
        if target.exists():
            raise FileExistsError(errno.EEXIST, "exists", str(target)) from None
        os.rename(source, target)
        return
    os.unlink(source)
