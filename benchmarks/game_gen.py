"""Seeded, legal solo games for the benchmarks: as many events or rounds as asked.

A game is driven by :func:`next_events`, which looks at the current state and returns the
events a player would key in next: play a card face down (the leftmost free slot, one of
the actions it gives) and let its action go, let
Frederick act, type the Edict tile he just drew, and the End Phase (castle income, ally
income, reorganise, end round). To
keep a long game going, ``Correct`` events top up the Edict pile and the Advanced card
pile before they run out (a player fixing a count on the table does the same).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from solo_deck import (
    GameSetup,
    GameState,
    Phase,
    SoloGame,
    face_down_offers,
    load_ruleset,
    parse_edict,
)
from solo_deck import events as ev

TILES = ("2T 1W", "1C 2S", "3K", "2K 1T", "3T", "2W 1C", "2G 1A", "1P 1A", "2S 1G", "1T 1W 1K")
"""Edict tiles the generator deals and reveals (all valid notation)."""

PILE = 60
LOW_PILE = 10
ADVANCED_REFILL = 30
LOW_ADVANCED = 12


def bench_setup(seed: int = 7) -> GameSetup:
    """A setup with a high Edict pile, so a long game does not end by itself."""
    rng = random.Random(seed)
    tiles = [parse_edict(t) for t in rng.sample(TILES, 6)]
    return GameSetup(
        active_edicts=(tiles[0], tiles[1], tiles[2]),
        next_edicts=(tiles[3], tiles[4], tiles[5]),
        edict_pile=PILE,
        seed=seed,
        port_allies=("gisele", "tento", "castellan", "severin", "gregoria-1"),
    )


def next_events(state: GameState, rng: random.Random) -> list[ev.Event]:
    """The events that move the game on from ``state`` (a player's next keys)."""
    if state.awaiting_reveal:
        tile = parse_edict(rng.choice(TILES))
        return [ev.RevealEdict(position=state.awaiting_reveal[0], edict=tile)]
    if state.pending:
        return [ev.Decline()]
    if state.phase is Phase.PLAYER:
        events: list[ev.Event] = []
        if rng.random() < 0.3:
            events.append(ev.Gain(vp=rng.randint(1, 3), augustales=rng.randint(0, 2)))
        slot, offered = next(iter(face_down_offers(state, load_ruleset()).items()))
        action = "market" if "market" in offered else offered[0]
        events.append(ev.PlayCard(slot=slot, face_up=False, actions=(action,)))
        return events
    if state.phase is Phase.FREDERICK:
        return [ev.FrederickTurn()]
    if state.phase is Phase.END_PHASE:
        progress = state.end_phase
        if not progress.castle_income:
            return [ev.CastleIncome()]
        if progress.ally_income is None:
            return [ev.ScoreAllyIncome()]
        if not progress.reorganised:
            fixes: list[ev.Event] = []
            if state.voyage.advanced_pile < LOW_ADVANCED:
                fixes.append(ev.Correct(target="voyage.advanced_pile", value=ADVANCED_REFILL))
            return [*fixes, ev.Reorganise()]
        fixes = []
        if state.edicts.pile < LOW_PILE:
            fixes.append(ev.Correct(target="edicts.pile", value=PILE))
        return [*fixes, ev.EndRound()]
    raise RuntimeError(f"the generated game ended in round {state.round}: {state.game_end}")


def drive(
    push: Callable[[ev.Event], GameState],
    state: Callable[[], GameState],
    *,
    seed: int = 7,
    events: int | None = None,
    rounds: int | None = None,
) -> int:
    """Push events through ``push`` until ``events`` have been pushed or ``rounds`` whole
    rounds are over; returns how many were pushed."""
    rng = random.Random(seed)
    pushed = 0
    while True:
        for event in next_events(state(), rng):
            if events is not None and pushed >= events:
                return pushed
            push(event)
            pushed += 1
            if rounds is not None and state().round > rounds:
                return pushed


def game_with_events(count: int, seed: int = 7) -> SoloGame:
    """A game whose log holds exactly ``count`` events."""
    game = SoloGame(bench_setup(seed))
    drive(game.push, lambda: game.state, seed=seed, events=count)
    assert len(game.events) == count
    return game


def game_with_rounds(rounds: int, seed: int = 7) -> SoloGame:
    """A game after ``rounds`` whole rounds (the next round has just begun)."""
    game = SoloGame(bench_setup(seed))
    drive(game.push, lambda: game.state, seed=seed, rounds=rounds)
    return game
