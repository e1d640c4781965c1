"""A legal move: an event the engine accepts now, and, where the event tells something the
table hides or has not told, how likely that is from what is public.

>>> from fractions import Fraction
>>> from solo_deck.events import Pass, RevealEdict
>>> from solo_deck.model.edict import parse_edict
>>> Move(Pass()).decision
True
>>> tile = Move(RevealEdict(position=0, edict=parse_edict("2T")), Fraction(1, 18), "Next I",
...             decision=False)
>>> tile.decision, tile.chance
(False, Fraction(1, 18))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solo_deck.events import Event


@dataclass(frozen=True, slots=True)
class Move:
    """An event the engine accepts now.

    ``decision`` is True for a choice (yours, or an End Phase step) and False for what the
    table deals or shows (a tile drawn from the bag, a card drawn, an Ally or Advanced card
    turned up, Frederick's card). ``chance`` is the probability, from what is public, of
    the value the event tells about ``fact``: the outcomes of one fact add up to 1. It is
    ``None`` for an event that tells nothing the engine lacks. A decision may tell a value
    too (the Ally you summon when its name was not typed, the tile of a first Market
    visit): its ``chance`` weighs that value.
    """

    event: Event
    chance: Fraction | None = None
    fact: str | None = None
    decision: bool = True
