"""The Coach: your best complete turns from the position, proven by rollouts.

It weighs the candidate turns of :mod:`~solo_deck.insight.coach.turns` (the greedy bot's
own turn always among them), keeps the :data:`KEEP` most promising by the value function,
and plays each on to the game's end many times (:mod:`~solo_deck.insight.coach.rollouts`),
from what the table shows you only (:func:`~solo_deck.insight.coach.position.public_game`).
A turn's worth is the mean final score its rollouts reached, with a 95 % interval, and the
share that reached the title you aim at.

:meth:`Coach.steps` is a generator: one event of a rollout per step, an answer
(:class:`CoachAnswer`) after each round of rollouts (every kept turn played once more),
so a front end shows the first answer soon and a sharper one as it goes on. After each
round the worse half of the turns stops being played (never below :data:`SHOWN`; the turn
you played, in the Review, always goes on), so the rollouts go where the choice is close:
with the lab's budget of 24 and 6 turns, the three best get 7 rollouts each. A turn
played, so the rollouts go where the choice is close.

>>> from solo_deck.play.simulate import new_game
>>> from solo_deck.play.table import Configuration
>>> game = new_game(Configuration(), seed=3)
>>> from solo_deck.events import NameHand
>>> _ = game.push(NameHand(cards=("common-stone", "common-grain", "common-draw",
...                                 "savoy-purchase", "common-stone")))
>>> answer = Coach(game, seed=1).advise(budget=6)
>>> len(answer.lines), answer.games
(3, 6)
>>> answer == Coach(game, seed=1).advise(budget=6)
True
"""

# i18n: sentences are Text
from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass

from solo_deck.errors import RuleError
from solo_deck.events import Event
from solo_deck.game import SoloGame
from solo_deck.insight.coach.position import public_game, why_no_advice
from solo_deck.insight.coach.rollouts import Tally, rollout, rollout_rng
from solo_deck.insight.coach.turns import TurnPlan, turn_steps
from solo_deck.insight.coach.why import why
from solo_deck.play.bots import Bot
from solo_deck.play.greedy import GreedyBot
from solo_deck.rules.hand import unknown_in_hand
from solo_deck.text import t

KEEP = 6
"""Candidate turns played out (the greedy bot's own and the best others by estimate)."""
SHOWN = 3
"""Turns an answer names."""
MAX_ROUNDS = 400
"""Rollouts per turn after which the Coach stops sharpening."""
TITLES = ("Serf", "Knight", "Feudal lord", "Duke")


@dataclass(frozen=True)
class CoachLine:
    """One turn the Coach names: your decisions (``events``) and the engine's words for
    them (``lines``; ``open_end`` when the table deals something before the turn is
    over), the expected final score after it with its 95 % interval, the chance of
    reaching the title aimed at, the rollouts behind the figures, and why."""

    events: tuple[Event, ...]
    lines: tuple[str, ...]
    open_end: bool
    mean: float
    ci95: tuple[float, float]
    title_chance: float
    games: int
    why: str


@dataclass(frozen=True)
class CoachAnswer:
    """What the Coach says now: up to :data:`SHOWN` turns, best first; the title aimed at;
    the turns weighed and the rollouts played in all; by how much the best beats the
    second (paired mean difference and its 95 % half-width; ``None`` with a single turn);
    ``done`` once the budget is spent."""

    lines: tuple[CoachLine, ...]
    aim: str
    weighed: int
    games: int
    margin: tuple[float, float] | None
    done: bool
    hand_named: bool = True
    """False when some card of your hand is not named: the Coach then weighs every card
    you may hold (name your hand for advice on the cards you have)."""

    def sureness(self) -> str:
        """How sure the Coach is of its first turn, in a few words.

        >>> CoachAnswer((), "Knight", 0, 0, (2.0, 1.0), True).sureness()
        'sure: the best is ahead by 2.0 ± 1.0 VP'
        >>> CoachAnswer((), "Knight", 0, 0, (0.4, 1.0), True).sureness()
        'too close to call: 0.4 ± 1.0 VP between the first two'
        >>> CoachAnswer((), "Knight", 0, 0, (3.0, math.inf), False).sureness()
        'too few games yet to tell the first two apart'
        """
        if self.margin is None:
            return t("only one turn to weigh")
        ahead, half = self.margin
        if not math.isfinite(half):
            return t("too few games yet to tell the first two apart")
        if ahead - half > 0:
            return t(
                "sure: the best is ahead by {ahead:.1f} ± {half:.1f} VP", ahead=ahead, half=half
            )
        return t(
            "too close to call: {ahead:.1f} ± {half:.1f} VP between the first two",
            ahead=ahead,
            half=half,
        )


class NoAdvice(RuleError):
    """The Coach has nothing to weigh now: it is not the start of your turn, or the table
    must tell a fact first."""


