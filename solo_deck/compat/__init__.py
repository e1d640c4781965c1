"""Documents written by earlier versions, carried over to the current schema when they are
read (:mod:`~solo_deck.compat.legacy_v1` for schema 1)."""
