"""The end-of-game forecast: a seeded Monte Carlo of the rounds left.

The game ends after a round in which an Active Edict space could not be refilled, the
Advanced Action pile could not refill every card space at reorganisation, or your castle was
completed. :func:`forecast_rounds_left` plays Frederick's remaining turns many times from
the public state and counts in which round the game ends.

The model (what is simulated and what is assumed):

- **Solo deck.** Frederick flips from the cards unseen since the last shuffle, in a random
  order (only the composition is public; a table deck and a virtual deck are treated alike).
  A crown adds to the count; at the end of the turn that shows the ``crowns_to_reshuffle``-th
  crown all 16 cards are shuffled, and an empty pile is shuffled before a flip.
- **Round order.** Your turn, then one Frederick action, while he has actions left; once
  your last free card slot is played (5 slots, 6 once a Keep cover frees the last), he takes
  his remaining actions and the End Phase follows. You are assumed never to pass early, so
  Frederick takes all his actions every round. If you already passed this round, only his
  remaining actions are played.
- **Frederick's ship and removals.** His ship moves 1–4 clockwise, stays, or goes to your ship;
  he removes the first Advanced card at the port where it ends (Ally removals do not affect
  the end of the game and are not simulated).
- **Edicts.** Frederick issues the Active tile of the card's numeral, or the next non-empty
  one in sequence I → II → III → I; it is refilled from the Next space in the same position,
  else the next in sequence. A Next space refilled from the pile holds an unknown tile,
  modelled simply as present: only the pile *count* matters for the end of the game. An
  Active space that cannot be refilled ends the game after the round. A Next tile drawn but
  not yet typed in counts as present.
- **You.** You issue ``edicts_per_round`` Edicts per round (default: your average over the
  rounds completed so far, from ``history``; else 1), taking an Active tile and refilling it
  from any Next tile. You buy ``cards_per_round`` Advanced cards per round (default 1),
  sailing clockwise to the nearest port with a card (up to ``travel_max_steps``; your ship
  stays there, which matters for Frederick's "to your ship" cards). You complete
  ``structures_per_round`` Structures per round (default 0: your castle stays as it is). A
  fractional rate r is floor(r) per round plus one more with probability frac(r). In each
  round your n actions of a kind fall on your first n turns (spread evenly if n exceeds your
  turns); in the round in progress, turns you have already finished are skipped.
- **End Phase.** Empty card spaces are refilled from the Advanced pile in ring order; any
  space left empty ends the game after the round. Then the triggers are checked.
- Rounds are simulated up to ``horizon``; a game not over by then counts as ``later``.

The result is a distribution over offsets: 0 = the game ends after the round in progress,
1 = after the next round, and so on. Each estimate has a standard error of at most
``0.5 / sqrt(simulations)`` (0.005 for 10,000 runs).

>>> from solo_deck import GameSetup, load_ruleset, parse_edict
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> forecast = forecast_rounds_left(state, load_ruleset(), simulations=500, seed=1)
>>> forecast.probability(0)   # nothing can run out in the first round
0.0
>>> forecast == forecast_rounds_left(state, load_ruleset(), simulations=500, seed=1)
True
"""

# i18n: sentences are Text
from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

from solo_deck.events import Event
from solo_deck.insight.round_plan import FREDERICK, player_edicts_per_round, round_schedule
from solo_deck.model.base import FrozenModel
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameEndReason, GameState, Phase
from solo_deck.text import Text, joined, t

CHECK_EVERY = 16
"""Playouts between two calls of ``should_stop``, or two steps of :func:`forecast_steps`
(about 1 ms on a small machine)."""


class ForecastCancelled(Exception):
    """Raised by :func:`forecast_rounds_left` when its ``should_stop`` says so."""


TO_YOUR_SHIP = -1
"""In the simulation, a card that sends Frederick's ship to yours (other moves are counted
in spaces clockwise, 0 for staying)."""


