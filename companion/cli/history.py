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
        print("No finished games yet.")
        return 0
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from companion.history.stats import format_duration

    games = f"{total} finished game{'s' if total != 1 else ''}"
    if len(records) < total:
        games = f"The latest {len(records)} of {total} finished games"
    table = Table(
        title=f"{games}, newest first",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    for header, justify, width in (
        ("Date", "left", 16),
        ("Score", "right", 5),
        ("Title", "left", 11),
        ("Difficulty", "left", 10),
        ("House", "left", 5),
        ("Deck", "left", 4),
        ("Rounds", "right", 6),
        ("Play time", "left", 9),
    ):
        table.add_column(header, justify=justify, no_wrap=True, min_width=width)  # type: ignore[arg-type]
    table.add_column("Notes", overflow="ellipsis", no_wrap=True, min_width=5, max_width=30)
    for record in records:
        cells = (
            local_time(record.finished_at),
            str(record.score.total),
            record.score.title,
            or_dash(record.difficulty),
            or_dash(record.house),
            or_dash(record.deck_mode),
            or_dash(record.rounds),
            format_duration(record.play_seconds) if record.play_seconds else "—",
            " ".join(record.notes.split()) or "—",
        )
        table.add_row(*(Text(cell) for cell in cells))
    console().print(table)
    if len(records) < total:
        print(f"Every game: {PROG} history --all (or --last N).")
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
        print("No finished games yet: play one, or add one with 'stupor-solo score ... --save'.")
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
    out.print(Text.assemble(("Your solo career", "bold"), f": {games} game{'s' * (games != 1)}"))
    summary = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
    summary.add_column("what")
    summary.add_column("value")
    summary.add_row("Best score", str(stats.best_score))
    summary.add_row("Average score", f"{stats.average_score:.1f}")
    played = stats.total_play_seconds
    summary.add_row("Total play time", format_duration(played) if played else "not recorded")
    summary.add_row(
        f"Streak at {STREAK_TITLE} or better",
        f"{stats.current_streak} now, best {stats.best_streak}",
    )
    if stats.first_duke is None:
        summary.add_row("First Duke", "not yet")
    else:
        duke = stats.first_duke
        summary.add_row("First Duke", Text(f"{local_time(duke.finished_at)} ({duke.total} points)"))
    out.print(summary)

    titles = Table(title="Titles", title_justify="left", box=box.SIMPLE_HEAD)
    titles.add_column("Title")
    titles.add_column("Games", justify="right")
    titles.add_column("Share", justify="right")
    for name, count in stats.title_counts.items():
        titles.add_row(Text(name), str(count), f"{100 * count / games:.0f}%")
    out.print(titles)

    for heading, groups, unknown in (
        ("By difficulty", stats.by_difficulty, "not recorded"),
        ("By House", stats.by_house, "not recorded"),
    ):
        table = Table(title=heading, title_justify="left", box=box.SIMPLE_HEAD)
        table.add_column(heading.removeprefix("By ").capitalize())
        table.add_column("Games", justify="right")
        table.add_column("Best", justify="right")
        table.add_column("Average", justify="right")
        for group in groups.values():
            label = unknown if group.key is None else group.key
            table.add_row(Text(label), str(group.games), str(group.best), f"{group.average:.1f}")
        out.print(table)

    last = [total for _, total in stats.score_series[-60:]]
    shown = "" if len(last) == games else f" (last {len(last)})"
    out.print(
        Text.assemble(
            ("Scores over time", "bold"), f"{shown}: {sparkline(last)}  {min(last)}–{max(last)}"
        )
    )
