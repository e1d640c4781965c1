"""The History screen: every finished game, sortable and filterable, and one game's details.

What is listed, in which order and with which labels is the :class:`HistoryView`'s business
(``companion/history_view.py``); reading, deleting and putting back games is the
:class:`HistoryService`'s (the session keeps one for the app's run). This screen draws the
view and runs the service in thread workers: opening the screen reads the newest
:data:`PAGE_SIZE` games only (a loading indicator shows if that takes a moment), so a long
history opens about as fast as a short one and never freezes the screen; the rest is read,
in a worker of this screen, when the player asks for it (``m``, the cursor on the last row,
a filter, a sort or an export; Statistics reads the history itself). Deleting a game asks
first and can be undone (``u``) for as long as the app runs; writes run in one worker at a
time (:mod:`companion.ui.screens.history.writes`). When another copy of the app holds the data
(``app.read_only``) nothing is written: delete and undo are refused with a message.
``e`` exports the history and ``b`` lists its backup copies, to restore one
(:mod:`companion.ui.screens.history.files`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import DataTable, Header, Label, Select, Static
from textual.worker import Worker, WorkerState

from companion.formatting import shorten
from companion.history.service import HistoryPage, HistoryReading
from companion.i18n import N_, _
from companion.ui.keys import HISTORY_KEYS, HISTORY_TABLE_KEYS, bindings
from companion.ui.screens.history.reading import reading_finished, start_reading
from companion.ui.screens.history.writes import HistoryWrites
from companion.ui.screens.modals.history_detail import HistoryDetailModal
from companion.ui.views.history import (
    COLUMNS,
    FILTERS,
    NOTES_INDEX,
    PAGE_SIZE,
    HistoryColumn,
    HistoryFilter,
    HistoryView,
    filter_choices,
)
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.touch_select import TouchSelect
from companion.ui.wording import worded

if TYPE_CHECKING:
    from companion.storage import HistoryRecord
    from companion.storage.restore import RestoreResult

EMPTY_TEXT = N_(
    "No finished games yet. When you save a game's final score it appears here, with its "
    "title and details."
)
NO_MATCH_TEXT = N_("No game matches these filters: press c to clear them.")
NO_MATCH_TAP = N_("No game matches these filters: tap Clear filters in the footer.")
"""The same in a browser, where the footer's Clear filters is tapped."""
_NOT_READ = HistoryReading([])
"""What a failed read of every game shows: nothing new (the page read first stays)."""


def _cell(value: str, column: HistoryColumn) -> Text:
    """A header or a cell as plain text (stored text is never read as markup)."""
    return Text(value, justify="right" if column.right else "left")


