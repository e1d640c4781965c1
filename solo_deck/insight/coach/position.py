"""The position the Coach looks at: your game as the table shows it to you.

A game keeps things the table hides from you: a virtual solo deck's order (the app flips
Frederick's cards from it). The Coach must not use them, so it plays on from
:func:`public_game`, a branch of the game where Frederick's unseen cards lie in a pile of
unknown order, as a table deck's do: each of his cards is then dealt by the odds of the
faces not yet seen (:mod:`solo_deck.rules.legal.hidden`). Everything else the engine
holds is public or yours (your hand, when you named it).

A *turn* of yours runs from its first decision (sail, play a card or pass:
:func:`turn_begins`) until Frederick's turn or the End Phase comes, or your next turn
begins (:func:`turn_over`). Whether the Coach can weigh the position at all
(:func:`why_no_advice`) needs only the engine's list of moves: the Table asks it for the
Coach's key at every state, and it imports none of the Coach's rollouts.
"""

from __future__ import annotations

from solo_deck.events import NameAlly, NameCard, NameHand
from solo_deck.game import SoloGame
from solo_deck.model.moves import Move
from solo_deck.model.state import GameState, Phase
from solo_deck.text import t

NAMINGS = (NameHand, NameAlly, NameCard)
"""What the table may tell at any time and never must: a card of your hand, a face-up Ally
or Advanced card not named yet (the rollouts deal them)."""


def public_game(game: SoloGame) -> SoloGame:
    """A branch of ``game`` at its current state that knows only what the table shows you
    (see the module).

    >>> from solo_deck.play.simulate import new_game
    >>> from solo_deck.play.table import Configuration
    >>> game = new_game(Configuration(), seed=3)
    >>> public_game(game).state.deck.mode, game.state.deck.mode
    ('table', 'virtual')
    """
    state = game.state
    deck = state.deck
    if deck.mode == "virtual":
        unseen = set(deck.draw_pile)
        order = tuple(card.id for card in deck.definition.cards if card.id in unseen)
        deck = deck.model_copy(update={"mode": "table", "draw_pile": order, "seed": 0})
        state = state.model_copy(update={"deck": deck})
    return SoloGame.at(game.setup, state)


def turn_begins(state: GameState) -> bool:
    """True at the first decision of a turn of yours: sail, play a card or pass."""
    return (
        state.phase is Phase.PLAYER
        and state.obligation is None
        and not state.card_played
        and not state.game_over
    )


def turn_over(start: GameState, state: GameState) -> bool:
    """True once the turn that began at ``start`` is over in ``state``."""
    if state.game_over or state.phase is not Phase.PLAYER or state.round != start.round:
        return True
    return state.player_turns != start.player_turns


def decisions(game: SoloGame) -> list[Move] | None:
    """Your decisions now, or ``None`` when the table must tell a fact first (the namings
    of :data:`NAMINGS` are never required: they are left out)."""
    moves = [move for move in game.legal_moves() if not isinstance(move.event, NAMINGS)]
    if any(not move.decision for move in moves):
        return None
    return moves


def why_no_advice(game: SoloGame) -> str | None:
    """Why the Coach cannot weigh ``game``'s position now (``None``: it can).

    >>> from solo_deck.play.simulate import new_game
    >>> from solo_deck.play.table import Configuration
    >>> why_no_advice(new_game(Configuration(), seed=3)) is None
    True
    """
    state = game.state
    if state.game_over:
        return t("the game is over")
    if not turn_begins(state):
        return t("the Coach weighs whole turns: ask at the start of your turn")
    if decisions(game) is None:
        return t("the table must tell something first (a tile, a card or a face)")
    return None
