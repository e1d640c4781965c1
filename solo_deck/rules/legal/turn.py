"""Moves of your turn before its card's action: travel, play a card, pass; and Frederick's
turn (the engine flips his virtual card; a table deck shows one of the unseen faces)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache

from solo_deck.data.loaders import house_cards_of
from solo_deck.events import FrederickTurn, Pass, PlayCard, Travel
from solo_deck.model.grants import Grant, MainAction
from solo_deck.model.moves import Move
from solo_deck.model.solo_cards import CardFace
from solo_deck.model.state import GameState
from solo_deck.rules.card_slots import slot_actions
from solo_deck.rules.hand import pool, unknown_in_hand
from solo_deck.rules.legal.scope import Scope, weighted
from solo_deck.rules.triggers import card_grant
from solo_deck.rules.turn_actions import travel_free_steps

FREDERICK = "Frederick's card"


def travel(scope: Scope) -> Iterator[Move]:
    """Sail to each port in reach that you can pay for (free and anywhere when an effect
    moves your ship)."""
    voyage, player = scope.state.voyage, scope.state.player
    free_move = scope.first is not None and scope.first.terms.any_port
    free_steps = travel_free_steps(scope.state)
    for port in range(len(voyage.ports)):
        steps = voyage.steps_to(port)
        if steps == 0:
            continue
        if not free_move:
            if steps > scope.limits.travel_max_steps:
                continue
            if scope.limits.travel_cost(steps, free_steps) > player.augustales:
                continue
        yield _travel(port)


def cards_in_hand(state: GameState) -> tuple[str, ...]:
    """The distinct cards that may be in your hand: named there, or lying unnamed where
    your hand's unnamed cards could be any of them (every card you own when the hand is
    not counted)."""
    if state.hand is None:
        house = [card.id for card in house_cards_of(state.player.house)]
        return tuple(sorted({*house, *state.player.advanced_cards}))
    held = set(state.cards.hand_known)
    if unknown_in_hand(state) > 0:
        held |= set(pool(state))
    return tuple(sorted(held))


def hand_named(scope: Scope) -> bool:
    """True when every card of your hand is known by name (a face-down card then names
    its card, so the engine keeps knowing your hand)."""
    state = scope.state
    return state.hand is not None and state.cards.by_name and unknown_in_hand(state) == 0


def play_card(scope: Scope) -> Iterator[Move]:
    """Every card you may hold, in every free slot: face up for its effect (a card our text
    lost gives the assumed effect), or face down for each main action the slot gives (both
    of them once the Keep Cover allows it)."""
    state, ruleset = scope.state, scope.ruleset
    player = state.player
    held = cards_in_hand(state)
    named = hand_named(scope)
    face_down_cards: tuple[str | None, ...] = held if named else (None,)
    for slot in player.free_slots(scope.limits):
        offered = slot_actions(slot, ruleset)
        choices: list[tuple[MainAction, ...]] = [(action,) for action in offered]
        if player.both_actions_ready and len(offered) == 2:
            choices.append(offered)
        for actions in choices:
            for card in face_down_cards:
                yield _play(slot, False, card, actions)
        for card in held:
            grant = card_grant(card, state)
            if grant is None:
                continue
            effect = scope.assumptions.unknown_card_effect.value if grant.unknown else None
            yield _play(slot, True, card, (), effect)


@cache
def _travel(port: int) -> Move:
    """The move of sailing to ``port`` (made once: moves are immutable)."""
    return Move(Travel(port=port))


@cache
def _play(
    slot: int,
    face_up: bool,
    card: str | None,
    actions: tuple[MainAction, ...],
    effect: Grant | None = None,
) -> Move:
    """The move of one play (made once: moves and events are immutable, and a game repeats
    them)."""
    return Move(PlayCard(slot=slot, face_up=face_up, card_id=card, actions=actions, effect=effect))


def pass_turn(scope: Scope) -> Iterator[Move]:
    """Pass (the gate allows it only with an empty hand)."""
    yield Move(Pass())


def frederick_turn(scope: Scope) -> Iterator[Move]:
    """Frederick's turn: the engine flips his virtual card (one outcome, certain: the
    engine deals it), or the table shows one of the faces not seen since the shuffle."""
    deck = scope.state.deck
    if deck.mode == "virtual":
        yield Move(FrederickTurn(), Fraction(1), FREDERICK, decision=False)
        return
    cards = deck.unseen_cards() if deck.draw_pile else list(deck.definition.cards)
    faces: Counter[CardFace] = Counter(card.face for card in cards)
    for face, chance in weighted(faces):
        yield Move(FrederickTurn(face=face), chance, FREDERICK, decision=False)
