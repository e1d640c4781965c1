"""The bots that play your side in the lab. Each chooses one of the decisions the engine
lists (:meth:`SoloGame.legal_moves <solo_deck.game.SoloGame.legal_moves>`); none keeps a
rule of its own, and each is deterministic given the random generator it is handed.

- :class:`RandomBot` chooses uniformly among the decisions.
- :class:`~solo_deck.play.greedy.GreedyBot` takes the best immediate gain.
- :class:`~solo_deck.play.plan.PlanBot` plays a script: castle first, then Allies.
- :class:`~solo_deck.play.coach_bot.CoachBot` plays the Coach's first turn, from a budget
  of rollouts per turn (far slower: the lab plays it only when asked).

:func:`solo_deck.play.roster.bot_named` gives each by its name (``random``, ``greedy``,
``plan``, ``coach``); it lives apart so that a bot may use the Coach, which uses bots.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from solo_deck.game import SoloGame
from solo_deck.model.moves import Move


class Bot(Protocol):
    """Chooses your move among ``moves`` (the decisions legal now, never empty)."""

    name: str

    def choose(self, game: SoloGame, moves: Sequence[Move], rng: random.Random) -> Move: ...


class RandomBot:
    """Any legal decision, each as likely."""

    name = "random"

    def choose(self, game: SoloGame, moves: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(moves)
