"""The Board screen: check your boards against your box once.

It walks a board's printed values one by one (``n`` and ``p`` move to the next and the
previous board: the Castle Board, the Player Board, the Voyage Board, the Workplace Area),
each with where it comes from (the rulebook, the v19 draft, or assumed where our rules
text lost the picture). Enter corrects the highlighted value (the engine refuses a board
that could not be printed, saying why); ``c`` marks the board checked: every value becomes
yours, is stored in the data folder's settings, and new games start from it. Games already
saved keep the board they were started with. Escape leaves, asking first when corrections
are not saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from companion.i18n import _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import (
    BOARD_KEYS,
    BOARD_LEAVE_KEYS,
    BOARD_RESET_KEYS,
    BOARD_SWITCH_KEYS,
    BOARD_TABLE_KEYS,
    bindings,
)
from companion.ui.screens.modals.board_fact import BoardFactModal
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import worded
from solo_deck import BOARDS, BoardFact, board_facts, checked_board, still_assumed


class BoardTable(DataTable[str]):
    """The board's values, one per row; Enter corrects the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(BOARD_TABLE_KEYS))


def _short(source: str) -> str:
    """The kind of a source and the start of its reason, for the table."""
    return source if len(source) <= 64 else source[:63] + "…"


class BoardScreen(OpensAtOnce, Hosted, Screen[None]):
    """One board in use (``field`` of the ruleset, the Castle Board by default), its
    status, and the keys to correct and check it."""

    DEFAULT_CSS = """
    BoardScreen > #board-box { padding: 0 1; }
    BoardScreen #board-title { height: 1; margin-bottom: 1; }
    BoardScreen #board-banner { height: auto; padding: 0 1; text-style: bold; }
    BoardScreen #board-banner.-provisional { background: $warning 30%; color: $text; }
    BoardScreen #board-banner.-unsaved { background: $accent 30%; color: $text; }
    BoardScreen #board-banner.-verified { background: $success 30%; color: $text; }
    BoardScreen BoardTable { height: 1fr; margin-top: 1; }
    BoardScreen #board-detail { height: auto; max-height: 4; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(BOARD_KEYS))

    def __init__(self, field: str = "castle_board") -> None:
        super().__init__()
        self.field = field
        self.kind = BOARDS[field]
        self.saved: Any = self.kind.packaged()
        """The board in use as stored (the packaged one when none is)."""
        self.draft: Any = self.saved
        """The board on screen, with the corrections made here."""
        self.facts: tuple[BoardFact, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical(id="board-box"):
            yield Static(self._title(), id="board-title", classes="title-large", markup=False)
            yield Static("", id="board-banner", markup=False)
            yield BoardTable(cursor_type="row", zebra_stripes=True, id="board-table")
            yield Static("", id="board-detail", classes="muted", markup=False)
        yield KeyFooter()

    def relabel(self) -> None:
        """Word the board again in the language in use (corrections not yet saved and the
        highlighted value stay)."""
        table = self.query_one(BoardTable)
        table.clear(columns=True)
        table.add_columns(_("Where"), _("What"), _("Value"), _("Source"))
        self.refresh_board()

    def on_mount(self) -> None:
        self.query_one(BoardTable).add_columns(_("Where"), _("What"), _("Value"), _("Source"))
        self.saved = self.draft = self._stored()
        self.refresh_board()
        self.query_one(BoardTable).focus()

    def _title(self) -> str:
        """``Castle Board · 1 of 4``."""
        fields = list(BOARDS)
        return _("{title} · {number} of {count}").format(
            title=self.kind.title, number=fields.index(self.field) + 1, count=len(fields)
        )

    @property
    def settings(self) -> Any:
        """The settings store."""
        return self.host.session.settings

    @property
    def unsaved(self) -> bool:
        """True when the board on screen differs from the stored one."""
        return bool(self.draft != self.saved)

    def _stored(self) -> Any:
        """The player's checked board, or the packaged one (saying why when the stored
        one cannot be used)."""
        settings = self.settings
        told = len(settings.problems)
        try:
            mine = settings.checked_board(self.field)
        except (OSError, ValueError) as exc:
            mine = None
            problems = [
                _("Your checked {title} could not be read ({exc}).").format(
                    title=self.kind.title, exc=exc
                )
            ]
        else:
            problems = list(settings.problems[told:])
        notice = getattr(settings, "notice", None)
        for message in [notice, *problems] if notice else problems:
            self.notify(message, severity="warning", timeout=10, markup=False)
        return mine if mine is not None else self.kind.packaged()

    # --- drawing ---------------------------------------------------------------------------

    def refresh_board(self) -> None:
        """Redraw the banner, the table and the detail line from the board on screen."""
        self.query_one("#board-title", Static).update(self._title())
        banner = self.query_one("#board-banner", Static)
        provisional = still_assumed(self.draft)
        title = self.kind.title
        if self.unsaved:
            how = worded(
                self,
                _("press c when every value matches your box; Escape leaves"),
                _("tap Mark checked in the footer when every value matches your box; Back leaves"),
            )
            banner.update(
                _("Corrected, not saved · {title}: {how} without saving.").format(
                    title=title, how=how
                )
            )
        elif provisional:
            banner.update(
                _(
                    "PROVISIONAL · {title}: values marked assumed are our guess where the rules "
                    "text lost the board's picture. Walk them, correct what differs, {then}"
                ).format(
                    title=title,
                    then=worded(self, _("press c."), _("tap Mark checked in the footer.")),
                )
            )
        else:
            banner.update(
                _("Checked · {title}: your board; new games start from it.").format(title=title)
            )
        status = "-unsaved" if self.unsaved else "-provisional" if provisional else "-verified"
        for name in ("-unsaved", "-provisional", "-verified"):
            banner.set_class(name == status, name)
        self.facts = board_facts(self.draft)
        table = self.query_one(BoardTable)
        row = table.cursor_row
        table.clear()
        for fact in self.facts:
            table.add_row(fact.place, fact.label, fact.value, _short(fact.source), key=fact.key)
        if table.row_count:
            table.move_cursor(row=min(max(row, 0), table.row_count - 1))
        self._show_detail()

    def _highlighted(self) -> BoardFact | None:
        table = self.query_one(BoardTable)
        if not table.row_count or not 0 <= table.cursor_row < len(self.facts):
            return None
        return self.facts[table.cursor_row]

    def _show_detail(self) -> None:
        fact = self._highlighted()
        detail = self.query_one("#board-detail", Static)
        if fact is None:
            detail.update("")
            return
        detail.update(
            _("{place} · {label}: {value}. Source: {source}").format(
                place=fact.place, label=fact.label, value=fact.value, source=fact.source
            )
        )

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The detail line follows the cursor."""
        self._show_detail()

    # --- correcting and checking ------------------------------------------------------

    def action_correct(self) -> None:
        """Type what the box shows for the highlighted value."""
        fact = self._highlighted()
        if fact is not None:
            self.app.push_screen(BoardFactModal(self.draft, fact), self._corrected)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter (or a click) on a row corrects it."""
        event.stop()
        self.action_correct()

    def _corrected(self, board: Any) -> None:
        if board is None or board == self.draft:
            return
        self.draft = board
        self.refresh_board()
        mark = worded(self, _("press c"), _("tap Mark checked in the footer"))
        self.notify(_("Corrected; {mark} to keep the board as yours.").format(mark=mark))

    def action_mark_checked(self) -> None:
        """Keep the board on screen as the player's own, every value ``yours``."""
        board = checked_board(self.draft)

        def save() -> None:
            self.settings.save_checked_board(self.field, board)

        if self._save(save, _("The {title} was not saved").format(title=self.kind.title)):
            self.saved = self.draft = board
            self.refresh_board()
            self.notify(
                _(
                    "{title} checked: new games start from it; games already saved keep the"
                    " board they were started with."
                ).format(title=self.kind.title)
            )

    def action_reset_board(self) -> None:
        """Ask, then forget the player's board and use the packaged one."""
        question = ConfirmModal(
            _("Reset the {title}?").format(title=self.kind.title),
            _(
                "Your checked values are forgotten and the packaged board, which is "
                "provisional, is used for new games. Games already saved keep theirs."
            ),
            yes_label=_("Reset"),
            no_label=_("Keep"),
            danger=True,
            keys=BOARD_RESET_KEYS,
        )
        self.app.push_screen(question, self._reset_confirmed)

    def _reset_confirmed(self, yes: bool | None) -> None:
        if not yes:
            return
        if self._save(
            lambda: self.settings.save_checked_board(self.field, None),
            _("The {title} was not reset").format(title=self.kind.title),
        ):
            self.saved = self.draft = self.kind.packaged()
            self.refresh_board()
            self.notify(
                _("Back to the packaged {title} (provisional).").format(title=self.kind.title)
            )

    def _save(self, change: Callable[[], object], failed: str) -> bool:
        try:
            change()
        except (OSError, ValueError) as exc:
            self.notify(f"{failed}: {exc}", severity="error", markup=False)
            return False
        return True

    # --- the other boards -------------------------------------------------------------

    def action_next_board(self) -> None:
        """Walk the next board (asks first when corrections are not saved)."""
        self._switch(1)

    def action_previous_board(self) -> None:
        """Walk the previous board (asks first when corrections are not saved)."""
        self._switch(-1)

    def _switch(self, step: int) -> None:
        fields = list(BOARDS)
        field = fields[(fields.index(self.field) + step) % len(fields)]
        if not self.unsaved:
            self.show_board(field)
            return
        question = ConfirmModal(
            _("Switch without saving?"),
            _("Your corrections to the {title} are not saved (c saves them).").format(
                title=self.kind.title
            ),
            yes_label=_("Switch"),
            no_label=_("Stay"),
            keys=BOARD_SWITCH_KEYS,
        )
        self.app.push_screen(question, lambda yes: self.show_board(field) if yes else None)

    def show_board(self, field: str) -> None:
        """Walk the board of the ruleset ``field`` from its first value."""
        self.field = field
        self.kind = BOARDS[field]
        self.saved = self.draft = self._stored()
        self.query_one(BoardTable).move_cursor(row=0)
        self.refresh_board()

    # --- leaving ----------------------------------------------------------------------

    def action_back(self) -> None:
        """Leave; with corrections not saved, ask first."""
        if not self.unsaved:
            self.dismiss()
            return
        question = ConfirmModal(
            _("Leave without saving?"),
            _("Your corrections to the {title} are not saved (c saves them).").format(
                title=self.kind.title
            ),
            yes_label=_("Leave"),
            no_label=_("Stay"),
            keys=BOARD_LEAVE_KEYS,
        )
        self.app.push_screen(question, self._leave_confirmed)

    def _leave_confirmed(self, yes: bool | None) -> None:
        if yes:
            self.dismiss()
