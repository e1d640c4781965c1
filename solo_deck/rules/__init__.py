"""The fold, private to the engine: how each event changes the state.

:func:`solo_deck.rules.transitions.apply_event` is the one entry: it asks the gate
(:mod:`~solo_deck.rules.gate`) whether the event may come now, runs the event's handler
(Frederick's turn, your turn and main actions, Edicts, the End Phase, corrections), puts
what the event triggers (:mod:`~solo_deck.rules.triggers`,
:mod:`~solo_deck.rules.effects`) first in line and settles the state
(:mod:`~solo_deck.rules.follow_through`). Income and scoring are here too. Front ends use
:class:`solo_deck.SoloGame` and the package face, never these modules.
"""
