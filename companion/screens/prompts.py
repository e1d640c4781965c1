"""The follow-through: which prompt answers the first pending obligation.

Every prompt is a dialog built as ``Prompt(state, ruleset, obligation)``; it closes with the
event that meets the obligation, with :class:`~solo_deck.events.Decline` where the rules let
it go, or with ``None`` (nothing recorded: the obligation stays on the Table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from solo_deck import GameState, Obligation, Ruleset


def prompt_for(obligation: Obligation, state: GameState, ruleset: Ruleset) -> ModalScreen[Any]:
    """The dialog that answers ``obligation`` in ``state``."""
    from companion.screens.modals import (
        build,
        buy_card,
        city_bonus,
        drop,
        edict_reward,
        issue_edict,
        market,
        promote,
        resolve,
        summon,
        travel,
        workplace,
    )

    does = obligation.does
    if does == "edict" and not state.edicts.non_empty_active():
        return edict_reward.RewardModal(state, ruleset, obligation)
    prompts: dict[str, Any] = {
        "build": build.BuildModal,
        "promote": promote.PromoteModal,
        "summon": summon.SummonModal,
        "purchase": buy_card.BuyCardModal,
        "market": market.MarketModal,
        "edict": issue_edict.IssueEdictModal,
        "edict_reward": edict_reward.RewardModal,
        "resolve": resolve.ResolveModal,
        "move_ship": travel.TravelModal,
        "name_workplace": workplace.WorkplaceModal,
        "city_bonus": city_bonus.CityBonusModal,
        "drop": drop.DropModal,
    }
    modal: ModalScreen[Any] = prompts[does](state, ruleset, obligation)
    return modal
