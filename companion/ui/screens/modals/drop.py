"""Put back the resources your warehouse cannot hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Label

from companion.i18n import N_, _, ngettext
from companion.reference_topics import WAREHOUSE_TOPIC
from companion.ui.screens.modals.by_itself import ByItselfModal
from companion.ui.widgets.number_field import NumberField
from solo_deck.events import DropResources

if TYPE_CHECKING:
    pass


class DropModal(ByItselfModal[DropResources]):
    """Grain and Stone to put back, prefilled from the kind you hold more of; the two must
    add up to what is owed (the engine says so inline otherwise). Put back records. It
    opens by itself when a gain overflows the warehouse: keys typed before it was drawn
    land in none of its fields (:mod:`companion.ui.first_look`)."""

    DIALOG_TITLE = N_("Put resources back")
    OK_LABEL = N_("Put back")
    ENTER_IN_FIELD_RECORDS = False
    ANSWERS = "drop"

    @property
    def count(self) -> int:
        """How many resources are owed back."""
        return self.obligation.count if self.obligation is not None else 0

    def prefill(self) -> tuple[int, int]:
        """``(grain, stone)``: as much as possible from the kind you hold more of."""
        player = self.state.player
        more, less = ("grain", "stone") if player.grain >= player.stone else ("stone", "grain")
        first = min(self.count, int(getattr(player, more)))
        split = {more: first, less: self.count - first}
        return split["grain"], split["stone"]

    def reference_topic(self) -> str | None:
        """F1 in this dialog: the entry of the warehouse and what it holds."""
        return WAREHOUSE_TOPIC

    def compose_body(self) -> ComposeResult:
        player = self.state.player
        yield Label(
            ngettext(
                "You hold {grain} Grain and {stone} Stone: put back {count} resource in all.",
                "You hold {grain} Grain and {stone} Stone: put back {count} resources in all.",
                self.count,
            ).format(grain=player.grain, stone=player.stone, count=self.count),
            classes="muted",
        )
        grain, stone = self.prefill()
        words = self.field_words()
        yield NumberField(words["grain"][0], grain, id="grain", hint=words["grain"][1] or "")
        yield NumberField(words["stone"][0], stone, id="stone", hint=words["stone"][1] or "")

    def field_words(self) -> dict[str, tuple[str, str | None]]:
        """The Grain and Stone fields' labels and hints."""
        player = self.state.player
        return {
            "grain": (_("Grain put back"), _("of your {count}").format(count=player.grain)),
            "stone": (_("Stone put back"), _("of your {count}").format(count=player.stone)),
        }

    def on_mount(self) -> None:
        self.query_one("#grain", NumberField).input.focus()

    def build_event(self) -> DropResources | None:
        fields = [self.query_one(f"#{name}", NumberField) for name in ("grain", "stone")]
        if not all([field.check() for field in fields]):
            self.show_error(_("fix the amounts marked in red"))
            return None
        grain, stone = (field.value or 0 for field in fields)
        self.show_error(None)
        return DropResources(grain=grain, stone=stone)
