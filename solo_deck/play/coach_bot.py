"""The Coach as a bot of the lab, so its strength is measured: at the start of each turn
it asks the Coach (:mod:`solo_deck.insight.coach`) with a budget of rollouts, plays the
decisions of the turn it ranks first, and leaves everything else (the choices after a
fact the table deals, the End Phase) to the greedy bot it plays its rollouts with.

>>> from solo_deck.play.simulate import play_game
>>> from solo_deck.play.table import Configuration
>>> play_game(Configuration(), CoachBot(budget=2), seed=3).score > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solo_deck.events import Event
from solo_deck.game import SoloGame
from solo_deck.model.moves import Move
from solo_deck.play.greedy import GreedyBot

COACH_BUDGET = 24
"""Rollouts per turn by default (the lab's ``--budget``)."""


class CoachBot:
    """Each turn, the Coach's first turn from ``budget`` rollouts (see the module)."""

    name = "coach"

    def __init__(self, budget: int = COACH_BUDGET, keep: int | None = None) -> None:
        self.budget = budget
        self.keep = keep
        self._greedy = GreedyBot()
        self._queue: list[Event] = []

    def choose(self, game: SoloGame, moves: Sequence[Move], rng: random.Random) -> Move:
        from solo_deck.insight.coach import Coach, NoAdvice
        from solo_deck.insight.coach.coach import KEEP
        from solo_deck.insight.coach.position import turn_begins

        if turn_begins(game.state) and len(moves) > 1:
            self._queue = []
            try:
                coach = Coach(game, seed=rng.randrange(2**32), keep=self.keep or KEEP)
                answer = coach.advise(self.budget)
            except NoAdvice:
                answer = None
            if answer is not None and answer.lines:
                self._queue = list(answer.lines[0].events)
        if self._queue:
            wanted = self._queue.pop(0)
            move = next((m for m in moves if m.event == wanted), None)
            if move is not None:
                return move
            self._queue = []
        return self._greedy.choose(game, moves, rng)
