"""The ``stupor-solo`` command: with no arguments it opens the app.

Commands (``stupor-solo --help``; ``--data-dir DIR`` works before or after any of them)::

    stupor-solo                       open the app
    stupor-solo score --vp N ...      the quick game-end calculator (--json, --save)
    stupor-solo history [--json]      the finished games, newest first
    stupor-solo stats [--json]        records and statistics
    stupor-solo export [--format csv|json] FILE
    stupor-solo import FILE           validated; a bad file changes nothing
    stupor-solo locate                where the data files are

Exit codes: 0 done, 1 the data or a file could not be used (the message says why), 2 the
command line was wrong (a missing or bad option). No command shows a traceback. Rich and
the storage layer are imported inside the commands and Textual only to open the app, so
the command starts fast.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.paths import ENV_VAR, DataDirError, data_dir

if TYPE_CHECKING:
    from rich.console import Console

    from companion.history_io import Format
    from companion.history_stats import CareerStats
    from companion.storage import HistoryRecord, HistoryStore

PROG = "stupor-solo"


class UsageError(Exception):
    """A wrong command line: printed without a traceback, exit code 2."""


class DataInUseError(Exception):
    """Another copy of the program holds the data folder: exit code 1."""


# --- the command line -------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: the app by default, and one subcommand per task."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="A solo companion for Stupor Mundi: run with no command to open the app.",
        epilog=(
            "examples:\n"
            "  stupor-solo score --vp 40 --structures 10 --frederick-structures 9 \\\n"
            "      --grain 1 --stone 1 --augustales 8 --save\n"
            "  stupor-solo export --format csv games.csv\n"
            "  stupor-solo --data-dir ~/solo-test history\n"
            "\nrun 'stupor-solo COMMAND --help' for a command's options"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    data_help = f"where games and history are kept (default: ${ENV_VAR} or your user data folder)"
    parser.add_argument("--data-dir", metavar="DIR", help=data_help)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=data_help)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    _add_score_parser(sub, common)

    history = sub.add_parser(
        "history",
        parents=[common],
        help="list the finished games, newest first",
        description="The finished games, newest first: a table, or a JSON array with --json.",
    )
    history.add_argument("--json", action="store_true", help="print a JSON array of the games")

    stats = sub.add_parser(
        "stats",
        parents=[common],
        help="show your records and statistics",
        description="Records and statistics of your solo career.",
    )
    stats.add_argument("--json", action="store_true", help="print them as one JSON object")

    export = sub.add_parser(
        "export",
        parents=[common],
        help="write the history to a CSV or JSON file",
        description="Write every game of the history to FILE ('-' for standard output).",
    )
    export.add_argument(
        "--format",
        choices=("csv", "json"),
        help="the file format (default: from FILE's extension)",
    )
    export.add_argument("file", metavar="FILE", help="the file to write ('-': standard output)")

    import_ = sub.add_parser(
        "import",
        parents=[common],
        help="add the games of a CSV or JSON file to the history",
        description=(
            "Add the games of a CSV or JSON export to the history. Every game is checked "
            "first: one bad line refuses the whole file and nothing is changed. Games "
            "already in the history are skipped. The history is backed up first."
        ),
    )
    import_.add_argument(
        "--format",
        choices=("csv", "json"),
        help="the file format (default: from the extension, else the content)",
    )
    import_.add_argument("file", metavar="FILE", help="the CSV or JSON file to import")

    sub.add_parser(
        "locate",
        parents=[common],
        help="print where the data files are",
        description="Print the data folder and the files in it.",
    )
    return parser


def _add_score_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    from companion.quick_score import COUNTS

    score = sub.add_parser(
        "score",
        parents=[common],
        help="the quick game-end calculator (final score and title)",
        description=(
            "Score a finished solo game from six counts on the table. Missing counts are "
            "asked for when a terminal is present."
        ),
    )
    for spec in COUNTS:
        score.add_argument(spec.flag, dest=spec.name, metavar="N", help=spec.help)
    score.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object: vp_track, structures, most_structures_bonus, "
        "resources_vp, total, title",
    )
    score.add_argument("--save", action="store_true", help="add the game to the history")
    score.add_argument("--notes", metavar="TEXT", default="", help="notes kept with --save")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or argparse's own usage errors (code 2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    try:
        folder = data_dir(args.data_dir)
    except DataDirError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if args.command is None:
        from companion.app import StuporSoloApp

        StuporSoloApp(folder).run()
        return 0
    return run_command(args, folder)


def run_command(args: argparse.Namespace, folder: Path) -> int:
    """Run the subcommand in ``args``; every expected error becomes a message and an exit
    code, never a traceback."""
    command = COMMANDS[args.command]
    try:
        return command(args, folder)
    except UsageError as exc:
        print(f"{PROG} {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
    # The storage errors are among these (imported here they would slow every command):
    # CorruptFileError, NewerSchemaError and ImportFileError are ValueErrors,
    # StorageWriteError an OSError.
    except (DataInUseError, OSError, ValueError) as exc:
        print(f"{PROG}: {_plain(exc)}", file=sys.stderr)
        return 1


def _plain(exc: BaseException) -> str:
    """The message of an error; an ``OSError`` without a message of ours in plain words."""
    if isinstance(exc, OSError) and exc.filename is not None and exc.strerror:
        from companion.storage.errors import describe_os_error

        return f"{describe_os_error(exc)} ({exc.filename})"
    return str(exc)


def _silence_stdout() -> None:
    """After a closed pipe (``stupor-solo history | head``), keep Python's final flush
    from printing another error."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


