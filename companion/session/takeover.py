"""Both sides of a take over, apart from any screen: the holder lets go, the new copy takes.

:class:`TakeOver` joins the session (which saves the game) and the data lock to the
protocol of :mod:`companion.storage.takeover`. The app uses it (a timer on the holder, the
"Take over" choice on the new copy's Data in use screen); the race test drives it from
several processes at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.i18n import N_
from companion.storage import takeover
from companion.storage.takeover import Outcome, Request

if TYPE_CHECKING:
    from companion.session.game_session import GameSession
    from companion.storage.lock import DataLock

OUTCOME_TEXT = {
    Outcome.DECLINED: N_(
        "The other copy stayed open: it could not save its last move. Finish there, or "
        "close it and start this one again."
    ),
    Outcome.SUPERSEDED: N_("Another copy asked to take over after this one; it gets the data."),
    Outcome.NO_ANSWER: N_(
        "The other copy did not let go in time (it may be busy, be an older version, or be "
        "a command such as an import). Close it and start this one again."
    ),
}
"""What the new copy says when it did not get the data (English: shown through ``_()``)."""


@dataclass
class TakeOver:
    """The take over of one data folder, seen from one copy of the app."""

    session: GameSession
    lock: DataLock

    def requested(self) -> Request | None:
        """A request this copy, holding the lock, should honour now (see
        :func:`~companion.storage.takeover.pending`)."""
        if not self.lock.held:
            return None
        return takeover.pending(self.lock.folder)

    def let_go(self) -> str | None:
        """Save the game and give the lock back for good; ``None`` when done. If the last
        move cannot be saved, the request is declined (removed) and the save's error
        returned (the caller says that the last move could not be saved): this copy stays
        the writer."""
        session = self.session
        if session.game is not None and session.has_unsaved_changes:
            try:
                session.save()
            except OSError as exc:
                takeover.discard(self.lock.folder)
                return str(exc)
        session.read_only = True
        self.lock.let_go()
        return None

    async def take(self, *, timeout: float = takeover.WAIT_SECONDS) -> Outcome:
        """Ask the holder to let go and wait for the lock (bounded)."""
        request = takeover.ask(self.lock.folder)
        return await takeover.wait_for_lock(self.lock, request, timeout=timeout)
