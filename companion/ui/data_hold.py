"""The app's hold on its data folder: taking the lock at start, waiting for a page's
earlier app, and the take over between two copies.

At start the app takes the data lock, then shows the Start screen (or, for a served page
that came back, the saved game at once). When another copy holds the data, the Data in use
screen says who, and may offer to take over (:mod:`companion.session.takeover`): while
this copy holds the data it looks for another copy's request, then saves, lets go and
quits; a copy started meanwhile asks, then resumes the game.

A served page that comes back after its connection dropped gets a new app while its
earlier app is still closing (``serve`` starts the new one at once, so that its imports
overlap the earlier one's exit: about a fifth of a second sooner back on the Table). That
earlier app still holds the data: before it runs, the new app waits for it, bounded, and
only while the lock's note names that app (:meth:`HoldsTheData.get_ready`);
any other holder gets the Data in use screen at once.
"""

from __future__ import annotations

import functools
import socket
import time
from typing import TYPE_CHECKING, ClassVar

from textual.app import App

if TYPE_CHECKING:
    from companion.session import GameSession, TakeOver
    from companion.storage.lock import DataLock

WATCH_AFTER = 0.5
"""Seconds after start before this copy looks for take-over requests (a request waits
longer than that for its answer)."""

EARLIER_APP_WAIT = 8.0
"""Seconds a new app waits for its page's earlier app to let the data go. ``serve`` ends
an app that has not quit within its 5 s, and collects it within 1 s more
(``companion.serve.server``: ``STOP_SECONDS``, ``REAP_SECONDS``); past this, the Data in
use screen says who holds the data."""

EARLIER_APP_POLL = 0.01
"""Seconds between two tries of the lock while waiting for the earlier app."""


class HoldsTheData(App[None]):
    """The app's start on its data folder and the take over (see the module)."""

    RESUME_AT_START: ClassVar[bool] = False
    """Open the saved game before the first screen is drawn (a served page that came back
    after its connection dropped: :mod:`companion.serve.app_process`)."""
    EARLIER_APP: ClassVar[int | None] = None
    """The process id of the app a served page had before its connection dropped; while
    it still holds the data (it is closing), this app waits for it (see the module)."""

    session: GameSession
    lock: DataLock | None
    read_only: bool
    let_go: bool

    if TYPE_CHECKING:  # the app's own, used here

        def _apply_config(self) -> None: ...

        def open_table(self) -> None: ...

    def get_ready(self) -> None:
        """Before the app runs, for a served page that came back (:attr:`RESUME_AT_START`):
        import what the Table needs (it opens before the first frame), then
        :meth:`wait_for_earlier_app`. The imports come first: they overlap the earlier
        app's exit."""
        if self.RESUME_AT_START:
            from companion.ui.warm_up import import_for_the_table

            import_for_the_table()
        self.wait_for_earlier_app()

    def wait_for_earlier_app(self) -> None:
        """Take the data lock as soon as :attr:`EARLIER_APP` lets it go, trying every
        :data:`EARLIER_APP_POLL` seconds while the lock's note names that app on this
        machine (or no one, as while it lets go), for :data:`EARLIER_APP_WAIT` seconds at
        most. Whatever else happens is left to :meth:`open_the_data`, which says so."""
        earlier, lock = self.EARLIER_APP, self.lock
        if earlier is None or lock is None:
            return
        until = time.monotonic() + EARLIER_APP_WAIT
        closing = (earlier, socket.gethostname())
        while time.monotonic() < until:
            try:
                if lock.acquire() or lock.holder_note() not in (None, closing):
                    return
            except OSError:  # said by open_the_data
                return
            time.sleep(EARLIER_APP_POLL)

    def open_the_data(self) -> None:
        """Take the data lock (unless :meth:`wait_for_earlier_app` took it) and open the
        Start screen (or the saved game, see :attr:`RESUME_AT_START`); when another copy
        holds the data or the lock cannot be used, the screen that says so."""
        from companion.ui.screens.start import StartScreen

        if self.lock is not None:
            try:
                acquired = self.lock.held or self.lock.acquire()
                problem = None
            except OSError as exc:  # a link where the lock should be, a read-only disk
                acquired, problem = False, str(exc)
            if not acquired:
                from companion.ui.screens.data_in_use import DataInUseScreen

                self.read_only = self.session.read_only = True
                self._apply_config()
                holder = self.lock.holder() if problem is None else ""
                offer = problem is None and self.lock.held_on_this_machine()
                screen = DataInUseScreen(self.session.folder, holder, problem, offer)
                self.push_screen(screen)
                return
        self._begin_writing()
        self.push_screen(StartScreen())
        if self.RESUME_AT_START and self.session.has_saved_game():
            self._resume_at_once()

    def _resume_at_once(self) -> None:
        """The Table over the Start screen before anything is drawn (when the saved game
        cannot be read, the Start screen's Resume says why)."""
        try:
            resumed = self.session.load()
        except (OSError, ValueError):
            resumed = False
        if resumed:
            self.open_table()
        else:
            self.call_after_refresh(self._resume_after_take_over)

    def _begin_writing(self) -> None:
        """This copy holds the data: clean up after a crash, use the saved theme, and
        start looking for another copy's request to take over."""
        self.session.clean_stray_files()
        self._apply_config()
        if self.lock is not None:  # the watch can wait for the first screen to be drawn
            self.set_timer(WATCH_AFTER, self._watch_for_take_over, name="take-over watch")

    @functools.cached_property
    def take_over(self) -> TakeOver | None:
        """Lets another copy take the data over, or takes it from another copy (made when
        first needed: its module is not needed to draw the first screen)."""
        from companion.session import TakeOver

        return TakeOver(self.session, self.lock) if self.lock is not None else None

    def _watch_for_take_over(self) -> None:
        from companion.storage.takeover import POLL_SECONDS

        if self.take_over is not None and not self.let_go:
            self.set_interval(POLL_SECONDS, self._answer_take_over, name="take-over watch")

    def _answer_take_over(self) -> None:
        """Let go if another copy asks (it saves first; a move it cannot save keeps this
        copy the writer, and says so)."""
        from companion.ui.app_words import take_over_refused, took_over

        if self.take_over is None or self.let_go or self.read_only:
            return
        if self.take_over.requested() is None:
            return
        error = self.take_over.let_go()
        if error is not None:
            self.notify(take_over_refused(error), severity="warning", timeout=15)
            return
        from rich.text import Text

        self.let_go = self.read_only = True
        self.exit(message=Text(took_over()))

    def took_over(self) -> None:
        """This copy has just taken the data over from another: become the writer and
        resume the game the other copy saved (or show the Start screen if none)."""
        from companion.ui.screens.start import StartScreen

        self.read_only = self.session.read_only = False
        self._begin_writing()
        self.switch_screen(StartScreen())
        if self.session.has_saved_game():
            self.call_after_refresh(self._resume_after_take_over)

    def _resume_after_take_over(self) -> None:
        from companion.ui.screens.start import StartScreen

        if isinstance(self.screen, StartScreen):
            self.screen.action_resume()
