"""What the engine says about what is likely, from public information only: the odds of
Frederick's next card and of what he removes at each port (:mod:`~solo_deck.insight.odds`),
the forecast of the rounds left (:mod:`~solo_deck.insight.forecast`, timed by
:mod:`~solo_deck.insight.round_plan`) and the What if ranking of Edicts
(:mod:`~solo_deck.insight.advisor`). None of it changes a game; the app computes it in
the background.
"""