class RoundsForecast(FrozenModel):
    """How many rounds are left: ``counts[r]`` simulations ended after the round ``r`` rounds
    from now (0 = the round in progress), ``later_count`` did not end within ``horizon``
    rounds. ``reason_counts`` tells how often each trigger held in the round the game ended
    (several may hold at once). The rates are the ones the simulation used.
    """

    current_round: int
    simulations: int
    seed: int
    horizon: int
    edicts_per_round: float
    cards_per_round: float
    structures_per_round: float
    counts: tuple[int, ...]
    later_count: int
    reason_counts: dict[GameEndReason, int]
    already_over: bool = False

    @property
    def later(self) -> float:
        """The probability that the game goes on beyond the horizon."""
        return self.later_count / self.simulations

    def probability(self, offset: int) -> float:
        """The probability that the game ends after the round ``offset`` rounds from now."""
        return self.counts[offset] / self.simulations if 0 <= offset < self.horizon else 0.0

    def within(self, offset: int) -> float:
        """The probability that the game ends after this round or one of the next
        ``offset`` rounds."""
        return sum(self.counts[: offset + 1]) / self.simulations

    def describe(self) -> Text:
        """``after this round 0 %, after round 5 35 %, …, later 2 %`` (rounds with no
        chance after the last likely one are left out)."""
        last = max((r for r, c in enumerate(self.counts) if c), default=0)
        parts = []
        for offset in range(last + 1):
            share = self.probability(offset)
            parts.append(
                t("after this round {share:.0%}", share=share)
                if offset == 0
                else t(
                    "after round {round} {share:.0%}",
                    round=self.current_round + offset,
                    share=share,
                )
            )
        if self.later_count:
            parts.append(t("later {share:.0%}", share=self.later))
        return joined(parts, ", ")


@dataclass(frozen=True, slots=True)
class _Start:
    """The public state, flattened to plain ints and lists for the simulation loop."""

    moves: tuple[int, ...]  # per card: spaces moved clockwise, or TO_YOUR_SHIP
    removes: tuple[bool, ...]
    edicts: tuple[int, ...]  # per card: 0-2 the numeral's position, -1 none
    crowns: tuple[bool, ...]
    unseen: tuple[int, ...]
    crowns_seen: int
    crowns_needed: int
    reshuffle_first: bool
    ports: int
    frederick: int
    player: int
    reach: int
    capacity: tuple[int, ...]
    present: tuple[int, ...]
    advanced_pile: int
    active: tuple[bool, ...]
    next: tuple[bool, ...]
    edict_pile: int
    unfillable: bool
    castle_missing: int
    first_round: tuple[int, ...]
    full_round: tuple[int, ...]
    turns: int
    cards_short_now: int | None  # the End Phase in progress already reorganised


def _start(state: GameState, ruleset: Ruleset) -> _Start:
    deck = state.deck
    player = state.player
    cards = deck.definition.cards
    index = {card.id: i for i, card in enumerate(cards)}
    limits = PlayerLimits.from_ruleset(ruleset)
    turns = player.usable_slots(limits)
    voyage = state.voyage
    row = state.edicts
    missing = sum(max(0, limits.castle_max(s) - player.built(s)) for s in ("tower", "wall", "keep"))
    reorganised = state.phase is Phase.END_PHASE and state.end_phase.reorganised
    return _Start(
        moves=tuple(TO_YOUR_SHIP if c.move.steps is None else c.move.steps for c in cards),
        removes=tuple(c.removes_card for c in cards),
        edicts=tuple(-1 if c.edict is None else c.edict.position for c in cards),
        crowns=tuple(c.crown for c in cards),
        unseen=tuple(index[card_id] for card_id in sorted(deck.draw_pile)),
        crowns_seen=deck.crowns_since_shuffle,
        crowns_needed=deck.crowns_to_reshuffle,
        reshuffle_first=deck.reshuffle_pending or not deck.draw_pile,
        ports=len(voyage.ports),
        frederick=voyage.frederick,
        player=voyage.player,
        reach=min(len(voyage.ports) - 1, ruleset.voyage.travel_max_steps.value),
        capacity=tuple(len(port.cards) for port in voyage.ports),
        present=tuple(sum(s.present for s in port.cards) for port in voyage.ports),
        advanced_pile=voyage.advanced_pile,
        active=tuple(tile is not None for tile in row.active),
        next=tuple(tile is not None or i in row.awaiting for i, tile in enumerate(row.next)),
        edict_pile=row.pile,
        unfillable=row.unfillable,
        castle_missing=missing,
        first_round=tuple(
            round_schedule(
                state.phase,
                state.player_turns,
                state.frederick_actions,
                state.passed,
                ruleset,
                turns,
            )
        ),
        full_round=tuple(round_schedule(Phase.PLAYER, 0, 0, False, ruleset, turns)),
        turns=turns,
        cards_short_now=state.end_phase.cards_short if reorganised else None,
    )


