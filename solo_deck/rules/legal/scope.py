"""What every move generator reads: the state, the ruleset in force, the limits built from
it, the setup's choices that weigh hidden outcomes, and the assumed component values."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from solo_deck.events import Event
from solo_deck.model.assumptions import Assumptions
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.moves import Move
from solo_deck.model.obligations import Obligation
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState

K = TypeVar("K")


@dataclass(frozen=True)
class Scope:
    """One state's inputs to the move generators."""

    state: GameState
    ruleset: Ruleset
    limits: PlayerLimits
    assumptions: Assumptions
    difficulty: str = "medium"
    easier_solo: bool = False
    first: Obligation | None = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "first", self.state.obligation)


def decisions(events: Iterable[Event]) -> Iterator[Move]:
    """Each event as a decision."""
    return (Move(event) for event in events)


def weighted(counts: Counter[K] | dict[K, int], ordered: bool = False) -> list[tuple[K, Fraction]]:
    """Each key with its share of the counts (keys with nothing left out), sorted by the
    keys' text (``ordered``: in the counts' own order, already stable).

    >>> weighted(Counter({"b": 1, "a": 3}))
    [('a', Fraction(3, 4)), ('b', Fraction(1, 4))]
    """
    total = sum(n for n in counts.values() if n > 0)
    items = [(key, n) for key, n in counts.items() if n > 0]
    if not ordered:
        items.sort(key=lambda kv: str(kv[0]))
    return [(key, Fraction(n, total)) for key, n in items]
