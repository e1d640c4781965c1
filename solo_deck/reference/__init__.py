"""The Reference: one entry for every component in the rules data, written from the data
itself (so the words and the engine cannot disagree), and a search over them.

:mod:`~solo_deck.reference.entry` is what an entry holds, :mod:`~solo_deck.reference.play`
those of your own play (the main actions, travel, the hand, the warehouse, Edicts, the
End Phase, the final score), :mod:`~solo_deck.reference.pieces`
builds the entries of the printed pieces from the loaders, :mod:`~solo_deck.reference.turns`
those of the game's flow (Frederick's turn, the solo card symbols, the End Phase, the game
end), :mod:`~solo_deck.reference.walk` walks every data file so that an id no builder knows
still gets an entry, and :mod:`~solo_deck.reference.search` ranks entries for a query in
a player's words.
"""