class Coach:
    """The Coach for ``game``'s position (the start of a turn of yours).

    ``aim`` is the title whose chance each line gives; ``seed`` fixes the rollouts' luck
    (the same seed, the same answer); ``bot`` plays the rollouts (the greedy bot);
    ``keep`` turns are played out; ``include`` adds a turn of your own to weigh (the
    Review's turn as played)."""

    def __init__(
        self,
        game: SoloGame,
        *,
        aim: str = "Knight",
        seed: int = 0,
        bot: Bot | None = None,
        keep: int = KEEP,
        include: tuple[Event, ...] | None = None,
    ) -> None:
        reason = why_no_advice(game)
        if reason is not None:
            raise NoAdvice(reason)
        if aim not in TITLES:
            raise ValueError(f"unknown title {aim!r}: one of {', '.join(TITLES)}")
        self.game = public_game(game)
        self.aim = aim
        self.seed = seed
        self.bot: Bot = bot or GreedyBot()
        self.keep = keep
        self.include = include
        self.plans: list[TurnPlan] = []
        self.tallies: list[Tally] = []
        self.live: list[int] = []
        """The turns still played on (indices of ``plans``): an answer names only these,
        so a turn dropped after one game never shows beside turns played many times."""
        self.weighed = 0
        self.played: TurnPlan | None = None
        """The turn named by ``include`` once weighed (``None`` if the engine refused it)."""
        titles = game.ruleset.scoring.titles.value
        self.threshold = next(t.min_score for t in titles if t.name == aim)
        state = game.state
        self.hand_named = not state.hand or unknown_in_hand(state) == 0

    def advise(self, budget: int) -> CoachAnswer:
        """Play ``budget`` rollouts in all and answer (for scripts and bots)."""
        steps = self.steps(budget)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                answer: CoachAnswer = done.value
                return answer

    def steps(self, budget: int | None = None) -> Generator[CoachAnswer | None, None, CoachAnswer]:
        """Weigh the turns (see the module): ``None`` after each event played, an answer
        after each round of rollouts; returns the last answer once ``budget`` rollouts are
        played (never, without a budget, before :data:`MAX_ROUNDS` rounds)."""
        if not self.plans:
            yield from self.choose()
        yield None
        return (yield from self.rollouts(budget))

    def choose(self) -> Generator[None, None, None]:
        """Choose the turns to play out, one step per opening weighed (raises
        :class:`NoAdvice` when there is none)."""
        everything = yield from turn_steps(self.game)
        self._keep(everything)
        if not self.plans:
            raise NoAdvice(t("the table must tell something before your turn can be weighed"))

    def rollouts(
        self, budget: int | None = None
    ) -> Generator[CoachAnswer | None, None, CoachAnswer]:
        """Play the chosen turns out (see :meth:`steps`)."""
        played = 0
        self.live = live = list(range(len(self.plans)))
        for number in range(MAX_ROUNDS):
            for index in live:
                if budget is not None and played >= budget:
                    return self.answer(done=True)
                score = yield from rollout(
                    self.game, self.plans[index], self.bot, rollout_rng(self.seed, number)
                )
                self.tallies[index].scores[number] = score
                played += 1
            self.live = live = self._contenders(live)
            yield self.answer(done=False)
        return self.answer(done=True)

    def _keep(self, everything: list[TurnPlan]) -> None:
        self.weighed = len(everything)
        plans = everything[: self.keep]
        if self.include is not None:
            wanted = repr(self.include)
            mine = next(
                (p for p in everything if repr(p.events[: len(self.include)]) == wanted), None
            )
            if mine is None:
                mine = _plan_of(self.game, self.include)
            if mine is not None and all(p.key != mine.key for p in plans):
                plans.append(mine)
            self.played = mine
        self.plans = plans
        self.tallies = [Tally() for _ in plans]
        self.live = list(range(len(plans)))

    def _contenders(self, live: list[int]) -> list[int]:
        """The turns still worth playing: the better half (at least :data:`SHOWN`) and
        the turn as played."""
        order = sorted(live, key=lambda i: -self.tallies[i].mean)
        wanted = max(SHOWN, -(-len(order) // 2))
        keep = [
            index
            for rank, index in enumerate(order)
            if rank < wanted or (self.played is not None and self.plans[index] is self.played)
        ]
        return sorted(keep)

    def tally_of(self, plan: TurnPlan) -> Tally:
        """The rollouts of ``plan`` (one of the turns weighed)."""
        return self.tallies[self.plans.index(plan)]

    def answer(self, *, done: bool) -> CoachAnswer:
        """What the rollouts say so far."""
        order = sorted(self.live, key=lambda i: -self.tallies[i].mean)
        shown = order[:SHOWN]
        lines = tuple(self._line(i) for i in shown)
        margin = None
        if len(shown) > 1:
            ahead, half, _ = self.tallies[shown[0]].ahead_of(self.tallies[shown[1]])
            margin = (ahead, half)
        return CoachAnswer(
            lines=lines,
            aim=self.aim,
            weighed=self.weighed,
            games=sum(t.games for t in self.tallies),
            margin=margin,
            done=done,
            hand_named=self.hand_named,
        )

    def _line(self, index: int) -> CoachLine:
        plan, tally = self.plans[index], self.tallies[index]
        return CoachLine(
            events=plan.events,
            lines=plan.lines,
            open_end=plan.open_end,
            mean=tally.mean,
            ci95=tally.ci95,
            title_chance=tally.chance(self.threshold),
            games=tally.games,
            why=why(self.game.state, plan.state),
        )


def _plan_of(game: SoloGame, events: tuple[Event, ...]) -> TurnPlan | None:
    """``events`` as a turn from ``game``'s position (``None`` if the engine refuses them)."""
    from solo_deck.play.estimates import pending_worth
    from solo_deck.play.value import worth

    branch = SoloGame.at(game.setup, game.state)
    lines = []
    try:
        for event in events:
            lines.append(branch.preview(event)[1])
            branch.push(event)
    except RuleError:
        return None
    state, ruleset = branch.state, branch.ruleset
    estimate = worth(state, ruleset) + pending_worth(state, ruleset)
    open_end = (
        not state.game_over
        and bool(branch.legal_moves())
        and not all(m.decision for m in branch.legal_moves())
    )
    return TurnPlan(events, tuple(lines), open_end, estimate, state)
