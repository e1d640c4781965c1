"""The engine's pure data: the state of a game and every part of it (Frederick's palace,
the edict row, the solo deck, the Voyage ring, your tableau, the shared boards, what is
owed), the ruleset and the printed components, as frozen pydantic models.

Nothing here folds an event (that is :mod:`solo_deck.rules`); the public names are on
the package face, :mod:`solo_deck`.
"""
