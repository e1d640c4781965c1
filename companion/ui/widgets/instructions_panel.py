"""What to do now: Frederick's last turn step by step, what your move still owes, and the
next thing to press.

A Next tile your own Edict drew is asked under a heading that says so ("Your Edict …"):
Frederick's last card is then not shown above it, so nobody reads the request as his doing
(the log keeps his turn). Whose Edict drew it is the engine's answer
(:func:`solo_deck.tile_drawn`)."""

from __future__ import annotations

from rich.text import Text

from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from companion.ui.wording import for_device
from solo_deck import GameState, Numeral, Phase, tile_drawn

KEYS = {
    "decline": "x",
    "follow": "r",
    "frederick": "press space",
    "pass": "P",
    "play": "enter",
    "travel": "t",
    "end_phase": "press f",
}
"""How the prompt names each key on a keyboard."""
TAPS = {
    "decline": "Decline",
    "follow": "tap Continue",
    "frederick": "tap Frederick",
    "pass": "tap Pass",
    "play": "tap Play card",
    "travel": "Travel, in the footer",
    "end_phase": "tap f in the footer",
}
"""How it names them on a touch screen (the big buttons, or the footer's keys)."""


class InstructionsPanel(TextPanel):
    """Frederick's last turn as numbered table instructions, what is still owed, then the
    prompt."""

    def show(self, view: TableView) -> None:
        """Draw ``view``."""
        state = view.state
        text = Text()
        report = state.last_frederick
        drawn = tile_drawn(state)
        if drawn is not None and drawn.by == "you":
            numeral = Numeral.from_index(drawn.position).value
            text.append(
                f"Your Edict ({drawn.edict}): Next {numeral} slid down\n", style="bold green"
            )
        elif report is not None and state.obligation is None:
            text.append(
                f"Frederick's last card, {report.card_id}: {report.face}\n", style="bold magenta"
            )
            for number, step in enumerate(report.steps, start=1):
                text.append(f"{number}. {step}\n")
        if len(state.pending) > 1 or (state.pending and state.awaiting_reveal):
            # a single one is the prompt below, unless a tile is asked for first
            text.append("Owed now, in this order:\n", style="bold")
            for number, duty in enumerate(state.pending, start=1):
                style = "bold" if number == 1 else "dim"
                text.append(f"{number}. ", style=style)
                text.append(duty.text + "\n", style="" if number == 1 else "dim")
        text.append_text(self.prompt(view, touch=self.app.is_web))
        self.show_text(text)

    @staticmethod
    def prompt(view: TableView, *, touch: bool = False) -> Text:
        """The one thing to press next: its key, or on a touch screen (``touch``, the app
        in a browser) the button to tap."""
        key = for_device(touch, KEYS, TAPS)
        state: GameState = view.state
        if state.awaiting_reveal:
            numeral = Numeral.from_index(state.awaiting_reveal[0]).value
            return Text(
                f"▶ Draw a Next {numeral} tile and type it below",  # one line on a tablet
                style="bold yellow",
            )
        first = state.obligation
        if first is not None:
            tail = f" ({key['decline']} declines it)" if first.optional else ""
            return Text(f"▶ {key['follow']}: {first.text}{tail}", style="bold green")
        if state.phase is Phase.FREDERICK:
            return Text(f"▶ Frederick's turn: {key['frederick']}", style="bold yellow")
        if state.phase is Phase.PLAYER:
            free = len(view.slots.free)
            if state.hand == 0:  # the engine counts the hand: no card left to play
                then = (
                    "then the End Phase"
                    if state.frederick_actions >= view.frederick_max_actions
                    else "Frederick takes his remaining actions, then the End Phase"
                )
                return Text(
                    f"▶ Your hand is empty: pass ({key['pass']}); {then}", style="bold green"
                )
            or_pass = f" or pass ({key['pass']})" if view.may_pass else ""
            if state.frederick_actions >= view.frederick_max_actions and free > 1:
                return Text(
                    f"▶ Frederick is done this round: play your {free} free card slots "
                    f"({key['play']}){or_pass}; then the End Phase",
                    style="bold green",
                )
            if free == 1:
                return Text(
                    f"▶ Your last card slot this round: play it ({key['play']}){or_pass}; "
                    "then the End Phase",
                    style="bold green",
                )
            return Text(
                f"▶ Your turn {state.turn}: travel first if you like ({key['travel']}), then "
                f"play a card ({key['play']}) · {free} slots free",
                style="bold green",
            )
        if state.phase is Phase.END_PHASE:
            return Text(
                f"▶ End Phase: {key['end_phase']} (refill your hand to {view.hand_size} cards "
                "first)",
                style="bold yellow",
            )
        return Text(
            f"▶ The game is over: {key['end_phase']} for the final score", style="bold yellow"
        )
