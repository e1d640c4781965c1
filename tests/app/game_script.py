"""A scripted solo game, played twice in the tests: once through the engine alone and once
by keys in the app. Both must end in the same place.

The seed and tiles are chosen so that the game shows a crown reshuffle, a Frederick edict
that hits a cap, a Frederick edict whose Active space was empty (the fallback), ally income
and an end of game after three rounds (an Active Edict space left empty).
"""

from __future__ import annotations

from solo_deck import GameSetup, Phase, SoloGame, edict_advice, parse_edict
from solo_deck.events import (
    CastleIncome,
    EndRound,
    EndTurn,
    Event,
    FrederickTurn,
    Gain,
    PlayerEdict,
    Reorganise,
    RevealEdict,
    ScoreAllyIncome,
    SummonAlly,
    Travel,
)

SEED = 3
ACTIVE = ("2T 1W", "1C 2S", "3K")
NEXT = ("2K 1T", "3T", "2W 1C")
PILE = 5
REVEALS = ("2K", "3T 1W", "1C 1P", "2S 1G")
PORT_ALLIES = ("gisele", "tento", "castellan", "severin", "gregoria-1")


def script_setup() -> GameSetup:
    """The setup the Setup screen is filled with."""
    return GameSetup(
        active_edicts=tuple(parse_edict(t) for t in ACTIVE),  # type: ignore[arg-type]
        next_edicts=tuple(parse_edict(t) for t in NEXT),  # type: ignore[arg-type]
        edict_pile=PILE,
        seed=SEED,
        port_allies=PORT_ALLIES,
    )


def player_plan(turn: int, round_: int) -> list[str]:
    """What the player records on a turn: ``gain``, ``summon``, ``edict`` or ``travel``."""
    if turn == 1:
        return ["gain", "summon"] if round_ == 1 else ["gain"]
    if turn == 2:
        return ["edict"]
    if turn == 3 and round_ >= 2:
        return ["travel"]
    return []


def first_edict(game: SoloGame) -> PlayerEdict | None:
    """The edict the keys pick: the first Active tile, the first choice listed (the
    advisor's order: best ally income first) and the first Next tile."""
    state = game.state
    slots = state.edicts.non_empty_active()
    if not slots:
        return None
    rows = [row for row in edict_advice(state, game.setup.ruleset) if row.slot == slots[0]]
    nexts = state.edicts.non_empty_next()
    return PlayerEdict(
        slot=slots[0], choice=dict(rows[0].choice), replacement=nexts[0] if nexts else None
    )


def play_in_engine() -> SoloGame:
    """The whole scripted game through the engine alone."""
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
        state = game.state
        if state.phase is Phase.PLAYER:
            for step in player_plan(state.turn, state.round):
                if step == "gain":
                    push(Gain(vp=2, grain=3))
                elif step == "summon":
                    push(SummonAlly(ally_id="gisele", grain=3))
                elif step == "edict":
                    edict = first_edict(game)
                    if edict is not None:
                        push(edict)
                elif step == "travel":
                    push(Travel(port=(game.state.voyage.player + 1) % 5))
            push(EndTurn())
        elif state.phase is Phase.FREDERICK:
            push(FrederickTurn())
        else:
            # The rulebook's End Phase order: castle income before ally income.
            for event in (CastleIncome(), ScoreAllyIncome(), Reorganise(), EndRound()):
                push(event)
    return game
