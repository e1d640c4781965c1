"""Each of your turns judged after the game, as chess players read an engine's verdict:
the turn you played, the Coach's best turn in that position, and the expected final score
the difference cost (0 when you played the best, or a turn as good).

:func:`judge_steps` replays a game once, finds the start of each turn of yours the Coach
can weigh (:func:`~solo_deck.insight.coach.position.why_no_advice`), and asks the Coach there,
with the turn as played added to its candidates and a budget of rollouts per turn. The
loss is the paired difference of the two turns' rollouts (common random numbers), never
below 0. It is a generator: ``(done, total)`` after each rollout event slice batch, so a
front end shows a progress line and stays responsive; the judgements are its return value.

>>> from solo_deck.play.simulate import new_game, play_out, play_rng
>>> from solo_deck.play.table import Configuration
>>> from solo_deck.play.greedy import GreedyBot
>>> game = play_out(new_game(Configuration(), seed=5), GreedyBot(), play_rng(5))
>>> turns = judge(game, budget=2, keep=1, limit=2)
>>> [(t.round, t.turn) for t in turns]
[(1, 1), (1, 2)]
>>> all(t.expected_loss >= 0 for t in turns)
True
"""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from solo_deck.events import (
    CheckBoard,
    Correct,
    Event,
    FrederickTurn,
    Gain,
    NameAlly,
    NameCard,
    NameHand,
    RevealEdict,
)
from solo_deck.game import SoloGame
from solo_deck.insight.coach.coach import Coach, NoAdvice
from solo_deck.insight.coach.position import turn_begins, turn_over, why_no_advice
from solo_deck.model.state import GameState
from solo_deck.rules.transitions import apply_event
from solo_deck.setup import initial_state
from solo_deck.text import joined

TOLD = (FrederickTurn, RevealEdict, NameAlly, NameCard, NameHand, Gain, Correct, CheckBoard)
"""Events the table tells rather than you decide: a turn as played is your decisions up
to the first of these."""
JUDGE_BUDGET = 24
"""Rollouts per turn judged, by default (never fewer than two for each turn weighed)."""
KEEP = 3
"""Candidate turns besides yours played out per turn judged, by default."""
SEPARATOR = " · "


@dataclass(frozen=True)
class TurnJudgement:
    """One turn of yours judged: its ``round`` and ``turn`` (your turn's number in the
    round), the turn as ``played`` and the Coach's ``best`` (the engine's words for each
    decision, joined), their expected final scores, and the ``expected_loss`` (VP)."""

    round: int
    turn: int
    played: str
    best: str
    played_mean: float
    best_mean: float
    expected_loss: float
    games: int

    def to_json(self) -> dict[str, object]:
        """The turn as ``review --json`` prints it."""
        return {
            "round": self.round,
            "turn": self.turn,
            "played": self.played,
            "best": self.best,
            "expected_loss": round(self.expected_loss, 2),
        }


@dataclass(frozen=True)
class TurnStart:
    """Where a turn of yours began in a game's log: the state then and your decisions."""

    index: int
    state: GameState
    played: tuple[Event, ...]


def turn_starts(game: SoloGame) -> list[TurnStart]:
    """The start of every turn of yours in ``game`` the Coach can weigh, with the decisions
    you made in it (up to the first fact the table told)."""
    ruleset = game.setup.ruleset
    events = game.events
    states: list[GameState] = []
    state = initial_state(game.setup)
    for event in events:
        states.append(state)
        state = apply_event(state, event, ruleset)[0]
    starts: list[TurnStart] = []
    seen: set[tuple[int, int]] = set()
    for index, before in enumerate(states):
        turn = (before.round, before.player_turns)
        if turn in seen or isinstance(events[index], TOLD) or not turn_begins(before):
            continue
        seen.add(turn)
        if why_no_advice(SoloGame.at(game.setup, before)) is not None:
            continue
        played: list[Event] = []
        for later in range(index, len(events)):
            if isinstance(events[later], TOLD) or turn_over(before, states[later]):
                break
            played.append(events[later])
        starts.append(TurnStart(index, before, tuple(played)))
    return starts


def judge_steps(
    game: SoloGame,
    *,
    budget: int = JUDGE_BUDGET,
    keep: int = KEEP,
    seed: int = 0,
    limit: int | None = None,
) -> Generator[tuple[int, int], None, tuple[TurnJudgement, ...]]:
    """Judge every turn of yours in ``game`` (the first ``limit`` with a limit), yielding
    ``(turns judged, turns to judge)`` after every step of the Coach (one simulated event);
    returns the judgements in the game's order. Each turn gets ``budget`` rollouts, and
    at least two for each turn weighed (yours among them), so a loss is always measured."""
    starts = turn_starts(game)[:limit]
    total = len(starts)
    judged: list[TurnJudgement] = []
    for number, start in enumerate(starts):
        yield number, total
        position = SoloGame.at(game.setup, start.state)
        try:
            coach = Coach(position, seed=seed + number, keep=keep, include=start.played)
        except NoAdvice:
            continue
        try:
            for _ in coach.choose():
                yield number, total
            for _ in coach.rollouts(max(budget, 2 * len(coach.plans))):
                yield number, total
        except NoAdvice:
            continue
        verdict = _verdict(coach, start)
        if verdict is not None:
            judged.append(verdict)
    yield total, total
    return tuple(judged)


def judge(
    game: SoloGame,
    *,
    budget: int = JUDGE_BUDGET,
    keep: int = KEEP,
    seed: int = 0,
    limit: int | None = None,
) -> tuple[TurnJudgement, ...]:
    """:func:`judge_steps` run to its end (for scripts and the command line)."""
    steps = judge_steps(game, budget=budget, keep=keep, seed=seed, limit=limit)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: tuple[TurnJudgement, ...] = done.value
            return result


def _verdict(coach: Coach, start: TurnStart) -> TurnJudgement | None:
    mine = coach.played
    if mine is None or not coach.plans:
        return None
    live = [coach.plans[index] for index in coach.live]
    best = max(live, key=lambda plan: coach.tally_of(plan).mean)
    if best is mine:
        loss = 0.0
    else:
        ahead, _, pairs = coach.tally_of(best).ahead_of(coach.tally_of(mine))
        loss = max(0.0, ahead) if pairs else 0.0
    return TurnJudgement(
        round=start.state.round,
        turn=start.state.player_turns + 1,
        played=joined(mine.lines, " · "),
        best=joined(best.lines, " · "),
        played_mean=coach.tally_of(mine).mean,
        best_mean=coach.tally_of(best).mean,
        expected_loss=loss,
        games=sum(t.games for t in coach.tallies),
    )


def costliest(turns: tuple[TurnJudgement, ...], count: int = 3) -> tuple[TurnJudgement, ...]:
    """The ``count`` turns that cost most (a loss above 0), costliest first (the earlier
    of equals first)."""
    lost = [turn for turn in turns if turn.expected_loss > 0]
    return tuple(sorted(lost, key=lambda turn: -turn.expected_loss)[:count])