class HistoryTable(DataTable[str | Text]):
    """The games table; enter opens the highlighted game."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(HISTORY_TABLE_KEYS))


class HistoryScreen(HistoryWrites):
    """All finished games, newest first; sort, filter, details, delete and undo."""

    TITLE = N_("History")

    DEFAULT_CSS = """
    HistoryScreen > #history-box { padding: 0 1; }
    HistoryScreen #history-filters { height: 1; margin: 1 0; }
    HistoryScreen #history-filters-label { width: auto; margin-right: 1; }
    HistoryScreen #history-filters Select { width: 1fr; max-width: 24; margin-right: 2; }
    HistoryScreen #history-count { width: auto; min-width: 14; }
    HistoryScreen.-narrow #history-count { display: none; }
    HistoryScreen #history-empty { margin: 1 0; }
    HistoryScreen #history-no-match { margin: 1 0; }
    HistoryScreen HistoryTable { height: 1fr; }
    """

    # Textual declares this without ClassVar, so a ClassVar here is an error for mypy.
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-narrow"),
        (100, "-wide"),
    ]

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(HISTORY_KEYS))

    def __init__(self) -> None:
        super().__init__()
        self.view = HistoryView()
        """The games, their sort and filters (what the table shows)."""
        self.records: dict[str, HistoryRecord] = {}
        """The games in the table, by id."""
        self._writing = False
        self._loading_timer: Timer | None = None
        self._refill_pending = False
        self._notes_width = 0
        self._then: list[Callable[[], None]] = []
        """What waits for every game to be read (an export asked for on the first page)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="history-box"):
            with Horizontal(id="history-filters"):
                yield Label(_("Show"), id="history-filters-label", classes="muted")
                for choice in FILTERS:
                    yield TouchSelect[str](
                        [],
                        prompt=_(choice.prompt),
                        id=f"filter-{choice.field}",
                        compact=True,
                        tooltip=_(choice.tooltip),
                    )
                yield Static(_("Reading the history…"), id="history-count", markup=False)
            yield Static(_(EMPTY_TEXT), id="history-empty", classes="muted")
            no_match = worded(self, _(NO_MATCH_TEXT), _(NO_MATCH_TAP))
            yield Static(no_match, id="history-no-match", classes="muted")
            yield HistoryTable(cursor_type="row", zebra_stripes=True, id="history-table")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = _(self.TITLE)
        self.query_one("#history-empty", Static).display = False
        self.query_one("#history-no-match", Static).display = False
        self._update_subtitle()
        self.load_history()

    def relabel(self) -> None:
        """Word the screen again in the language in use: the filters, the table's headers
        and cells, the count and the subtitle (the games, their sort, the filters chosen
        and the highlighted game stay)."""
        self.title = _(self.TITLE)
        self.query_one("#history-filters-label", Label).update(_("Show"))
        for choice in FILTERS:
            select = self.query_one(f"#filter-{choice.field}", Select)
            select.prompt, select.tooltip = _(choice.prompt), _(choice.tooltip)
        self.query_one("#history-empty", Static).update(_(EMPTY_TEXT))
        no_match = worded(self, _(NO_MATCH_TEXT), _(NO_MATCH_TAP))
        self.query_one("#history-no-match", Static).update(no_match)
        if self.view.loaded:
            self._set_filter_options()
            self.refill()
        self._update_subtitle()

    # --- reading --------------------------------------------------------------------------

    def load_history(self) -> None:
        """Read the newest :data:`PAGE_SIZE` games in a thread worker;
        :meth:`show_records` fills the table (a read of every game under way is dropped:
        the history may have been replaced meanwhile)."""
        self.workers.cancel_group(self, "history-all")
        self._then = []
        self._loading_timer = start_reading(
            self, lambda: self.service.read_latest(PAGE_SIZE), "history-read", self._show_loading
        )

    def _show_page(self, page: HistoryPage) -> None:
        self.show_records(page.records, page.total)

    def read_all(self, then: Callable[[], None] | None = None) -> None:
        """Read every game (when only the newest are read) in a thread worker of this
        screen, cancelled if the screen closes, then call ``then``."""
        if not self.view.partial:
            if then is not None:
                then()
            return
        if then is not None:
            self._then.append(then)
        if any(w.group == "history-all" and not w.is_finished for w in self.workers):
            return
        self.query_one("#history-count", Static).update(_("Reading every game…"))
        self.run_worker(
            self.service.read,
            thread=True,
            group="history-all",
            name="read every game",
            exit_on_error=False,
        )

    def _show_all(self, reading: HistoryReading) -> None:
        waiting, self._then = self._then, []
        if reading is _NOT_READ:
            self.refill()
            return
        self.show_records(reading.records)
        for then in waiting:
            then()

    def _show_loading(self) -> None:
        if not self.view.loaded:
            self.query_one(HistoryTable).loading = True

    def _loaded(self) -> None:
        if self._loading_timer is not None:
            self._loading_timer.stop()
            self._loading_timer = None
        self.query_one(HistoryTable).loading = False

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The read or a delete/undo finished (or failed)."""
        worker = event.worker
        if worker.group == "history-read":
            reading_finished(self, event, self._show_page, HistoryPage([], 0))
        elif worker.group == "history-all":
            reading_finished(self, event, self._show_all, _NOT_READ)
        elif worker.group == "history-write" and event.state in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
            WorkerState.CANCELLED,
        ):
            self._writing = False
            if event.state == WorkerState.SUCCESS:
                records = cast("list[HistoryRecord]", worker.result)
                if worker.name == "delete":
                    self._after_delete(records)
                else:
                    self._after_restore(records)
            elif event.state == WorkerState.ERROR:
                failed = (
                    _("The game could not be deleted: {error}")
                    if worker.name == "delete"
                    else _("The game could not be put back: {error}")
                )
                self.notify(
                    failed.format(error=worker.error),
                    severity="error",
                    timeout=10,
                    markup=False,
                )

    def show_records(self, records: Sequence[HistoryRecord], total: int | None = None) -> None:
        """Show these games (the whole history, or its newest of ``total`` games) and
        build the filter choices from them."""
        self._loaded()
        if total is None:
            self.view.load(records)
        else:
            self.view.load_page(records, total)
        self._set_filter_options()
        self.refill()
        self.refresh_bindings()  # All games shows only while the newest alone are read
        if not self.view.empty:
            self.query_one(HistoryTable).focus()

    def _set_filter_options(self) -> None:
        filters = self.view.filters
        for choice in filter_choices(self.view.all_records or []):
            current = getattr(filters, choice.field)
            select = self.query_one(f"#filter-{choice.field}", Select)
            with select.prevent(Select.Changed):
                select.set_options([(Text(label), value) for label, value in choice.options])
                if current is not None and any(v == current for _label, v in choice.options):
                    select.value = current
        self.view.set_filters(self._filters_from_selects())

    def _filters_from_selects(self) -> HistoryFilter:
        def value(field: str) -> str | None:
            chosen = self.query_one(f"#filter-{field}", Select).value
            return chosen if isinstance(chosen, str) else None

        return HistoryFilter(**{choice.field: value(choice.field) for choice in FILTERS})

    # --- the table ------------------------------------------------------------------------

    def refill(self) -> None:
        """Fill the table with the view's listed games, keeping the highlighted game
        highlighted when it is still listed."""
        self._refill_pending = False
        view = self.view
        table = self.query_one(HistoryTable)
        highlighted = self._highlighted_id()
        listed = view.listed
        self.records = {r.id: r for r in listed}
        rows = view.rows()
        self._notes_width = self._notes_room(rows)
        table.clear(columns=True)
        for column in COLUMNS:
            table.add_column(_cell(view.column_label(column), column), key=column.key)
        for record, row in zip(listed, rows, strict=True):
            row[NOTES_INDEX] = shorten(row[NOTES_INDEX], self._notes_width)
            cells = (_cell(value, column) for column, value in zip(COLUMNS, row, strict=True))
            table.add_row(*cells, key=record.id)
        if highlighted in self.records:
            table.move_cursor(row=table.get_row_index(highlighted), animate=False)
        empty = view.empty
        self.query_one("#history-empty", Static).display = empty
        self.query_one("#history-no-match", Static).display = view.no_match
        self.query_one("#history-filters").display = not empty
        table.display = not empty
        table.disabled = empty
        self.query_one("#history-count", Static).update(view.count_text())
        self._update_subtitle()
        if not empty and not isinstance(self.focused, Select):
            table.focus()

    def _notes_room(self, rows: list[list[str]]) -> int:
        """How wide the Notes column can be without the table scrolling sideways."""
        table = self.query_one(HistoryTable)
        width = table.size.width or self.size.width - 2
        rows_in_view = (table.size.height or self.size.height - 6) - 1
        if len(rows) > rows_in_view:
            width -= 2  # room for a vertical scroll bar
        return self.view.notes_width(rows, width, 2 * table.cell_padding)

    def on_resize(self) -> None:
        """A new width gives the notes more or less room."""
        if self.view.loaded and self._notes_room(self.view.rows()) != self._notes_width:
            self.refill()

    def _highlighted_id(self) -> str | None:
        table = self.query_one(HistoryTable)
        if not table.row_count:
            return None
        row_key, _column = table.coordinate_to_cell_key(table.cursor_coordinate)
        return None if row_key.value is None else str(row_key.value)

    def highlighted_record(self) -> HistoryRecord | None:
        """The game under the table cursor."""
        record_id = self._highlighted_id()
        return None if record_id is None else self.records.get(record_id)

    def _update_subtitle(self) -> None:
        """The count and the sort in the header; in a header too narrow for them (a long
        language on a small terminal), the sort alone, else neither: the filter bar shows
        the count and the sorted column's header its ▼ or ▲."""
        titles = self.query("HeaderTitle")
        room = titles.first().content_region.width if titles else 0
        shortest = _("read-only") if self.read_only else ""
        for subtitle in (
            self.view.subtitle(self.read_only),
            self.view.subtitle(self.read_only, count=False),
        ):
            if not room or cell_len(f"{self.title} — {subtitle}") <= room:
                break
        else:
            subtitle = shortest
        self.sub_title = subtitle

    # --- events ---------------------------------------------------------------------------

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter or a click on a game opens its details."""
        record = self.records.get(str(event.row_key.value))
        if record is not None:
            self.app.push_screen(HistoryDetailModal(record))

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """A click on a column header sorts by it; a second click reverses."""
        event.stop()
        self.view.sort_by_header(str(event.column_key.value))
        self.refill()
        self.read_all()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The cursor on the last of the newest games read: read the others."""
        if self.view.partial and event.cursor_row >= event.data_table.row_count - 1:
            self.read_all()

    @on(Select.Changed)
    def _filter_changed(self, event: Select.Changed) -> None:
        event.stop()
        if not self._refill_pending:  # several changes in one frame: one refill
            self._refill_pending = True
            self.call_after_refresh(self._apply_filters)

    def _apply_filters(self) -> None:
        self.view.set_filters(self._filters_from_selects())
        self.refill()
        self.read_all()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A filter about to be chosen: its choices come from every game."""
        if isinstance(event.widget, Select):
            self.read_all()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``more`` only while the newest games alone are read."""
        return self.view.partial if action == "more" else True

    # --- actions --------------------------------------------------------------------------

    def action_more(self) -> None:
        """Read every game, not only the newest."""
        self.read_all()

    def action_sort_next(self) -> None:
        """Sort by the next column, round to the first (over every game)."""
        self.view.sort_next()
        self.refill()
        self.read_all()

    def action_sort_reverse(self) -> None:
        """Reverse the current order (over every game)."""
        self.view.sort_reversed()
        self.refill()
        self.read_all()

    def action_filter(self) -> None:
        """Move to the filter bar (tab moves on; esc goes back to the table)."""
        if self.view.empty:
            self.notify(_("There are no games to filter yet."))
            return
        self.query_one(f"#filter-{FILTERS[0].field}", Select).focus()

    def action_clear_filters(self) -> None:
        """Show every game again."""
        for select in self.query(Select):
            with select.prevent(Select.Changed):
                select.clear()
        self.view.set_filters(HistoryFilter())
        self.refill()
        self.query_one(HistoryTable).focus()

    def action_back(self) -> None:
        """Leave the history (from the filter bar: back to the table first)."""
        table = self.query_one(HistoryTable)
        if isinstance(self.focused, Select) and table.display:
            table.focus()
            return
        self.dismiss()

    def action_export(self) -> None:
        """Write the history to a file (CSV, JSON or BG Stats plays)."""
        from companion.ui.screens.history.files import ExportModal

        if not self.view.all_records:
            self.notify(_("There are no games to export yet."))
            return
        if self.view.partial:
            self.read_all(self.action_export)
            return

        def written(path: object) -> None:
            if path is not None:
                self.notify(_("Exported to {path}.").format(path=path), markup=False)

        self.app.push_screen(ExportModal(self.view.all_records), written)

    def action_backups(self) -> None:
        """List the history's copies; restoring one reads the history again."""
        from companion.ui.screens.history.files import BackupsModal

        def restored(result: RestoreResult | None) -> None:
            if result is None:
                return
            before = (
                _(" Your history as it was is kept as {name}.").format(name=result.previous.name)
                if (result.previous)
                else ""
            )
            self.notify(
                _("Restored {name}.{before}").format(name=result.restored.name, before=before),
                markup=False,
                timeout=10,
            )
            self.view = HistoryView()
            self.load_history()

        self.app.push_screen(BackupsModal(), restored)

    def action_statistics(self) -> None:
        """Open the Statistics screen over the games already read (or let it read them)."""
        self.host.open_statistics(None if self.view.partial else self.view.all_records)
