"""The History screen: every finished game, sortable and filterable, and one game's details.

Opening the screen is what reads the history file. It is read in a thread worker, with a
store of its own (TinyDB objects are not shared between threads), so a long history never
freezes the screen; a loading indicator shows if the read takes a moment. Deleting a game
asks first and can be undone (``u``) for as long as the app runs; the writes go through the
session's history store in one worker at a time. When another copy of the app holds the
data (``app.read_only``) nothing is written: delete and undo are refused with a message.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, DataTable, Header, Label, Select, Static
from textual.worker import Worker, WorkerState

from companion.history_stats import DIFFICULTY_ORDER, format_duration, title_names
from companion.screens.modals.confirm import ConfirmKeys, ConfirmModal
from companion.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from companion.app import StuporSoloApp
    from companion.storage import HistoryRecord, HistoryStore

EMPTY_TEXT = (
    "No finished games yet. When you save a game's final score it appears here, with its "
    "title and details."
)
NO_MATCH_TEXT = "No game matches these filters: press c to clear them."
NOT_RECORDED = "__not_recorded__"
"""The filter value for games where the field was not recorded (quick entries, imports)."""
LOADING_DELAY = 0.2
"""Seconds a read may take before the loading indicator shows (no flash for short reads)."""
MIN_NOTES_WIDTH = 12
MAX_ROWS = 500
"""The most games the table lists at once (the first ones in the current sort and filter);
a DataTable measures every cell it is given, so 10,000 rows would take seconds to build.
The count line says when the list is cut; sorting and filtering reach every game."""

_undo_stacks: weakref.WeakKeyDictionary[App[Any], list[HistoryRecord]] = weakref.WeakKeyDictionary()


def undo_stack(app: App[Any]) -> list[HistoryRecord]:
    """The games deleted while ``app`` runs, last deleted last (what ``u`` puts back)."""
    return _undo_stacks.setdefault(app, [])


def short_date(stamp: str | None) -> str:
    """``2025-03-01T18:20:00+00:00`` → ``2025-03-01 18:20``."""
    if not stamp:
        return "—"
    return stamp.replace("T", " ")[:16]


def _or_dash(value: object) -> str:
    return "—" if value is None or value == "" else str(value)


def _text_lines(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return value.splitlines()
    return [str(line) for line in value]


def _yes_no(value: bool | None) -> str:
    return "—" if value is None else ("yes" if value else "no")


def _play_time(seconds: float) -> str:
    return format_duration(seconds) if seconds else "—"


def one_line(text: str) -> str:
    """``text`` with every run of white space (new lines too) made one space."""
    return " ".join(text.split())


def shorten(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, with ``…`` when something was cut."""
    if cell_len(text) <= width:
        return text
    cut = text
    while cut and cell_len(cut) > width - 1:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def game_label(record: HistoryRecord) -> str:
    """``2026-03-01 19:30 · 61 points · Feudal lord``."""
    score = record.score
    return f"{short_date(record.finished_at)} · {score.total} points · {score.title}"


# --- columns: what each shows and how it sorts -----------------------------------------------


def _title_key(names: Sequence[str]) -> Callable[[HistoryRecord], tuple[int, int]]:
    """Sort by title (in the order of ``names``, unknown titles lowest), then by score."""
    ranks = {name: index for index, name in enumerate(names)}

    def key(record: HistoryRecord) -> tuple[int, int]:
        return (ranks.get(record.score.title, -1), record.score.total)

    return key


def _title_rank(record: HistoryRecord) -> tuple[int, int]:
    return _title_key(title_names())(record)


@dataclass(frozen=True)
class HistoryColumn:
    """One column of the games table."""

    key: str
    label: str
    cell: Callable[[HistoryRecord], str]
    sort_key: Callable[[HistoryRecord], Any]
    """The value to sort by; ``None`` (not recorded) always sorts last."""
    first: str
    """How the first sort on this column reads (``"newest first"``)."""
    then: str
    """How the reversed sort reads (``"oldest first"``)."""
    descending: bool = False
    """Whether the first sort on this column is descending."""
    right: bool = False