# --- helpers ------------------------------------------------------------------------------------


def _console() -> Console:
    from rich.console import Console

    console = Console(highlight=False, emoji=False)
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console.width = max(console.width, 120)  # a file or a pipe: no need to squeeze
    return console


def _err(message: str) -> None:
    print(message, file=sys.stderr)


def _open_history(folder: Path) -> HistoryStore:
    from companion.storage import HistoryStore

    return HistoryStore(folder)


def _read_history(store: HistoryStore) -> list[HistoryRecord]:
    """Every readable game, oldest first; the store's notices go to stderr."""
    records = store.all()
    _report_store(store)
    return records


def _report_store(store: HistoryStore) -> None:
    if store.notice:
        _err(f"{PROG}: {store.notice}")
    for problem in store.problems:
        _err(f"{PROG}: {problem}")


@contextlib.contextmanager
def writer_lock(folder: Path) -> Iterator[None]:
    """Hold the data folder's lock file (the one the app holds while it runs) for a
    command that writes; :class:`DataInUseError` if another copy of the program has it."""
    from companion.storage.lock import DataLock

    lock = DataLock(folder)
    if not lock.acquire():
        raise DataInUseError(
            f"the data in {folder} is in use by {lock.holder()}. Close it and try again; "
            "nothing was changed."
        )
    try:
        yield
    finally:
        lock.release()


def _local_time(stamp: str | None) -> str:
    """A stored UTC time as local ``YYYY-MM-DD HH:MM``."""
    import datetime as dt

    if not stamp:
        return "—"
    try:
        return dt.datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return stamp[:16].replace("T", " ")


def _or_dash(value: object) -> str:
    return "—" if value is None or value == "" else str(value)


# --- score --------------------------------------------------------------------------------------


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _ask(spec: Any) -> int:
    """Ask for one count until it is a valid one."""
    from companion.quick_score import QuickScoreError, parse_count

    while True:
        print(f"{spec.prompt} ({spec.flag}): ", end="", file=sys.stderr, flush=True)
        try:
            answer = input()
        except EOFError:
            raise UsageError(f"no value for {spec.flag}: nothing was scored") from None
        try:
            return parse_count(answer, spec)
        except QuickScoreError as exc:
            _err(f"  {exc}")


