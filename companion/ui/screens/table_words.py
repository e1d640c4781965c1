"""The Table's own sentences, each whole in the language in use: the field's request for a
drawn tile, the notice that opens the End Phase and the question before a Pass.

Each is worded where it is shown (after a language switch the Table asks again), and
whichever form fits the device (a key to press, a button to tap) is chosen here.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.i18n import _, ngettext
from companion.ui.wording import for_device


def tile_request(numeral: str, left: int, *, touch: bool) -> str:
    """The label over the tile field: which Next space, how many tiles the pile still holds
    (``left``, counted after the draw: 0 means this was the last) and, at a keyboard, to
    press Enter (in a browser, ``touch``, the Enter button stands beside the field)."""
    pile = (
        _("the last of the pile")
        if left == 0
        else ngettext("{n} more in the pile", "{n} more in the pile", left).format(n=left)
    )
    ask = for_device(
        touch,
        _("New Next {numeral} tile ({pile}), then enter:"),
        _("New Next {numeral} tile ({pile}):"),
    )
    return ask.format(numeral=numeral, pile=pile)


def end_phase_begins(round_number: int, *, out_of_slots: bool) -> str:
    """The notice as the End Phase opens by itself: why the round's turns are over."""
    told = (
        _("Round {round}: your card slots are all played and Frederick is done. The End Phase.")
        if out_of_slots
        else _("Round {round}: you passed and Frederick is done. The End Phase.")
    )
    return told.format(round=round_number)


class Question(NamedTuple):
    """A yes/no question: its title, its text and the labels of its two answers."""

    title: str
    body: str
    yes: str
    no: str


def pass_question(frederick_left: int, *, hand_counted: bool, touch: bool) -> Question:
    """The question before a Pass: what follows it (Frederick's ``frederick_left`` actions,
    then the End Phase) and, when the engine does not count the hand (``hand_counted``
    false: an older game), that only an empty hand may pass."""
    then = (
        ngettext(
            "Frederick then takes his {n} remaining action, and the End Phase follows.",
            "Frederick then takes his {n} remaining actions, and the End Phase follows.",
            frederick_left,
        ).format(n=frederick_left)
        if frederick_left > 0
        else _("The End Phase follows at once.")
    )
    if hand_counted:  # the engine counts the hand: it is empty now
        body = _("Your hand is empty, so you may pass. {then}").format(then=then)
    else:
        body = _(
            "In the solo game you may pass only once no card is left in your hand; with "
            "a card in hand, play it ({play}) instead. {then}"
        ).format(play=for_device(touch, _("Enter"), _("Play card")), then=then)
    return Question(_("Pass for the rest of the round?"), body, _("Pass, hand empty"), _("Back"))


def fix_choices() -> tuple[str, list[tuple[str, str]]]:
    """The title and the choices of the Fix dialog (a value, or what lies at a port)."""
    return _("Fix what?"), [
        ("value", _("Correct a value: VP, supplies, castle, palace, edicts, counters")),
        ("port", _("Name the Ally or the Advanced card lying at a port")),
    ]
