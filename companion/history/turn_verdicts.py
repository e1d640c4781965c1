"""The Review's judge of each turn in plain words, shared by ``stupor-solo review`` and the
Review screen: which turn, what it cost, and a one-line summary of the costliest.

The judgements are the engine's (:func:`solo_deck.judge_steps`); the turns' words
(``played``, ``best``) are the engine's too, and stay data: whoever shows them shows them
as plain text, never markup.

>>> from solo_deck import TurnJudgement
>>> turn = TurnJudgement(2, 3, "a", "b", 10.0, 14.17, 4.17, 72)
>>> turn_label(turn), loss_label(turn)
('Round 2, turn 3', '4.2 VP')
>>> costliest_summary((turn,), (turn,))
'Costliest: Round 2, turn 3 (4.2 VP).'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from solo_deck import TurnJudgement

COSTLIEST = 3
"""How many of the costliest turns a review marks."""
NONE_WEIGHED = N_("The Coach could weigh none of your turns in this game.")


def turn_label(turn: TurnJudgement) -> str:
    """``Round 2, turn 3``."""
    return _("Round {round}, turn {turn}").format(round=turn.round, turn=turn.turn)


def loss_label(turn: TurnJudgement) -> str:
    """The expected final score the turn lost, to a tenth of a VP (``0`` for none)."""
    if turn.expected_loss <= 0:
        return "0"
    loss = round(turn.expected_loss, 1)
    return _("{loss} VP").format(loss=f"{loss:.1f}") if loss > 0 else _("under 0.1 VP")


def costliest_summary(turns: Sequence[TurnJudgement], top: Sequence[TurnJudgement]) -> str:
    """One line: the ``top`` (costliest) of the judged ``turns``, or that none lost."""
    if not turns:
        return _(NONE_WEIGHED)
    if not top:
        return ngettext(
            "No turn cost you anything: the turn the Coach weighed matched its best.",
            "No turn cost you anything: all {n} turns the Coach weighed matched its best.",
            len(turns),
        ).format(n=len(turns))
    costly = "; ".join(f"{turn_label(t)} ({loss_label(t)})" for t in top)
    return _("Costliest: {turns}.").format(turns=costly)
