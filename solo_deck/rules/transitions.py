"""The fold: how each event changes the game state, with its line for the log.

:func:`apply_event` checks the event against the gate (:mod:`solo_deck.rules.gate`), takes the
obligation it meets off the queue, runs its handler, puts what the event triggers first in
line and settles the state (:mod:`solo_deck.rules.follow_through`). :func:`handle` finds
the handler by the event's class, one ``case`` per class, so that each handler is typed
with its own event and mypy checks that every event has one.
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import NamedTuple, assert_never

import solo_deck.events as ev
from solo_deck.data.names import ally_name
from solo_deck.errors import RuleError
from solo_deck.events import Event
from solo_deck.model.gains import resource_term
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.obligations import Obligation
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import Numeral
from solo_deck.model.state import GameState
from solo_deck.rules.board_check import check_board, check_outcome, ruleset_in_force
from solo_deck.rules.board_facts import choose_city_bonus, place_workplace
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.corrections import apply_correction
from solo_deck.rules.edict_actions import player_edict, take_reward
from solo_deck.rules.end_phase import castle_income, end_round, reorganise, score_ally_income
from solo_deck.rules.follow_through import add_first, pop_first, settle_traced
from solo_deck.rules.frederick_turn import resolve_frederick_turn
from solo_deck.rules.gate import ALWAYS, refusal
from solo_deck.rules.hand import name_hand
from solo_deck.rules.main_actions import build, promote, summon
from solo_deck.rules.trade_actions import buy, visit_market
from solo_deck.rules.turn_actions import (
    decline,
    drop_resources,
    pass_turn,
    play_card,
    resolve,
    travel,
)
from solo_deck.text import joined, named, t

TABLE_FACTS = frozenset({"gain", "reveal_edict", "name_hand"})
"""Events the table tells whatever is pending: they meet no obligation."""


def apply_event(state: GameState, event: Event, ruleset: Ruleset) -> tuple[GameState, Event, str]:
    """Apply one event. Returns the new state, the event as stored (Frederick's turn gets
    its card id) and a one-line description. Raises ``RuleError`` when the rules forbid it."""
    step = apply_traced(state, event, ruleset)
    return step.state, step.event, step.text


class Step(NamedTuple):
    """One event applied, with why things happened: ``met`` is the obligation the event
    met (``None``: it met none) and ``applied`` the ``auto`` obligations the engine applied
    by itself after it, in order."""

    state: GameState
    event: Event
    text: str
    met: Obligation | None = None
    applied: tuple[Obligation, ...] = ()


def apply_traced(state: GameState, event: Event, ruleset: Ruleset) -> Step:
    """:func:`apply_event`, telling which obligations the event met and set off.
    ``ruleset`` is the setup's: the board values told so far apply to it first."""
    ruleset = ruleset_in_force(ruleset, state.board_checks)
    why = refusal(state, event.type, ruleset)
    if why is not None:
        raise RuleError(why)
    match event:
        case ev.FrederickTurn():  # stored with the card the virtual deck flipped
            return Step(*resolve_frederick_turn(state, event, ruleset))
        case ev.Correct():  # a value set by hand: nothing is met, triggered or settled
            new_state, text = apply_correction(state, event.target, event.value, ruleset)
            return Step(new_state, event, text)
        case ev.CheckBoard():  # a board value told: likewise
            new_state, text = check_board(state, event, ruleset)
            return Step(new_state, event, text)
    limits = PlayerLimits.from_ruleset(ruleset)
    first = None
    if state.pending and event.type not in ALWAYS and event.type not in TABLE_FACTS:
        state, first = pop_first(state)
    new_state, text, duties = handle(state, event, Context(ruleset, limits, first))
    new_state, notes, applied = settle_traced(add_first(new_state, duties), ruleset)
    if notes:  # the follow-ups after the line, each rendered on its own
        text = t("{line} — {notes}", line=text, notes=joined(notes, "; "))
    return Step(new_state, event, text, first, applied)


