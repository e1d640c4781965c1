"""``stupor-solo lab``: many simulated games of each solo configuration with each bot, and
what they add up to (the engine's lab: ``lab_tasks``, ``play_task``, ``summarize``).

The options choose the configurations (``--house``, ``--market``, ``--easier`` /
``--no-easier``; none: all 24), the bots (``--bot``; none: all three) and the number of
games of each configuration with each bot (``--games``). The games are cut into tasks and
played on ``--jobs`` processes (``concurrent.futures``; in this process with ``--jobs 1``);
every game's seed comes from ``--seed`` and its number, and the results are gathered in
the games' order, so the same seed gives the same numbers on any number of processes.

The games are played on the player's checked boards when the settings hold one (read only:
nothing is created or moved), else on the packaged boards; the output says which. A
progress bar shows on standard error when it is a terminal; standard output carries the
result only (:mod:`companion.cli.lab_report`). ``--csv FILE`` also writes the rows to FILE,
checked like an export's target (:func:`companion.cli.files.output_target`).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import math
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.support import PROG, UsageError, err, plain, stderr_is_terminal
from companion.i18n import _, ngettext
from companion.plain_text import clip_text, clip_value

if TYPE_CHECKING:
    from concurrent.futures import Future

    from solo_deck import Configuration, GameResult, LabTask, Ruleset, Summary

GAMES_DEFAULT = 100
GAMES_MAX = 100_000
JOBS_MAX = 256
SEED_DEFAULT = 1
SEED_MAX = 2**32 - 1
"""The largest ``--seed`` (any seed gives games of its own: see ``solo_deck.game_seed``)."""
BUDGET_MAX = 10_000
"""The largest ``--budget`` (rollouts per turn of the coach)."""
CHUNK_MAX = 10
"""The most games in one task (small enough that ctrl+c, which lets the tasks under way
finish, stops within a second or so)."""

Advance = Callable[[int], None]
"""Told the number of games each finished task played (the progress bar)."""
Results = dict[tuple["Configuration", str], list["GameResult"]]


class LabError(ValueError):
    """A task the engine could not play (exit code 1; the message says which games)."""


@dataclass(frozen=True)
class LabChoice:
    """What to play: the chosen ``configurations`` (in the engine's order), ``bots`` (in
    the engine's order), ``games`` of each with each, the lab's ``seed`` and the number
    of processes (``jobs``)."""

    configurations: tuple[Configuration, ...]
    bots: tuple[str, ...]
    games: int
    seed: int
    jobs: int
    budget: int | None = None
    """The coach's rollouts per turn (``None`` when the coach does not play)."""

    @property
    def total(self) -> int:
        """Every game to play."""
        return len(self.configurations) * len(self.bots) * self.games

    @property
    def chunk(self) -> int:
        """Games per task: :data:`CHUNK_MAX`, fewer when that would leave too few tasks
        for the processes (about four tasks each); one with the coach (seconds a game)."""
        if "coach" in self.bots:
            return 1
        pairs = len(self.configurations) * len(self.bots)
        return max(1, min(CHUNK_MAX, math.ceil(self.games * pairs / (4 * self.jobs))))


def cmd_lab(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo lab``: play the chosen games and print what they add up to."""
    from companion.cli.files import output_target
    from companion.cli.lab_report import LabRun, csv_text, print_json, print_table
    from companion.storage.atomic_write import atomic_write
    from solo_deck import lab_tasks, summarize

    choice = lab_choice(args)
    if args.csv == "-":
        raise UsageError(_("--csv needs a file name (standard output carries the result)"))
    target = None if args.csv is None else output_target(args.csv, folder, force=args.force)
    if args.csv is not None and target is None:
        print(_("Nothing was played."), file=sys.stderr)
        return 1
    ruleset, board = lab_ruleset(folder)
    tasks = lab_tasks(
        choice.configurations,
        choice.bots,
        choice.games,
        choice.seed,
        chunk=choice.chunk,
        ruleset=ruleset,
        check=args.check,
        budget=choice.budget,
    )
    started = time.perf_counter()
    results = play_lab(tasks, choice.jobs, progress_bar(choice.total))
    elapsed = time.perf_counter() - started
    summaries: list[Summary] = [
        summarize(configuration, bot, results[(configuration, bot)])
        for configuration in choice.configurations
        for bot in choice.bots
    ]
    workers = min(choice.jobs, len(tasks))
    run = LabRun(summaries, choice.seed, board, choice.games, elapsed, workers, choice.budget)
    failed: OSError | None = None
    if target is not None:
        try:
            atomic_write(target.path, csv_text(summaries).encode("utf-8"), mode=target.mode)
        except OSError as exc:  # the result is printed all the same, then the error
            failed = exc
    if args.json:
        print_json(run)
    else:
        print_table(run)
    if failed is not None:
        raise failed
    if target is not None:
        err(
            ngettext(
                "{prog} lab: wrote {count} row to {path}",
                "{prog} lab: wrote {count} rows to {path}",
                len(summaries),
            ).format(prog=PROG, count=len(summaries), path=clip_text(str(target.path), 200))
        )
    return 0


# --- the options ----------------------------------------------------------------------


def lab_choice(args: argparse.Namespace) -> LabChoice:
    """The games the options ask for; :class:`UsageError` names a bad option and what it
    allows."""
    from solo_deck import (
        BOT_NAMES,
        COACH_BUDGET,
        CONFIGURATIONS,
        DEFAULT_BOTS,
        DIFFICULTIES,
        HOUSES,
    )

    bots = _chosen(args.bot, BOT_NAMES, "--bot", "bot", _simple, DEFAULT_BOTS)
    budget = whole_number(getattr(args, "budget", None), "--budget", 1, BUDGET_MAX, COACH_BUDGET)
    houses = _chosen(args.house, HOUSES, "--house", "House", _house_key)
    markets = _chosen(args.market, DIFFICULTIES, "--market", "Market difficulty", _simple)
    easier = (False, True) if args.easier is None else (bool(args.easier),)
    games = whole_number(args.games, "--games", 1, GAMES_MAX, GAMES_DEFAULT)
    seed = whole_number(args.seed, "--seed", 0, SEED_MAX, SEED_DEFAULT)
    cpus = min(os.cpu_count() or 1, JOBS_MAX)
    jobs = whole_number(args.jobs, "--jobs", 1, JOBS_MAX, cpus)
    configurations = tuple(
        c
        for c in CONFIGURATIONS
        if c.house in houses and c.difficulty in markets and c.easier_solo in easier
    )
    return LabChoice(configurations, bots, games, seed, jobs, budget if "coach" in bots else None)


def whole_number(value: str | None, option: str, low: int, high: int, default: int) -> int:
    """``value`` (digits only) as a number from ``low`` to ``high``, ``default`` when the
    option was not given; else :class:`UsageError`."""
    if value is None:
        return default
    text = value.strip()
    if re.fullmatch(r"[0-9]{1,12}", text) and low <= int(text) <= high:
        return int(text)
    raise UsageError(
        _("{option} must be a whole number from {low} to {high}, not {value}").format(
            option=option, low=low, high=high, value=clip_value(value)
        )
    )


def _simple(value: str) -> str:
    return value.strip().casefold()


def _house_key(value: str) -> str:
    """A House as typed, compared: any case, ``-`` or ``_`` for a space."""
    return " ".join(value.replace("-", " ").replace("_", " ").split()).casefold()


def _chosen(
    given: Sequence[str] | None,
    allowed: Sequence[str],
    option: str,
    what: str,
    key: Callable[[str], str],
    default: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """The values of a repeatable option, in ``allowed``'s order (``default``, or all of
    them, when the option was not given)."""
    if not given:
        return tuple(allowed if default is None else default)
    known = {key(name): name for name in allowed}
    picked: set[str] = set()
    for value in given:
        name = known.get(key(value))
        if name is None:
            listed = _("{some} or {last}").format(some=", ".join(allowed[:-1]), last=allowed[-1])
            raise UsageError(
                _("{option}: no {what} {value}; choose {listed}").format(
                    option=option, what=what, value=clip_value(value), listed=listed
                )
            )
        picked.add(name)
    return tuple(name for name in allowed if name in picked)


# --- the boards -----------------------------------------------------------------------


def lab_ruleset(folder: Path) -> tuple[Ruleset | None, str]:
    """The boards to play on: the player's checked boards where the settings hold one
    (``(ruleset, "yours")``), else the packaged ones (``(None, "packaged")``). The settings
    are only read; when they cannot be, standard error says so and the packaged boards are
    used."""
    from companion.storage import SettingsStore
    from companion.ui.views.boards import boards_in_use
    from solo_deck import load_ruleset, with_boards

    try:
        found = boards_in_use(SettingsStore(folder, may_move=False))
    except (OSError, ValueError) as exc:
        err(
            _(
                "{prog} lab: your checked boards could not be read ({exc}); playing on "
                "the packaged boards"
            ).format(prog=PROG, exc=plain(exc))
        )
        return None, "packaged"
    for problem in dict.fromkeys(found.problems):
        err(_("{prog} lab: {problem}").format(prog=PROG, problem=problem))
    if not found.yours:
        return None, "packaged"
    return with_boards(load_ruleset(), found.boards), "yours"


# --- playing ----------------------------------------------------------------------------


def play_lab(
    tasks: Sequence[LabTask], jobs: int, progress: AbstractContextManager[Advance]
) -> Results:
    """Play ``tasks`` (all on one ruleset, as :func:`lab_tasks` makes them) on ``jobs``
    processes (in this one when one is enough), telling ``progress`` as each finishes;
    the results by configuration and bot, in the games' order. An interruption cancels
    what has not started and shuts the processes down."""
    from solo_deck import merged

    workers = min(jobs, len(tasks))
    if workers <= 1:
        with progress as advance:
            return merged(_played_here(tasks, advance))
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # A Ruleset does not pickle (its generic models cannot be found by name): the player's
    # boards travel to each process once, as JSON, and the tasks without them.
    ruleset = tasks[0].ruleset
    shipped = None if ruleset is None else ruleset.model_dump_json()
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(shipped,))
    futures: dict[Future[list[GameResult]], LabTask] = {}
    done: list[tuple[LabTask, list[GameResult]]] = []
    try:
        # Every task is handed over before the progress bar starts its thread: the pool
        # starts its processes at the first one.
        for task in tasks:
            futures[pool.submit(_play_in_worker, dataclasses.replace(task, ruleset=None))] = task
        with progress as advance:
            for future in as_completed(futures):
                task = futures[future]
                done.append((task, _outcome(task, future.result)))
                advance(task.games)
    except BaseException:
        for future in futures:
            future.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return merged(iter(done))


def _played_here(
    tasks: Sequence[LabTask], advance: Advance
) -> Iterator[tuple[LabTask, list[GameResult]]]:
    from solo_deck import play_task

    for task in tasks:
        results = _outcome(task, functools.partial(play_task, task))
        advance(task.games)
        yield task, results


def _outcome(task: LabTask, play: Callable[[], list[GameResult]]) -> list[GameResult]:
    """``play()``'s games, or :class:`LabError` saying which games the engine failed."""
    try:
        return play()
    except Exception as exc:
        first, last = task.first + 1, task.first + task.games
        if first == last:
            games = _("game {first}").format(first=first)
        else:
            games = _("games {first}–{last}").format(first=first, last=last)
        raise LabError(
            _("{games} of {describe} with the {bot} bot could not be played: {name}: {exc}").format(
                games=games,
                describe=task.configuration.describe(),
                bot=task.bot,
                name=type(exc).__name__,
                exc=exc,
            )
        ) from exc


_worker_ruleset: Ruleset | None = None
"""In a process of the pool: the ruleset its tasks are played on (``None``: packaged)."""


def _start_worker(shipped: str | None) -> None:
    """Start a process of the pool: ctrl+c is the command's to handle (it cancels the
    work and shuts the pool down), so a worker neither stops mid-task nor prints a
    traceback; ``shipped`` is the ruleset as JSON (``None``: the packaged one)."""
    global _worker_ruleset
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if shipped is not None:
        from solo_deck import Ruleset

        _worker_ruleset = Ruleset.model_validate_json(shipped)


def _play_in_worker(task: LabTask) -> list[GameResult]:
    """In a process of the pool: play ``task`` on the ruleset the process was given."""
    from solo_deck import play_task

    return play_task(dataclasses.replace(task, ruleset=_worker_ruleset))


# --- the progress bar -------------------------------------------------------------------


@contextlib.contextmanager
def progress_bar(total: int) -> Iterator[Advance]:
    """A progress bar of ``total`` games on standard error (games done / total, games per
    second, the time left), gone when done; nothing when standard error is not a
    terminal. Yields the function to tell it how many more games are done."""
    if not stderr_is_terminal():
        yield lambda games: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
    )
    console = Console(stderr=True, highlight=False, emoji=False)
    started = time.perf_counter()
    done = 0
    with Progress(*columns, console=console, transient=True) as bar:
        shown = bar.add_task("lab", total=total, rate="")

        def advance(games: int) -> None:
            """``games`` more are done: move the bar, show the games per second."""
            nonlocal done
            done += games
            rate = done / max(time.perf_counter() - started, 1e-9)
            bar.update(shown, advance=games, rate=f"{rate:,.1f} games/s")

        yield advance
