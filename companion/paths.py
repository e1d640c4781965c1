"""Where the companion keeps its files: the data folder and the names of the files in it,
and the configuration file.

The folder is, in order of precedence: the ``--data-dir`` option (passed as ``override``),
the ``STUPOR_SOLO_DATA`` environment variable, or the platform's user data folder
(``platformdirs``). :func:`chosen_data_dir` only says which folder (a command that only
reads creates nothing); :func:`ensure_data_dir` creates it, private (0700), when something
is to be written, and checks that files can be written there; :func:`data_dir` does both.

The configuration file is, in the same order: the ``--config`` option, the
``STUPOR_SOLO_CONFIG`` environment variable, or ``config.toml`` in the platform's user
config folder (:func:`chosen_config_file`, which creates nothing).
"""

from __future__ import annotations

import os
import pathlib
import uuid

import platformdirs

from companion.i18n import N_, _
from companion.storage.errors import describe_os_error

ENV_VAR = "STUPOR_SOLO_DATA"
CONFIG_ENV_VAR = "STUPOR_SOLO_CONFIG"
APP_NAME = "stupor-solo"
CONFIG_FILE = "config.toml"

GAME_FILE = "current_game.json"
HISTORY_FILE = "history.json"
SETTINGS_FILE = "settings.json"
LOCK_FILE = "stupor-solo.lock"
BACKUP_DIR = "backups"

_HOW_TO_CHOOSE = N_("Choose another folder with --data-dir or the {variable} environment variable.")


class DataDirError(ValueError):
    """The data folder cannot be used; the message says why in plain words."""

    def __init__(self, path: pathlib.Path, message: str) -> None:
        super().__init__(message)
        self.path = path


def data_dir(override: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The data folder (absolute), created if needed and checked to be writable.

    ``override`` (the command line option) wins over the ``STUPOR_SOLO_DATA`` environment
    variable, which wins over the platform default. Empty values count as not given.
    Raises :class:`DataDirError` if the path is not a folder or cannot be created or
    written to.
    """
    return ensure_data_dir(chosen_data_dir(override))


def chosen_data_dir(override: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The data folder (absolute) as :func:`data_dir` chooses it, without creating it.
    Raises :class:`DataDirError` if something other than a folder is at that path."""
    path = _chosen_path(override).expanduser().absolute()
    try:
        in_the_way = path.exists() and not path.is_dir()
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        reason = describe_os_error(exc) if isinstance(exc, OSError) else _("it is not a valid path")
        said = _("Cannot reach the data folder {folder}: {reason}.")
        raise DataDirError(path, _choose(said.format(folder=_shown(path), reason=reason))) from exc
    if in_the_way:
        said = _("The data folder {folder} is a file, not a folder.")
        raise DataDirError(path, _choose(said.format(folder=_shown(path))))
    blocking = _file_in_the_way(path)
    if blocking is not None:
        said = _(
            "Could not create the data folder {folder}: {blocking} on its way is a file, not "
            "a folder."
        )
        raise DataDirError(
            path, _choose(said.format(folder=_shown(path), blocking=_shown(blocking)))
        )
    return path


def _file_in_the_way(path: pathlib.Path) -> pathlib.Path | None:
    """The nearest existing folder above a missing ``path`` when it is not a folder (the
    data folder could never be made there), else ``None``."""
    try:
        if path.exists():
            return None
        for parent in path.parents:
            if parent.exists():
                return None if parent.is_dir() else parent
    except (OSError, ValueError):
        return None
    return None


def ensure_data_dir(path: pathlib.Path) -> pathlib.Path:
    """Create the data folder ``path`` if it is missing (mode 0700: only its owner may
    look in; the parent folders it needs get the usual mode) and check that files can be
    written there. Returns ``path``; raises :class:`DataDirError`."""
    try:
        if not path.is_dir():
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        said = _("Could not create the data folder {folder}: {reason}.")
        reason = describe_os_error(exc)
        raise DataDirError(path, _choose(said.format(folder=_shown(path), reason=reason))) from exc
    _check_writable(path)
    return path


def chosen_config_file(override: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The configuration file (absolute): ``override`` (the ``--config`` option), else
    the ``STUPOR_SOLO_CONFIG`` environment variable, else ``config.toml`` in the user
    config folder. Empty values count as not given. Nothing is created or read."""
    if override is not None and os.fspath(override) != "":
        path = pathlib.Path(override)
    elif os.environ.get(CONFIG_ENV_VAR, ""):
        path = pathlib.Path(os.environ[CONFIG_ENV_VAR])
    else:
        path = pathlib.Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / CONFIG_FILE
    return path.expanduser().absolute()


def _choose(message: str) -> str:
    """``message``, then how to choose another data folder."""
    return f"{message} {_(_HOW_TO_CHOOSE).format(variable=ENV_VAR)}"


def _shown(path: pathlib.Path) -> str:
    """``path`` for a message: a very long one is cut."""
    from companion.plain_text import shown_path

    return shown_path(path)


def _chosen_path(override: str | os.PathLike[str] | None) -> pathlib.Path:
    if override is not None and os.fspath(override) != "":
        return pathlib.Path(override)
    from_env = os.environ.get(ENV_VAR, "")
    if from_env:
        return pathlib.Path(from_env)
    return pathlib.Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _check_writable(path: pathlib.Path) -> None:
    """Create and remove a probe file: ``os.access`` says yes to root and lies on some
    network file systems, so only trying tells."""
    probe = path / f".write-test-{uuid.uuid4().hex}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        said = _("Cannot write files in the data folder {folder}: {reason}.")
        reason = describe_os_error(exc)
        raise DataDirError(path, _choose(said.format(folder=_shown(path), reason=reason))) from exc
