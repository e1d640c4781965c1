"""The Coach's answer as the player reads it: a header (the title aimed at, the games
played, the turns weighed, how sure it is), then each turn it names with its figures
first on a short line, so that no screen cuts them (80 columns, a phone's 42 inside a
dialog), and the turn's decisions in the engine's own words.

Everything the engine says is data, never markup: the texts are :class:`rich.text.Text`.
Whether the Coach may weigh the position at all is the engine's answer
(:func:`coach_refusal`, which the Table asks at every state: it loads none of the Coach's
rollouts, and this module imports the Coach's types only for its annotations).

>>> from solo_deck import CoachLine
>>> line = CoachLine((), ("You sailed Roma → Tunis",), False, 52.34, (50.1, 54.55), 0.613, 12,
...                  "+3 VP now")
>>> figures(1, line, "Feudal lord").plain
'1  52.3 VP (50.1–54.5)  Feudal lord 61 %'
>>> figures(2, CoachLine((), (), False, 71.0, (71.0, 71.0), 1.0, 1, ""), "Duke").plain
'2  71.0 VP (1 game)  Duke 100 %'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from companion.i18n import N_, _, ngettext, shown
from companion.i18n.words import value_word

if TYPE_CHECKING:
    from solo_deck import CoachAnswer, CoachLine, GameSetup, GameState


def coach_refusal(setup: GameSetup, state: GameState) -> str | None:
    """Why the Coach cannot weigh the position ``state`` now (the engine's words), or
    ``None`` when it can. Asked of a branch at ``state``: the game in progress is not
    touched."""
    from solo_deck import SoloGame, why_no_advice

    return why_no_advice(SoloGame.at(setup, state))


def _score(value: float) -> str:
    return f"{value:.1f}"


def figures(rank: int, line: CoachLine, aim: str) -> Text:
    """``1  52.3 VP (50.1–54.5)  Feudal lord 61 %``: the rank, the expected final score and
    its 95 % interval (the games so far while there is one), the chance of ``aim``."""
    low, high = line.ci95
    games = ngettext("{n} game", "{n} games", line.games).format(n=line.games)
    interval = _score(low) + "–" + _score(high) if line.games > 1 else games
    text = Text(f"{rank}  ", style="bold")
    text.append(_("{score} VP").format(score=_score(line.mean)), style="bold")
    text.append(f" ({interval})  ")
    text.append(f"{value_word(aim)} {round(line.title_chance * 100)} %", style="bold")
    return text


def entry(rank: int, line: CoachLine, aim: str) -> Group:
    """One turn in the list: its figures, then why it is worth playing (under them)."""
    if not line.why:
        return Group(figures(rank, line, aim))
    why = Padding(Text(shown(line.why), style="italic"), (0, 0, 0, 3))
    return Group(figures(rank, line, aim), why)


def header(answer: CoachAnswer, name_it: str | None = None) -> Text:
    """What the figures rest on: the title aimed at, the games played, the turns weighed,
    whether it is still playing, how sure it is; and, when your hand is not named, that
    a turn may play a card you do not hold, and how to name it (``name_it``: ``press n
    to name it``; ``None`` when it cannot be named here).

    >>> from solo_deck import CoachAnswer
    >>> print(header(CoachAnswer((), "Knight", 51, 6, None, False, hand_named=False)).plain)
    Aiming at Knight · 6 games played · 51 turns weighed · still playing
    only one turn to weigh
    Your hand is not named: a turn may play a card you do not hold.
    >>> answer = CoachAnswer((), "Knight", 51, 6, None, True, hand_named=False)
    >>> print(header(answer, "press n to name it").plain.splitlines()[-1])
    Your hand is not named: press n to name it (until then a turn may play a card you do not hold).
    """
    going = _("done") if answer.done else _("still playing")
    games = ngettext("{n} game played", "{n} games played", answer.games)
    turns = ngettext("{n} turn weighed", "{n} turns weighed", answer.weighed)
    text = Text(
        _("Aiming at {aim} · {games} · {turns} · {going}").format(
            aim=value_word(answer.aim),
            games=games.format(n=f"{answer.games:,}"),
            turns=turns.format(n=f"{answer.weighed:,}"),
            going=going,
        )
    )
    text.append("\n" + shown(answer.sureness()), style="bold")
    if not answer.hand_named:
        text.append("\n" + _("Your hand is not named: "), style="italic")
        if name_it is None:
            text.append(_("a turn may play a card you do not hold."), style="italic")
        else:
            text.append(name_it, style="bold")
            text.append(_(" (until then a turn may play a card you do not hold)."), style="italic")
    return text


OPEN_END = N_("then the table deals (a card or a tile): go on from what it shows")


def decision_lines(line: CoachLine) -> tuple[str, ...]:
    """The decisions of a turn as the log would say them; when the table deals something
    before the turn is over, a last line says the rest follows from it."""
    said = tuple(shown(one) for one in line.lines)
    return (*said, _(OPEN_END)) if line.open_end else said


def decisions(rank: int, line: CoachLine) -> Group:
    """The decisions of turn ``rank`` (:func:`decision_lines`), one a bullet."""
    bullets = Table.grid(padding=0)
    bullets.add_column(width=2)
    bullets.add_column(ratio=1)
    for said in decision_lines(line):
        bullets.add_row("•", Text(said))
    return Group(
        Text(_("Turn {rank}, decision by decision:").format(rank=rank), style="bold"), bullets
    )


def turn_key(line: CoachLine) -> str:
    """What tells two turns apart (their decisions), to follow one as the order changes."""
    return repr(line.events)
