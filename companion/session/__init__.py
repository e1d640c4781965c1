"""The game in progress as the app and its screens use it.

:class:`GameSession` (:mod:`~companion.session.game_session`) joins the engine's
``SoloGame`` to the game file: every move is saved the moment it is made, and the history
and the settings are reached through it. :class:`TakeOver`
(:mod:`~companion.session.takeover`) is the take over of the data folder between two
copies of the app, apart from any screen.

The names are imported on first use (PEP 562), so the Start screen loads only the
session's own module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.session.game_session import GameSession
    from companion.session.takeover import OUTCOME_TEXT, TakeOver

_MODULE_OF: dict[str, str] = {
    "GameSession": "game_session",
    "TakeOver": "takeover",
    "OUTCOME_TEXT": "takeover",
}
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


__all__ = ["OUTCOME_TEXT", "GameSession", "TakeOver"]
