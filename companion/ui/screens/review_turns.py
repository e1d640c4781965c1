"""The Review's "Your turns" panel: each turn of yours judged by the Coach, in the background.

Once the Review screen is drawn, the panel runs the engine's judge
(:func:`solo_deck.judge_steps`) a slice at a time on the event loop, giving way to every
key (:func:`companion.ui.background.run_in_turns` and the app's input gate), with a
progress line ("Judging your turns: 3 of 12…"). When it is done, a summary line names the
costliest turns and every judged turn is listed: round, turn, the expected final score it
lost, what you played and the Coach's best, the costliest marked with a star. The screen
shows the list as a table when wide and as stacked entries at 80 columns and phone width.
Closing the screen cancels the work (Textual cancels a removed widget's workers, and
cancelling closes the judge).

The turns' words are the engine's and stay data: :class:`rich.text.Text`, never markup.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from companion.i18n import _, pgettext

if TYPE_CHECKING:
    from companion.ui.background import InputGate
    from solo_deck import SoloGame, TurnJudgement

BUDGET: int | None = None
"""Rollouts per turn judged (``None``: the engine's ``JUDGE_BUDGET``, the command line's
default too, so both give the same verdicts)."""
SEED = 0
"""The judge's seed: the same game, the same verdicts."""
STAR = "★"
SAME = "the same"
"""What the Coach's column says when its best is the turn you played."""
STARTING = "Judging your turns…"


class TurnsPanel(Vertical):
    """Each turn of a game judged (see the module); :meth:`judge` starts the work. Once
    judged the panel has the class ``-judged``, and the Review screen's width shows the
    table or the stacked list."""

    DEFAULT_CSS = """
    TurnsPanel { height: auto; margin-top: 1; }
    TurnsPanel > Static { height: auto; }
    TurnsPanel #review-turns-table, TurnsPanel #review-turns-list {
        display: none;
        margin-top: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="panel")
        self.turns: tuple[TurnJudgement, ...] | None = None
        """The judged turns, in the game's order, once the judge is done."""
        self.top: tuple[TurnJudgement, ...] = ()
        """The costliest of them, costliest first."""

    def compose(self) -> ComposeResult:
        yield Static(STARTING, id="review-turns-progress", markup=False)
        yield Static("", id="review-turns-summary", markup=False)
        yield Static("", id="review-turns-table", markup=False)
        yield Static("", id="review-turns-list", markup=False)

    def on_mount(self) -> None:
        self.border_title = _("Your turns")
        self.query_one("#review-turns-summary").display = False

    def judge(self, game: SoloGame, gate: InputGate) -> None:
        """Judge every turn of yours in ``game`` in the background (the input ``gate``
        lets each key go first)."""
        self.run_worker(
            self._judge(game, gate), group="review-turns", exclusive=True, exit_on_error=False
        )

    async def _judge(self, game: SoloGame, gate: InputGate) -> None:
        from companion.ui.background import run_in_turns
        from solo_deck import JUDGE_BUDGET, judge_steps

        steps = judge_steps(game, budget=BUDGET or JUDGE_BUDGET, seed=SEED)
        try:
            turns = await run_in_turns(_reporting(steps, self._progress), gate)
        except Exception as exc:  # the engine refused the game: say so, the review stands
            self._show_progress(_("Your turns could not be judged: {reason}").format(reason=exc))
            return
        self.show(turns)

    def _progress(self, done: int, total: int) -> None:
        self._show_progress(
            _("Judging your turns: {done} of {total}…").format(done=done, total=total)
        )

    def _show_progress(self, text: str) -> None:
        if self.is_mounted:
            self.query_one("#review-turns-progress", Static).update(Text(text))

    def show(self, turns: tuple[TurnJudgement, ...]) -> None:
        """Show the judged ``turns``: the summary, the table and the stacked list."""
        from companion.history.turn_verdicts import COSTLIEST, costliest_summary
        from solo_deck import costliest

        if not self.is_mounted:
            return
        self.turns = turns
        self.top = costliest(turns, COSTLIEST)
        self.query_one("#review-turns-progress").display = False
        summary = self.query_one("#review-turns-summary", Static)
        line = costliest_summary(turns, self.top)
        summary.update(Text(f"{STAR} {line}" if self.top else line))
        summary.display = True
        if not turns:
            return
        marked = {_key(turn) for turn in self.top}
        self.query_one("#review-turns-table", Static).update(turns_table(turns, marked))
        self.query_one("#review-turns-list", Static).update(turns_list(turns, marked))
        self.add_class("-judged")  # the screen's width shows the table or the list


def turns_table(turns: tuple[TurnJudgement, ...], marked: set[tuple[int, int]]) -> Table:
    """Every turn a row: the star, round, turn, loss, what you played, the Coach's best."""
    from companion.history.turn_verdicts import loss_label

    table = Table(
        box=None,
        expand=True,
        show_edge=False,
        pad_edge=False,
        header_style="bold",
        padding=(0, 1, 1, 0),  # a blank line under each row: the rows wrap
    )
    table.add_column(Text(""), width=1, no_wrap=True)
    table.add_column(Text(_("Round"), justify="right"), justify="right", no_wrap=True)
    table.add_column(Text(_("Turn"), justify="right"), justify="right", no_wrap=True)
    table.add_column(Text(_("Lost"), justify="right"), justify="right", no_wrap=True)
    table.add_column(Text(_("You played")), ratio=1)
    table.add_column(Text(_("The Coach's best")), ratio=1)
    for turn in turns:
        star = _key(turn) in marked
        table.add_row(
            Text(STAR if star else ""),
            Text(str(turn.round)),
            Text(str(turn.turn)),
            Text(loss_label(turn)),
            Text(turn.played),
            Text(_best(turn)),
            style="bold" if star else None,
        )
    return table


def turns_list(turns: tuple[TurnJudgement, ...], marked: set[tuple[int, int]]) -> Group:
    """Every turn a short block (for a narrow screen): which turn and its loss, then what
    you played and the Coach's best, each indented under its own label."""
    from companion.history.turn_verdicts import loss_label, turn_label

    blocks: list[RenderableType] = []
    for turn in turns:
        star = _key(turn) in marked
        head = _("{star} {turn} · lost {loss}").format(
            star=STAR if star else " ", turn=turn_label(turn), loss=loss_label(turn)
        )
        blocks.append(Text(head, style="bold" if star else ""))
        words = Table.grid(padding=(0, 1))
        words.add_column(no_wrap=True, style="dim")
        words.add_column(ratio=1)
        words.add_row(Text(pgettext("turn", "yours")), Text(turn.played))
        words.add_row(Text(pgettext("turn", "best")), Text(_best(turn)))
        blocks.append(Padding(words, (0, 0, 1, 2)))
    return Group(*blocks)


def _key(turn: TurnJudgement) -> tuple[int, int]:
    return turn.round, turn.turn


def _best(turn: TurnJudgement) -> str:
    return SAME if turn.best == turn.played else turn.best


def _reporting(
    steps: Generator[tuple[int, int], None, tuple[TurnJudgement, ...]],
    report: Callable[[int, int], None],
) -> Generator[None, None, tuple[TurnJudgement, ...]]:
    """``steps`` as they are, telling ``report`` each new ``(done, total)``; closing this
    closes ``steps``."""
    last: tuple[int, int] | None = None
    try:
        while True:
            try:
                progress = next(steps)
            except StopIteration as done:
                result: tuple[TurnJudgement, ...] = done.value
                return result
            if progress != last:
                last = progress
                report(*progress)
            yield None
    finally:
        steps.close()
