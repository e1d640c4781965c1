"""Correct one printed value of a board: type what your box shows.

The board itself says whether it takes the value (:func:`solo_deck.correct_board`); a
value it refuses is explained here, with its reason, and nothing changes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from companion.i18n import _, shown
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.keys import BOARD_FACT_KEYS, bindings
from companion.ui.widgets.action_button import action_button
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import key_label
from solo_deck import BoardFact, BoardRefused, correct_board


class BoardFactModal(OpensAtOnce, ModalScreen[Any]):
    """Type one value; Enter applies it when the board takes it (the dialog returns the
    corrected board), Escape closes with nothing changed (returns ``None``)."""

    DEFAULT_CSS = """
    BoardFactModal #fact-value { width: 40; }
    BoardFactModal #fact-error { height: auto; }
    BoardFactModal .muted { height: auto; width: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(BOARD_FACT_KEYS))

    def __init__(self, board: Any, fact: BoardFact) -> None:
        super().__init__()
        self.board = board
        self.fact = fact

    def compose(self) -> ComposeResult:
        fact = self.fact
        with Vertical(classes="dialog"):
            yield Label(
                _("{place} · {label}: what does your box show?").format(
                    place=shown(fact.place), label=shown(fact.label)
                ),
                classes="dialog-title",
                markup=False,
            )
            yield Static(
                _("Now: {value} ({source})").format(value=fact.value, source=fact.source),
                classes="muted",
                markup=False,
            )
            yield Static(
                _("Type {hint}.").format(hint=shown(fact.hint)), classes="muted", markup=False
            )
            yield FieldInput(value=fact.value, id="fact-value", select_on_focus=True)
            yield Label("", id="fact-error", classes="error-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield action_button(key_label(self, _("Apply"), "enter"), "apply", "primary")
                yield action_button(key_label(self, _("Cancel"), "esc"), "cancel", focusable=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#fact-value", Input).focus()

    def action_apply(self) -> None:
        """Correct the board; a value it refuses is explained here and the dialog stays."""
        text = self.query_one("#fact-value", Input).value
        try:
            board = correct_board(self.board, self.fact.key, text)
        except BoardRefused as exc:
            said = exc.args[0] if exc.args else str(exc)  # the board's sentence
            self.query_one("#fact-error", Label).update(
                _("Not taken: {why}").format(why=shown(said))
            )
            return
        self.dismiss(board)

    def action_cancel(self) -> None:
        """Close without a change."""
        self.dismiss(None)
