"""One finished game in full: its fields, score breakdown, notes and the log summary; ``b``
shows it as a BG Stats link and QR code."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from companion.i18n import _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import HISTORY_DETAIL_KEYS, bindings
from companion.ui.views.history import detail_fields, end_reason_text, game_label, score_parts
from companion.ui.widgets.action_button import action_button
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import key_label

if TYPE_CHECKING:
    from companion.storage import HistoryRecord


def _aligned(rows: list[tuple[str, str]], label_width: int, right: bool = False) -> str:
    """``label  value`` lines; with ``right`` the values are right-aligned."""
    width = max(len(value) for _, value in rows) if right else 0
    align = ">" if right else "<"
    return "\n".join(f"{label:<{label_width}}{value:{align}{width}}" for label, value in rows)


class HistoryDetailModal(OpensAtOnce, Hosted, ModalScreen[None]):
    """One finished game: its fields, score breakdown, notes and the log summary. Every
    stored text is shown as typed (never read as markup)."""

    DEFAULT_CSS = """
    HistoryDetailModal > .dialog { max-height: 95%; }
    HistoryDetailModal #detail-body { height: 1fr; }
    HistoryDetailModal .detail-section { margin-top: 1; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(HISTORY_DETAIL_KEYS))

    def __init__(self, record: HistoryRecord) -> None:
        super().__init__()
        self.record = record

    def compose(self) -> ComposeResult:
        record = self.record
        with Vertical(classes="dialog"):
            yield Label(game_label(record), classes="dialog-title", markup=False)
            with VerticalScroll(id="detail-body"):
                fields = _aligned(detail_fields(record), 24)
                yield Static(fields, id="detail-fields", markup=False)
                yield Static(_("Score"), classes="detail-section")
                score = _aligned(score_parts(record), 28, right=True)
                yield Static(score, id="detail-score", markup=False)
                if record.end_reasons:
                    yield Static(_("Why the game ended"), classes="detail-section")
                    reasons = "\n".join(f"• {end_reason_text(code)}" for code in record.end_reasons)
                    yield Static(reasons, markup=False)
                if record.notes:
                    yield Static(_("Notes"), classes="detail-section")
                    yield Static(record.notes, markup=False, id="detail-notes")
                yield Static(_("Log summary"), classes="detail-section")
                log = "\n".join(record.log_summary) or _("(no log kept)")
                yield Static(log, id="detail-log", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield action_button(key_label(self, _("Close"), "esc"), "close")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#detail-body", VerticalScroll).focus()

    def action_close(self) -> None:
        """Back to the list."""
        self.dismiss()

    def action_bgstats(self) -> None:
        """Show this game as a BG Stats link and QR code."""
        self.host.open_bgstats(self.record)

    def action_review(self) -> None:
        """Where this game's points went (or why there is no review)."""
        self.host.open_review(self.record)
