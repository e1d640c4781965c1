"""Your turn: travel, play a card or pass, and the events that answer what is pending
(resolve an effect, decline it, put back resources the warehouse cannot hold)."""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.loaders import house_cards_of
from solo_deck.data.names import card_name
from solo_deck.errors import RuleError
from solo_deck.events import DropResources, Pass, PlayCard, Resolve, Travel
from solo_deck.model.gains import Gains, amount_label
from solo_deck.model.grants import Grant, action_term
from solo_deck.model.player import PlayedCard
from solo_deck.model.state import GameState, Phase
from solo_deck.rules.card_slots import why_not_face_down
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.effects import describe_grant, grant_gains
from solo_deck.rules.follow_through import pay, receive
from solo_deck.rules.hand import cards_drawn, draw, pass_refusal, play_from_hand, settled
from solo_deck.rules.triggers import (
    action_obligations,
    active_workplaces,
    card_grant,
    card_obligations,
    main_action_obligation,
)
from solo_deck.text import joined, named, t, tn


def travel(state: GameState, event: Travel, ctx: Context) -> Outcome:
    """Sail clockwise: at the start of your turn for the usual cost, or anywhere for free
    when an effect moves your ship."""
    voyage = state.voyage
    if event.port >= len(voyage.ports):
        raise RuleError(t("there is no port number {port}", port=event.port))
    steps = voyage.steps_to(event.port)
    if steps == 0:
        raise RuleError(t("your ship is already in {port}", port=voyage.ports[event.port].name))
    free_move = ctx.first is not None and ctx.first.terms.any_port
    if free_move:
        cost = 0
    else:
        limit = ctx.limits.travel_max_steps
        if steps > limit:
            raise RuleError(
                t(
                    "you can sail at most {limit} spaces, {steps} are needed",
                    limit=limit,
                    steps=steps,
                )
            )
        cost = ctx.limits.travel_cost(steps, travel_free_steps(state))
    player = pay(state.player, Gains(augustales=cost), t("the voyage"))
    origin = named(voyage.ports[voyage.player].name, "port")
    new_state = state.model_copy(
        update={
            "player": player,
            "voyage": voyage.with_player_at(event.port),
            "travelled": state.travelled or not free_move,
        }
    )
    target = named(voyage.ports[event.port].name, "port")
    if cost:
        line = tn(
            "You sailed {origin} → {port} ({n} space, paid {cost})",
            "You sailed {origin} → {port} ({n} spaces, paid {cost})",
            steps,
            origin=origin,
            port=target,
            cost=amount_label("augustales", cost),
        )
    elif free_move:
        line = tn(
            "You sailed {origin} → {port} ({n} space) (free: any port)",
            "You sailed {origin} → {port} ({n} spaces) (free: any port)",
            steps,
            origin=origin,
            port=target,
        )
    else:
        line = tn(
            "You sailed {origin} → {port} ({n} space)",
            "You sailed {origin} → {port} ({n} spaces)",
            steps,
            origin=origin,
            port=target,
        )
    return new_state, line, []


def travel_free_steps(state: GameState) -> int:
    """Free travel steps your Workplaces give (0: only the rule's first step is free)."""
    return max(
        (t.effect.free_steps for t in active_workplaces(state) if t.effect.trigger == "travel"),
        default=0,
    )


def play_card(state: GameState, event: PlayCard, ctx: Context) -> Outcome:
    """Play a card into a free slot, face up for its effect or face down for main actions."""
    player = state.player
    usable = player.usable_slots(ctx.limits)
    if event.slot >= ctx.limits.card_slots:
        raise RuleError(
            t("your Player Board has {card_slots} card slots", card_slots=ctx.limits.card_slots)
        )
    if event.slot >= usable:
        raise RuleError(
            t(
                "slot {slot} is under the Card Slot tile until you build the "
                "Keep whose cover removes it",
                slot=event.slot + 1,
            )
        )
    if event.slot not in player.free_slots(ctx.limits):
        raise RuleError(t("slot {slot} already holds a card this round", slot=event.slot + 1))
    board = state.board
    if event.face_up:
        card_id = event.card_id or ""
        grant = _playable_grant(state, card_id)
        state = play_from_hand(state, card_id)
        if grant.unknown:
            if event.effect is not None:
                board = board.with_card_effect(card_id, event.effect)
                grant = event.effect
        elif event.effect is not None:
            raise RuleError(
                t("{card_id}'s effect is known; it needs no description", card_id=card_id)
            )
        duties = card_obligations(card_id, grant, "played")
        name = card_name(card_id)
        what = (
            t("You played a card in slot {slot}, {card} face up", slot=event.slot + 1, card=name)
            if name == card_id
            else t(
                "You played a card in slot {slot}, a House card face up ({effect})",
                slot=event.slot + 1,
                effect=describe_grant(grant),
            )
        )
    else:
        state = play_from_hand(state, event.card_id)
        if len(event.actions) == 2 and not player.both_actions_ready:
            raise RuleError(
                t(
                    "both main actions need the Keep cover that grants them (it "
                    "works from the turn after the Keep is built)"
                )
            )
        why = why_not_face_down(event.slot, event.actions, ctx.ruleset)
        if why is not None:
            raise RuleError(why)
        duties = [main_action_obligation(action, event.slot) for action in event.actions]
        what = t(
            "You played a card in slot {slot}, face down for {actions}",
            slot=event.slot + 1,
            actions=joined([action_term(action) for action in event.actions], " and "),
        )
    played = PlayedCard(
        slot=event.slot, face_up=event.face_up, card_id=event.card_id, actions=event.actions
    )
    new_state = state.model_copy(
        update={
            "player": player.model_copy(update={"played": (*player.played, played)}),
            "board": board,
            "card_played": True,
        }
    )
    new_state = settled(new_state)  # the card is in its slot: the piles in order
    return new_state, what, duties


