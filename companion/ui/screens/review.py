"""The Review screen: where a game's points went, round by round.

Rounds are rows and sources are columns (the engine's :func:`solo_deck.review` names them);
beside the table, a chart of the VP gained each round and Frederick's palace after each
round; below, the Edicts where the advisor ranked another choice first, and each of your
turns judged by the Coach, worked out in the background once the screen is drawn
(:mod:`~companion.ui.screens.review_turns`). At 80 columns and at phone width the panels
stack. A game without a review (entered by its score, imported without its document, a
document missing or damaged) shows why instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static
from textual_plotext import PlotextPlot

from companion.history.edict_verdicts import edict_lines
from companion.i18n import N_, _, shown
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import REVIEW_KEYS, bindings
from companion.ui.screens.review_turns import TurnsPanel
from companion.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from companion.session import GameSession
    from companion.storage import HistoryRecord
    from solo_deck import GameReview, SoloGame

BAR_COLOUR = "green"


def review_screen(session: GameSession, record: HistoryRecord | None) -> ReviewScreen:
    """The Review screen of ``record``'s game (``None``: the game in progress)."""
    from companion.history.review_source import game_of_record, review_of_game

    try:
        if record is None:
            game = session.game
            return ReviewScreen(review_of_game(game), "the game in progress", game=game)
        game = game_of_record(session.folder, record)
        return ReviewScreen(review_of_game(game), "a finished game", game=game)
    except ValueError as exc:
        return ReviewScreen(None, "no review", reason=str(exc))


class ReviewScreen(Hosted, OpensAtOnce, Screen[None]):
    """One game's review (``review``), or why there is none (``reason``); each turn of
    ``game`` (the game reviewed) is judged in the background."""

    TITLE = N_("Review")

    DEFAULT_CSS = """
    ReviewScreen #review-body { height: 1fr; padding: 0 1; }
    ReviewScreen #review-status { margin: 0 0 1 0; height: auto; }
    ReviewScreen DataTable { height: auto; max-height: 16; background: transparent; }
    ReviewScreen .review-row { height: auto; }
    ReviewScreen #review-chart { width: 1fr; height: 14; }
    ReviewScreen #review-palace-panel { width: 44; height: auto; }
    ReviewScreen #review-edicts { height: auto; margin-top: 1; }
    ReviewScreen.-narrow .review-row { layout: vertical; }
    ReviewScreen.-narrow #review-palace-panel { width: 100%; }
    ReviewScreen.-narrow #review-chart { width: 100%; height: 10; }
    ReviewScreen.-wide #review-turns.-judged #review-turns-table { display: block; }
    ReviewScreen.-narrow #review-turns.-judged #review-turns-list { display: block; }
    """

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(REVIEW_KEYS))

    def __init__(
        self,
        review: GameReview | None,
        what: str,
        reason: str | None = None,
        *,
        game: SoloGame | None = None,
    ) -> None:
        super().__init__()
        self.review = review
        self.what = what
        self.reason = reason
        self.game = game

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="review-body"):
            yield Static("", id="review-status", markup=False)
            with Vertical(classes="panel", id="review-rounds-panel"):
                yield self._table("review-rounds")
            with Horizontal(classes="review-row", id="review-row"):
                yield PlotextPlot(id="review-chart")
                with Vertical(classes="panel", id="review-palace-panel"):
                    yield self._table("review-palace")
            yield Static("", id="review-edicts", markup=False)
            yield TurnsPanel(id="review-turns")
        yield KeyFooter()

    @staticmethod
    def _table(table_id: str) -> DataTable[str | Text]:
        table: DataTable[str | Text] = DataTable(
            id=table_id, cursor_type="none", show_cursor=False, zebra_stripes=True
        )
        table.can_focus = False
        return table

    def relabel(self) -> None:
        """Word the review again in the language in use (the turns judged stay)."""
        self._show(judge=False)

    def on_mount(self) -> None:
        self._show(judge=True)

    def _show(self, judge: bool) -> None:
        self.title = _(self.TITLE)
        self.sub_title = self.what
        self.query_one("#review-rounds-panel").border_title = _("VP by round and source")
        self.query_one("#review-palace-panel").border_title = _("Frederick after each round")
        status = self.query_one("#review-status", Static)
        if self.review is None:
            status.update(self.reason or _("no review"))
            for part in ("#review-rounds-panel", "#review-row", "#review-edicts", "#review-turns"):
                self.query_one(part).display = False
            return
        status.update(shown(self.review.summary()))
        self._fill_rounds(self.review)
        self._fill_palace(self.review)
        self._draw_chart(self.review)
        self._fill_edicts(self.review)
        if self.game is None:
            self.query_one("#review-turns").display = False
        elif judge:
            self.call_after_refresh(self._judge_turns, self.game)

    def _judge_turns(self, game: SoloGame) -> None:
        """Once the screen is drawn: judge each turn in the background."""
        if self.is_mounted:
            self.query_one("#review-turns", TurnsPanel).judge(game, self.host.input_gate)

    def _fill_rounds(self, review: GameReview) -> None:
        from solo_deck import source_label

        table = self.query_one("#review-rounds", DataTable)
        sources = list(review.vp_by_source)
        # the round's VP and the running total come first: on a narrow screen the sources
        # scroll sideways, the figures that matter most stay in view
        table.add_column(_("Round"), key="round")
        table.add_column(Text(_("VP"), justify="right"), key="vp")
        table.add_column(Text(_("Total"), justify="right"), key="total")
        for source in sources:
            table.add_column(Text(source_label(source), justify="right"), key=source)
        for row in review.rounds:
            label = str(row.round) if row.complete else _("{round} (now)").format(round=row.round)
            cells = [_number(row.vp_by_source.get(source)) for source in sources]
            table.add_row(
                Text(label),
                _number(row.vp_gained),
                _number(row.vp_after),
                *cells,
                key=f"r{row.round}",
            )
        end = review.end_by_source()
        if end and review.final is not None:
            cells = [_number(end.get(source)) for source in sources]
            table.add_row(
                Text(_("End")),
                _number(sum(end.values())),
                _number(review.final.total),
                *cells,
                key="end",
            )

    def _fill_palace(self, review: GameReview) -> None:
        table = self.query_one("#review-palace", DataTable)
        for name in ("Round", "T", "W", "K", "Allies", "Treas."):
            table.add_column(Text(name, justify="right"), key=name)
        for row in review.rounds:
            palace = row.palace
            values = (palace.towers, palace.walls, palace.keeps, palace.allies, palace.treasury)
            table.add_row(
                Text(str(row.round), justify="right"),
                *(_number(value) for value in values),
                key=f"p{row.round}",
            )

    def _draw_chart(self, review: GameReview) -> None:
        plot = self.query_one("#review-chart", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.title(_("VP gained by round"))
        rounds = [row.round for row in review.rounds]
        gained = [row.vp_gained for row in review.rounds]
        if rounds:
            plt.bar(rounds, gained, color=BAR_COLOUR)
            plt.xticks([float(r) for r in rounds], [str(r) for r in rounds])
        plot.refresh()

    def _fill_edicts(self, review: GameReview) -> None:
        lines = edict_lines(review)
        if not lines:
            lines = [_("The advisor ranked no other Edict higher than the ones you issued.")]
        self.query_one("#review-edicts", Static).update("\n".join(lines))

    def action_back(self) -> None:
        """Back to the previous screen."""
        self.dismiss()


def _number(value: int | None) -> Text:
    return Text("" if value is None else str(value), justify="right")
