"""Playing a whole game without a table: the engine lists the moves, a bot chooses yours,
and what the table would deal (a tile drawn, a card drawn, an Ally or card turned up,
Frederick's card) is dealt by chance, by the probabilities the engine gives from what is
public (:mod:`solo_deck.rules.legal.hidden`). Every move goes through the same fold as a
game at the table (:meth:`SoloGame.push <solo_deck.game.SoloGame.push>`).

Dealing by those probabilities is dealing from a shuffled pile: each outcome is weighed by
the copies not yet seen, so the draws come without replacement.

>>> from solo_deck.play.bots import RandomBot
>>> from solo_deck.play.table import Configuration
>>> result = play_game(Configuration(), RandomBot(), seed=3)
>>> result == play_game(Configuration(), RandomBot(), seed=3)
True
>>> result.score >= 0 and result.rounds >= 1
True
"""

# i18n: sentences are Text
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from solo_deck.events import NameHand
from solo_deck.game import SoloGame
from solo_deck.model.moves import Move
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameEndReason
from solo_deck.play.bots import Bot
from solo_deck.play.table import Configuration, deal
from solo_deck.rules.hand import pool, unknown_in_hand
from solo_deck.rules.legal.scope import weighted
from solo_deck.rules.scoring import final_counts, final_score

MAX_EVENTS = 3_000
"""A game that has not ended after this many events is stopped: no solo game comes close
(the longest seen in the lab is far below), so reaching it means a bug, and
:class:`GameTooLong` says so."""


class GameTooLong(RuntimeError):
    """A simulated game went on past :data:`MAX_EVENTS` events."""


@dataclass(frozen=True)
class GameResult:
    """How a simulated game ended: the final score and title, the rounds played, the
    game-end triggers that fired and the events in its log."""

    score: int
    title: str
    rounds: int
    end: tuple[GameEndReason, ...]
    events: int
    vp_track: int = field(default=0)


def deal_hidden(moves: tuple[Move, ...], rng: random.Random) -> Move | None:
    """One outcome of the first hidden fact among ``moves``, drawn by its probability
    (``None`` when nothing is hidden)."""
    fact = next((move.fact for move in moves if not move.decision), None)
    if fact is None:
        return None
    outcomes = [move for move in moves if not move.decision and move.fact == fact]
    return _drawn(outcomes, rng)


def _drawn(outcomes: list[Move], rng: random.Random) -> Move:
    pick = rng.random()
    total = 0.0
    for move in outcomes:
        total += float(move.chance or 0)
        if pick < total:
            return move
    return outcomes[-1]


def deal_hand(game: SoloGame, rng: random.Random) -> NameHand | None:
    """Every card of your hand the engine does not know, drawn at once from the cards whose
    place is unknown (one after the other, without putting back: as the engine weighs one
    card, so many times), told in one event. ``None`` when the hand is known."""
    state = game.state
    count = unknown_in_hand(state) if state.hand is not None and state.cards.by_name else 0
    if count < 1:
        return None
    left = pool(state)
    cards: list[str] = []
    for _ in range(min(count, sum(left.values()))):
        card = _picked(weighted(left), rng)
        cards.append(card)
        left[card] -= 1
    return NameHand(cards=tuple(cards)) if cards else None


def _picked(outcomes: list[tuple[str, Fraction]], rng: random.Random) -> str:
    """One of ``outcomes`` drawn by its probability (as :func:`_drawn` draws a move)."""
    pick = rng.random()
    total = 0.0
    for card, chance in outcomes:
        total += float(chance)
        if pick < total:
            return card
    return outcomes[-1][0]


def play_out(
    game: SoloGame,
    bot: Bot,
    rng: random.Random,
    on_event: Callable[[SoloGame], None] | None = None,
) -> SoloGame:
    """Play ``game`` to its end: hidden facts dealt first, then ``bot`` chooses among the
    decisions. ``on_event`` is called after every event (the self-play test checks its
    invariants there)."""
    while not game.state.game_over:
        play_one(game, bot, rng)
        if on_event is not None:
            on_event(game)
    return game


def play_one(game: SoloGame, bot: Bot, rng: random.Random) -> None:
    """Push the next event of an unfinished ``game``: your unknown hand dealt at once,
    else the first hidden fact dealt, else ``bot``'s choice among the decisions."""
    if len(game.events) >= MAX_EVENTS:
        raise GameTooLong(
            f"no end after {MAX_EVENTS} events (round {game.state.round})"  # i18n: not for a player
        )
    hand = deal_hand(game, rng)
    if hand is not None:  # the whole draw told at once: fewer events, the same deal
        game.push(hand)
        return
    moves = game.legal_moves()
    move = deal_hidden(moves, rng)
    if move is None:
        move = bot.choose(game, [m for m in moves if m.decision], rng)
    game.push(move.event)


def result_of(game: SoloGame) -> GameResult:
    """The result of a finished game."""
    state = game.state
    score = final_score(**final_counts(state), ruleset=game.ruleset)
    return GameResult(
        score=score.total,
        title=score.title,
        rounds=state.round,
        end=state.game_end,
        events=len(game.events),
        vp_track=state.player.vp,
    )


def new_game(configuration: Configuration, seed: int, ruleset: Ruleset | None = None) -> SoloGame:
    """A simulated game's start: the table dealt from ``seed``."""
    return SoloGame(deal(configuration, seed, ruleset))


def play_game(
    configuration: Configuration,
    bot: Bot,
    seed: int,
    ruleset: Ruleset | None = None,
) -> GameResult:
    """Deal a table from ``seed`` and play it to the end with ``bot`` (the same seed and
    bot, the same game)."""
    game = new_game(configuration, seed, ruleset)
    return result_of(play_out(game, bot, play_rng(seed)))


def play_rng(seed: int) -> random.Random:
    """The random generator that deals what is hidden and serves the bot in the game of
    ``seed`` (apart from the one that dealt its table)."""
    return random.Random(f"stupor-solo play:{seed}")