class ForecastOptions(TypedDict, total=False):
    """The keyword options of the model, the same for :func:`forecast_rounds_left` and
    :func:`forecast_steps` (their defaults are in the signature of :func:`forecast_steps`)."""

    edicts_per_round: float | None
    cards_per_round: float
    structures_per_round: float
    history: Sequence[Event] | None
    horizon: int


def forecast_rounds_left(
    state: GameState,
    ruleset: Ruleset,
    simulations: int = 10_000,
    seed: int = 0,
    *,
    should_stop: Callable[[], bool] | None = None,
    **options: Unpack[ForecastOptions],
) -> RoundsForecast:
    """Estimate in which round the game ends, by ``simulations`` seeded playouts of
    Frederick's remaining turns (see the module docstring for the model, and
    :func:`forecast_steps` for the ``options`` and their defaults).

    The same state, arguments and ``seed`` always give the same forecast.
    ``should_stop`` is asked every :data:`CHECK_EVERY` playouts; when it returns True the
    work is abandoned with :class:`ForecastCancelled`. To spread the work over time
    instead, use :func:`forecast_steps`.
    """
    steps = forecast_steps(state, ruleset, simulations, seed, **options)
    while True:
        try:
            done = next(steps)
        except StopIteration as finished:
            forecast: RoundsForecast = finished.value
            return forecast
        if should_stop is not None and should_stop():
            steps.close()
            raise ForecastCancelled(
                t("stopped after {done} of {n} playouts", done=done, n=simulations)
            )


def forecast_steps(
    state: GameState,
    ruleset: Ruleset,
    simulations: int = 10_000,
    seed: int = 0,
    *,
    edicts_per_round: float | None = None,
    cards_per_round: float = 1.0,
    structures_per_round: float = 0.0,
    history: Sequence[Event] | None = None,
    horizon: int = 10,
    batch: int = CHECK_EVERY,
) -> Generator[int, None, RoundsForecast]:
    """:func:`forecast_rounds_left` a few playouts at a time, for a caller that runs it
    between other work (the app, between two looks at the player's keys).

    The arguments are checked at once (``ValueError``). The generator yields the number of
    playouts done so far, every ``batch`` playouts (0 first), and returns the forecast:
    exactly the one :func:`forecast_rounds_left` gives for the same arguments.

    >>> from solo_deck import GameSetup, load_ruleset, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> steps = forecast_steps(state, load_ruleset(), simulations=40, seed=1)
    >>> list(steps)          # the playouts done when each batch starts
    [0, 16, 32]
    """
    if simulations < 1:
        raise ValueError("simulations must be at least 1")
    if horizon < 1:
        raise ValueError("horizon must be at least 1")
    if batch < 1:
        raise ValueError("batch must be at least 1")
    if edicts_per_round is None:
        edicts_per_round = player_edicts_per_round(history or ())
        if edicts_per_round is None:
            edicts_per_round = 1.0
    rates = (edicts_per_round, cards_per_round, structures_per_round)
    if any(rate < 0 or not math.isfinite(rate) for rate in rates):
        raise ValueError("the rates per round must be finite and not negative")
    start = None if state.phase is Phase.GAME_OVER else _start(state, ruleset)
    return _forecast(state, start, rates, simulations, seed, horizon, batch)


def _forecast(
    state: GameState,
    start: _Start | None,
    rates: tuple[float, float, float],
    simulations: int,
    seed: int,
    horizon: int,
    batch: int,
) -> Generator[int, None, RoundsForecast]:
    counts = [0] * horizon
    reasons = dict.fromkeys(GameEndReason, 0)
    later = 0
    if start is None:  # the game is over
        counts[0] = simulations
        for reason in state.game_end:
            reasons[reason] = simulations
    else:
        ended, castle, edict, short = yield from _simulate(
            start, rates, simulations, seed, horizon, batch
        )
        for offset in ended:
            if offset < 0:
                later += 1
            else:
                counts[offset] += 1
        reasons[GameEndReason.CASTLE_COMPLETE] = castle
        reasons[GameEndReason.EDICT_SPACE_EMPTY] = edict
        reasons[GameEndReason.ADVANCED_CARDS_SHORT] = short
    edicts, cards, structures = rates
    return RoundsForecast(
        current_round=state.round,
        simulations=simulations,
        seed=seed,
        horizon=horizon,
        edicts_per_round=edicts,
        cards_per_round=cards,
        structures_per_round=structures,
        counts=tuple(counts),
        later_count=later,
        reason_counts=reasons,
        already_over=start is None,
    )


