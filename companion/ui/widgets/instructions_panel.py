"""What to do now: Frederick's last turn step by step, what your move still owes, and the
next thing to press.

A Next tile your own Edict drew is asked under a heading that says so ("Your Edict …"):
Frederick's last card is then not shown above it, so nobody reads the request as his doing
(the log keeps his turn). Whose Edict drew it is the engine's answer
(:func:`solo_deck.tile_drawn`)."""

from __future__ import annotations

from rich.text import Text

from companion.i18n import N_, _, ngettext, shown
from companion.ui.framework.hooks import LaidOutOnce
from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from companion.ui.wording import for_device
from solo_deck import GameState, Numeral, Phase, tile_drawn

KEYS = {
    "decline": "x",
    "follow": "r",
    "frederick": N_("press space"),
    "pass": "P",
    "play": N_("enter"),
    "travel": "t",
    "end_phase": N_("press f"),
}
"""How the prompt names each key on a keyboard (English: translated where shown; a key's
letter stays the same in every language, its words do not)."""
TAPS = {
    "decline": N_("Decline"),
    "follow": N_("tap Continue"),
    "frederick": N_("tap Frederick"),
    "pass": N_("tap Pass"),
    "play": N_("tap Play card"),
    "travel": N_("Travel, in the footer"),
    "end_phase": N_("tap f in the footer"),
}
"""How it names them on a touch screen (the big buttons, or the footer's keys)."""


class InstructionsPanel(TextPanel, LaidOutOnce):
    """Frederick's last turn as numbered table instructions, what is still owed, then the
    prompt."""

    def lays_out_again(self) -> bool:
        """No: its rows follow its text at its width, and the layout that found them has
        placed What to do by them (a longer turn in Italian laid the Table out twice)."""
        return False

    def show(self, view: TableView) -> None:
        """Draw ``view``."""
        state = view.state
        text = Text()
        report = state.last_frederick
        drawn = tile_drawn(state)
        if drawn is not None and drawn.by == "you":
            numeral = Numeral.from_index(drawn.position).value
            said = _("Your Edict ({edict}): Next {numeral} slid down").format(
                edict=drawn.edict, numeral=numeral
            )
            text.append(said + "\n", style="bold green")
        elif report is not None and state.obligation is None:
            said = _("Frederick's last card, {card}: {face}").format(
                card=report.card_id, face=shown(report.face)
            )
            text.append(said + "\n", style="bold magenta")
            for number, step in enumerate(report.steps, start=1):
                text.append(f"{number}. {shown(step)}\n")
        if len(state.pending) > 1 or (state.pending and state.awaiting_reveal):
            # a single one is the prompt below, unless a tile is asked for first
            text.append(_("Owed now, in this order:") + "\n", style="bold")
            for number, duty in enumerate(state.pending, start=1):
                style = "bold" if number == 1 else "dim"
                text.append(f"{number}. ", style=style)
                text.append(shown(duty.text) + "\n", style="" if number == 1 else "dim")
        text.append_text(self.prompt(view, touch=self.app.is_web))
        self.show_text(text)

    @staticmethod
    def prompt(view: TableView, *, touch: bool = False) -> Text:
        """The one thing to press next: its key, or on a touch screen (``touch``, the app
        in a browser) the button to tap."""
        words = for_device(touch, KEYS, TAPS)
        # a key's letter is the same in every language: only words are translated
        key = {action: _(word) if len(word) > 1 else word for action, word in words.items()}
        state: GameState = view.state
        if state.awaiting_reveal:
            numeral = Numeral.from_index(state.awaiting_reveal[0]).value
            return Text(
                # one line on a tablet
                _("▶ Draw a Next {numeral} tile and type it below").format(numeral=numeral),
                style="bold yellow",
            )
        first = state.obligation
        if first is not None:
            duty = shown(first.text)
            said = (
                _("▶ {key}: {duty} ({decline} declines it)")
                if first.optional
                else _("▶ {key}: {duty}")
            )
            return Text(
                said.format(key=key["follow"], duty=duty, decline=key["decline"]),
                style="bold green",
            )
        if state.phase is Phase.FREDERICK:
            said = _("▶ Frederick's turn: {key}").format(key=key["frederick"])
            return Text(said, style="bold yellow")
        if state.phase is Phase.PLAYER:
            return _your_turn(view, key)
        if state.phase is Phase.END_PHASE:
            said = _("▶ End Phase: {key} (refill your hand to {n} cards first)")
            return Text(said.format(key=key["end_phase"], n=view.hand_size), style="bold yellow")
        said = _("▶ The game is over: {key} for the final score").format(key=key["end_phase"])
        return Text(said, style="bold yellow")


def _your_turn(view: TableView, key: dict[str, str]) -> Text:
    """The prompt of your turn: play a card, or pass when the hand is empty."""
    state = view.state
    free = len(view.slots.free)
    frederick_done = state.frederick_actions >= view.frederick_max_actions
    if state.hand == 0:  # the engine counts the hand: no card left to play
        said = (
            _("▶ Your hand is empty: pass ({key}); then the End Phase")
            if frederick_done
            else _(
                "▶ Your hand is empty: pass ({key}); Frederick takes his remaining actions, "
                "then the End Phase"
            )
        )
        return Text(said.format(key=key["pass"]), style="bold green")
    if frederick_done and free > 1:
        said = (
            _(
                "▶ Frederick is done this round: play your {n} free card slots ({play}) or "
                "pass ({pass_key}); then the End Phase"
            )
            if view.may_pass
            else _(
                "▶ Frederick is done this round: play your {n} free card slots ({play}); "
                "then the End Phase"
            )
        )
    elif free == 1:
        said = (
            _(
                "▶ Your last card slot this round: play it ({play}) or pass ({pass_key}); "
                "then the End Phase"
            )
            if view.may_pass
            else _("▶ Your last card slot this round: play it ({play}); then the End Phase")
        )
    else:
        said = ngettext(
            "▶ Your turn {turn}: travel first if you like ({travel}), then play a card "
            "({play}) · {n} slot free",
            "▶ Your turn {turn}: travel first if you like ({travel}), then play a card "
            "({play}) · {n} slots free",
            free,
        )
    told = said.format(
        n=free, play=key["play"], pass_key=key["pass"], travel=key["travel"], turn=state.turn
    )
    return Text(told, style="bold green")
