"""The access token ``stupor-solo serve`` keeps between starts, so a link stays good.

In network mode every link carries the token (:mod:`companion.serve.access`). A token that
changed at every start broke each tablet's bookmark and scanned code whenever the computer
restarted the server, so the token is kept in the data folder (``serve-token``, readable
by its owner only) and used again at the next start. ``serve --new-token`` makes a new one:
every link given before stops working.

A kept token that is not one this module wrote (too short, other characters, a link, a
folder, an unreadable or oversized file) is never used: a new token replaces it and the
server says why, so a damaged file cannot weaken the gate.

A kept token that others could read or write (its mode gives the group or others any
access) or that belongs to another user is refused outright (:class:`TokenRefused`): it
may have been seen, or planted, so it is neither used nor silently replaced; the file is
left as it was and the message says to start with ``--new-token``, which replaces it with
a private one (0600, owned by the player).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import _
from companion.storage.atomic_write import atomic_write
from companion.storage.errors import StorageWriteError, UnsafeFileError
from companion.storage.safe_files import read_data_file

TOKEN_FILE = "serve-token"
"""The kept token's file name in the data folder."""
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{22,64}")
"""What a kept token must look like (URL-safe, at least 128 bits)."""
READ_LIMIT = 4096
"""A kept token file larger than this is not ours (it is never read whole)."""


class TokenRefused(Exception):
    """The kept token may be known to others (see the module docstring): ``str(error)`` is
    the message for the player, naming ``--new-token``. Nothing was changed."""


def _check_private(path: Path, info: os.stat_result) -> None:
    """Refuse the kept token file of status ``info`` unless it is the player's own and
    private to them."""
    getuid = getattr(os, "getuid", None)
    if getuid is not None and info.st_uid != getuid():
        problem = _(
            "The kept access token {path} belongs to another user (user id {user}), so it "
            "may be known to someone else and was not used; nothing was changed."
        ).format(path=path, user=info.st_uid)
    elif stat.S_IMODE(info.st_mode) & 0o077:
        problem = _(
            "The kept access token {path} can be read or changed by other users (its "
            "permissions are {mode}, not 600), so it may be known to someone else and was "
            "not used; nothing was changed."
        ).format(path=path, mode=f"{stat.S_IMODE(info.st_mode):o}")
    else:
        return
    advice = _(
        "Start again with `stupor-solo serve --new-token`: it replaces the token with a new "
        "one only you can read (links given before stop working)."
    )
    raise TokenRefused(f"{problem} {advice}")


@dataclass(frozen=True)
class KeptToken:
    """The token to use and what happened to it, for the server's first lines."""

    token: str
    news: str
    """One sentence for the terminal: kept, new, or replaced (and why)."""
    lasting: bool = True
    """False when the token could not be saved: it lasts only until the server stops."""


def _stored(path: Path, *, renew: bool) -> tuple[str | None, str]:
    """The token kept at ``path`` (``None`` when there is none or it cannot be used) and,
    when one was there but is refused, why. Raises :class:`TokenRefused` for a token
    others may know, unless it is to be replaced (``renew``)."""

    def inspect(info: os.stat_result) -> None:
        if not renew:
            _check_private(path, info)

    try:
        raw = read_data_file(path, limit=READ_LIMIT, inspect=inspect)
    except UnsafeFileError:
        return None, _("{name} is not a plain file").format(name=path.name)
    except OSError as exc:  # unreadable, or too big to be ours
        return None, _("{name} could not be read ({reason})").format(
            name=path.name, reason=exc.strerror or exc
        )
    if raw is None:
        return None, ""
    text = raw.decode("ascii", errors="replace").strip()
    if TOKEN_SHAPE.fullmatch(text) is None:
        return None, _("{name} does not hold a token this program wrote").format(name=path.name)
    return text, ""


def kept_token(folder: Path, fresh: str, *, renew: bool = False) -> KeptToken:
    """The token for this start: the one kept in ``folder``, else ``fresh`` (saved for the
    next start). ``renew`` replaces a kept token with ``fresh``. Raises
    :class:`TokenRefused` (nothing changed) for a kept token that is not private to the
    player, unless ``renew``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     first = kept_token(Path(d), "A" * 22)
    ...     again = kept_token(Path(d), "B" * 22)
    ...     renewed = kept_token(Path(d), "C" * 22, renew=True)
    >>> first.token == again.token == "A" * 22, renewed.token
    (True, 'CCCCCCCCCCCCCCCCCCCCCC')
    """
    path = folder / TOKEN_FILE
    found, refused = _stored(path, renew=renew)
    if found is not None and not renew:
        return KeptToken(found, _("The link is the same as at the last start (its token is kept)."))
    if renew and found is not None:
        news = _("A new access token: the links given before no longer work.")
    elif refused:
        news = _("A new access token ({why}; it was replaced).").format(why=refused)
    else:
        news = _("A new access token, kept for the next starts (serve --new-token replaces it).")
    try:
        atomic_write(path, fresh.encode("ascii") + b"\n", fenced=False)
    except (StorageWriteError, UnsafeFileError, OSError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        return KeptToken(
            fresh,
            _(
                "A new access token, but it could not be kept ({reason}): the link will "
                "change at the next start."
            ).format(reason=reason),
            lasting=False,
        )
    return KeptToken(fresh, news)
