"""``stupor-solo serve``: the app in a browser, for a tablet or a phone beside the table.

The web server (:mod:`~companion.serve.server`, on textual-serve) starts one app process
per page (:mod:`~companion.serve.app_process`) and serves our page (``page.html``); who
may connect, and the links to give them, is :mod:`~companion.serve.access`. Nothing here
imports Textual: the app runs in the processes it starts.

The names are imported on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.serve.server import CompanionServer, quiet_logs

_MODULE_OF: dict[str, str] = {"CompanionServer": "server", "quiet_logs": "server"}
"""Which submodule defines each public name."""


def __getattr__(name: str) -> object:
    """Import a public name from its submodule the first time it is asked for."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


__all__ = ["CompanionServer", "quiet_logs"]
