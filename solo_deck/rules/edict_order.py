"""Which step of issuing an Edict comes now: the reward under the chosen Edict first, then
its icons (the rulebook's order). A game saved before the boards were data recorded the
icons first and the reward after; it keeps that order so that it replays as it was.

>>> from solo_deck.model.obligations import Obligation
>>> icons = Obligation(kind="issue_edict", does="edict", text="icons", source="Edict II",
...                    optional=False, slot=1)
>>> icons.slot
1
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.model.obligations import Obligation
from solo_deck.model.solo_cards import Numeral
from solo_deck.model.state import GameState
from solo_deck.text import t


def reward_first(state: GameState) -> bool:
    """True when this game takes an Edict's reward before its icons (a game on the board
    data; older games took the icons first)."""
    return state.player.sites is not None


def edict_order_refusal(state: GameState, first: Obligation, kind: str) -> str | None:
    """Why ``kind`` (``player_edict`` or ``take_edict_reward``) does not meet the Edict owed
    now (``None``: it does)."""
    any_tile = state.edicts.non_empty_active()
    if first.slot is not None:  # the reward is taken: that Edict's icons are owed
        if kind == "take_edict_reward":
            numeral = Numeral.from_index(first.slot).value
            return t(
                "the reward under Active {numeral} is taken: now activate that Edict's icons",
                numeral=numeral,
            )
        return None
    if kind == "player_edict" and not any_tile:
        return t("no Active Edict tile is left: take one of the three rewards instead")
    if kind == "player_edict" and reward_first(state):
        return t(
            "first take the reward under the Active Edict you issue "
            "(choose the Edict by its reward); its icons come after"
        )
    if kind == "take_edict_reward" and any_tile and not reward_first(state):
        return t("issue an Active Edict (its reward comes with it)")
    return None


def reward_chooses_edict(state: GameState, duty: Obligation) -> bool:
    """True when ``duty`` is an Edict to issue whose next step is the reward under the
    Edict you choose (a front end opens the reward first, then the icons)."""
    return (
        duty.does == "edict"
        and duty.slot is None
        and bool(state.edicts.non_empty_active())
        and reward_first(state)
    )
