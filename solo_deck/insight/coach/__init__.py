"""The Coach: which complete turn of yours is best from the position, by how much, and why,
from rollouts that see only what the table shows you (:mod:`~.coach`); the turns it weighs
(:mod:`~.turns`), the rollouts and their figures (:mod:`~.rollouts`), the position it may
see and whether it can weigh it (:mod:`~.position`) and its reasons in the table's words
(:mod:`~.why`).

The names below are imported on first use (PEP 562): asking whether the Coach can weigh a
position (:func:`why_no_advice`, which the Table does at every state) loads none of the
rollouts.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solo_deck.insight.coach.coach import Coach, CoachAnswer, CoachLine, NoAdvice
    from solo_deck.insight.coach.position import why_no_advice

_MODULE_OF = {
    "Coach": "coach",
    "CoachAnswer": "coach",
    "CoachLine": "coach",
    "NoAdvice": "coach",
    "why_no_advice": "position",
}


def __getattr__(name: str) -> object:
    """Import a public name from its module the first time it is asked for."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = ["Coach", "CoachAnswer", "CoachLine", "NoAdvice", "why_no_advice"]
