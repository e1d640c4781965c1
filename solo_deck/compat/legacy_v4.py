"""Carrying a schema-4 saved game over to today's schema.

Schema 5 follows your Action cards by name: a face-up card must be in your hand, and a
Purchase cannot remove a card from an empty discard pile. A schema-4 game was recorded
without those checks, so it goes on counting its cards only (``cards_by_name`` False in its
setup): every event it holds replays as it was recorded.

>>> upgrade_v4({"schema_version": 4, "setup": {"seed": 3}, "events": []})["setup"]
{'seed': 3, 'cards_by_name': False}
"""

from __future__ import annotations

from typing import Any


def upgrade_v4(document: dict[str, Any]) -> dict[str, Any]:
    """Today's document for a schema-4 one (a copy; ``document`` is left as it was)."""
    from solo_deck.schema import SCHEMA_VERSION

    setup = document.get("setup")
    if isinstance(setup, dict):
        setup = {**setup, "cards_by_name": False}
    return {**document, "schema_version": SCHEMA_VERSION, "setup": setup}
