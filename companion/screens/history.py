"""The History screen: every finished game, newest first, and one game's details."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Label, Static

if TYPE_CHECKING:
    from companion.app import StuporSoloApp
    from companion.storage import HistoryRecord

EMPTY_TEXT = (
    "No finished games yet. When you save a game's final score it appears here, with its "
    "title and details."
)


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
    """One finished game: setup, score breakdown, notes and the log summary."""

    DEFAULT_CSS = """
    HistoryDetailScreen #detail-body { height: auto; max-height: 24; }
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
            yield Label(
                f"{short_date(record.finished_at)} · {score.total} points · {score.title}",
                classes="dialog-title",
            )
            with VerticalScroll(id="detail-body"):
                easier = " (easier solo)" if record.easier_solo else ""
                yield Static(
                    f"House {_or_dash(record.house)} · {_or_dash(record.difficulty)}{easier} · "
                    f"{_or_dash(record.deck_mode)} deck · seed {_or_dash(record.seed)} · "
                    f"{_or_dash(record.rounds)} rounds · {_or_dash(record.source)} entry",
                    classes="muted",
                    markup=False,
                )
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
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The Close button."""
        self.dismiss()

    def action_close(self) -> None:
        """Back to the list."""
        self.dismiss()


class HistoryScreen(Screen[None]):
    """All finished games, newest first. Opening it is what reads the history file."""

    DEFAULT_CSS = """
    HistoryScreen > #history-box { padding: 0 1; }
    HistoryScreen #history-title { height: 1; margin-bottom: 1; }
    HistoryScreen #history-empty { margin: 1 0; }
    HistoryScreen HistoryTable { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q",
            "back",
            "Back",
            id="history.back",
            key_display="esc",
            tooltip="Back to the previous screen",
        ),
    ]
    HELP_CLASSES: ClassVar[tuple[type, ...]] = (HistoryTable, HistoryDetailScreen)

    def __init__(self) -> None:
        super().__init__()
        self.records: dict[str, HistoryRecord] = {}

    @property
    def stupor_app(self) -> StuporSoloApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Static("History", id="history-title", classes="title-large")
            yield Static(EMPTY_TEXT, id="history-empty", classes="muted")
            yield HistoryTable(cursor_type="row", zebra_stripes=True, id="history-table")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(HistoryTable)
        table.add_columns(
            "Date", "Score", "Title", "Difficulty", "House", "Deck", "Rounds", "Notes"
        )
        self.refresh_history()

    def refresh_history(self) -> None:
        """Read the history and fill the table, newest first."""
        history = self.stupor_app.session.history
        try:
            records = list(history.all())
        except (OSError, ValueError) as exc:
            self.notify(f"The history could not be read: {exc}", severity="error")
            records = []
        notice = getattr(history, "notice", None)
        for message in [notice, *getattr(history, "problems", [])] if notice else history.problems:
            self.notify(message, severity="warning", timeout=10)
        records.sort(key=lambda record: (record.finished_at, record.id), reverse=True)
        self.records = {record.id: record for record in records}
        table = self.query_one(HistoryTable)
        table.clear()
        for record in records:
            notes = " ".join(record.notes.split())
            table.add_row(
                short_date(record.finished_at),
                str(record.score.total),
                record.score.title,
                _or_dash(record.difficulty) + (" +easier" if record.easier_solo else ""),
                Text(_or_dash(record.house)),
                _or_dash(record.deck_mode),
                _or_dash(record.rounds),
                Text(notes if len(notes) <= 30 else notes[:29] + "…"),
                key=record.id,
            )
        empty = not records
        self.query_one("#history-empty", Static).display = empty
        table.display = not empty
        table.disabled = empty
        if not empty:
            table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter or a click on a game opens its details."""
        record = self.records.get(str(event.row_key.value))
        if record is not None:
            self.app.push_screen(HistoryDetailScreen(record))

    def action_back(self) -> None:
        """Leave the history."""
        self.dismiss()
