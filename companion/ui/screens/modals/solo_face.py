"""Table mode: the player says which face the solo card they flipped shows."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList

from companion.i18n import _, ngettext
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.keys import SOLO_FACE_KEYS, bindings
from companion.ui.widgets.keyed_list import KeyedList
from companion.ui.widgets.quick_pick import numbered
from companion.ui.wording import worded
from solo_deck import CardFace, SoloDeck


class SoloFaceModal(OpensAtOnce, ModalScreen[CardFace | None]):
    """Lists the faces still unseen since the last shuffle (with how many of each); the
    key beside a face, or Enter on it, picks it."""

    DEFAULT_CSS = """
    SoloFaceModal #face-help { width: 100%; margin-bottom: 1; }
    SoloFaceModal #faces { height: auto; max-height: 60vh; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(SOLO_FACE_KEYS))

    def __init__(self, deck: SoloDeck) -> None:
        super().__init__()
        self._faces = sorted(deck.remaining_composition().items(), key=lambda item: item[0].short())

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                _("Flip the top solo card. Which face does it show?"), classes="dialog-title"
            )
            # the help above the list: a long list scrolls, the help stays in view
            yield Label(
                _(
                    "Only faces not yet seen since the last shuffle are listed. If yours is"
                    " missing, check the card, or fix the deck on the Deck screen."
                ),
                classes="muted",
                id="face-help",
            )
            lines = [
                (
                    ngettext(
                        "{face}   ({count} unseen)", "{face}   ({count} unseen)", count
                    ).format(face=face.short(), count=count),
                    str(index),
                    False,
                )
                for index, (face, count) in enumerate(self._faces)
            ]
            yield KeyedList(numbered(lines), id="faces")
            yield Label(
                worded(
                    self,
                    _("Press the key beside the face (or Enter on it)."),
                    _("Tap the face, then Choose."),
                ),
                id="keys-hint",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Return the chosen face (its key, or Enter on it)."""
        self.dismiss(self._faces[int(event.option.id or 0)][0])

    def action_choose(self) -> None:
        """Take the face highlighted (a tap only highlights one)."""
        self.query_one("#faces", KeyedList).action_select()

    def action_cancel(self) -> None:
        """Close without a face."""
        self.dismiss(None)
