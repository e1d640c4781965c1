"""``stupor-solo history`` and ``stats``: the finished games and the career's records.

Both only read: they create nothing and move nothing unless they can take the data
folder's lock (see :func:`companion.cli.support.read_history`). Every value that comes
from the history is shown as ``rich.text.Text``, never parsed as markup.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.support import (
    PROG,
    console,
    local_time,
    or_dash,
    read_history,
    read_latest_history,
)
from companion.i18n import N_, _, ngettext
from companion.i18n.words import edition, value_word

if TYPE_CHECKING:
    from rich.console import Console

    from companion.history.stats import CareerStats


SHOWN = 20
"""How many games ``history`` shows without ``--last N`` or ``--all`` (the newest)."""


def cmd_history(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo history``: the newest :data:`SHOWN` games (``--last N``, ``--all``);
    ``--json`` prints every game unless ``--last N`` is given. Only the games shown are
    read whole (:meth:`~companion.storage.HistoryStore.latest`): with 10,000 games the
    table of them all took 13.7 s, most of it drawing rows no terminal shows."""
    last: int | None = args.last
    if args.all or (args.json and last is None):
        records = list(reversed(read_history(folder)))
        total = len(records)
    else:
        records, total = read_latest_history(folder, SHOWN if last is None else last)
    if args.json:
        print(json.dumps([r.model_dump(mode="json") for r in records], ensure_ascii=False))
        return 0
    if not total:
        print(_("No finished games yet."))
        return 0
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from companion.history.stats import format_duration

    games = ngettext("{total} finished game", "{total} finished games", total).format(total=total)
    if len(records) < total:
        games = ngettext(
            "The latest {count} of {total} finished game",
            "The latest {count} of {total} finished games",
            total,
        ).format(count=len(records), total=total)
    table = Table(
        title=_("{games}, newest first").format(games=games),
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    for header, justify, width in (
        (N_("Date"), "left", 16),
        (N_("Score"), "right", 5),
        (N_("Title"), "left", 11),
        (N_("Difficulty"), "left", 10),
        (N_("House"), "left", 5),
        (N_("Deck"), "left", 4),
        (N_("Rounds"), "right", 6),
        (N_("Play time"), "left", 9),
    ):
        table.add_column(_(header), justify=justify, no_wrap=True, min_width=width)  # type: ignore[arg-type]
    table.add_column(_("Notes"), overflow="ellipsis", no_wrap=True, min_width=5, max_width=30)
    for record in records:
        cells = (
            local_time(record.finished_at),
            str(record.score.total),
            value_word(record.score.title),
            or_dash(record.difficulty and value_word(record.difficulty)),
            or_dash(record.house and value_word(record.house)),
            or_dash(record.deck_mode and value_word(record.deck_mode)),
            or_dash(record.rounds),
            format_duration(record.play_seconds) if record.play_seconds else "—",
            " ".join(record.notes.split()) or "—",
        )
        table.add_row(*(Text(cell) for cell in cells))
    console().print(table)
    if len(records) < total:
        print(_("Every game: {prog} history --all (or --last N).").format(prog=PROG))
    return 0


_SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[int]) -> str:
    """A one-line chart of ``values`` (lowest ▁, highest █)."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = high - low
    if span == 0:
        return _SPARKS[3] * len(values)
    return "".join(_SPARKS[round((v - low) * (len(_SPARKS) - 1) / span)] for v in values)


def cmd_stats(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo stats``: the records of the solo career."""
    from companion.history.stats import career_stats

    stats = career_stats(read_history(folder))
    if args.json:
        print(json.dumps(stats.to_json(), ensure_ascii=False))
        return 0
    if not stats.games_played:
        print(_("No finished games yet: play one, or add one with 'stupor-solo score ... --save'."))
        return 0
    print_stats(stats, console())
    return 0


def print_stats(stats: CareerStats, out: Console) -> None:
    """The career's records as Rich tables (stored names as plain text)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from companion.history.stats import STREAK_TITLE, format_duration

    games = stats.games_played
    career = ngettext(": {games} game", ": {games} games", games).format(games=games)
    out.print(Text.assemble((_("Your solo career"), "bold"), career))
    summary = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
    summary.add_column(_("what"))
    summary.add_column(_("value"))
    summary.add_row(_("Best score"), str(stats.best_score))
    summary.add_row(_("Average score"), f"{stats.average_score:.1f}")
    played = stats.total_play_seconds
    summary.add_row(_("Total play time"), format_duration(played) if played else _("not recorded"))
    summary.add_row(
        _("Streak at {title} or better").format(title=edition(STREAK_TITLE)),
        _("{now} now, best {best}").format(now=stats.current_streak, best=stats.best_streak),
    )
    first_duke = _("First {title}").format(title=edition("Duke"))
    if stats.first_duke is None:
        summary.add_row(first_duke, _("not yet"))
    else:
        duke = stats.first_duke
        summary.add_row(
            first_duke,
            Text(
                _("{finished_at} ({total} points)").format(
                    finished_at=local_time(duke.finished_at), total=duke.total
                )
            ),
        )
    out.print(summary)

    titles = Table(title=_("Titles"), title_justify="left", box=box.SIMPLE_HEAD)
    titles.add_column(_("Title"))
    titles.add_column(_("Games"), justify="right")
    titles.add_column(_("Share"), justify="right")
    for name, count in stats.title_counts.items():
        titles.add_row(Text(value_word(name)), str(count), f"{100 * count / games:.0f}%")
    out.print(titles)

    for heading, column, groups in (
        (_("By difficulty"), _("Difficulty"), stats.by_difficulty),
        (_("By House"), _("House"), stats.by_house),
    ):
        table = Table(title=heading, title_justify="left", box=box.SIMPLE_HEAD)
        table.add_column(column)
        table.add_column(_("Games"), justify="right")
        table.add_column(_("Best"), justify="right")
        table.add_column(_("Average"), justify="right")
        for group in groups.values():
            label = _("not recorded") if group.key is None else value_word(group.key)
            table.add_row(Text(label), str(group.games), str(group.best), f"{group.average:.1f}")
        out.print(table)

    last = [total for _, total in stats.score_series[-60:]]
    shown = "" if len(last) == games else _(" (last {count})").format(count=len(last))
    out.print(
        Text.assemble(
            (_("Scores over time"), "bold"),
            f"{shown}: {sparkline(last)}  {min(last)}–{max(last)}",
        )
    )