def handle(state: GameState, event: Event, ctx: Context) -> Outcome:
    """Run the handler of ``event``'s class: the new state, the log line and what the
    event triggers (Frederick's turn and a correction trigger nothing here)."""
    match event:
        case ev.FrederickTurn():
            new_state, _, text = resolve_frederick_turn(state, event, ctx.ruleset)
            return new_state, text, []
        case ev.Correct():
            new_state, text = apply_correction(state, event.target, event.value, ctx.ruleset)
            return new_state, text, []
        case ev.CheckBoard():
            return check_outcome(state, event, ctx)
        case ev.RevealEdict():
            return _reveal(state, event, ctx)
        case ev.Gain():
            return _gain(state, event, ctx)
        case ev.NameAlly():
            return _name_ally(state, event, ctx)
        case ev.NameCard():
            return _name_card(state, event, ctx)
        case ev.NameHand():
            return _name_hand(state, event, ctx)
        case ev.Travel():
            return travel(state, event, ctx)
        case ev.PlayCard():
            return play_card(state, event, ctx)
        case ev.Pass():
            return pass_turn(state, event, ctx)
        case ev.PlayerEdict():
            return player_edict(state, event, ctx)
        case ev.TakeEdictReward():
            return take_reward(state, event, ctx)
        case ev.SummonAlly():
            return summon(state, event, ctx)
        case ev.BuyCard():
            return buy(state, event, ctx)
        case ev.Build():
            return build(state, event, ctx)
        case ev.Promote():
            return promote(state, event, ctx)
        case ev.VisitMarket():
            return visit_market(state, event, ctx)
        case ev.Resolve():
            return resolve(state, event, ctx)
        case ev.Decline():
            return decline(state, event, ctx)
        case ev.PlaceWorkplace():
            return place_workplace(state, event, ctx)
        case ev.ChooseCityBonus():
            return choose_city_bonus(state, event, ctx)
        case ev.DropResources():
            return drop_resources(state, event, ctx)
        case ev.CastleIncome():
            return castle_income(state, event, ctx)
        case ev.ScoreAllyIncome():
            return score_ally_income(state, event, ctx)
        case ev.Reorganise():
            return reorganise(state, event, ctx)
        case ev.EndRound():
            return end_round(state, event, ctx)
    assert_never(event)


def _reveal(state: GameState, event: ev.RevealEdict, ctx: Context) -> Outcome:
    edicts = state.edicts.reveal(event.position, event.edict)
    numeral = Numeral.from_index(event.position).value
    return (
        state.model_copy(update={"edicts": edicts}),
        t("New Next {numeral} tile: {edict}", numeral=numeral, edict=event.edict),
        [],
    )


def _gain(state: GameState, event: ev.Gain, ctx: Context) -> Outcome:
    update = {}
    parts = []
    for name in ("vp", "grain", "stone", "augustales"):
        delta = int(getattr(event, name))
        if not delta:
            continue
        value = int(getattr(state.player, name)) + delta
        label = resource_term(name)
        if value < 0:
            raise RuleError(
                t(
                    "you have only {have} {resource}, not {n}",
                    have=getattr(state.player, name),
                    resource=label,
                    n=-delta,
                )
            )
        update[name] = value
        parts.append(t("{delta:+d} {resource}", delta=delta, resource=label))
    if not parts:
        raise RuleError(t("nothing to gain or spend: every amount is 0"))
    player = state.player.model_copy(update=update)
    room = player.storage(ctx.limits)
    if player.resources > room and player.resources > state.player.resources:
        raise RuleError(
            t(
                "your warehouse holds {room} resources ({storage_start} + "
                "{storage_per_wall} per Wall built); that would make "
                "{resources}",
                room=room,
                storage_start=ctx.limits.storage_start,
                storage_per_wall=ctx.limits.storage_per_wall,
                resources=player.resources,
            )
        )
    gains = joined(parts, ", ")
    line = (
        t("You: {gains} ({reason})", gains=gains, reason=event.reason)
        if event.reason
        else t("You: {gains}", gains=gains)
    )
    return state.model_copy(update={"player": player}), line, []


def _name_ally(state: GameState, event: ev.NameAlly, ctx: Context) -> Outcome:
    voyage = state.voyage
    if event.port >= len(voyage.ports) or event.space >= len(voyage.ports[event.port].allies):
        raise RuleError(t("there is no such Ally space"))
    voyage = voyage.name_ally(event.port, event.space, event.ally_id)
    who = ally_name(event.ally_id)
    return (
        state.model_copy(update={"voyage": voyage}),
        t(
            "The Ally in {port} is {ally}",
            port=named(voyage.ports[event.port].name, "port"),
            ally=who,
        ),
        [],
    )


def _name_card(state: GameState, event: ev.NameCard, ctx: Context) -> Outcome:
    voyage = state.voyage
    if event.port >= len(voyage.ports) or event.space >= len(voyage.ports[event.port].cards):
        raise RuleError(t("there is no such card space"))
    voyage = voyage.name_card(event.port, event.space, event.card_id)
    return (
        state.model_copy(update={"voyage": voyage}),
        (
            t(
                "The Advanced card in {port} is {card}",
                port=named(voyage.ports[event.port].name, "port"),
                card=event.card_id or t("unknown"),
            )
        ),
        [],
    )


def _name_hand(state: GameState, event: ev.NameHand, ctx: Context) -> Outcome:
    cards = ", ".join(event.cards)  # by id: a House card's name is only "House card"
    return name_hand(state, event.cards), t("In your hand: {cards}", cards=cards), []
