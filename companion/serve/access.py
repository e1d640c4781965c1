"""Who may open the app that ``stupor-solo serve`` offers, and the links to give them.

Two modes, chosen by the address the server listens on:

*Loopback* (``127.0.0.1``, ``localhost``, ``::1``; the default): only this computer can
connect, and the link has no token. Two checks keep web pages in the same browser out: a
request must name a loopback host (``Host`` header: a page that rebinds its own domain name
to 127.0.0.1 is refused) and a websocket must come from a page of this server (``Origin``:
any site may open a websocket to 127.0.0.1, and browsers do not stop it).

*Network* (any other address, ``0.0.0.0`` included): every link carries a random access
token as its first path segment, ``http://192.168.1.20:8000/<token>/``. A request whose
path does not start with it is refused with 403 before anything else happens, so no app
process starts for it. The token (22 URL-safe characters, 128 bits) is kept in the data
folder so links last across restarts (:mod:`companion.serve.token_store`; ``serve
--new-token`` replaces it) and is compared in constant time. In the path rather than the query
because the page's script appends its own query to the websocket link, and every
relative link (the script, the style sheet) then carries it too. The page sends no
``Referer``, so the token does not leak to another site.
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import secrets
import socket
import sys
from dataclasses import dataclass
from typing import TextIO
from urllib.parse import urlsplit

from companion.i18n import _

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})


class HostError(ValueError):
    """The ``--host`` value cannot be used; the message says why."""


def is_loopback_host(host: str) -> bool:
    """True for a name or address that only this computer can reach. A name is looked up:
    loopback only if every address it has is."""
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    if name in WILDCARDS:
        return False
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(name, None)
    except (OSError, UnicodeError) as exc:
        raise HostError(
            _("the host {host} cannot be found: {error}").format(host=repr(host), error=exc)
        ) from exc
    addresses = {info[4][0] for info in found}
    return bool(addresses) and all(
        ipaddress.ip_address(str(a).split("%")[0]).is_loopback for a in addresses
    )


def new_token() -> str:
    """A fresh access token (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Access:
    """The rules of one running server (see the module)."""

    token: str | None
    """``None`` in loopback mode."""

    @classmethod
    def for_host(cls, host: str, token: str | None = None) -> Access:
        """Loopback mode for a loopback host, network mode otherwise, with ``token`` (a
        new one when none is given)."""
        return cls(None if is_loopback_host(host) else token or new_token())

    @property
    def prefix(self) -> str:
        """The path every link starts with (``""`` or ``/<token>``)."""
        return f"/{self.token}" if self.token else ""

    def path_allowed(self, path: str) -> bool:
        """In network mode, whether ``path`` starts with the token (compared in constant
        time); always in loopback mode."""
        if self.token is None:
            return True
        first = path.split("/", 2)[1] if path.startswith("/") else ""
        given = first.encode("utf-8", "surrogateescape")
        return hmac.compare_digest(given, self.token.encode())

    def host_allowed(self, host_header: str | None) -> bool:
        """In loopback mode, whether the ``Host`` header names this computer (network
        mode: the token is what counts)."""
        if self.token is not None:
            return True
        if not host_header:
            return False
        name = urlsplit(f"//{host_header}").hostname or ""
        if name in LOOPBACK_NAMES:
            return True
        try:
            return ipaddress.ip_address(name).is_loopback
        except ValueError:
            return False

    @staticmethod
    def origin_allowed(origin: str | None, host_header: str | None) -> bool:
        """Whether a websocket's ``Origin`` is a page of this server (no ``Origin``: not a
        browser, allowed; the token or the loopback check still apply)."""
        if origin is None:
            return True
        try:
            return urlsplit(origin).netloc.lower() == (host_header or "").lower()
        except ValueError:
            return False


def _interface_addresses() -> list[str]:
    """The IPv4 address of each network interface (Linux: asked of the kernel per
    interface, nothing sent; elsewhere none)."""
    import fcntl
    import struct

    found = []
    get_address = 0x8915  # SIOCGIFADDR
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):
                answer = fcntl.ioctl(probe.fileno(), get_address, request)
                found.append(socket.inet_ntoa(answer[20:24]))
    return found


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback, found without sending anything:
    the address of each network interface (Linux) and those of the computer's name."""
    found: list[str] = []
    with contextlib.suppress(OSError, ImportError, AttributeError):
        found.extend(_interface_addresses())
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    usable = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and address not in usable:
            usable.append(address)
    return usable


def _url(host: str, port: int, access: Access) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{access.prefix}/"


def urls(host: str, port: int, access: Access) -> tuple[list[str], str | None]:
    """The links to open: (links for other devices, the link on this computer). A
    wildcard host lists every address found (:func:`lan_addresses`)."""
    if access.token is None:
        return [], _url(host.strip("[]"), port, access)
    if host.strip("[]") in WILDCARDS:
        return [_url(a, port, access) for a in lan_addresses()], _url("127.0.0.1", port, access)
    return [_url(host.strip("[]"), port, access)], None


def print_qr(url: str, out: TextIO | None = None) -> None:
    """Draw ``url`` as a QR code with half blocks, two modules a line. On a terminal it
    is drawn black on white whatever the terminal's colours (escape codes); elsewhere as
    plain characters."""
    import segno

    stream = out or sys.stdout
    code = segno.make(url, error="m")
    rows = [list(row) for row in code.matrix_iter(scale=1, border=4)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    colour = stream.isatty()
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        line = []
        for upper, lower in zip(top, bottom, strict=True):
            if colour:  # ▀ painted with the top module's colour over the bottom one's
                fg = "30" if upper else "97"
                bg = "40" if lower else "107"
                painted = f"\x1b[{fg};{bg}m\u2580"  # colours and a half block: no words
                line.append(painted)
            else:  # light modules drawn (for a dark terminal): scanners read both
                line.append(
                    {(0, 0): "\u2588", (0, 1): "\u2580", (1, 0): "\u2584"}.get((upper, lower), " ")
                )
        stream.write("".join(line) + ("\x1b[0m" if colour else "") + "\n")
    stream.flush()
