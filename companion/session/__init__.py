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

from typing import TYPE_CHECKING

from companion.lazy_face import lazy_face

if TYPE_CHECKING:
    from companion.session.game_session import GameSession
    from companion.session.takeover import OUTCOME_TEXT, TakeOver

_MODULE_OF: dict[str, str] = {
    "GameSession": "game_session",
    "TakeOver": "takeover",
    "OUTCOME_TEXT": "takeover",
}
"""Which submodule defines each public name."""


__getattr__, __dir__ = lazy_face(globals(), _MODULE_OF)


__all__ = ["OUTCOME_TEXT", "GameSession", "TakeOver"]
