"""The Reference topics the dialogs point F1 at, named without building the Reference.

A dialog says which entry F1 opens (``reference_topic()``); the entries themselves are
built, and their modules imported, only when the Reference is first looked at
(:mod:`companion.reference`). Opening the Table and the dialogs loads none of it (issue 39).

>>> action_topic("build"), action_topic("fly")
('main-action:build-a-structure', None)
"""

from __future__ import annotations

from solo_deck import main_action_key

EDICT_TOPIC = "rule:issue-an-edict"
"""The entry of issuing an Edict yourself (F1 in the Issue an Edict and reward dialogs)."""

MARKET_TOPIC = "main-action:visit-the-market"
"""The entry of the Market visit (F1 in the Market dialog)."""

TRAVEL_TOPIC = "rule:travel"
"""The entry of sailing and its cost (F1 in the Travel dialog)."""

WAREHOUSE_TOPIC = "rule:warehouse"
"""The entry of the warehouse (F1 in the Put resources back dialog)."""


def action_topic(action: str) -> str | None:
    """The key of a main action's entry (``build``, ``summon``, ``promote``, ``market``,
    ``purchase``); ``None`` for any other word."""
    return main_action_key(action)