def _playable_grant(state: GameState, card_id: str) -> Grant:
    player = state.player
    house_ids = {card.id for card in house_cards_of(player.house)}
    if card_id not in house_ids and card_id not in player.advanced_cards:
        raise RuleError(
            t(
                "{card_id} is neither one of House {house}'s cards nor an Advanced card you own",
                card_id=card_id,
                house=player.house,
            )
        )
    grant = card_grant(card_id, state)
    if grant is None:  # pragma: no cover - every House or owned card has data
        raise RuleError(t("no effect is known for {card_id}", card_id=card_id))
    return grant


def pass_turn(state: GameState, event: Pass, ctx: Context) -> Outcome:
    """Pass: no more turns for you this round; Frederick takes his remaining actions.
    Only with an empty hand (when the engine counts it)."""
    why = pass_refusal(state)
    if why is not None:
        raise RuleError(why)
    left = ctx.ruleset.rounds.frederick_max_actions.value - state.frederick_actions
    phase = Phase.FREDERICK if left > 0 else Phase.END_PHASE
    new_state = state.model_copy(update={"passed": True, "phase": phase})
    line = (
        tn(
            "You passed; Frederick still takes {n} action",
            "You passed; Frederick still takes {n} actions",
            left,
        )
        if left > 0
        else t("You passed; on to the End Phase")
    )
    return new_state, line, []


def resolve(state: GameState, event: Resolve, ctx: Context) -> Outcome:
    """Take what the first obligation offers, with your choices."""
    first = ctx.first
    assert first is not None
    grant = first.grant
    if grant is None:
        if event != Resolve():
            raise RuleError(t("this needs no choice: just confirm it"))
        drawn = cards_drawn(first)
        state = draw(state, drawn)
        if drawn and state.hand is not None:
            return state, t("Done: {duty} ({hand} in hand)", duty=first.text, hand=state.hand), []
        return state, t("Done: {duty}", duty=first.text), []
    board = state.board
    if grant.unknown:
        if event.effect is None or event.effect.unknown:
            raise RuleError(t("tell what this effect does (its gains and actions)"))
        grant = event.effect
        if first.card_id is not None:
            board = board.with_card_effect(first.card_id, grant)
    elif event.effect is not None:
        raise RuleError(t("this effect is known; it needs no description"))
    spend, get = grant_gains(
        grant,
        state.player,
        state.palace,
        grain=event.grain,
        stone=event.stone,
        times=event.times,
        ally_kind=event.ally_kind,
    )
    player = receive(pay(state.player, spend, first.source), get)
    duties = action_obligations(grant.actions, first.kind, first.source)
    gained = get.describe() if not get.empty else t("nothing gained")
    new_state = state.model_copy(update={"player": player, "board": board})
    if not spend.empty:
        line = t(
            "{source}: paid {cost}, {gains}",
            source=first.source,
            cost=spend.describe(sign=""),
            gains=gained,
        )
    else:
        line = t("{source}: {gains}", source=first.source, gains=gained)
    return new_state, line, duties


def decline(state: GameState, event: object, ctx: Context) -> Outcome:
    """Let an optional obligation go."""
    first = ctx.first
    assert first is not None
    return state, t("You declined: {duty}", duty=first.text), []


def drop_resources(state: GameState, event: DropResources, ctx: Context) -> Outcome:
    """Put back what the warehouse cannot hold."""
    first = ctx.first
    assert first is not None
    if event.grain + event.stone != first.count:
        raise RuleError(t("put back exactly {count} (Grain and/or Stone)", count=first.count))
    player = pay(state.player, Gains(grain=event.grain, stone=event.stone), t("putting back"))
    back = Gains(grain=event.grain, stone=event.stone).describe(sign="")
    return state.model_copy(update={"player": player}), t("You put back {back}", back=back), []
