"""Moves that answer what is pending: an effect resolved with each choice it allows, an
obligation declined, an Edict issued (its reward first, then every legal add or remove of
its icons with each Next tile that can slide down), resources put back; and the End
Phase's steps."""

from __future__ import annotations

from collections.abc import Iterator

from solo_deck.errors import RuleError
from solo_deck.events import (
    CastleIncome,
    Decline,
    DropResources,
    EndRound,
    PlayerEdict,
    Reorganise,
    Resolve,
    ScoreAllyIncome,
    TakeEdictReward,
)
from solo_deck.model.grants import Grant
from solo_deck.model.moves import Move
from solo_deck.model.palace import PalaceLimits
from solo_deck.rules.effects import AllyKindChoice, affordable_times, choice_total, grant_gains
from solo_deck.rules.follow_through import pay
from solo_deck.rules.legal.scope import Scope


def _splits(total: int, one_kind: bool) -> list[tuple[int, int]]:
    """``(grain, stone)`` ways to take ``total`` resources of your choice."""
    if total == 0:
        return [(0, 0)]
    if one_kind:
        return [(total, 0), (0, total)]
    return [(grain, total - grain) for grain in range(total + 1)]


def grant_choices(scope: Scope, grant: Grant) -> Iterator[Resolve]:
    """Every way to take the gain part of ``grant``: the resource split, how many times to
    convert, which kind of Ally to count (each checked against what you hold)."""
    player, palace = scope.state.player, scope.state.palace
    per = grant.per
    kinds: list[AllyKindChoice | None] = [None]
    if per is not None and per.of == "own_allies_of_kind":
        kinds = ["independent", "loyalist"]
    conversion = grant.conversion
    times: list[int | None] = [None]
    if conversion is not None:
        most = affordable_times(conversion.pay, player, conversion.times)
        times = list(range(most + 1))
    one_kind = per is not None and per.resource_choice > 0 and grant.resource_choice == 0
    for kind in kinds:
        total = choice_total(grant, player, palace, kind)
        for grain, stone in _splits(total, one_kind):
            for count in times:
                try:
                    spend, _ = grant_gains(
                        grant,
                        player,
                        palace,
                        grain=grain,
                        stone=stone,
                        times=count,
                        ally_kind=kind,
                    )
                    pay(player, spend)
                except RuleError:
                    continue
                yield Resolve(grain=grain, stone=stone, times=count, ally_kind=kind)


def resolve(scope: Scope) -> Iterator[Move]:
    """Take what the first obligation offers, with each choice it allows (an effect our
    text lost: the assumed one)."""
    first = scope.first
    assert first is not None
    grant = first.grant
    if grant is None:
        yield Move(Resolve())
        return
    told = None
    if grant.unknown:
        told = scope.assumptions.unknown_card_effect.value
        grant = told
    for choice in grant_choices(scope, grant):
        event = choice if told is None else choice.model_copy(update={"effect": told})
        yield Move(event)


DECLINE = Move(Decline())


def decline(scope: Scope) -> Iterator[Move]:
    """Let the first obligation go (the gate allows it only where the rules do)."""
    yield DECLINE


def drop_resources(scope: Scope) -> Iterator[Move]:
    """Every way to put back what the warehouse cannot hold."""
    first, player = scope.first, scope.state.player
    assert first is not None
    excess = first.count
    for grain in range(excess + 1):
        if grain <= player.grain and excess - grain <= player.stone:
            yield Move(DropResources(grain=grain, stone=excess - grain))


def take_edict_reward(scope: Scope) -> Iterator[Move]:
    """The reward under the Active space you issue (you choose the Edict by its reward),
    under the one just issued, or, with no Active tile left, under any of the three; each
    with every choice it gives. A reward the table has not told: the assumed one."""
    state, first = scope.state, scope.first
    assert first is not None
    if first.does == "edict_reward":
        slots = [first.slot or 0]
    else:
        slots = state.edicts.non_empty_active() or [0, 1, 2]
    for slot in slots:
        reward = state.board.edict_rewards[slot]
        told = None
        if reward.unknown:
            told = scope.assumptions.reward(slot) or scope.ruleset.edicts.rewards()[slot]
            if told.unknown:
                continue
            reward = told
        for choice in grant_choices(scope, reward) if reward.has_gain_part else [Resolve()]:
            _, get = grant_gains(
                reward, state.player, state.palace, grain=choice.grain, stone=choice.stone
            )
            event = TakeEdictReward(slot=slot, reward=told, **get.model_dump())
            yield Move(event)


def player_edict(scope: Scope) -> Iterator[Move]:
    """Issue an Edict: the one whose reward you took (or, in a game of the older order, any
    Active one), each legal way to add or remove its kinds of icons, with each Next tile
    that can slide down (none when none is left)."""
    state, first = scope.state, scope.first
    assert first is not None
    edicts = state.edicts
    slots = [first.slot] if first.slot is not None else edicts.non_empty_active()
    limits = PalaceLimits.from_ruleset(scope.ruleset)
    replacements: list[int | None] = list(edicts.non_empty_next()) or [None]
    for slot in slots:
        tile = edicts.active[slot]
        if tile is None:
            continue
        for choice in state.palace.legal_player_choices(tile, limits):
            for replacement in replacements:
                yield Move(PlayerEdict(slot=slot, choice=choice, replacement=replacement))


END_PHASE_STEPS = {
    "castle_income": Move(CastleIncome()),
    "ally_income": Move(ScoreAllyIncome()),
    "reorganise": Move(Reorganise()),
    "end_round": Move(EndRound()),
}
"""The End Phase's steps as moves (the gate says when each may come)."""
