"""What ``stupor-solo lab`` prints and writes: a table with a header and a footer line,
one JSON object (``--json``) or CSV rows (``--csv``), one row per configuration and bot.

The table is Rich's, like ``history``'s: plain text (no colour) when standard output is not
a terminal.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.i18n import N_, _, ngettext
from companion.i18n.words import value_word

if TYPE_CHECKING:
    from solo_deck import Summary

BOARD_WORDS = {"packaged": N_("the packaged boards"), "yours": N_("your checked boards")}
"""How the header names the boards played on (through the catalogue where shown)."""


@dataclass(frozen=True)
class LabRun:
    """A finished run: the ``summaries`` (one per configuration and bot, in the engine's
    order), the ``seed``, the ``board`` played on (``"packaged"`` or ``"yours"``), the
    ``games`` of each configuration with each bot, the ``elapsed`` seconds and the
    processes (``jobs``)."""

    summaries: list[Summary]
    seed: int
    board: str
    games: int
    elapsed: float
    jobs: int
    budget: int | None = None
    """The coach's rollouts per turn (``None`` when the coach did not play)."""

    @property
    def total(self) -> int:
        """Every game played."""
        return sum(summary.games for summary in self.summaries)


def lab_json(run: LabRun) -> dict[str, Any]:
    """The ``--json`` object."""
    from companion import __version__

    return {
        "configurations": [summary.to_json() for summary in run.summaries],
        "seed": run.seed,
        "engine_version": __version__,
        "board": run.board,
        "games_per_configuration": run.games,
        **({} if run.budget is None else {"coach_budget": run.budget}),
    }


def print_json(run: LabRun) -> None:
    """Print the ``--json`` object on one line."""
    print(json.dumps(lab_json(run), ensure_ascii=False))


def header_line(run: LabRun) -> str:
    """What was played: the seed, the engine's version, the games and the boards."""
    from companion import __version__

    boards = BOARD_WORDS.get(run.board)
    values = {
        "seed": run.seed,
        "version": __version__,
        "games": f"{run.games:,}",
        "boards": _(boards) if boards else run.board,
        "budget": run.budget,
    }
    if run.budget is None:
        line = ngettext(
            "Lab: seed {seed}, engine {version}, {games} game of each configuration with "
            "each bot, on {boards}",
            "Lab: seed {seed}, engine {version}, {games} games of each configuration with "
            "each bot, on {boards}",
            run.games,
        )
    else:
        line = ngettext(
            "Lab: seed {seed}, engine {version}, {games} game of each configuration with "
            "each bot (the coach: {budget} rollouts a turn), on {boards}",
            "Lab: seed {seed}, engine {version}, {games} games of each configuration with "
            "each bot (the coach: {budget} rollouts a turn), on {boards}",
            run.games,
        )
    return line.format(**values)


def footer_line(run: LabRun) -> str:
    """How long it took: the games, the time, the games per second and the processes."""
    rate = run.total / run.elapsed if run.elapsed > 0 else 0.0
    processes = ngettext("{n} process", "{n} processes", run.jobs).format(n=run.jobs)
    return ngettext(
        "{total} game in {seconds} s ({rate} games/s, {processes})",
        "{total} games in {seconds} s ({rate} games/s, {processes})",
        run.total,
    ).format(
        total=f"{run.total:,}",
        seconds=f"{run.elapsed:.1f}",
        rate=f"{rate:,.1f}",
        processes=processes,
    )


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _stacked(label: str) -> str:
    """A column name one word a line, to keep the table narrow."""
    return "\n".join(label.split())


def end_trigger_label(key: str) -> str:
    """A game-end trigger's column name: ``castle_complete`` is ``Castle complete``."""
    english = key.replace("_", " ").capitalize()
    return _(TRIGGER_WORDS[key]) if key in TRIGGER_WORDS else english


TRIGGER_WORDS = {
    "castle_complete": N_("Castle complete"),
    "edict_space_empty": N_("Edict space empty"),
    "advanced_cards_short": N_("Advanced cards short"),
}
"""The game-end triggers' column names the catalogue knows (another shows as its key)."""


def table_rows(run: LabRun) -> tuple[list[str], list[list[str]]]:
    """The table's column names and rows, as text."""
    from solo_deck import TITLE_KEYS

    triggers = list(run.summaries[0].end_triggers) if run.summaries else []
    names = [
        _("House"),
        _("Market"),
        _("Easier"),
        _("Bot"),
        _("Games"),
        _("Score\n± 95 %"),
        *(value_word(title) for title in TITLE_KEYS),
        _("Rounds"),
        *(end_trigger_label(key) for key in triggers),
    ]
    rows: list[list[str]] = []
    for summary in run.summaries:
        low, high = summary.ci95
        configuration = summary.configuration
        rows.append(
            [
                value_word(configuration.house),
                value_word(configuration.difficulty),
                _("yes") if configuration.easier_solo else _("no"),
                summary.bot,
                f"{summary.games:,}",
                f"{summary.mean:.1f} ± {(high - low) / 2:.1f}",
                *(_percent(summary.titles[key]) for key in TITLE_KEYS.values()),
                f"{summary.rounds_mean:.1f}",
                *(_percent(summary.end_triggers[key]) for key in triggers),
            ]
        )
    return names, rows


def print_table(run: LabRun) -> None:
    """The header line, one row per configuration and bot, the footer line."""
    from rich import box
    from rich.measure import Measurement
    from rich.table import Table
    from rich.text import Text

    from companion.cli.support import console

    names, rows = table_rows(run)
    table = Table(box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False, show_edge=False)
    for index, name in enumerate(names):
        justify = "left" if index < 4 else "right"
        label = _stacked(name) if index > 5 else name
        table.add_column(label, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    out = console()
    # Never squeezed: in a narrow terminal the lines run on (and wrap) rather than cut
    # numbers short.
    out.width = max(out.width, Measurement.get(out, out.options.update_width(1000), table).maximum)
    out.print(Text(header_line(run)))
    out.print(table)
    out.print(Text(footer_line(run)))


def csv_text(summaries: list[Summary]) -> str:
    """The ``--csv`` file: a header and one row per configuration and bot (the shares as
    fractions of 1, the numbers as ``--json`` gives them)."""
    from solo_deck import TITLE_KEYS

    triggers = list(summaries[0].end_triggers) if summaries else []
    header = [
        "house",
        "market",
        "easier",
        "bot",
        "games",
        "mean",
        "ci95_low",
        "ci95_high",
        *TITLE_KEYS.values(),
        "rounds_mean",
        *triggers,
    ]
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for summary in summaries:
        row = summary.to_json()
        writer.writerow(
            [
                row["house"],
                row["market"],
                "true" if row["easier"] else "false",
                row["bot"],
                row["games"],
                row["mean"],
                *row["ci95"],
                *(row["titles"][key] for key in TITLE_KEYS.values()),
                row["rounds_mean"],
                *(row["end_triggers"][key] for key in triggers),
            ]
        )
    return buffer.getvalue()