def _simulate(
    s: _Start,
    rates: tuple[float, float, float],
    simulations: int,
    seed: int,
    horizon: int,
    batch: int,
) -> Generator[int, None, tuple[list[int], int, int, int]]:
    """Run the playouts, yielding the number done every ``batch``. Returns each
    run's end offset (-1: later) and how many runs ended with the castle complete / an
    Edict space empty / cards short."""
    rng = random.Random(seed)
    rand = rng.random
    faces = list(zip(s.moves, s.removes, s.edicts, s.crowns, strict=True))
    full = list(range(len(faces)))
    ports, turns, reach, capacity = s.ports, s.turns, s.reach, s.capacity
    first_round, full_round = s.first_round, s.full_round
    needed, short_now = s.crowns_needed, s.cards_short_now
    fractional = [(1 << k, rate - int(rate)) for k, rate in enumerate(rates) if rate != int(rate)]
    # Your actions per turn for each round plan: plans[bits][turn] is (edicts, cards,
    # structures) on that turn, or None for a turn with nothing to do. Bit k of ``bits`` says
    # whether kind k gets its extra fractional action this round.
    plans: list[list[tuple[int, int, int] | None]] = []
    for bits in range(8):
        totals = [int(rate) + (bits >> k & 1) for k, rate in enumerate(rates)]
        per_turn: list[tuple[int, int, int] | None] = [None]
        for turn in range(1, turns + 1):
            e, c, b = (n // turns + (turn <= n % turns) for n in totals)
            per_turn.append((e, c, b) if e or c or b else None)
        plans.append(per_turn)
    ended: list[int] = []
    n_castle = n_edict = n_short = 0

    for run in range(simulations):
        if run % batch == 0:
            yield run
        pile = [] if s.reshuffle_first else list(s.unseen)
        seen = s.crowns_seen
        fred, me = s.frederick, s.player
        present = list(s.present)
        advanced = s.advanced_pile
        active, nxt = list(s.active), list(s.next)
        epile, unfillable = s.edict_pile, s.unfillable
        missing = s.castle_missing
        result = -1
        for offset in range(horizon):
            schedule = first_round if offset == 0 else full_round
            bits = 0
            for bit, chance in fractional:
                if rand() < chance:
                    bits |= bit
            plan = plans[bits]
            for actor in schedule:
                if actor == FREDERICK:
                    if not pile:
                        pile = full[:]
                        seen = 0
                    pick = int(rand() * len(pile))
                    move, removes, numeral, crown = faces[pile[pick]]
                    pile[pick] = pile[-1]
                    pile.pop()
                    fred = me if move == TO_YOUR_SHIP else (fred + move) % ports
                    if removes and present[fred]:
                        present[fred] -= 1
                    if numeral >= 0:
                        slot = _first(active, numeral)
                        if slot >= 0:
                            source = _first(nxt, slot)
                            if source < 0:
                                active[slot] = False
                                unfillable = True
                            elif epile:
                                epile -= 1
                            else:
                                nxt[source] = False
                    if crown:
                        seen += 1
                        if seen >= needed:
                            pile = []  # shuffled at the end of this turn
                    continue
                # your turn number `actor`
                acts = plan[actor]
                if acts is None:
                    continue
                n_edicts, n_cards, n_built = acts
                for _ in range(n_edicts):
                    slot = _first(active, 0)
                    if slot < 0:
                        break
                    source = _first(nxt, 0)
                    if source < 0:
                        active[slot] = False
                        unfillable = True
                    elif epile:
                        epile -= 1
                    else:
                        nxt[source] = False
                for _ in range(n_cards):
                    for step in range(reach + 1):
                        port = (me + step) % ports
                        if present[port]:
                            present[port] -= 1
                            me = port
                            break
                missing = max(0, missing - n_built)
            # End Phase: reorganise, then check the triggers.
            if offset == 0 and short_now is not None:
                short = short_now
            else:
                short = 0
                for port in range(ports):
                    empty = capacity[port] - present[port]
                    if empty:
                        refill = min(empty, advanced)
                        advanced -= refill
                        present[port] += refill
                        short += empty - refill
            if unfillable or short or not missing:
                result = offset
                n_castle += not missing
                n_edict += unfillable
                n_short += bool(short)
                break
        ended.append(result)
    return ended, n_castle, n_edict, n_short


def _first(flags: list[bool], start: int) -> int:
    """The first index holding True from ``start`` on, cyclically (-1: none)."""
    for step in range(3):
        index = (start + step) % 3
        if flags[index]:
            return index
    return -1
