"""The follow-through: which prompt answers the first pending obligation.

Every prompt is a dialog built as ``Prompt(state, ruleset, obligation)``; it closes with the
event that meets the obligation, with :class:`~solo_deck.events.Decline` where the rules let
it go, or with ``None`` (nothing recorded: the obligation stays on the Table). The loop that
opens them one after the other is :mod:`companion.ui.screens.follow_through`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, assert_never

NO_PROMPT = "{does!r}: the engine meets it by itself, no prompt does"
"""A programmer's error (the Table never asks for a prompt the engine meets itself):
English, never shown to a player."""

if TYPE_CHECKING:
    from companion.ui.screens.modals.event_modal import GameEventModal
    from solo_deck import GameState, Obligation, Ruleset


def prompt_for(obligation: Obligation, state: GameState, ruleset: Ruleset) -> GameEventModal[Any]:
    """The dialog that answers ``obligation`` in ``state``, by what meets it."""
    from companion.ui.screens.modals.build import BuildModal
    from companion.ui.screens.modals.build_site import SiteBuildModal
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
    from solo_deck import reward_chooses_edict

    does = obligation.does
    match does:
        case "build" if state.player.sites is not None:
            return SiteBuildModal(state, ruleset, obligation)
        case "build":  # a game saved before the app knew your Castle Board
            return BuildModal(state, ruleset, obligation)
        case "promote":
            return PromoteModal(state, ruleset, obligation)
        case "summon":
            return SummonModal(state, ruleset, obligation)
        case "purchase":
            return BuyCardModal(state, ruleset, obligation)
        case "market":
            return MarketModal(state, ruleset, obligation)
        case "edict" if not state.edicts.non_empty_active():  # no tile to issue: a reward
            return RewardModal(state, ruleset, obligation)
        case "edict" if reward_chooses_edict(state, obligation):
            return RewardModal(state, ruleset, obligation)  # the reward first, then the icons
        case "edict":
            return IssueEdictModal(state, ruleset, obligation)
        case "edict_reward":
            return RewardModal(state, ruleset, obligation)
        case "resolve":
            return ResolveModal(state, ruleset, obligation)
        case "move_ship":
            return TravelModal(state, ruleset, obligation)
        case "name_workplace":
            return WorkplaceModal(state, ruleset, obligation)
        case "city_bonus":
            return CityBonusModal(state, ruleset, obligation)
        case "drop":
            return DropModal(state, ruleset, obligation)
        case "auto":
            raise KeyError(NO_PROMPT.format(does=does))
    assert_never(does)