def cmd_score(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo score``: the breakdown and title of six counts."""
    from companion.quick_score import (
        QuickScoreError,
        breakdown_json,
        breakdown_rows,
        count_fields,
        missing_counts,
        parse_count,
        quick_record,
        score,
    )

    values: dict[str, int | None] = {}
    problems = []
    for spec in count_fields():
        text = getattr(args, spec.name)
        if text is None:
            values[spec.name] = None
            continue
        try:
            values[spec.name] = parse_count(text, spec)
        except QuickScoreError as exc:
            problems.append(str(exc))
    if problems:
        raise UsageError("; ".join(problems))
    missing = missing_counts(values)
    if missing:
        if not _stdin_is_tty():
            flags = ", ".join(spec.flag for spec in missing)
            raise UsageError(
                f"missing {flags} (no terminal to ask on; give "
                f"{'them' if len(missing) > 1 else 'it'} as options)"
            )
        for spec in missing:
            values[spec.name] = _ask(spec)
    counts = {name: value for name, value in values.items() if value is not None}
    breakdown = score(counts)
    if args.notes and not args.save:
        _err(f"{PROG} score: --notes is only kept with --save")
    if args.json:
        print(json.dumps(breakdown_json(breakdown), ensure_ascii=False))
    else:
        from rich import box
        from rich.table import Table

        table = Table(title="Final score", box=box.SIMPLE, show_header=False, title_justify="left")
        table.add_column("part")
        table.add_column("VP", justify="right")
        rows = breakdown_rows(breakdown, counts)
        for label, value in rows[:-2]:
            table.add_row(label, value)
        table.add_section()
        for label, value in rows[-2:]:
            table.add_row(f"[bold]{label}[/]", f"[bold]{value}[/]")
        _console().print(table)
    if args.save:
        record = quick_record(
            breakdown, frederick_structures=counts["frederick_structures"], notes=args.notes
        )
        with writer_lock(folder):
            store = _open_history(folder)
            store.add(record)
            _report_store(store)
        message = f"Saved to the history ({store.path})."
        print(message, file=sys.stderr if args.json else sys.stdout)
    return 0


# --- history ------------------------------------------------------------------------------------


def cmd_history(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo history``: the games, newest first."""
    records = list(reversed(_read_history(_open_history(folder))))
    if args.json:
        print(json.dumps([r.model_dump(mode="json") for r in records], ensure_ascii=False))
        return 0
    if not records:
        print("No finished games yet.")
        return 0
    from rich import box
    from rich.table import Table

    from companion.history_stats import format_duration

    table = Table(
        title=f"{len(records)} finished game{'s' if len(records) != 1 else ''}, newest first",
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
        table.add_row(
            _local_time(record.finished_at),
            str(record.score.total),
            record.score.title,
            _or_dash(record.difficulty),
            _or_dash(record.house),
            _or_dash(record.deck_mode),
            _or_dash(record.rounds),
            format_duration(record.play_seconds) if record.play_seconds else "—",
            " ".join(record.notes.split()) or "—",
        )
    _console().print(table)
    return 0


# --- stats --------------------------------------------------------------------------------------

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
    from companion.history_stats import career_stats

    stats = career_stats(_read_history(_open_history(folder)))
    if args.json:
        print(json.dumps(stats.to_json(), ensure_ascii=False))
        return 0
    if not stats.games_played:
        print("No finished games yet: play one, or add one with 'stupor-solo score ... --save'.")
        return 0
    _print_stats(stats, _console())
    return 0


def _print_stats(stats: CareerStats, console: Console) -> None:
    from rich import box
    from rich.table import Table

    from companion.history_stats import STREAK_TITLE, format_duration

    games = stats.games_played
    console.print(f"[bold]Your solo career[/]: {games} game{'s' if games != 1 else ''}")
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
        summary.add_row("First Duke", f"{_local_time(duke.finished_at)} ({duke.total} points)")
    console.print(summary)

    titles = Table(title="Titles", title_justify="left", box=box.SIMPLE_HEAD)
    titles.add_column("Title")
    titles.add_column("Games", justify="right")
    titles.add_column("Share", justify="right")
    for name, count in stats.title_counts.items():
        titles.add_row(name, str(count), f"{100 * count / games:.0f}%")
    console.print(titles)

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
            table.add_row(label, str(group.games), str(group.best), f"{group.average:.1f}")
        console.print(table)

    last = [total for _, total in stats.score_series[-60:]]
    shown = "" if len(last) == games else f" (last {len(last)})"
    console.print(f"[bold]Scores over time[/]{shown}: {sparkline(last)}  {min(last)}–{max(last)}")


# --- export / import ------------------------------------------------------------------------------


def _export_format(args: argparse.Namespace) -> Format:
    from companion.history_io import guess_format

    fmt: Format | None = args.format or (None if args.file == "-" else guess_format(args.file))
    if fmt is None:
        raise UsageError(f"say --format csv or --format json (cannot tell from {args.file!r})")
    return fmt


def _refuse_data_file(target: Path, folder: Path) -> None:
    from companion.paths import GAME_FILE, HISTORY_FILE, LOCK_FILE, SETTINGS_FILE

    resolved = target.expanduser().resolve()
    for name in (GAME_FILE, HISTORY_FILE, SETTINGS_FILE, LOCK_FILE):
        if resolved == (folder / name).resolve():
            raise UsageError(f"{target} is one of the program's own data files: choose another")


def cmd_export(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo export``: every game to a CSV or JSON file."""
    from companion.history_io import export_text, write_export

    fmt = _export_format(args)
    records = _read_history(_open_history(folder))
    if args.file == "-":
        sys.stdout.write(export_text(records, fmt))
        return 0
    target = Path(args.file).expanduser()
    _refuse_data_file(target, folder)
    write_export(records, target, fmt)
    print(f"Exported {len(records)} game{'s' if len(records) != 1 else ''} to {target}.")
    return 0


def cmd_import(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo import``: validated; a bad file changes nothing."""
    from companion.history_io import import_records, read_import_file

    source = Path(args.file).expanduser()
    _refuse_data_file(source, folder)
    records = read_import_file(source, args.format)
    with writer_lock(folder):
        store = _open_history(folder)
        result = import_records(store, records, folder)
        _report_store(store)
    plural = "s" if result.added != 1 else ""
    print(
        f"Imported {result.added} new game{plural} from {source.name}; "
        f"skipped {result.skipped} already in the history."
    )
    if result.backup is not None:
        print(f"The history as it was before is saved as {result.backup}.")
    return 0


# --- locate -------------------------------------------------------------------------------------


def cmd_locate(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo locate``: the data folder and its files."""
    from companion.paths import BACKUP_DIR, GAME_FILE, HISTORY_FILE, SETTINGS_FILE

    print(f"{'data folder:':<18}{folder}")
    for label, name in (
        ("game in progress", GAME_FILE),
        ("history", HISTORY_FILE),
        ("settings", SETTINGS_FILE),
        ("backups", BACKUP_DIR),
    ):
        print(f"{label + ':':<18}{folder / name}")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace, Path], int]] = {
    "score": cmd_score,
    "history": cmd_history,
    "stats": cmd_stats,
    "export": cmd_export,
    "import": cmd_import,
    "locate": cmd_locate,
}


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
