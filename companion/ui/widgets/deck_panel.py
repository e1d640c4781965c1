"""The solo deck and the round counters."""

from __future__ import annotations

from rich.text import Text

from companion.i18n import N_, _, ngettext
from companion.i18n.words import value_word
from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from solo_deck import Phase

PHASE_NAMES = {
    Phase.PLAYER: N_("Your turn"),
    Phase.FREDERICK: N_("Frederick's turn"),
    Phase.END_PHASE: N_("End Phase"),
    Phase.GAME_OVER: N_("Game over"),
}
"""Each phase's name (English: translated where it is shown)."""


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
        text.append(_("Round {round}").format(round=state.round), style="bold")
        text.append(" · ")
        text.append(_(PHASE_NAMES[state.phase]), style="bold reverse")
        played = len(state.player.played)
        text.append(
            "\n"
            + _("Cards played {played}/{usable}").format(played=played, usable=view.slots.usable)
        )
        if state.passed:
            text.append(" " + _("(done)"), style="yellow")
        frederick = _("Frederick {done}/{most}").format(
            done=state.frederick_actions, most=view.frederick_max_actions
        )
        text.append(f" · {frederick}\n")
        shuffles = ngettext("{n} shuffle", "{n} shuffles", deck.shuffles).format(n=deck.shuffles)
        text.append(
            _("Deck ({mode}): {left} left, {seen} seen, {shuffles}").format(
                mode=value_word(deck.mode),
                left=len(deck.draw_pile),
                seen=len(deck.discard),
                shuffles=shuffles,
            )
            + "\n"
        )
        text.append(
            _("Crowns since shuffle: {crowns}/{most}").format(
                crowns=deck.crowns_since_shuffle, most=deck.crowns_to_reshuffle
            )
        )
        if deck.reshuffle_pending:
            text.append("  " + _("reshuffle pending"), style="bold yellow")
        deck_unchecked, board_unchecked = view.provisional, view.board_provisional
        if deck_unchecked and not board_unchecked:
            text.append("\n" + _("PROVISIONAL deck: check it (Deck screen)"), style="bold magenta")
        elif deck_unchecked:
            text.append("\n" + _("PROVISIONAL deck and board (Start screen)"), style="bold magenta")
        elif board_unchecked:
            text.append("\n" + _("PROVISIONAL board (Start screen)"), style="bold magenta")
        self.show_text(text)
