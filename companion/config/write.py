"""The one change the program makes to the configuration file: the theme.

The file is the player's, comments and all, so it is edited with ``tomlkit`` (which keeps
everything it does not change as it was) and written with
:func:`~companion.storage.atomic_write.atomic_write` (whole or not at all). A file that is
a symbolic link (a dotfiles folder, say) is written where the link points, and keeps its
mode. A file that is not valid TOML is never written over: the player is told why.
"""

from __future__ import annotations

import os
import pathlib
import stat

from companion.i18n import _


class ConfigWriteError(ValueError):
    """The configuration file could not be changed; the message says why and what to do."""


def save_theme(path: pathlib.Path, theme: str) -> None:
    """Set ``theme = "<theme>"`` at the top of the configuration file at ``path``,
    leaving every other line as it is. A missing file is created from the commented
    example (its folder too, private). Raises :class:`ConfigWriteError`."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    from companion.config.schema import example_config
    from companion.storage.atomic_write import atomic_write
    from companion.storage.errors import describe_os_error

    target = path.resolve() if path.is_symlink() else path
    try:
        exists = target.exists()
        text = target.read_text(encoding="utf-8") if exists else example_config()
        mode = stat.S_IMODE(target.stat().st_mode) if exists else 0o600
    except (OSError, UnicodeDecodeError) as exc:
        reason = describe_os_error(exc) if isinstance(exc, OSError) else _("it is not UTF-8 text")
        raise ConfigWriteError(
            _("{path} could not be read ({reason})").format(path=path, reason=reason)
        ) from exc
    try:
        document = tomlkit.parse(text)
        document["theme"] = theme
        updated = tomlkit.dumps(document)
    except RecursionError:
        raise ConfigWriteError(
            _(
                "{path} is nested too deeply to be a configuration file; fix it, or set"
                " theme = {theme!r} there yourself"
            ).format(path=path, theme=theme)
        ) from None
    except TOMLKitError as exc:
        raise ConfigWriteError(
            _(
                "{path} is not valid TOML ({exc}); fix it, or set theme = {theme!r} there yourself"
            ).format(path=path, exc=exc, theme=theme)
        ) from exc
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic_write(target, updated.encode("utf-8"), mode=mode)
    except OSError as exc:
        raise ConfigWriteError(
            _("{path} could not be written ({exc})").format(path=path, exc=describe_os_error(exc))
        ) from exc


def write_example(path: pathlib.Path) -> None:
    """Write the commented example to ``path``, which must not exist (its folder is
    created, private, if needed). Raises :class:`ConfigWriteError`."""
    from companion.config.schema import example_config
    from companion.storage.errors import describe_os_error

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise ConfigWriteError(
            _(
                "{path} already exists; nothing was written. Edit it, or move it away "
                "first to get a fresh example."
            ).format(path=path)
        ) from None
    except OSError as exc:
        raise ConfigWriteError(
            _("{path} could not be created ({exc})").format(path=path, exc=describe_os_error(exc))
        ) from exc
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(example_config())
