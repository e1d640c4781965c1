"""A game under way that the Coach can weigh: a simulated table (every Ally and Advanced
card at the ports known, as a player who named them), played by the greedy bot with what
the table deals drawn by chance, up to the start of a turn of yours in round ``rounds``
or later where the engine can weigh the position (:func:`solo_deck.why_no_advice`).

The benchmark ``coach_first_answer`` and the Coach's tests start the app's session from
its setup and events (the same seed, the same game).

>>> setup, events = coach_game(seed=3, rounds=2)
>>> (setup, events) == coach_game(seed=3, rounds=2)
True
"""

from __future__ import annotations

import random

from solo_deck import Configuration, GameSetup, SoloGame, new_game, why_no_advice
from solo_deck.events import Event
from solo_deck.play.greedy import GreedyBot
from solo_deck.play.simulate import deal_hand, deal_hidden

MAX_EVENTS = 2_000


def coach_game(seed: int = 3, rounds: int = 2) -> tuple[GameSetup, tuple[Event, ...]]:
    """The setup and events of the game (see the module)."""
    game: SoloGame = new_game(Configuration(), seed)
    rng = random.Random(f"coach game:{seed}")
    bot = GreedyBot()
    while len(game.events) < MAX_EVENTS:
        state = game.state
        if state.game_over:
            break
        if state.round >= rounds and why_no_advice(game) is None:
            return game.setup, game.events
        hand = deal_hand(game, rng)
        if hand is not None:
            game.push(hand)
            continue
        moves = game.legal_moves()
        move = deal_hidden(moves, rng)
        if move is None:
            move = bot.choose(game, [m for m in moves if m.decision], rng)
        game.push(move.event)
    raise RuntimeError(f"no position to weigh from round {rounds} in the game of seed {seed}")
