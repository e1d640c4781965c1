"""The Statistics screen: the records of the solo career and a score-over-time chart.

Everything shown comes from one :func:`~companion.history.stats.career_stats` call. Opened
from the History screen it reuses the games already read; opened on its own it reads the
history in a thread worker (a loading indicator shows if that takes a moment), so even
10,000 games never freeze the screen. The chart draws at most
:data:`~companion.history.stats.CHART_POINTS` games,
picked evenly over the whole career, and its title says so when it had to pick.

"Where you stand" (:mod:`companion.history.standing`) compares the games of each
configuration played at least five times with the lab's bots and suggests the setting in
which about half your games would reach the title of ``[coach] aim_title``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Header, Static
from textual.worker import Worker, WorkerState
from textual_plotext import PlotextPlot

from companion.history.service import StatsReading
from companion.history.stats import (
    STREAK_NOTE,
    CareerStats,
    ChartData,
    career_stats,
    chart_data,
    summary_rows,
)
from companion.i18n import N_, _, ngettext
from companion.i18n.words import edition, value_word
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import STATISTICS_KEYS, bindings
from companion.ui.screens.history.reading import reading_finished, start_reading
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import worded
from solo_deck import next_title

if TYPE_CHECKING:
    from companion.storage import HistoryRecord

EMPTY_TEXT = N_(
    "No finished games yet, so there are no records to show. Save a game's final score (or "
    "add one with 'stupor-solo score … --save') and your records and score chart appear here."
)
BAND_COLOURS = ("blue", "green", "orange")
"""Plotext colours of the title lines above Serf (Knight, Feudal lord, Duke)."""
SCORE_COLOUR = "magenta"
STANDING_STYLES = {"heading": "bold", "body": "", "note": "dim"}
"""How each kind of "Where you stand" line is drawn."""


class StatisticsScreen(OpensAtOnce, Hosted, Screen[None]):
    """Records, title counts, streaks and the score chart of every finished game."""

    TITLE = N_("Statistics")

    DEFAULT_CSS = """
    StatisticsScreen #stats-body { height: 1fr; padding: 0 1; }
    StatisticsScreen #stats-status { margin: 1 0; }
    StatisticsScreen .stats-row { height: auto; }
    StatisticsScreen .stats-panel { width: 1fr; margin-right: 1; }
    StatisticsScreen .stats-panel:last-of-type { margin-right: 0; }
    StatisticsScreen #stats-titles-panel { width: 32; }
    StatisticsScreen #stats-streak-note { margin-top: 1; }
    StatisticsScreen DataTable { height: auto; background: transparent; }
    StatisticsScreen #stats-chart { height: 1fr; min-height: 14; }
    StatisticsScreen #stats-reviews-panel { height: auto; }
    StatisticsScreen #stats-standing-panel { height: auto; }
    StatisticsScreen.-narrow .stats-row { layout: vertical; }
    StatisticsScreen.-narrow .stats-panel { width: 100%; margin-right: 0; }
    StatisticsScreen.-narrow #stats-titles-panel { width: 100%; }
    StatisticsScreen.-medium #stats-groups { layout: vertical; }
    StatisticsScreen.-medium #stats-groups .stats-panel { width: 100%; margin-right: 0; }
    """

    # Textual declares this without ClassVar, so a ClassVar here is an error for mypy.
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-narrow"),
        (80, "-medium"),
        (100, "-wide"),
    ]

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(STATISTICS_KEYS))

    def __init__(self, records: Sequence[HistoryRecord] | None = None) -> None:
        """``records``: the games already read (the History screen has them); ``None`` reads
        the history in a worker."""
        super().__init__()
        self._records = None if records is None else list(records)
        self.stats: CareerStats | None = None
        self.chart: ChartData | None = None
        self._loading_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="stats-body"):
            yield Static(_("Reading the history…"), id="stats-status", classes="muted")
            with Horizontal(classes="stats-row", id="stats-top"):
                with Vertical(classes="panel stats-panel", id="stats-summary-panel"):
                    yield Static("", id="stats-summary", markup=False)
                    yield Static(_(STREAK_NOTE), id="stats-streak-note", classes="muted")
                with Vertical(classes="panel stats-panel", id="stats-titles-panel"):
                    yield self._table("stats-titles")
            with Horizontal(classes="stats-row", id="stats-groups"):
                with Vertical(classes="panel stats-panel", id="stats-difficulty-panel"):
                    yield self._table("stats-difficulty")
                with Vertical(classes="panel stats-panel", id="stats-house-panel"):
                    yield self._table("stats-house")
            with Vertical(classes="panel", id="stats-standing-panel"):
                yield Static("", id="stats-standing", markup=False)
            with Vertical(classes="panel", id="stats-reviews-panel"):
                yield Static("", id="stats-reviews", markup=False)
            yield PlotextPlot(id="stats-chart")
        yield KeyFooter()

    @staticmethod
    def _table(table_id: str) -> DataTable[str | Text]:
        table: DataTable[str | Text] = DataTable(
            id=table_id, cursor_type="none", show_cursor=False, zebra_stripes=True
        )
        table.can_focus = False
        return table

    def _panel_titles(self) -> None:
        self.title = _(self.TITLE)
        for panel_id, title in (
            ("#stats-summary-panel", _("Records")),
            ("#stats-titles-panel", _("Titles")),
            ("#stats-difficulty-panel", _("By difficulty")),
            ("#stats-house-panel", _("By House")),
            ("#stats-standing-panel", _("Where you stand")),
        ):
            self.query_one(panel_id).border_title = title
        self.query_one("#stats-streak-note", Static).update(_(STREAK_NOTE))

    def relabel(self) -> None:
        """Word the panels again in the language in use (the statistics are not read
        again: what was read is shown again)."""
        self._panel_titles()
        if self.stats is not None:
            self.show_stats(self.stats)

    def on_mount(self) -> None:
        self._panel_titles()
        self._show_parts(False)
        self.query_one("#stats-chart").display = False
        if self._records is not None:
            self.show_stats(career_stats(self._records))
            return
        read = self.host.session.history_service.read_stats
        self._loading_timer = start_reading(self, read, "statistics-read", self._show_loading)

    def _show_loading(self) -> None:
        if self.stats is None:
            self.query_one("#stats-body").loading = True

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The history was read (or could not be)."""
        if event.worker.group == "statistics-read":
            reading_finished(self, event, self._show_reading, StatsReading(CareerStats()))
        elif event.worker.group == "statistics-reviews" and event.state == WorkerState.SUCCESS:
            lines = event.worker.result
            if isinstance(lines, list):
                self.query_one("#stats-reviews", Static).update("\n".join(map(str, lines)))

    def _show_reading(self, reading: StatsReading) -> None:
        self.show_stats(reading.stats)

    def _show_parts(self, visible: bool) -> None:
        for part in (
            "#stats-top",
            "#stats-groups",
            "#stats-standing-panel",
            "#stats-reviews-panel",
        ):
            self.query_one(part).display = visible

    def show_stats(self, stats: CareerStats) -> None:
        """Fill every panel and the chart from ``stats``."""
        if self._loading_timer is not None:
            self._loading_timer.stop()
        self.query_one("#stats-body").loading = False
        self.stats = stats
        games = stats.games_played
        self.sub_title = ngettext("{count} game", "{count} games", games).format(count=f"{games:,}")
        status = self.query_one("#stats-status", Static)
        if not games:
            status.update(_(EMPTY_TEXT))
            status.display = True
            self._show_parts(False)
            self.query_one("#stats-chart").display = False
            return
        status.display = False
        self._show_parts(True)

        rows = summary_rows(stats)
        width = max(len(label) for label, _ in rows) + 2
        self.query_one("#stats-summary", Static).update(
            "\n".join(f"{label:<{width}}{value}" for label, value in rows)
        )

        titles = self.query_one("#stats-titles", DataTable)
        titles.clear(columns=True)
        titles.add_column(_("Title"), key="title")
        titles.add_column(Text(_("Games"), justify="right"), key="games")
        titles.add_column(Text(_("Share"), justify="right"), key="share")
        for name, count in stats.title_counts.items():
            titles.add_row(
                Text(value_word(name)),
                Text(str(count), justify="right"),
                Text(f"{100 * count / games:.0f}%", justify="right"),
                key=name,
            )

        for table_id, heading, groups in (
            ("#stats-difficulty", _("Difficulty"), stats.by_difficulty),
            ("#stats-house", _("House"), stats.by_house),
        ):
            table = self.query_one(table_id, DataTable)
            table.clear(columns=True)
            table.add_column(heading, key="key")
            for key, column in (
                ("games", _("Games")),
                ("best", _("Best")),
                ("average", _("Average")),
            ):
                table.add_column(Text(column, justify="right"), key=key)
            for group in groups.values():
                label = _("not recorded") if group.key is None else value_word(group.key)
                table.add_row(
                    Text(label),
                    Text(str(group.games), justify="right"),
                    Text(str(group.best), justify="right"),
                    Text(f"{group.average:.1f}", justify="right"),
                    # a House may be called "not recorded": the key tells them apart
                    key="\x00none" if group.key is None else f"={group.key}",
                )

        self._show_standing(stats)
        self.chart = chart_data(stats)
        self._draw_chart(self.chart)
        self._show_reviews(stats)

    # --- where you stand ----------------------------------------------------------------

    def _show_standing(self, stats: CareerStats) -> None:
        """Your games by configuration against the lab's bots, and the setting to try next."""
        from companion.history.standing import standing_lines

        aim = self.host.config.config.coach.aim_title
        lines = standing_lines(stats, aim, self._differing_boards)
        text = Text()
        for index, line in enumerate(lines):
            if index:
                text.append("\n")
            text.append(line.text, style=STANDING_STYLES[line.kind])  # plain text, never markup
        self.query_one("#stats-standing", Static).update(text)

    def _differing_boards(self) -> list[str]:
        """The titles of the boards in use that differ from the packaged ones (the history
        does not say which boards a game was played on: the ones in use now stand in)."""
        from companion.history.standing import boards_differing
        from companion.ui.views.boards import boards_in_use

        try:
            found = boards_in_use(self.host.session.settings)
        except (OSError, ValueError):
            return []
        return boards_differing({field: found.boards[field] for field in found.yours})

    # --- the reviews (read from the games' documents, in a worker) ------------------------

    def _show_reviews(self, stats: CareerStats) -> None:
        """The best game's distance to the next title at once (no document read); VP by
        source and the best round from the reviews: at once in a worker when the History
        handed over games with documents, else when p is pressed."""

        from companion.history.review_stats import ReviewStats, review_lines

        best = stats.best_score
        upcoming = None if best is None else next_title(best)
        lines = review_lines(ReviewStats(best_score=best, next_title=upcoming))[:1]
        points = worded(self, _("Press p"), _("Tap Points in the footer"))
        lines.append(
            _("{points} for VP by source and your best round (reads the games' reviews).").format(
                points=points
            )
        )
        self.query_one("#stats-reviews-panel").border_title = _("Where the points went")
        self.query_one("#stats-reviews", Static).update("\n".join(lines))
        if self._records is not None and any(r.game_document for r in self._records):
            self.action_reviews()

    def action_reviews(self) -> None:
        """Read the games' reviews in a worker (VP by source, best round)."""
        if self.stats is None or not self.stats.games_played:
            return
        self.query_one("#stats-reviews", Static).update(_("Reading the games' reviews…"))
        self.run_worker(self._read_reviews, group="statistics-reviews", thread=True, exclusive=True)

    def _read_reviews(self) -> list[str]:
        """The review lines, in a thread worker owned by this screen: Textual cancels it
        when the screen is removed, and the loop stops at the next game (H6: with 10,000
        games each opening left a thread of minutes behind)."""
        from textual.worker import get_current_worker

        from companion.history.review_stats import review_lines, review_stats

        worker = get_current_worker()
        session = self.host.session
        records = self._records
        if records is None:
            records = session.history_service.records()
        return review_lines(review_stats(session.folder, records, lambda: worker.is_cancelled))

    def _draw_chart(self, data: ChartData) -> None:
        plot = self.query_one("#stats-chart", PlotextPlot)
        plot.display = True
        plt = plot.plt
        plt.clear_data()
        plt.title(data.title)
        plt.xlabel(_("game number"))
        for (score, _name), colour in zip(data.title_lines, BAND_COLOURS, strict=False):
            plt.hline(score, colour)
        plt.plot(data.game_numbers, data.scores, marker="braille", color=SCORE_COLOUR)
        if data.x_range is not None:
            plt.scatter(data.game_numbers, data.scores, marker="●", color=SCORE_COLOUR)
            plt.xlim(*data.x_range)
        plt.ylim(0, data.top)
        plt.xticks([float(tick) for tick in data.x_ticks], [str(tick) for tick in data.x_ticks])
        plt.yticks(
            [score for score, _ in data.thresholds],
            [f"{edition(name)} {score}" for score, name in data.thresholds],
        )
        plot.refresh()

    def action_back(self) -> None:
        """Leave the statistics."""
        self.dismiss()
