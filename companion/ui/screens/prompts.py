"""The follow-through: after each move, the prompt for what it left owed, one at a time.

:class:`FollowThroughScreen` is the one loop, shared by the Table and the End Phase: while
the engine has something pending (``GameState.obligation``) it opens the prompt for it
(:func:`prompt_for`), applies what the prompt closes with as any move, and looks again.
Every prompt is a dialog built as ``Prompt(state, ruleset, obligation)``; it closes with the
event that meets the obligation, with :class:`~solo_deck.events.Decline` where the rules let
it go, or with ``None`` (nothing recorded: the obligation stays on the screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, assert_never

from companion.ui.screens.game_screen import GameScreen

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from companion.ui.screens.modals.event_modal import GameEventModal
    from solo_deck import GameState, Obligation, Ruleset
    from solo_deck.events import Event


class FollowThroughScreen(GameScreen[None]):
    """A game screen that follows through on each move (see the module). When to look is
    the subclass's: it calls :meth:`follow_through` after a move it applied."""

    def follow_through(self) -> None:
        """Open the prompt for the first pending obligation, or, when nothing is owed,
        carry on (:meth:`nothing_owed`). Nothing is left pending silently: a prompt closed
        with Escape leaves the obligation on the screen, to be opened again."""
        if not self.session.has_game or not self.is_current:
            return
        if not self.open_prompt():
            self.nothing_owed()

    def open_prompt(self) -> bool:
        """Open the prompt for the first pending obligation; False when nothing is owed."""
        first = self.state.obligation
        if first is None:
            return False
        self.show_prompt(prompt_for(first, self.state, self.ruleset))
        return True

    def show_prompt(self, prompt: ModalScreen[Any]) -> None:
        """Put ``prompt`` on screen; what it closes with goes to :meth:`prompt_closed`."""
        self.app.push_screen(prompt, self.prompt_closed)

    def prompt_closed(self, result: Event | None) -> None:
        """Apply what a prompt closed with, as any move (which follows through again)."""
        self.apply(result)

    def nothing_owed(self) -> None:
        """After a move that leaves nothing owed (subclasses)."""


def prompt_for(obligation: Obligation, state: GameState, ruleset: Ruleset) -> GameEventModal[Any]:
    """The dialog that answers ``obligation`` in ``state``, by what meets it."""
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
    match does:
        case "build":
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
            raise KeyError(f"{does!r}: the engine meets it by itself, no prompt does")
    assert_never(does)
