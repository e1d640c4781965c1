"""``history_10k`` and ``save_10k``: the history's two everyday commands as it grows.

* ``history_10k``: ``stupor-solo history`` (the table of the latest games) with the
  generated history of 10,000 games, against the same command with 100 games.
* ``save_10k``: ``stupor-solo score ... --save`` (one game added, then the automatic
  compressed backup) with 10,000 games, against the same with 100 games; each run gets a
  fresh copy of the data folder as the previous save leaves it: the history and the
  backup copy made of it (copied before the timer starts), so the copy is made from the
  previous one as after every game but the first (:mod:`companion.storage.backup_chain`).
  The same without an earlier copy (the whole history compressed, as after the first
  game or a delete) is an informative line, ``save_10k (no earlier copy)``.

Whole processes (``python -m companion``), timed from outside like ``startup``: in the
full run one untimed warm-up of each case first, then the cases take turns in a rotating
order. Both sides read the same configuration file (the example with everything set).

* ``history_app_10k``: the History screen in the app (Pilot, 120x40), from the moment it
  is pushed until its table is drawn and the screen idle, with 10,000 games against 100
  games; a fresh app for each opening (its History opened once untimed first), the two
  sizes taking turns.
"""

from __future__ import annotations

import asyncio
import gc
import shutil
import time
from pathlib import Path
from typing import Any

from benchmarks.measure import Result, Settings, Workspace, median, run_process, spread

REFERENCE_GAMES = 100
SCORE = (
    "score",
    "--vp",
    "41",
    "--structures",
    "11",
    "--frederick-structures",
    "9",
    "--grain",
    "1",
    "--stone",
    "2",
    "--augustales",
    "5",
    "--save",
)


def _reference_history(space: Workspace) -> Path:
    from benchmarks.history_gen import generate_records, write_history

    folder = space.root / "reference-history"
    path = folder / "history.json"
    if not path.exists():
        write_history(folder, generate_records(REFERENCE_GAMES))
    return path


def history_and_save(settings: Settings, space: Workspace) -> list[Result]:
    """Both metrics, measured in one rotation (see the module)."""
    from companion.paths import BACKUP_DIR, HISTORY_FILE
    from companion.storage.backups import backup_history

    files = {"big": space.history_file, "small": _reference_history(space)}
    folders, saved = {}, {}
    for size, source in files.items():
        folders[size] = space.data_dir()
        shutil.copyfile(source, folders[size] / HISTORY_FILE)
        saved[size] = space.data_dir()
        shutil.copyfile(source, saved[size] / HISTORY_FILE)
        backup_history(saved[size])
    config = ("--config", str(space.config_file))

    def history(size: str) -> float:
        return run_process(
            ["-m", "companion", "--data-dir", str(folders[size]), *config, "history"]
        )

    def save(size: str, earlier_copy: bool = True) -> float:
        folder = space.data_dir()
        shutil.copyfile(files[size], folder / HISTORY_FILE)
        if earlier_copy:
            shutil.copytree(saved[size] / BACKUP_DIR, folder / BACKUP_DIR)
        elapsed = run_process(["-m", "companion", "--data-dir", str(folder), *config, *SCORE])
        shutil.rmtree(folder, ignore_errors=True)
        return elapsed

    cases = [
        ("history", "big"),
        ("history", "small"),
        ("save", "big"),
        ("save", "small"),
        ("first", "big"),
        ("first", "small"),
    ]

    def first(size: str) -> float:
        return save(size, earlier_copy=False)

    work = {"history": history, "save": save, "first": first}
    times: dict[tuple[str, str], list[float]] = {case: [] for case in cases}
    if not settings.quick:
        for kind, size in cases:
            work[kind](size)
    for run in range(settings.process_runs):
        shift = run % len(cases)
        for kind, size in cases[shift:] + cases[:shift]:
            times[(kind, size)].append(work[kind](size))
    games = settings.history_games
    results = []
    for kind, name, what in (
        ("history", "history_10k", "stupor-solo history (the latest games' table)"),
        ("save", "save_10k", "stupor-solo score ... --save (one game added, backup made)"),
        (
            "first",
            "save_10k (no earlier copy)",
            "the same save in a folder without a backup copy (the history compressed whole)",
        ),
    ):
        big, small = times[(kind, "big")], times[(kind, "small")]
        results.append(
            Result(
                name,
                2.0,
                median(big),
                median(small),
                what=f"{what} with {games:,} games, whole process",
                reference_what=f"the same with {REFERENCE_GAMES} games",
                notes=[f"runs (ms): {spread(big)} vs {spread(small)}"],
            )
        )
    return results


async def _open_history(app: Any, pilot: Any) -> float:
    """ms from pushing the History screen until its table is drawn and the screen idle."""
    from benchmarks.runner import settle
    from companion.ui.screens.history.games import HistoryScreen

    gc.collect()
    screen = HistoryScreen()
    start = time.perf_counter()
    await app.push_screen(screen)
    while not screen.view.loaded:
        await asyncio.sleep(0.001)
    await settle(pilot)
    elapsed = (time.perf_counter() - start) * 1000
    if not screen.query_one("#history-table").display:
        raise RuntimeError("the History screen shows no table")
    app.pop_screen()
    await settle(pilot)
    return elapsed


async def _history_opening(settings: Settings, folder: Path) -> float:
    """One app on ``folder``: the History opened once untimed (in the full run), then
    once timed."""
    from benchmarks.runner import SIZE, settle
    from companion.ui.app import StuporSoloApp

    app = StuporSoloApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if not settings.quick:
            await _open_history(app, pilot)
        return await _open_history(app, pilot)


def history_app(settings: Settings, space: Workspace) -> Result:
    """``history_app_10k``: see the module."""
    from companion.paths import HISTORY_FILE

    folders = {"big": space.data_dir(history=True), "small": space.data_dir()}
    shutil.copyfile(_reference_history(space), folders["small"] / HISTORY_FILE)
    times: dict[str, list[float]] = {size: [] for size in folders}
    for run in range(settings.stats_runs):
        for size in sorted(folders, reverse=run % 2 == 1):
            times[size].append(asyncio.run(_history_opening(settings, folders[size])))
    big, small = times["big"], times["small"]
    return Result(
        "history_app_10k",
        2.0,
        median(big),
        median(small),
        what=(
            f"the History screen pushed until its table is drawn and idle, with "
            f"{settings.history_games:,} games (Pilot, 120x40)"
        ),
        reference_what=f"the same with {REFERENCE_GAMES} games",
        notes=[f"runs (ms): {spread(big)} vs {spread(small)}"],
    )
