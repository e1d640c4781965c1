"""Following through: the pending queue, the gains the engine applies by itself, the
warehouse limit and the end of your turn.

After every event the engine *settles* the state: ``auto`` obligations at the head of the
queue are applied (their line joins the event's log line); a gain that leaves more resources
than your warehouse holds puts a ``store_resources`` obligation first; once your card is down
and nothing is pending, your turn ends.
"""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Iterable

from solo_deck.errors import RuleError
from solo_deck.model.gains import Gains, resource_term
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.obligations import Obligation
from solo_deck.model.player import PlayerState
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState, Phase
from solo_deck.text import t


def add_first(state: GameState, duties: Iterable[Obligation]) -> GameState:
    """Put ``duties`` before whatever is pending (what an action triggers is resolved
    before the rest)."""
    new = tuple(duties)
    if not new:
        return state
    return state.model_copy(update={"pending": new + state.pending})


def pop_first(state: GameState) -> tuple[GameState, Obligation | None]:
    """Take the first obligation off the queue."""
    if not state.pending:
        return state, None
    return state.model_copy(update={"pending": state.pending[1:]}), state.pending[0]


def pay(player: PlayerState, cost: Gains, what: str = "") -> PlayerState:
    """``player`` less ``cost``; :class:`RuleError` naming what is short."""
    update = {}
    for field, amount in cost.items():
        have = int(getattr(player, field))
        if amount > have:
            name = resource_term(field)
            raise RuleError(
                t(
                    "you have only {have} {resource}, not {amount} for {what}",
                    have=have,
                    resource=name,
                    amount=amount,
                    what=what,
                )
                if what
                else t(
                    "you have only {have} {resource}, not {amount}",
                    have=have,
                    resource=name,
                    amount=amount,
                )
            )
        update[field] = have - amount
    return player.model_copy(update=update)


def receive(player: PlayerState, gains: Gains) -> PlayerState:
    """``player`` plus ``gains`` (the warehouse is checked when the state settles)."""
    if gains.empty:
        return player
    return player.model_copy(
        update={field: int(getattr(player, field)) + amount for field, amount in gains.items()}
    )


def over_storage(player: PlayerState, limits: PlayerLimits) -> int:
    """Resources beyond what your warehouse holds (0 when they fit)."""
    return max(0, player.resources - player.storage(limits))


def storage_duty(excess: int, limits: PlayerLimits, player: PlayerState) -> Obligation:
    """Put back what the warehouse cannot hold."""
    room = player.storage(limits)
    return Obligation(
        kind="store_resources",
        does="drop",
        text=t(
            "Your warehouse holds {room} resources ({start} + {per_wall} per Wall built): "
            "put back {n} Grain or Stone",
            room=room,
            start=limits.storage_start,
            per_wall=limits.storage_per_wall,
            n=excess,
        ),
        source="warehouse",
        optional=False,
        count=excess,
    )


def settle(state: GameState, ruleset: Ruleset) -> tuple[GameState, list[str]]:
    """Apply the ``auto`` obligations that are first in line, check the warehouse, and end
    your turn when its card is down and nothing is left. Returns the new state and a note
    per step taken."""
    state, notes, _ = settle_traced(state, ruleset)
    return state, notes


def settle_traced(
    state: GameState, ruleset: Ruleset
) -> tuple[GameState, list[str], tuple[Obligation, ...]]:
    """:func:`settle`, also returning the ``auto`` obligations it applied, in order (what a
    review attributes the gains to)."""
    applied: list[Obligation] = []
    limits = PlayerLimits.from_ruleset(ruleset)
    notes: list[str] = []
    while True:
        first = state.obligation
        if first is not None and first.kind == "store_resources":
            break
        excess = over_storage(state.player, limits)
        if excess:
            state = add_first(state, [storage_duty(excess, limits, state.player)])
            break
        if first is None or not first.auto:
            break
        state, duty = pop_first(state)
        assert duty is not None
        state = state.model_copy(update={"player": receive(state.player, duty.gains)})
        notes.append(duty.text)
        applied.append(duty)
    if state.phase is Phase.PLAYER and state.card_played and not state.pending:
        state, note = finish_turn(state, ruleset)
        notes.append(note)
    return state, notes, tuple(applied)


def finish_turn(state: GameState, ruleset: Ruleset) -> tuple[GameState, str]:
    """Your turn is over: Frederick is next (if he has actions left); with no free card slot
    left your round is over (as if you had passed)."""
    limits = PlayerLimits.from_ruleset(ruleset)
    turns = state.player_turns + 1
    player = state.player
    if player.has_cover("both_actions") and not player.both_actions_ready:
        player = player.model_copy(update={"both_actions_ready": True})
    left = ruleset.rounds.frederick_max_actions.value - state.frederick_actions
    free = player.free_slots(limits)
    passed, out_of_slots = state.passed, state.out_of_slots
    if not free:
        passed = out_of_slots = True
        if left > 0:
            phase, note = (
                Phase.FREDERICK,
                t("no card slot left: Frederick takes his remaining actions"),
            )
        else:
            phase, note = Phase.END_PHASE, t("no card slot left: on to the End Phase")
    elif left > 0:
        phase, note = Phase.FREDERICK, t("Frederick is next")
    else:
        phase, note = Phase.PLAYER, t("Frederick has no actions left this round: your turn again")
    new_state = state.model_copy(
        update={
            "player": player,
            "player_turns": turns,
            "card_played": False,
            "travelled": False,
            "passed": passed,
            "out_of_slots": out_of_slots,
            "phase": phase,
        }
    )
    return new_state, t("your turn {turns} is over; {note}", turns=turns, note=note)
