"""The turns the Coach weighs: complete turns of yours from the position, each the
decisions you would make (sail, a card in a slot, the action's choices and what they set
off) up to the end of the turn, or up to the first fact the table deals (a card drawn, a
tile from the bag), after which the rest is chosen as the draw falls.

Every turn is built from the moves the engine lists (:meth:`SoloGame.legal_moves
<solo_deck.game.SoloGame.legal_moves>`) and played on a branch of the game through the
same fold as the table, so each is a turn the engine accepts. The candidates are:

- each distinct card play at your port (face up, or face down for each action), in the
  free slot whose own actions are worth least, as the greedy bot would place it;
- each play whose worth depends on the port (a Summon, a Purchase, a Market visit) after
  sailing to each port in reach;
- passing, when the engine allows it;

and for each, the two best first choices of its action (which site, which Ally, which
trade), the rest of the turn chosen as the greedy bot chooses
(:func:`solo_deck.play.greedy.ranked_by_preview`). :func:`turn_steps` orders them by the
value function (:mod:`solo_deck.play.value`): the greedy bot's own turn comes first, the
others by their estimate.
"""

# i18n: sentences are Text
from __future__ import annotations

import random
from collections.abc import Generator, Iterator
from dataclasses import dataclass

from solo_deck.errors import RuleError
from solo_deck.events import Event, PlayCard, Travel
from solo_deck.game import SoloGame
from solo_deck.insight.coach.position import decisions, turn_over
from solo_deck.model.moves import Move
from solo_deck.model.state import GameState
from solo_deck.play.estimates import Estimates, distinct_plays, pending_worth, played
from solo_deck.play.greedy import GreedyBot, in_best_slot, ranked_by_preview
from solo_deck.play.value import worth

FIRST_CHOICES = 2
"""How many first choices of a card's action each play is tried with."""
_NO_RNG = random.Random(0)
"""The greedy bot draws no random number; its ``choose`` still takes a generator."""


@dataclass(frozen=True)
class TurnPlan:
    """A complete turn of yours, as far as you decide it.

    ``events`` are your decisions in order; ``lines`` the engine's log line of each;
    ``open_end`` is True when a fact the table deals comes before the turn is over (the
    rest is chosen then); ``estimate`` is the value function's worth of the position after
    it (VP)."""

    events: tuple[Event, ...]
    lines: tuple[str, ...]
    open_end: bool
    estimate: float
    state: GameState

    @property
    def key(self) -> str:
        """What tells two turns apart: their decisions."""
        return repr(self.events)


def openings(game: SoloGame) -> Iterator[tuple[Event, ...]]:
    """The first decisions of the candidate turns (see the module), the greedy bot's own
    opening first."""
    moves = decisions(game)
    if not moves:
        return
    greedy = GreedyBot()
    first = greedy.choose(game, moves, _NO_RNG)
    seen: set[str] = set()
    greedy_opening: tuple[Event, ...] = (first.event,)
    if isinstance(first.event, Travel):
        there = _after(game, (first.event,))
        there_moves = decisions(there) if there is not None else None
        if there is not None and there_moves:
            greedy_opening = (first.event, greedy.choose(there, there_moves, _NO_RNG).event)
    yield greedy_opening
    seen.add(repr(greedy_opening))
    for opening in _all_openings(game, moves):
        if repr(opening) not in seen:
            seen.add(repr(opening))
            yield opening


def _all_openings(game: SoloGame, moves: list[Move]) -> Iterator[tuple[Event, ...]]:
    plays = [m for m in moves if isinstance(m.event, PlayCard)]
    here = Estimates(game.state, game.ruleset)
    for move in distinct_plays(plays).values():
        yield (in_best_slot(here, move, plays).event,)
    for move in moves:
        if not isinstance(move.event, (PlayCard, Travel)):
            yield (move.event,)  # pass
    for move in moves:
        if not isinstance(move.event, Travel):
            continue
        there = _after(game, (move.event,))
        there_moves = decisions(there) if there is not None else None
        if there is None or not there_moves:
            continue
        there_plays = [m for m in there_moves if isinstance(m.event, PlayCard)]
        estimates = Estimates(there.state, there.ruleset)
        for play in distinct_plays(there_plays).values():
            if estimates.at_sea(played(play)):
                yield (move.event, in_best_slot(estimates, play, there_plays).event)


def completed(game: SoloGame, opening: tuple[Event, ...]) -> list[TurnPlan]:
    """The turns that begin with ``opening`` (its action's :data:`FIRST_CHOICES` best first
    choices, the rest as the greedy bot chooses); none if the engine refuses it."""
    start = game.state
    branch = _after(game, ())
    assert branch is not None
    lines: list[str] = []
    try:
        for event in opening:
            _, line = branch.preview(event)
            branch.push(event)
            lines.append(line)
    except RuleError:
        return []
    return list(_finish(branch, start, list(opening), lines, first=True))


def _finish(
    game: SoloGame, start: GameState, events: list[Event], lines: list[str], *, first: bool
) -> Iterator[TurnPlan]:
    while not turn_over(start, game.state):
        moves = decisions(game)
        if moves is None:
            yield _plan(game, events, lines, open_end=True)
            return
        if len(moves) > 1 and first:
            for _, move in ranked_by_preview(game, moves)[:FIRST_CHOICES]:
                fork = _after(game, ())
                assert fork is not None
                _, line = fork.preview(move.event)
                fork.push(move.event)
                yield from _finish(fork, start, [*events, move.event], [*lines, line], first=False)
            return
        move = GreedyBot().choose(game, moves, _NO_RNG)
        _, line = game.preview(move.event)
        game.push(move.event)
        events.append(move.event)
        lines.append(line)
    yield _plan(game, events, lines, open_end=False)


def _plan(game: SoloGame, events: list[Event], lines: list[str], *, open_end: bool) -> TurnPlan:
    state, ruleset = game.state, game.ruleset
    return TurnPlan(
        events=tuple(events),
        lines=tuple(lines),
        open_end=open_end,
        estimate=worth(state, ruleset) + pending_worth(state, ruleset),
        state=state,
    )


def _after(game: SoloGame, events: tuple[Event, ...]) -> SoloGame | None:
    branch = SoloGame.at(game.setup, game.state)
    try:
        for event in events:
            branch.push(event)
    except RuleError:
        return None
    return branch


def turn_steps(game: SoloGame) -> Generator[None, None, list[TurnPlan]]:
    """Every candidate turn from ``game``'s position (see the module), the greedy bot's
    own turn first, then the others best estimate first (distinct turns only), worked out
    a little at a time: one step per opening weighed."""
    plans: list[TurnPlan] = []
    seen: set[str] = set()
    for opening in openings(game):
        for plan in completed(game, opening):
            if plan.key not in seen:
                seen.add(plan.key)
                plans.append(plan)
        yield None
    return plans[:1] + sorted(plans[1:], key=lambda plan: -plan.estimate)
