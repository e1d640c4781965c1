"""``language_switch``: the language switched while the app runs (issue 42), with the Start
screen, the Table of a game under way and the Log open, one above the other.

The switch (``app.set_language``, as the command palette's "Language: …" runs it) is timed
from the call until the screen is drawn again and idle (:func:`benchmarks.runner.settle`):
the Start screen relabels itself, every screen reads its keys again, and the Log on top
draws its lines again in the new language. The reference, in the same app and the same
rounds: the Log screen pushed over the Table until drawn and idle (the Log draws the same
lines; a screen opening is what a player waits for routinely). Both are followed by
:func:`benchmarks.runner.quiet`, outside the timing, so delayed work (the Table's odds
and forecast) is never part of either.

The switch goes back and forth between the run's language (``--lang``) and English
(Italian for an English run), so every measurement loads nothing new after the first
(warm-up) round: what is timed is the switch itself, not reading a catalogue from disk.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from benchmarks.measure import Result, Settings, Workspace, median, spread
from benchmarks.metrics.screens import _game_under_way
from benchmarks.runner import SIZE, quiet, settle

TARGET = 3.0
"""Three screens answer a switch (Start, Table, Log) where an opening draws one: at most
three times the Log's opening."""


def other_language(language: str) -> str:
    """The language a run's switches alternate with (English, or Italian for English)."""
    return "it" if language == "en" else "en"


async def _timed(pilot: Any, work: Any) -> tuple[float, float]:
    """Run ``work()`` and settle: elapsed ms and the process's CPU ms."""
    start, start_cpu = time.perf_counter(), time.process_time()
    result = work()
    if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
        await result
    await settle(pilot)
    return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000


async def _switches(settings: Settings, folder: Path) -> dict[str, list[float]]:
    from companion.i18n import use_language
    from companion.ui.app import StuporSoloApp
    from companion.ui.screens.log_screen import LogScreen
    from companion.ui.screens.start import StartScreen
    from companion.ui.screens.table import TableScreen

    language = settings.language
    languages = (other_language(language), language)
    use_language(language)
    app = StuporSoloApp(folder)
    found: dict[str, list[float]] = {"switch": [], "open": [], "switch_cpu": [], "open_cpu": []}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        _game_under_way(app.session, settings)
        app.open_table()
        await quiet(pilot)
        await app.push_screen(LogScreen())
        await quiet(pilot)
        stack = [type(screen) for screen in app.screen_stack[1:]]
        if stack != [StartScreen, TableScreen, LogScreen]:
            raise RuntimeError(f"the screens open are {stack}")
        for run in range(settings.key_runs + 1):  # the first round warms up
            order = ("switch", "open") if run % 2 == 0 else ("open", "switch")
            for which in order:
                if which == "switch":
                    code = languages[run % 2]
                    elapsed, cpu = await _timed(pilot, lambda code=code: app.set_language(code))
                    if app.language != code:
                        raise RuntimeError(f"the app speaks {app.language}, not {code}")
                else:
                    app.pop_screen()
                    await quiet(pilot)
                    elapsed, cpu = await _timed(pilot, lambda: app.push_screen(LogScreen()))
                    if not isinstance(app.screen, LogScreen):
                        raise RuntimeError("the Log did not open")
                await quiet(pilot)
                if run:
                    found[which].append(elapsed)
                    found[f"{which}_cpu"].append(cpu)
        app.set_language(language)
        await quiet(pilot)
    return found


def language_switch(settings: Settings, space: Workspace) -> Result:
    """See the module."""
    found = asyncio.run(_switches(settings, space.data_dir()))
    switch, opening = found["switch"], found["open"]
    cpu_switch, cpu_open = median(found["switch_cpu"]), median(found["open_cpu"])
    pair = f"{settings.language} and {other_language(settings.language)}"
    return Result(
        "language_switch",
        TARGET,
        median(switch),
        median(opening),
        what=f"app.set_language (between {pair}) with Start, Table and Log open, until "
        "drawn and idle",
        reference_what="the Log screen pushed over the Table until drawn and idle",
        notes=[
            f"{len(switch)} switches and as many openings, game in round "
            f"{settings.key_round}+; runs (ms): {spread(switch)} vs {spread(opening)}",
            f"CPU time of the process: {cpu_switch:.1f} ms vs {cpu_open:.1f} ms, ratio "
            f"{cpu_switch / cpu_open:.2f}",
        ],
    )
