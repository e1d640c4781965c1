"""``stupor-solo serve``: the app in a browser, for a tablet or a phone beside the table.

The web server (:mod:`~companion.serve.server`, on textual-serve) starts one app process
per page (:mod:`~companion.serve.app_process`) and serves our page (``page.html``); who
may connect, and the links to give them, is :mod:`~companion.serve.access`. Nothing here
imports Textual: the app runs in the processes it starts.

The names are imported on first use (PEP 562).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.lazy_face import lazy_face

if TYPE_CHECKING:
    from companion.serve.server import CompanionServer, quiet_logs

_MODULE_OF: dict[str, str] = {"CompanionServer": "server", "quiet_logs": "server"}
"""Which submodule defines each public name."""


__getattr__, __dir__ = lazy_face(globals(), _MODULE_OF)


__all__ = ["CompanionServer", "quiet_logs"]
