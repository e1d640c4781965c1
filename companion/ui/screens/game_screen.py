"""The one doorway from a screen to the game: the host, the session, the state and the
rules, one way to apply an event and to undo or redo, and a redraw whenever the game
changes (:class:`~companion.ui.messages.GameChanged`).

Screens read the session (which asks the engine); none reaches into ``session.game``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypeVar

from textual import on
from textual.screen import Screen

from companion.i18n import _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.messages import GameChanged
from companion.ui.notices import refused, save_failed
from companion.ui.views.boards import remember_told
from solo_deck import RuleError
from solo_deck.events import CheckBoard

if TYPE_CHECKING:
    from companion.session import GameSession
    from solo_deck import GameState, Ruleset
    from solo_deck.events import Event

ResultT = TypeVar("ResultT")


class GameScreen(OpensAtOnce, Hosted, Screen[ResultT]):
    """A screen that shows the game in progress and changes it.

    Subclasses draw in :meth:`redraw`, called once when mounted and again after every
    change of the game (or on returning to the screen if it changed meanwhile)."""

    _drawn: int = -1
    """The session revision last drawn."""

    @property
    def session(self) -> GameSession:
        """The app's game session."""
        return self.host.session

    @property
    def state(self) -> GameState:
        """The current game state (a game must be open)."""
        return self.session.state

    @property
    def ruleset(self) -> Ruleset:
        """The game's ruleset."""
        return self.session.ruleset

    # --- changing the game ------------------------------------------------------------

    def apply(self, event: Event | tuple[Event, ...] | None) -> bool:
        """Push ``event`` (or each of a tuple, in order) through the session. A refusal is
        told and changes nothing more (False when nothing was applied); a failed save is
        told, the move stays in memory (True). A board value told is also kept as yours for
        new games (the settings' checked board)."""
        events = event if isinstance(event, tuple) else () if event is None else (event,)
        applied = False
        for one in events:
            try:
                self.session.push(one)
            except RuleError as exc:
                refused(self, exc)
                break
            except OSError as exc:
                save_failed(self, exc)
            applied = True
            if isinstance(one, CheckBoard):
                self._remember(one)
        if applied:
            self.host.game_changed()
        return applied

    def _remember(self, told: CheckBoard) -> None:
        """Keep a board value told in the settings, for the next games (told when not)."""
        problem = remember_told(self.session.settings, told.board, told.key, told.value)
        if problem is not None:
            self.notify(problem, severity="warning", timeout=10, markup=False)

    def step(self, direction: Literal["undo", "redo"]) -> Event | None:
        """Take back (``undo``) or bring back (``redo``) one event; says so when there is
        nothing to move or the move could not be saved."""
        try:
            event = self.session.undo() if direction == "undo" else self.session.redo()
        except RuleError as exc:  # a redone event the rules now refuse
            refused(self, exc)
            return None
        except OSError as exc:
            save_failed(self, exc, "change")
            event = None
        if event is None and not self.session.save_error:
            self.notify(_("Nothing to undo.") if direction == "undo" else _("Nothing to redo."))
        self.host.game_changed()
        return event

    # --- drawing --------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the game as it is now (subclasses)."""

    def draw_again(self) -> None:
        """Forget what was drawn, so the next chance draws it all again though the game is
        the same (the words changed: another language)."""
        self._drawn = -1

    def _draw_if_stale(self) -> None:
        if not self.session.has_game or not self.is_mounted:
            return
        revision = self.session.revision
        if revision != self._drawn:
            self._drawn = revision
            self.redraw()

    def on_mount(self) -> None:
        """Draw once."""
        self._draw_if_stale()

    def on_screen_resume(self) -> None:
        """Back on this screen: draw what changed meanwhile."""
        self._draw_if_stale()

    @on(GameChanged)
    def _game_changed(self, message: GameChanged) -> None:
        if self.is_current:
            self._draw_if_stale()