COLUMNS: tuple[HistoryColumn, ...] = (
    HistoryColumn(
        "date",
        "Date",
        lambda r: short_date(r.finished_at),
        lambda r: r.finished_at,
        "newest first",
        "oldest first",
        descending=True,
    ),
    HistoryColumn(
        "score",
        "Score",
        lambda r: str(r.score.total),
        lambda r: r.score.total,
        "highest first",
        "lowest first",
        descending=True,
        right=True,
    ),
    HistoryColumn(
        "title",
        "Title",
        lambda r: r.score.title,
        _title_rank,
        "highest title first",
        "lowest title first",
        descending=True,
    ),
    HistoryColumn(
        "difficulty",
        "Difficulty",
        lambda r: _or_dash(r.difficulty),
        lambda r: None if r.difficulty is None else DIFFICULTY_ORDER.index(r.difficulty),
        "easy first",
        "hard first",
    ),
    HistoryColumn(
        "easier",
        "Easier",
        lambda r: _yes_no(r.easier_solo),
        lambda r: r.easier_solo,
        "easier solo first",
        "standard solo first",
        descending=True,
    ),
    HistoryColumn(
        "house",
        "House",
        lambda r: _or_dash(r.house),
        lambda r: None if not r.house else r.house.casefold(),
        "A to Z",
        "Z to A",
    ),
    HistoryColumn(
        "deck",
        "Deck",
        lambda r: _or_dash(r.deck_mode),
        lambda r: r.deck_mode,
        "table deck first",
        "virtual deck first",
        descending=True,
    ),
    HistoryColumn(
        "rounds",
        "Rounds",
        lambda r: _or_dash(r.rounds),
        lambda r: r.rounds,
        "fewest first",
        "most first",
        right=True,
    ),
    HistoryColumn(
        "play_time",
        "Play time",
        lambda r: _play_time(r.play_seconds),
        lambda r: r.play_seconds or None,
        "longest first",
        "shortest first",
        descending=True,
        right=True,
    ),
    HistoryColumn(
        "notes",
        "Notes",
        lambda r: one_line(r.notes),
        lambda r: one_line(r.notes).casefold() or None,
        "A to Z",
        "Z to A",
    ),
)
COLUMN_KEYS = tuple(column.key for column in COLUMNS)
_BY_KEY = {column.key: column for column in COLUMNS}


def newest_first(records: Sequence[HistoryRecord]) -> list[HistoryRecord]:
    """The games, newest first (the id breaks ties, so the order never wobbles)."""
    return sorted(records, key=lambda r: (r.finished_at, r.id), reverse=True)


def sort_records(
    records: Sequence[HistoryRecord], column_key: str, descending: bool
) -> list[HistoryRecord]:
    """``records`` sorted by one column; games without that value come last either way and
    equal values keep the newest game first."""
    sort_key = _BY_KEY[column_key].sort_key
    if column_key == "title":  # read the titles once, not once per game
        sort_key = _title_key(title_names())
    keyed = [(sort_key(r), r) for r in newest_first(records)]
    present = [pair for pair in keyed if pair[0] is not None]
    present.sort(key=lambda pair: pair[0], reverse=descending)
    return [r for _, r in present] + [r for value, r in keyed if value is None]


@dataclass(frozen=True)
class HistoryFilter:
    """Which games to show; ``None`` means any. ``NOT_RECORDED`` matches a missing value."""

    difficulty: str | None = None
    house: str | None = None
    title: str | None = None

    @property
    def active(self) -> bool:
        """Whether any filter is set."""
        return any(value is not None for value in (self.difficulty, self.house, self.title))

    def matches(self, record: HistoryRecord) -> bool:
        """Whether ``record`` passes every filter that is set (they combine)."""
        for wanted, value in (
            (self.difficulty, record.difficulty),
            (self.house, record.house or None),
            (self.title, record.score.title),
        ):
            if wanted is None:
                continue
            if wanted == NOT_RECORDED:
                if value is not None:
                    return False
            elif value != wanted:
                return False
        return True


FILTERS: tuple[tuple[str, str, str], ...] = (
    ("filter-difficulty", "any difficulty", "Show only the games of one difficulty"),
    ("filter-house", "any House", "Show only the games of one House"),
    ("filter-title", "any title", "Show only the games that earned one title"),
)
"""(widget id, prompt, tooltip) of the filter bar's choices."""


