"""The follow-through: after each move, the prompt for what it left owed, one at a time.

:class:`FollowThroughScreen` is the one loop, shared by the Table and the End Phase: while
the engine has something pending (``GameState.obligation``) it opens the prompt for it
(:func:`~companion.ui.screens.prompts.prompt_for`), applies what the prompt closes with as
any move, and looks again.

A prompt it opens for something the player did not ask for opens by itself
(:func:`opens_by_itself`: an Edict a Great Structure or a marked space owes, a second Edict
right after the first, a bonus, a reward...): it takes no key typed before it was drawn
(:mod:`companion.ui.first_look`), so keys typed for the dialog before (or for a tile) never
choose in it. The action of the card just played is asked for: keys typed ahead for it are
its own (:mod:`companion.ui.type_ahead`). A prompt opened again with ``r`` is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.i18n import shown
from companion.ui.notices import sentence
from companion.ui.screens.game_screen import GameScreen
from companion.ui.screens.prompts import prompt_for
from solo_deck.events import Resolve

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from solo_deck import Obligation
    from solo_deck.events import Event

ASKED_FOR = frozenset({"main_action", "card_effect"})
"""The obligations whose prompt the player asked for: the action of the card just played
face down, the effect of the card played face up."""


def opens_by_itself(obligation: Obligation) -> bool:
    """True when the prompt for ``obligation`` opens without the player asking for it."""
    return obligation.kind not in ASKED_FOR


def takes_itself(obligation: Obligation) -> bool:
    """True for a card's effect that is plain numbers (no choice, no step after it): it is
    taken at once, told in a notice, with no screen that only repeats it."""
    grant = obligation.grant
    return (
        obligation.does == "resolve"
        and obligation.kind == "card_effect"
        and grant is not None
        and not grant.needs_choice
        and not grant.actions
    )


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

    def open_prompt(self, *, asked: bool = False) -> bool:
        """Open the prompt for the first pending obligation (``asked``: the player asked
        for it, with ``r``; else it may open by itself); False when nothing is owed."""
        first = self.state.obligation
        if first is None:
            return False
        if takes_itself(first):
            self.notify(sentence(shown(first.text)))
            self.prompt_closed(Resolve())
            return True
        prompt = prompt_for(first, self.state, self.ruleset)
        if not asked and opens_by_itself(first):
            prompt.opens_by_itself = True
        self.show_prompt(prompt)
        return True

    def show_prompt(self, prompt: ModalScreen[Any]) -> None:
        """Put ``prompt`` on screen; what it closes with goes to :meth:`prompt_closed`."""
        self.app.push_screen(prompt, self.prompt_closed)

    def prompt_closed(self, result: Event | tuple[Event, ...] | None) -> None:
        """Apply what a prompt closed with, as any move (which follows through again)."""
        self.apply(result)

    def nothing_owed(self) -> None:
        """After a move that leaves nothing owed (subclasses)."""
