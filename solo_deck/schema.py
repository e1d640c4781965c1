"""The version of the saved-game document (:meth:`SoloGame.to_document`).

Kept apart from :mod:`solo_deck.game` so that storage code can check a file's version
without importing the engine.
"""

SCHEMA_VERSION = 5
"""Raise it when the document's shape changes; older programs refuse newer documents.

1: the first format (your side as counts). 2: your tableau and pending obligations; a
schema-1 game is carried over by :func:`solo_deck.compat.legacy_v1.upgrade_v1`. 3: your
Castle Board site by site, and Builds that name a site; a schema-2 game goes on without a
board (:func:`solo_deck.compat.legacy_v2.upgrade_v2`). 4: board values told mid-game
(``check_board`` events) and Summons whose Edict mark the Player Board decides; a schema-3
document reads unchanged (its Summons say their mark). 5: your Action cards followed by name
(``name_hand`` events, face-down cards that may name their card); a schema-4 game goes on
counting its cards only (:func:`solo_deck.compat.legacy_v4.upgrade_v4`)."""
