"""``stupor-solo serve``: play in a browser (a tablet or a phone on the same Wi-Fi).

It prints the link(s) to open; on a network address every link carries an access token,
kept between starts (``--new-token`` replaces it), and the first is drawn as a QR code for
a phone's camera (:mod:`companion.serve.access`).
Each page gets its own app process on the data folder (:mod:`companion.serve`); ctrl+c
stops the server and every app. The game is saved after every move, as always.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import sys
from pathlib import Path

from companion.cli.support import PROG, UsageError, err
from companion.i18n import _, current_language

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def cmd_serve(args: argparse.Namespace, folder: Path) -> int:
    """Serve the app until ctrl+c; exit code 0 after a clean stop, 1 if the address
    cannot be listened on or the kept token is not private, 2 for a bad ``--host`` or
    ``--port``."""
    from companion.paths import chosen_config_file, ensure_data_dir
    from companion.serve import CompanionServer, quiet_logs
    from companion.serve.access import (
        Access,
        HostError,
        is_loopback_host,
        new_token,
        print_qr,
        urls,
    )
    from companion.serve.token_store import TokenRefused, kept_token

    host, port = str(args.host), int(args.port)
    if not 0 <= port <= 65535:
        raise UsageError(
            _("--port must be between 0 and 65535 (0: any free port), not {port}").format(port=port)
        )
    try:
        loopback = is_loopback_host(host)
    except HostError as exc:
        raise UsageError(str(exc)) from exc
    ensure_data_dir(folder)
    try:
        kept = None if loopback else kept_token(folder, new_token(), renew=bool(args.new_token))
    except TokenRefused as exc:
        err(_("{prog} serve: {exc}").format(prog=PROG, exc=exc))
        return 1
    access = Access.for_host(host, kept.token if kept else None)
    if loopback and args.new_token:
        print(
            _(
                "{prog} serve: --new-token has no effect here: on {host} the link has no token."
            ).format(prog=PROG, host=host)
        )
    quiet_logs()

    bound_port = [port]

    def ready(bound: int) -> None:
        bound_port[0] = bound
        print(_("{prog} serve: your data is {folder}").format(prog=PROG, folder=folder))
        show_link(bound)
        if kept is not None:
            print(kept.news)
        print(
            _("Press ctrl+c to stop (every move is already saved); Enter shows the link again."),
            flush=True,
        )

    def show_link(bound: int) -> None:
        others, here = urls(host, bound, access)
        if here:
            print(_("Open on this computer:  {here}").format(here=here))
        for url in others:
            print(_("Open on a tablet or phone on the same network:  {url}").format(url=url))
        if access.token is not None:
            if not others:
                print(
                    _(
                        "(No network address of this computer was found: use its address with "
                        "port {bound} and the path {prefix}/)"
                    ).format(bound=bound, prefix=access.prefix)
                )
            else:
                print(_("Or scan this code with the phone's camera:"))
                print_qr(others[0])
            print(
                _(
                    "The link carries an access token: anyone with the link can play your game, "
                    "so share it only with your own devices."
                )
            )
        sys.stdout.flush()

    server = CompanionServer(folder.resolve(), host, port, access)
    server.on_enter = lambda: show_link(bound_port[0])
    server.config = chosen_config_file(getattr(args, "config", None))  # as the terminal app
    server.language = current_language()  # --lang, else [ui] language, else the locale
    try:
        asyncio.run(server.run(ready))
    except OSError as exc:
        reason = _("the port is in use") if exc.errno == errno.EADDRINUSE else str(exc)
        err(
            _(
                "{prog} serve: cannot listen on {host} port {port}: {reason}. Try another --port."
            ).format(prog=PROG, host=host, port=port, reason=reason)
        )
        return 1
    print(_("{prog} serve: stopped.").format(prog=PROG), flush=True)
    return 0
