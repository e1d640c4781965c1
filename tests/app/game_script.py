"""A simple solo game for the app tests: the virtual deck, a small Edict pile so the game
ends within a few rounds, and your turns played as a face-down card whose action you let go
(the quickest legal turn), on boards you checked (your Player Board's Edict mark on the
third Ally space). :func:`play_in_engine` plays it to its end through the engine.

The full tableau game (a Keep with its Edict, a Great Structure, a Market, a City Bonus...)
played by keys is tests/scripted_game.py's."""

from __future__ import annotations

from solo_deck import MAIN_ACTIONS, GameSetup, Phase, SoloGame, face_down_offers, parse_edict
from solo_deck.events import (
    CastleIncome,
    Decline,
    EndRound,
    Event,
    FrederickTurn,
    Gain,
    PlayCard,
    Reorganise,
    RevealEdict,
    ScoreAllyIncome,
    SummonAlly,
)
from tests.game_setups import checked_ruleset

SEED = 3
ACTIVE = ("2T 1W", "1C 2S", "3K")
NEXT = ("2K 1T", "3T", "2W 1C")
PILE = 5
REVEALS = ("2K", "3T 1W", "1C 1P", "2S 1G")
PORT_ALLIES = ("gisele", "tento", "castellan", "severin", "gregoria-1")


def script_setup() -> GameSetup:
    """The setup of the simple game."""
    return GameSetup(
        active_edicts=tuple(parse_edict(t) for t in ACTIVE),
        next_edicts=tuple(parse_edict(t) for t in NEXT),
        edict_pile=PILE,
        seed=SEED,
        port_allies=PORT_ALLIES,
        ruleset=checked_ruleset(marked_ally_space=3),
    )


def idle_turn(game: SoloGame) -> list[Event]:
    """The events of a turn with nothing done: a card face down, its action let go."""
    offers = face_down_offers(game.state, game.setup.ruleset)
    # as the Play card dialog offers it: the first action a free slot gives (Promote
    # unless only slot 4's Build or Summon is left), in the leftmost slot that gives it
    action = next(a for a in MAIN_ACTIONS if any(a in acts for acts in offers.values()))
    slot = next(slot for slot, acts in offers.items() if action in acts)
    return [PlayCard(slot=slot, face_up=False, actions=(action,)), Decline()]


SUMMON_GISELE: tuple[Event, ...] = (
    Gain(grain=2, stone=-1, reason="traded at the table"),
    PlayCard(slot=2, face_up=False, actions=("summon",)),
    SummonAlly(ally_id="gisele", grain=3),
)
"""Your first turn: Gisèle (at your port, Roma, whose Ally space costs 3 Grain) summoned
with a face-down card in slot 3 (Promote or Summon); then it is Frederick's turn."""


def play_in_engine() -> SoloGame:
    """The whole simple game through the engine alone."""
    game = SoloGame(script_setup())
    reveals = 0

    def push(event: Event) -> None:
        nonlocal reveals
        game.push(event)
        while game.state.awaiting_reveal:
            tile = parse_edict(REVEALS[reveals % len(REVEALS)])
            game.push(RevealEdict(position=game.state.awaiting_reveal[0], edict=tile))
            reveals += 1

    while game.state.phase is not Phase.GAME_OVER:
        phase = game.state.phase
        if phase is Phase.PLAYER:
            for event in idle_turn(game):
                push(event)
        elif phase is Phase.FREDERICK:
            push(FrederickTurn())
        else:
            for event in (CastleIncome(), ScoreAllyIncome(), Reorganise(), EndRound()):
                push(event)
    return game
