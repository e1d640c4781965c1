"""What to do now: Frederick's last turn step by step, or the next thing to press."""

from __future__ import annotations

from rich.text import Text

from companion.widgets.text_panel import TextPanel
from solo_deck import GameState, Numeral, Phase


class InstructionsPanel(TextPanel):
    """Frederick's last turn as numbered table instructions, then the prompt."""

    def show(self, state: GameState) -> None:
        """Redraw for ``state``."""
        text = Text()
        report = state.last_frederick
        if report is not None:
            text.append(f"Frederick's card {report.card_id}: {report.face}\n", style="bold magenta")
            for number, step in enumerate(report.steps, start=1):
                text.append(f"{number}. {step}\n")
        text.append_text(self.prompt(state))
        self.show_text(text)

    @staticmethod
    def prompt(state: GameState) -> Text:
        """The one thing to press next."""
        if state.awaiting_reveal:
            numeral = Numeral.from_index(state.awaiting_reveal[0]).value
            return Text(
                f"▶ Draw a new Next {numeral} tile from the pile and type it below",
                style="bold yellow",
            )
        if state.phase is Phase.FREDERICK:
            return Text("▶ Frederick's turn: press space", style="bold yellow")
        if state.phase is Phase.PLAYER:
            return Text(
                f"▶ Your turn {state.turn}: record what you do, then enter ends the turn",
                style="bold green",
            )
        if state.phase is Phase.END_PHASE:
            return Text("▶ End Phase: press f", style="bold yellow")
        return Text("▶ The game is over: press f for the final score", style="bold yellow")