def count_line(shown: int, total: int) -> str:
    """``30 of 30 games`` / ``1 of 1 game`` / ``9 of 10,000 games``."""
    return f"{shown:,} of {total:,} game{'' if total == 1 else 's'}"


# --- widgets and dialogs ----------------------------------------------------------------------

DELETE_KEYS = ConfirmKeys(
    id_prefix="history.delete",
    yes="Yes, delete",
    yes_tooltip="Delete this game from the history (u undoes it)",
    no_tooltip="Keep the game",
    help_title="Confirm delete",
)


def delete_question(record: HistoryRecord) -> ConfirmModal:
    """The question asked before ``record`` leaves the history."""
    house = f" · House {record.house}" if record.house else ""
    return ConfirmModal(
        "Delete this game?",
        f"{game_label(record)}{house}",
        note="It leaves your history and your statistics. Until you quit the app, u on the "
        "History screen puts it back.",
        yes_label="Delete",
        no_label="Keep",
        danger=True,
        keys=DELETE_KEYS,
    )


class HistoryTable(DataTable[str | Text]):
    """The games table; enter opens the highlighted game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "select_cursor",
            "Details",
            id="history.details",
            tooltip="Show the score breakdown and log of the highlighted game",
        ),
    ]


class HistoryDetailScreen(ModalScreen[None]):
    """One finished game: its fields, score breakdown, notes and the log summary."""

    DEFAULT_CSS = """
    HistoryDetailScreen > .dialog { max-height: 95%; }
    HistoryDetailScreen #detail-body { height: 1fr; }
    HistoryDetailScreen .detail-section { margin-top: 1; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q",
            "close",
            "Close",
            id="history.detail.close",
            key_display="esc",
            tooltip="Back to the list of games",
        ),
    ]

    def __init__(self, record: HistoryRecord) -> None:
        super().__init__()
        self.record = record

    def compose(self) -> ComposeResult:
        record = self.record
        score = record.score
        with Vertical(classes="dialog"):
            yield Label(game_label(record), classes="dialog-title", markup=False)
            with VerticalScroll(id="detail-body"):
                yield Static(self._fields_text(), id="detail-fields", markup=False)
                yield Static("Score", classes="detail-section")
                parts = (
                    ("VP track", str(score.vp_track)),
                    ("Structures in your castle", str(score.structures)),
                    ("Most-structures bonus", str(score.most_structures_bonus)),
                    ("Resources → VP", str(score.resources_vp)),
                    ("Total", str(score.total)),
                    ("Title", score.title),
                )
                width = max(len(value) for _, value in parts)
                yield Static(
                    "\n".join(f"{label:<28}{value:>{width}}" for label, value in parts),
                    id="detail-score",
                    markup=False,
                )
                reasons = _text_lines(getattr(record, "end_reasons", None))
                if reasons:
                    yield Static("Why the game ended", classes="detail-section")
                    yield Static("\n".join(f"• {reason}" for reason in reasons), markup=False)
                if record.notes:
                    yield Static("Notes", classes="detail-section")
                    yield Static(record.notes, markup=False, id="detail-notes")
                yield Static("Log summary", classes="detail-section")
                log = _text_lines(record.log_summary)
                yield Static(
                    "\n".join(log) if log else "(no log kept)", id="detail-log", markup=False
                )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close (esc)", id="close")
        yield KeyFooter()

    def _fields_text(self) -> str:
        record = self.record
        frederick = record.frederick_structures
        rows = (
            ("Finished", short_date(record.finished_at)),
            ("Started", short_date(record.started_at)),
            ("Play time", _play_time(record.play_seconds)),
            ("Difficulty", _or_dash(record.difficulty)),
            ("Easier solo", _yes_no(record.easier_solo)),
            ("House", _or_dash(record.house)),
            ("Deck", _or_dash(record.deck_mode)),
            ("Seed", _or_dash(record.seed)),
            ("Rounds", _or_dash(record.rounds)),
            ("Frederick's Structures", _or_dash(frederick)),
            (
                "Entered",
                {"app": "played in the app", "quick": "quick score", "import": "imported"}.get(
                    record.source, record.source
                ),
            ),
        )
        return "\n".join(f"{label:<24}{value}" for label, value in rows)

    def on_mount(self) -> None:
        self.query_one("#detail-body", VerticalScroll).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The Close button."""
        self.dismiss()

    def action_close(self) -> None:
        """Back to the list."""
        self.dismiss()


# --- the screen -------------------------------------------------------------------------------


class HistoryScreen(Screen[None]):
    """All finished games, newest first; sort, filter, details, delete and undo."""

    TITLE = "History"

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

    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-narrow"),
        (100, "-wide"),
    ]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q",
            "back",
            "Back",
            id="history.back",
            key_display="esc",
            tooltip="Back to the previous screen (from the filter bar: back to the table)",
        ),
        Binding(
            "s",
            "sort_next",
            "Sort",
            id="history.sort",
            tooltip="Sort by the next column (date, score, title, …); clicking a header works too",
        ),
        Binding(
            "f",
            "filter",
            "Filter",
            id="history.filter",
            tooltip="Go to the filters: difficulty, House and title (they combine)",
        ),
        Binding(
            "x,delete",
            "delete",
            "Delete",
            id="history.delete",
            key_display="x",
            tooltip="Delete the highlighted game (asks first; u undoes it)",
        ),
        Binding(
            "u",
            "undo_delete",
            "Undo",
            id="history.undo",
            tooltip="Put back the game deleted last (while the app is running)",
        ),
        Binding(
            "t",
            "statistics",
            "Stats",
            id="history.statistics",
            tooltip="Records, title counts, streaks and the score chart",
        ),
        Binding(
            "S",
            "sort_reverse",
            "Reverse",
            id="history.sort_reverse",
            key_display="S",
            tooltip="Reverse the order of the current sort",
        ),
        Binding(
            "c",
            "clear_filters",
            "Clear filters",
            id="history.clear_filters",
            tooltip="Show every game again",
        ),
    ]
    HELP_CLASSES: ClassVar[tuple[type | ConfirmKeys, ...]] = (
        HistoryTable,
        HistoryDetailScreen,
        DELETE_KEYS,
    )

    def __init__(self) -> None:
        super().__init__()
        self.all_records: list[HistoryRecord] | None = None
        """Every readable game (``None`` until the history is read)."""
        self.shown: list[HistoryRecord] = []
        """The games that pass the filters, in table order (the table lists the first
        :data:`MAX_ROWS` of them)."""
        self.sort_key = "date"
        self.sort_descending = True
        self.filters = HistoryFilter()
        self.records: dict[str, HistoryRecord] = {}
        self._writing = False
        self._loading_timer: Timer | None = None
        self._refill_pending = False
        self._notes_width = 0

    @property
    def stupor_app(self) -> StuporSoloApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    @property
    def read_only(self) -> bool:
        """Whether this copy may write nothing (another copy holds the data)."""
        return bool(getattr(self.app, "read_only", False))

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="history-box"):
            with Horizontal(id="history-filters"):
                yield Label("Show", id="history-filters-label", classes="muted")
                for select_id, prompt, tooltip in FILTERS:
                    yield Select[str](
                        [], prompt=prompt, id=select_id, compact=True, tooltip=tooltip
                    )
                yield Static("Reading the history…", id="history-count", markup=False)
            yield Static(EMPTY_TEXT, id="history-empty", classes="muted")
            yield Static(NO_MATCH_TEXT, id="history-no-match", classes="muted")
            yield HistoryTable(cursor_type="row", zebra_stripes=True, id="history-table")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#history-empty", Static).display = False
        self.query_one("#history-no-match", Static).display = False
        self._update_subtitle()
        self.load_history()

    # --- reading --------------------------------------------------------------------------

    def load_history(self) -> None:
        """Read the history in a thread worker; :meth:`show_records` fills the table."""
        folder = self.stupor_app.session.folder
        self._loading_timer = self.set_timer(LOADING_DELAY, self._show_loading)
        self.run_worker(
            lambda: _read_history(folder),
            thread=True,
            group="history-read",
            name="read history",
            exclusive=True,
            exit_on_error=False,
        )

    def _show_loading(self) -> None:
        if self.all_records is None:
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
            if event.state == WorkerState.SUCCESS:
                records, messages = worker.result
                for message in messages:
                    self.notify(message, severity="warning", timeout=10)
                self.show_records(records)
            elif event.state == WorkerState.ERROR:
                self.notify(f"The history could not be read: {worker.error}", severity="error")
                self.show_records([])
        elif worker.group == "history-write" and event.state in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
            WorkerState.CANCELLED,
        ):
            self._writing = False
            if event.state == WorkerState.SUCCESS:
                kind, record = worker.result
                if kind == "delete":
                    self._after_delete(record)
                else:
                    self._after_restore(record)
            elif event.state == WorkerState.ERROR:
                what = "deleted" if worker.name == "delete" else "put back"
                self.notify(
                    f"The game could not be {what}: {worker.error}",
                    severity="error",
                    timeout=10,
                )

    def show_records(self, records: Sequence[HistoryRecord]) -> None:
        """Show these games (the whole history) and build the filter choices from them."""
        self._loaded()
        self.all_records = list(records)
        self._set_filter_options()
        self.refill()
        if self.all_records:
            self.query_one(HistoryTable).focus()

    def _set_filter_options(self) -> None:
        records = self.all_records or []
        difficulties = {r.difficulty for r in records}
        houses = {r.house or None for r in records}
        titles = {r.score.title for r in records}
        difficulty_options = [(d, d) for d in DIFFICULTY_ORDER]
        if None in difficulties:
            difficulty_options.append(("not recorded", NOT_RECORDED))
        house_options = [(h, h) for h in sorted((h for h in houses if h), key=str.casefold)]
        if None in houses:
            house_options.append(("not recorded", NOT_RECORDED))
        known = title_names()
        title_options = [(t, t) for t in known]
        title_options += [(t, t) for t in sorted(titles - set(known))]
        for select_id, options, current in (
            ("#filter-difficulty", difficulty_options, self.filters.difficulty),
            ("#filter-house", house_options, self.filters.house),
            ("#filter-title", title_options, self.filters.title),
        ):
            select = self.query_one(select_id, Select)
            with select.prevent(Select.Changed):
                select.set_options([(Text(label), value) for label, value in options])
                if current is not None and any(value == current for _, value in options):
                    select.value = current
        self.filters = self._filters_from_selects()

    def _filters_from_selects(self) -> HistoryFilter:
        def value(select_id: str) -> str | None:
            chosen = self.query_one(select_id, Select).value
            return chosen if isinstance(chosen, str) else None

        return HistoryFilter(
            difficulty=value("#filter-difficulty"),
            house=value("#filter-house"),
            title=value("#filter-title"),
        )

    # --- the table ------------------------------------------------------------------------

    @property
    def visible(self) -> list[HistoryRecord]:
        """The games in the table: the first :data:`MAX_ROWS` of :attr:`shown`."""
        return self.shown[:MAX_ROWS]

    def refill(self) -> None:
        """Fill the table with the filtered games in the current sort order (at most
        :data:`MAX_ROWS`), keeping the highlighted game highlighted when it is still shown."""
        self._refill_pending = False
        table = self.query_one(HistoryTable)
        records = self.all_records or []
        highlighted = self._highlighted_id()
        matching = [r for r in records if self.filters.matches(r)]
        self.shown = sort_records(matching, self.sort_key, self.sort_descending)
        visible = self.visible
        self.records = {r.id: r for r in visible}
        cells = [[column.cell(r) for column in COLUMNS] for r in visible]
        self._notes_width = self._notes_room(cells)
        table.clear(columns=True)
        for column in COLUMNS:
            label = column.label
            if column.key == self.sort_key:
                label += " ▼" if self.sort_descending else " ▲"
            table.add_column(
                Text(label, justify="right" if column.right else "left"), key=column.key
            )
        notes_index = COLUMN_KEYS.index("notes")
        for record, row in zip(visible, cells, strict=True):
            row[notes_index] = shorten(row[notes_index], self._notes_width)
            table.add_row(
                *(
                    Text(value, justify="right" if column.right else "left")
                    for column, value in zip(COLUMNS, row, strict=True)
                ),
                key=record.id,
            )
        if highlighted in self.records:
            table.move_cursor(row=table.get_row_index(highlighted), animate=False)
        empty = not records
        no_match = bool(records) and not self.shown
        self.query_one("#history-empty", Static).display = empty
        self.query_one("#history-no-match", Static).display = no_match
        self.query_one("#history-filters").display = not empty
        table.display = not empty
        table.disabled = empty
        self.query_one("#history-count", Static).update(self.count_text())
        self._update_subtitle()
        if not empty and not isinstance(self.focused, Select):
            table.focus()

    def count_text(self) -> str:
        """``9 of 30 games``, plus how many are in the table when not all of them are."""
        text = count_line(len(self.shown), len(self.all_records or []))
        if len(self.shown) > MAX_ROWS:
            text += f" (first {MAX_ROWS:,} listed)"
        return text

    def _notes_room(self, cells: list[list[str]]) -> int:
        """How wide the Notes column can be without the table scrolling sideways."""
        table = self.query_one(HistoryTable)
        width = table.size.width or self.size.width - 2
        padding = 2 * table.cell_padding
        rows_in_view = (table.size.height or self.size.height - 6) - 1
        used = 2 if len(cells) > rows_in_view else 0  # room for a vertical scroll bar
        for index, column in enumerate(COLUMNS):
            if column.key == "notes":
                used += padding
                continue
            label = cell_len(column.label) + (2 if column.key == self.sort_key else 0)
            widest = max((cell_len(row[index]) for row in cells), default=0)
            used += max(label, widest) + padding
        return max(MIN_NOTES_WIDTH, width - used)

    def on_resize(self) -> None:
        """A new width gives the notes more or less room."""
        if self.all_records is None:
            return
        cells = [[column.cell(r) for column in COLUMNS] for r in self.visible]
        if self._notes_room(cells) != self._notes_width:
            self.refill()

    def _highlighted_id(self) -> str | None:
        table = self.query_one(HistoryTable)
        if not table.row_count:
            return None
        row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
        return None if row_key.value is None else str(row_key.value)

    def highlighted_record(self) -> HistoryRecord | None:
        """The game under the table cursor."""
        record_id = self._highlighted_id()
        return None if record_id is None else self.records.get(record_id)

    def sort_description(self) -> str:
        """``sorted by score, highest first``."""
        column = _BY_KEY[self.sort_key]
        order = column.first if self.sort_descending == column.descending else column.then
        return f"sorted by {column.label.lower()}, {order}"

    def _update_subtitle(self) -> None:
        parts = []
        if self.all_records is not None:
            parts.append(self.count_text())
        parts.append(self.sort_description())
        if self.read_only:
            parts.append("read-only")
        self.sub_title = " · ".join(parts)

    def set_sort(self, column_key: str, descending: bool | None = None) -> None:
        """Sort by ``column_key`` (in its natural first order unless ``descending`` says)."""
        column = _BY_KEY[column_key]
        self.sort_key = column_key
        self.sort_descending = column.descending if descending is None else descending
        self.refill()

    # --- events ---------------------------------------------------------------------------

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter or a click on a game opens its details."""
        record = self.records.get(str(event.row_key.value))
        if record is not None:
            self.app.push_screen(HistoryDetailScreen(record))

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """A click on a column header sorts by it; a second click reverses."""
        event.stop()
        key = str(event.column_key.value)
        if key == self.sort_key:
            self.action_sort_reverse()
        elif key in _BY_KEY:
            self.set_sort(key)

    @on(Select.Changed)
    def _filter_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.filters = self._filters_from_selects()
        if not self._refill_pending:
            self._refill_pending = True
            self.call_after_refresh(self.refill)

    # --- actions --------------------------------------------------------------------------

    def action_sort_next(self) -> None:
        """Sort by the next column, round to the first."""
        index = COLUMN_KEYS.index(self.sort_key)
        self.set_sort(COLUMN_KEYS[(index + 1) % len(COLUMN_KEYS)])

    def action_sort_reverse(self) -> None:
        """Reverse the current order."""
        self.set_sort(self.sort_key, not self.sort_descending)

    def action_filter(self) -> None:
        """Move to the filter bar (tab moves on; esc goes back to the table)."""
        if not self.all_records:
            self.notify("There are no games to filter yet.")
            return
        self.query_one("#filter-difficulty", Select).focus()

    def action_clear_filters(self) -> None:
        """Show every game again."""
        for select in self.query(Select):
            with select.prevent(Select.Changed):
                select.clear()
        self.filters = HistoryFilter()
        self.refill()
        self.query_one(HistoryTable).focus()

    def action_back(self) -> None:
        """Leave the history (from the filter bar: back to the table first)."""
        table = self.query_one(HistoryTable)
        if isinstance(self.focused, Select) and table.display:
            table.focus()
            return
        self.dismiss()

    def action_statistics(self) -> None:
        """Open the Statistics screen over the games already read (or let it read them)."""
        from companion.screens.statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen(self.all_records))

    def action_delete(self) -> None:
        """Ask, then delete the highlighted game."""
        if self.read_only:
            self.notify(
                "This copy is read-only: another copy of the app holds your data, so no game "
                "can be deleted here.",
                severity="error",
                timeout=8,
            )
            return
        record = self.highlighted_record()
        if record is None:
            self.notify("There is no game to delete.")
            return
        if self._writing:
            self.notify("Still saving the last change; try again in a moment.")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._start_write("delete", record)

        self.app.push_screen(delete_question(record), answered)

    def action_undo_delete(self) -> None:
        """Put back the game deleted last."""
        stack = undo_stack(self.app)
        if self.read_only:
            self.notify(
                "This copy is read-only: another copy of the app holds your data, so nothing "
                "can be put back here.",
                severity="error",
                timeout=8,
            )
            return
        if not stack:
            self.notify("Nothing to undo: no game was deleted since the app started.")
            return
        if self._writing:
            self.notify("Still saving the last change; try again in a moment.")
            return
        self._start_write("restore", stack[-1])

    # --- writing (one worker at a time) ---------------------------------------------------

    def _start_write(self, kind: str, record: HistoryRecord) -> None:
        self._writing = True
        store = self.stupor_app.session.history
        stack = undo_stack(self.app)
        self.run_worker(
            lambda: _write(store, stack, kind, record),
            thread=True,
            group="history-write",
            name=kind,
            exit_on_error=False,
        )

    def _after_delete(self, record: HistoryRecord) -> None:
        if self.all_records is not None:
            table = self.query_one(HistoryTable)
            row = table.cursor_row
            self.all_records = [r for r in self.all_records if r.id != record.id]
            self.refill()
            if table.row_count:
                table.move_cursor(row=min(row, table.row_count - 1), animate=False)
        self.notify(f"Deleted the game of {game_label(record)}. Press u to undo.")

    def _after_restore(self, record: HistoryRecord) -> None:
        if self.all_records is not None:
            self.all_records = [r for r in self.all_records if r.id != record.id] + [record]
            self._set_filter_options()
            self.refill()
            if record.id in self.records:
                table = self.query_one(HistoryTable)
                table.move_cursor(row=table.get_row_index(record.id), animate=False)
        self.notify(f"Put back the game of {game_label(record)}.")


def _read_history(folder: Any) -> tuple[list[HistoryRecord], list[str]]:
    """Every readable game and the messages to show (runs in a thread, own store)."""
    from companion.storage import HistoryStore

    store = HistoryStore(folder)
    records = store.all()
    messages = [store.notice] if store.notice else []
    messages += store.problems
    return records, messages


def _write(
    store: HistoryStore, stack: list[HistoryRecord], kind: str, record: HistoryRecord
) -> tuple[str, HistoryRecord]:
    """Delete or put back ``record`` (runs in a thread). The undo stack changes only once
    the write is done, even if the screen has gone meanwhile."""
    if kind == "delete":
        deleted = store.delete(record.id)
        stack.append(deleted)
        return kind, deleted
    store.restore(record)
    if stack and stack[-1].id == record.id:
        stack.pop()
    return kind, record
