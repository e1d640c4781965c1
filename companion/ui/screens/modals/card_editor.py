"""Edit what one solo card shows: ship move, removals, Edict, crown."""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Label, RadioSet, Select

from companion.i18n import N_, _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.keys import CARD_EDITOR_KEYS, bindings
from companion.ui.widgets.action_button import action_button
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.toggles import ClearCheckbox, ClearRadioButton
from companion.ui.widgets.touch_select import TouchSelect
from companion.ui.wording import key_label
from solo_deck import Numeral, ShipMove, SoloCard, describe_validation_error

MOVE_LABELS: dict[ShipMove, str] = {
    ShipMove.MOVE1: N_("moves 1 space"),
    ShipMove.STAY: N_("stays"),
    ShipMove.TO_PLAYER: N_("joins your ship"),
}
"""How Frederick's ship move on a card reads (English: shown through ``_``)."""
NO_EDICT = "none"


class CardEditorModal(OpensAtOnce, ModalScreen[SoloCard | None]):
    """Edit one card's face: ship move, removals, Edict, crown."""

    DEFAULT_CSS = """
    CardEditorModal RadioSet { width: 40; margin-bottom: 1; }
    CardEditorModal Checkbox { width: 100%; }
    CardEditorModal Select { width: 30; }
    CardEditorModal .muted { margin-top: 1; }
    CardEditorModal #edit-error { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(CARD_EDITOR_KEYS))

    def __init__(self, card: SoloCard) -> None:
        super().__init__()
        self.card = card

    def compose(self) -> ComposeResult:
        card = self.card
        with Vertical(classes="dialog"):
            yield Label(
                _("Solo card {card}: what does it show?").format(card=card.id),
                classes="dialog-title",
                markup=False,
            )
            yield Label(_("Frederick's ship"), classes="muted")
            with RadioSet(id="edit-move", compact=True):
                for move, label in MOVE_LABELS.items():
                    yield ClearRadioButton(
                        _(label), value=card.move is move, id=f"move-{move.value}"
                    )
            yield Label(_("What it removes, and the crown"), classes="muted")
            yield ClearCheckbox(
                _("Removes the Action card at his port"),
                card.removes_card,
                id="edit-card",
                compact=True,
            )
            yield ClearCheckbox(
                _("Removes the Ally at his port"),
                card.removes_ally,
                id="edit-ally",
                compact=True,
            )
            yield ClearCheckbox(_("Has a crown"), card.crown, id="edit-crown", compact=True)
            yield Label(_("Edict issued"), classes="muted")
            yield TouchSelect(
                [(_("Edict {numeral}").format(numeral=n.value), n.value) for n in Numeral]
                + [(_("no Edict"), NO_EDICT)],
                value=card.edict.value if card.edict else NO_EDICT,
                allow_blank=False,
                id="edit-edict",
                compact=True,
            )
            yield Label("", id="edit-error", classes="error-text")
            with Horizontal(classes="dialog-buttons"):
                yield action_button(key_label(self, _("Save"), "ctrl+s"), "save", "primary")
                yield action_button(key_label(self, _("Cancel"), "esc"), "cancel", focusable=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#edit-move", RadioSet).focus()

    def action_save(self) -> None:
        """Build the card; an invalid one is explained here and not returned."""
        pressed = self.query_one("#edit-move", RadioSet).pressed_button
        move = (pressed.id or "").removeprefix("move-") if pressed else self.card.move.value
        edict = self.query_one("#edit-edict", Select).value
        try:
            card = SoloCard(
                id=self.card.id,
                source="checked by the player",
                move=ShipMove(move),
                removes_card=self.query_one("#edit-card", Checkbox).value,
                removes_ally=self.query_one("#edit-ally", Checkbox).value,
                crown=self.query_one("#edit-crown", Checkbox).value,
                edict=None if edict == NO_EDICT else Numeral(str(edict)),
            )
        except (ValidationError, ValueError) as exc:
            text = describe_validation_error(exc) if isinstance(exc, ValidationError) else exc
            self.query_one("#edit-error", Label).update(
                _("This card is not valid: {why}").format(why=text)
            )
            return
        self.dismiss(card)

    def action_cancel(self) -> None:
        """Close without a change."""
        self.dismiss(None)
