"""The solo deck and the round counters."""

from __future__ import annotations

from rich.text import Text

from companion.formatting import plural
from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from solo_deck import Phase

PHASE_NAMES = {
    Phase.PLAYER: "Your turn",
    Phase.FREDERICK: "Frederick's turn",
    Phase.END_PHASE: "End Phase",
    Phase.GAME_OVER: "Game over",
}


class DeckPanel(TextPanel):
    """Cards left, crowns since the shuffle, the round, your turn and Frederick's actions."""

    REFERENCE_TOPIC = "solo-card-symbol:crown"
    """F1 with the pointer on this panel: the crown (what it does to the deck)."""

    def reference_topic(self) -> str:
        """The Reference entry F1 opens from this panel."""
        return self.REFERENCE_TOPIC

    def show(self, view: TableView) -> None:
        """Draw ``view``."""
        state = view.state
        deck = state.deck
        text = Text()
        text.append(f"Round {state.round}", style="bold")
        text.append(" · ")
        text.append(PHASE_NAMES[state.phase], style="bold reverse")
        played = len(state.player.played)
        text.append(f"\nCards played {played}/{view.slots.usable}")
        if state.passed:
            text.append(" (done)", style="yellow")
        text.append(f" · Frederick {state.frederick_actions}/{view.frederick_max_actions}\n")
        text.append(
            f"Deck ({deck.mode}): {len(deck.draw_pile)} left, {len(deck.discard)} seen,"
            f" {plural(deck.shuffles, 'shuffle')}\n"
        )
        text.append(f"Crowns since shuffle: {deck.crowns_since_shuffle}/{deck.crowns_to_reshuffle}")
        if deck.reshuffle_pending:
            text.append("  reshuffle pending", style="bold yellow")
        unchecked = [
            n for n, on in (("deck", view.provisional), ("board", view.board_provisional)) if on
        ]
        if unchecked == ["deck"]:
            text.append("\nPROVISIONAL deck: check it (Deck screen)", style="bold magenta")
        elif unchecked:
            what = " and ".join(unchecked)
            text.append(f"\nPROVISIONAL {what} (Start screen)", style="bold magenta")
        self.show_text(text)
