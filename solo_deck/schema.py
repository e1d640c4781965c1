"""The version of the saved-game document (:meth:`SoloGame.to_document`).

Kept apart from :mod:`solo_deck.game` so that storage code can check a file's version
without importing the engine.
"""

SCHEMA_VERSION = 1
"""Raise it when the document's shape changes; older programs refuse newer documents."""
