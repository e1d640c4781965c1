"""Carrying a schema-2 saved game over to today's schema (3 and later read it the same way).

Schema 3 added your Castle Board to the ruleset (sites, costs, marks, sides, covers) and
the sites built to your state; its Builds name a site and the engine takes the rest from
the board. A schema-2 game has no board: it goes on as it was recorded, its Builds (the
old ones and the ones still to come) saying what the table showed, so every event keeps
the cost it was recorded with. Nothing in the document changes but its version.

>>> from solo_deck.schema import SCHEMA_VERSION
>>> upgrade_v2({"schema_version": 2, "setup": {}, "events": []})["schema_version"] == SCHEMA_VERSION
True
"""

from __future__ import annotations

from typing import Any


def upgrade_v2(document: dict[str, Any]) -> dict[str, Any]:
    """Today's document for a schema-2 one (a copy; ``document`` is left as it was)."""
    from solo_deck.schema import SCHEMA_VERSION

    return {**document, "schema_version": SCHEMA_VERSION}
