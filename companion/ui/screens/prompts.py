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
    from companion.ui.screens.modals.build import BuildModal
    from companion.ui.screens.modals.buy_card import BuyCardModal
    from companion.ui.screens.modals.city_bonus import CityBonusModal
    from companion.ui.screens.modals.drop import DropModal
    from companion.ui.screens.modals.edict_reward import RewardModal
    from companion.ui.screens.modals.issue_edict import IssueEdictModal
    from companion.ui.screens.modals.market import MarketModal
    from companion.ui.screens.modals.promote import PromoteModal
    from companion.ui.screens.modals.resolve import ResolveModal
    from companion.ui.screens.modals.summon import SummonModal
    from companion.ui.screens.modals.travel import TravelModal
    from companion.ui.screens.modals.workplace import WorkplaceModal

    does = obligation.does
    if does == "edict" and not state.edicts.non_empty_active():
        return RewardModal(state, ruleset, obligation)
    prompts: dict[str, Any] = {
        "build": BuildModal,
        "promote": PromoteModal,
        "summon": SummonModal,
        "purchase": BuyCardModal,
        "market": MarketModal,
        "edict": IssueEdictModal,
        "edict_reward": RewardModal,
        "resolve": ResolveModal,
        "move_ship": TravelModal,
        "name_workplace": WorkplaceModal,
        "city_bonus": CityBonusModal,
        "drop": DropModal,
    }
    modal: ModalScreen[Any] = prompts[does](state, ruleset, obligation)
    return modal
