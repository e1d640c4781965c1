"""Deleting games from the History screen and putting them back: the question asked
first, the writes (one worker at a time, refused in a read-only copy) and what the table
shows after them. :class:`HistoryWrites` is a part of
:class:`~companion.ui.screens.history.games.HistoryScreen`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.screen import Screen
from textual.widgets import DataTable

from companion.i18n import _
from companion.i18n.words import value_word
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import HISTORY_DELETE_KEYS
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.views.history import HistoryView, game_label
from companion.ui.wording import for_device, worded

if TYPE_CHECKING:
    from companion.history.service import HistoryService
    from companion.storage import HistoryRecord


def delete_question(record: HistoryRecord, touch: bool = False) -> ConfirmModal:
    """The question asked before ``record`` leaves the history, worded for a touch screen
    (``touch``) or a keyboard."""
    game = game_label(record)
    if record.house:
        game = _("{game} · House {house}").format(game=game, house=value_word(record.house))
    return ConfirmModal(
        _("Delete this game?"),
        game,
        note=for_device(
            touch,
            _(
                "It leaves your history and your statistics. Until you quit the app, u on "
                "the History screen puts it back."
            ),
            _(
                "It leaves your history and your statistics. Until you quit the app, Undo in "
                "the History screen's footer puts it back."
            ),
        ),
        yes_label=_("Delete"),
        no_label=_("Keep"),
        danger=True,
        keys=HISTORY_DELETE_KEYS,
    )


class HistoryWrites(OpensAtOnce, Hosted, Screen[None]):
    """Delete and undo on the History screen, which provides the view, the table and
    :meth:`refill` (a screen of the app: it opens at once, as every one does)."""

    view: HistoryView
    records: dict[str, HistoryRecord]
    _writing: bool

    @property
    def service(self) -> HistoryService:
        """The history of the app's data folder."""
        return self.host.session.history_service

    @property
    def read_only(self) -> bool:
        """Whether this copy may write nothing (another copy holds the data)."""
        return self.host.read_only

    def _refused(self, what: str) -> bool:
        """Say so when this copy may write nothing: ``what`` cannot be done here."""
        if self.read_only:
            self.notify(
                _(
                    "This copy is read-only: another copy of the app holds your data, so "
                    "{what} here."
                ).format(what=what),
                severity="error",
                timeout=8,
            )
        return self.read_only

    def _busy(self) -> bool:
        """Say so when the last change is still being written."""
        if self._writing:
            self.notify(_("Still saving the last change; try again in a moment."))
        return self._writing

    def action_delete(self) -> None:
        """Ask, then delete the highlighted game."""
        if self._refused(_("no game can be deleted")):
            return
        record = self.highlighted_record()
        if record is None:
            self.notify(_("There is no game to delete."))
            return
        if self._busy():
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._start_write("delete", lambda: self.service.delete([record.id]))

        self.app.push_screen(delete_question(record, self.app.is_web), answered)

    def action_undo_delete(self) -> None:
        """Put back the game deleted last."""
        if self._refused(_("nothing can be put back")):
            return
        if not self.service.last_deleted:
            self.notify(_("Nothing to undo: no game was deleted since the app started."))
            return
        if not self._busy():
            self._start_write("restore", self.service.undo_delete)

    # --- writing (one worker at a time) ---------------------------------------------------

    def _start_write(self, kind: str, write: Callable[[], list[HistoryRecord]]) -> None:
        self._writing = True
        self.run_worker(write, thread=True, group="history-write", name=kind, exit_on_error=False)

    def _after_delete(self, records: list[HistoryRecord]) -> None:
        table = self.query_one("#history-table", DataTable)
        row = table.cursor_row
        for record in records:
            self.view.remove(record.id)
        self.refill()
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)
        for record in records:
            undo = worded(self, _("Press u to undo."), _("Tap Undo in the footer to put it back."))
            self.notify(
                _("Deleted the game of {game}. {undo}").format(game=game_label(record), undo=undo),
                markup=False,
            )

    def _after_restore(self, records: list[HistoryRecord]) -> None:
        if self.view.loaded:  # else the read under way brings them
            for record in records:
                self.view.put_back(record)
            self._set_filter_options()
            self.refill()
        table = self.query_one("#history-table", DataTable)
        for record in records:
            if record.id in self.records:
                table.move_cursor(row=table.get_row_index(record.id), animate=False)
            self.notify(
                _("Put back the game of {game}.").format(game=game_label(record)),
                markup=False,
            )

    # --- what the screen provides ---------------------------------------------------------

    def refill(self) -> None:
        """Fill the table again from the view."""
        raise NotImplementedError

    def highlighted_record(self) -> HistoryRecord | None:
        """The game under the table cursor."""
        raise NotImplementedError

    def _set_filter_options(self) -> None:
        raise NotImplementedError
