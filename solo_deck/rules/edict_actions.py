"""Issuing an Edict as a player, and taking the reward under its Active space.

The rulebook's order: you choose an Active Edict, take the reward printed under it, then
activate its icons. A game on the board data records it so (``TakeEdictReward`` meets the
Edict to issue and leaves its icons owed); a game saved before records the icons first and
the reward after, and replays as it was."""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.errors import RuleError
from solo_deck.events import PlayerEdict, TakeEdictReward
from solo_deck.model.edict import EdictKind
from solo_deck.model.gains import Gains
from solo_deck.model.obligations import Obligation
from solo_deck.model.palace import Direction, PalaceLimits
from solo_deck.model.solo_cards import Numeral
from solo_deck.model.state import GameState
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.effects import describe_grant, grant_gains
from solo_deck.rules.follow_through import receive
from solo_deck.rules.triggers import action_obligations
from solo_deck.text import joined, t


def player_edict(state: GameState, event: PlayerEdict, ctx: Context) -> Outcome:
    """Issue the Active Edict in ``slot``: each kind of icon added or removed as you
    choose, the Next tile you name slides down; its reward follows."""
    edicts = state.edicts
    tile = edicts.active[event.slot]
    numeral = Numeral.from_index(event.slot).value
    first = ctx.first
    rewarded = first is not None and first.does == "edict" and first.slot is not None
    if rewarded and first is not None and event.slot != first.slot:
        taken = Numeral.from_index(first.slot or 0).value
        raise RuleError(
            t(
                "you took the reward under Active {taken}: issue that Edict (its icons now)",
                taken=taken,
            )
        )
    if tile is None:
        raise RuleError(t("Active {numeral} is empty; choose another Edict", numeral=numeral))
    choice = {EdictKind(k): Direction(v) for k, v in event.choice.items()}
    limits = PalaceLimits.from_ruleset(ctx.ruleset)
    changes = state.palace.player_changes(tile, choice, limits)
    palace = state.palace.apply_player(tile, choice, limits)
    if event.replacement is None and edicts.non_empty_next():
        raise RuleError(t("choose which Next tile slides down to the empty Active space"))
    edicts, _, refill = edicts.take(event.slot, event.replacement)
    text = t(
        "You issued Edict {numeral} ({tile}): {changes}",
        numeral=numeral,
        tile=str(tile),
        changes=joined([c.describe() for c in changes], ", "),
    )
    new_state = state.model_copy(update={"palace": palace, "edicts": edicts})
    duties = [] if rewarded else [reward_duty(state, event.slot)]
    return new_state, t("{edict}. {refill}", edict=text, refill=refill.describe()), duties


def reward_duty(state: GameState, slot: int) -> Obligation:
    """Take the reward printed under Active ``slot``."""
    numeral = Numeral.from_index(slot).value
    reward = state.board.edict_rewards[slot]
    what = t("tell what is printed there") if reward.unknown else describe_grant(reward)
    return Obligation(
        kind="edict_reward",
        does="edict_reward",
        text=t("Take the reward under Active {numeral}: {reward}", numeral=numeral, reward=what),
        source=t("Active {numeral} reward", numeral=numeral),
        slot=slot,
    )


def icons_duty(slot: int, tile: str) -> Obligation:
    """After its reward, the icons of the Edict in Active ``slot`` (the rulebook's order:
    the reward under the Edict first, then its icons)."""
    numeral = Numeral.from_index(slot).value
    return Obligation(
        kind="issue_edict",
        does="edict",
        text=t(
            "Activate the icons of Edict {numeral} ({tile}): add or remove each kind",
            numeral=numeral,
            tile=tile,
        ),
        source=t("Edict {numeral}", numeral=numeral),
        optional=False,
        slot=slot,
    )


def take_reward(state: GameState, event: TakeEdictReward, ctx: Context) -> Outcome:
    """Take the reward under an Active space (the one just issued, or any of the three
    when no Active tile was left to issue)."""
    first = ctx.first
    assert first is not None
    if first.does == "edict_reward" and event.slot != first.slot:
        numeral = Numeral.from_index(first.slot or 0).value
        raise RuleError(
            t("the reward comes from the space you issued: Active {numeral}", numeral=numeral)
        )
    numeral = Numeral.from_index(event.slot).value
    tile = state.edicts.active[event.slot]
    chooses_edict = first.does == "edict" and state.edicts.non_empty_active()
    if chooses_edict and tile is None:
        raise RuleError(
            t(
                "Active {numeral} is empty: take the reward under an Edict you can issue",
                numeral=numeral,
            )
        )
    board = state.board
    reward = board.edict_rewards[event.slot]
    if event.reward is not None:
        if event.reward.unknown:
            raise RuleError(t("describe the reward (its gains or actions)"))
        if not reward.unknown and event.reward != reward:
            raise RuleError(
                t(
                    "the reward under Active {numeral} is known: {describe_grant}",
                    numeral=numeral,
                    describe_grant=describe_grant(reward),
                )
            )
        reward = event.reward
        board = board.with_reward(event.slot, reward)
    if reward.unknown:
        raise RuleError(t("tell what reward is printed under Active {numeral}", numeral=numeral))
    taken = Gains(vp=event.vp, grain=event.grain, stone=event.stone, augustales=event.augustales)
    get = Gains()
    if reward.has_gain_part:
        _, get = grant_gains(
            reward,
            state.player,
            state.palace,
            grain=max(0, event.grain - reward.gain.grain),
            stone=max(0, event.stone - reward.gain.stone),
        )
    if get != taken:
        raise RuleError(
            t(
                "the reward under Active {numeral} is {describe_grant}; you entered {taken}",
                numeral=numeral,
                describe_grant=describe_grant(reward),
                taken=taken.describe(),
            )
        )
    player = receive(state.player, get)
    source = t("Active {numeral} reward", numeral=numeral)
    duties = action_obligations(reward.actions, "edict_reward", source)
    if chooses_edict and tile is not None:
        duties.append(icons_duty(event.slot, str(tile)))
    new_state = state.model_copy(update={"player": player, "board": board})
    return (
        new_state,
        t(
            "You took the reward under Active {numeral}: {gains}",
            numeral=numeral,
            gains=get.describe(),
        ),
        duties,
    )
