""":class:`AssumedValue`: one still-assumed board value a move relies on, shown in the
move's dialog with "assumed — check your board" and one field to type what the box shows.

The dialog asks the engine which value that is (``site_cost_unchecked`` and the like) and
shows it with :meth:`AssumedValue.show`; recording the move first tells the value (a
``CheckBoard`` event, as typed or as shown), so it is asked once: once told it is yours
and the engine no longer names it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from companion.i18n import _, shown
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.rewords import WordsItself

if TYPE_CHECKING:
    from solo_deck import Unchecked
    from solo_deck.events import CheckBoard


class AssumedValue(WordsItself, Horizontal):
    """``Tower T2 · Cost: assumed — check your board [1 Stone]``; hidden while no
    assumed value is shown."""

    DEFAULT_CSS = """
    AssumedValue { height: auto; display: none; }
    AssumedValue.-shown { display: block; }
    AssumedValue > Label { width: 1fr; height: auto; color: $warning; }
    AssumedValue > Input { width: 24; }
    AssumedValue.-compact > Input { border: none; height: 1; padding: 0 1; }
    """

    def __init__(self, *, id: str = "assumed", compact: bool = True) -> None:
        super().__init__(id=id, classes="-compact" if compact else "")
        self.unchecked: Unchecked | None = None
        """The value shown (``None``: hidden)."""

    def compose(self) -> ComposeResult:
        yield Label("", id=f"{self.id}-what", markup=False)
        yield FieldInput(id=f"{self.id}-value")

    def show(self, unchecked: Unchecked | None) -> None:
        """Show ``unchecked`` with its value to confirm or correct (``None``: hide)."""
        if unchecked == self.unchecked:
            return
        self.unchecked = unchecked
        self.set_class(unchecked is not None, "-shown")
        if unchecked is None:
            return
        self.query_one(Input).value = unchecked.fact.value
        self.relabel()

    def relabel(self) -> None:
        """Word the value shown again in the language in use (what was typed stays)."""
        if self.unchecked is None:
            return
        fact = self.unchecked.fact
        self.query_one(Label).update(
            _("{place} · {label}: assumed — check your board").format(
                place=shown(fact.place), label=shown(fact.label)
            )
        )
        self.query_one(Input).tooltip = _("Type what your board shows: {hint}").format(
            hint=shown(fact.hint)
        )

    def told(self) -> CheckBoard | None:
        """The event telling what was typed (the value as shown when left alone), or
        ``None`` while hidden."""
        if self.unchecked is None:
            return None
        return self.unchecked.told(self.query_one(Input).value)
