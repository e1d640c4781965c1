"""Type the Edict tile just drawn from the pile into a Next space."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from companion.widgets.edict_input import EdictField
from solo_deck import Numeral
from solo_deck.events import RevealEdict


class RevealEdictModal(ModalScreen[RevealEdict | None]):
    """Asks for the new Next tile in edict notation; enter confirms a valid tile."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape",
            "cancel",
            "Later",
            id="reveal.cancel",
            tooltip="Close; press n on the Table to type the tile",
        ),
    ]

    def __init__(self, position: int, pile_left: int) -> None:
        super().__init__()
        self.position = position
        self.pile_left = pile_left

    def compose(self) -> ComposeResult:
        numeral = Numeral.from_index(self.position).value
        with Vertical(classes="dialog"):
            yield Label(f"New Next {numeral} tile", classes="dialog-title")
            yield Label(
                f"Draw the top Edict tile ({self.pile_left} left after it) onto Next {numeral}"
                " and type what it shows, then press enter."
            )
            yield EdictField(f"Next {numeral}", id="tile")

    def on_mount(self) -> None:
        self.query_one(EdictField).focus_input()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Confirm if the tile is valid; otherwise the field already says why."""
        edict = self.query_one(EdictField).edict
        if edict is None:
            self.notify(
                "That is not a valid tile yet: see the message under the field.", severity="error"
            )
            return
        self.dismiss(RevealEdict(position=self.position, edict=edict))

    def action_cancel(self) -> None:
        """Close; the Table keeps asking."""
        self.dismiss(None)
