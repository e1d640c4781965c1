"""The Table's Coach key (``c``): lit at the start of your turn, when the engine can weigh
the position; dimmed otherwise, and pressed then it says the engine's reason
(:func:`solo_deck.why_no_advice`) and opens nothing; absent in the End Phase and once the
game is over.

It opens the Coach (:class:`~companion.ui.screens.modals.coach.CoachModal`) on a copy of
the position: the Coach never records anything in the game but the naming of your hand,
which it asks for and records through this screen (:meth:`apply`, as any dialog's event).
Its rollouts are seeded by the number of events in the game, so the same position always
gives the same answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.events import Key

from companion.i18n import N_, _
from companion.ui.notices import sentence
from companion.ui.screens.follow_through import FollowThroughScreen
from solo_deck import Phase

if TYPE_CHECKING:
    from solo_deck import GameState

COACH_ACTION = "coach"
COACH_TITLE = N_("Coach")


class CoachKeyScreen(FollowThroughScreen):
    """A game screen with the Coach's key (the Table)."""

    _coach_asked: tuple[GameState, str | None] | None = None
    """The last position asked about and the engine's reason (``None``: it can weigh)."""

    def coach_refusal(self) -> str | None:
        """Why the Coach cannot weigh the position now, or ``None`` (asked once per state)."""
        state = self.state
        asked = self._coach_asked
        if asked is None or asked[0] is not state:
            from companion.ui.views.coach import coach_refusal

            asked = (state, coach_refusal(self.session.setup, state))
            self._coach_asked = asked
        return asked[1]

    def coach_key(self) -> bool | None:
        """The key as ``check_action`` shows it: lit (True), dimmed (None), absent (False:
        in the End Phase and once the game is over, when no turn of yours can come before
        the next round; on a phone its key would take a row of the footer)."""
        if not self.session.has_game:
            return False
        state = self.state
        if state.game_over or state.phase is Phase.END_PHASE:
            return False
        return True if self.coach_refusal() is None else None

    def action_coach(self) -> None:
        """Open the Coach on the position (or say why it cannot weigh it)."""
        if self.coach_key() is not True:
            self._say_why()
            return
        from companion.ui.screens.modals.coach import CoachModal

        options = self.host.config.config.coach
        seed = len(self.session.events)
        coach = CoachModal(
            self.session.setup,
            self.state,
            aim=options.aim_title,
            seed=seed,
            budget=options.games or None,
            record=self.apply,
        )
        self.app.push_screen(coach)

    def _say_why(self) -> None:
        reason = self.coach_refusal() if self.session.has_game else "there is no game"
        if reason is not None:
            self.notify(sentence(reason), title=_(COACH_TITLE), markup=False)

    @on(Key)
    def _dimmed_coach_key(self, event: Key) -> None:
        """A press of the dimmed Coach key says why (Textual drops a dimmed key's press)."""
        if self.coach_key() is not None:
            return
        found = self.active_bindings.get(event.key)
        if found is not None and found.binding.action == COACH_ACTION:
            event.stop()
            event.prevent_default()
            self._say_why()
