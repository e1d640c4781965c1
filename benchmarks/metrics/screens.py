"""Metrics that drive the app with a Pilot: ``frederick_turn`` and ``stats_10k``.

A key is timed from the moment it is posted to the app (as a terminal would send it) to
the moment the screen has refreshed and is idle: every message of the app, the screen
and its widgets handled, nothing left to lay out or repaint, and no callback waiting for
the next refresh (the Footer rebuilds itself that way). Pilot's own ``press`` is not used
to time: it sleeps in steps of 20 ms while it waits for the CPU to go idle, which would
blur a key that takes a few milliseconds.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from benchmarks.game_gen import bench_setup, next_events
from benchmarks.measure import Result, Settings, Workspace, median, spread, timed
from benchmarks.runner import SIZE, quiet, settle
from solo_deck import Phase

TOGGLE_KEY = "x"


async def press(pilot: Any, key: str, cpu: list[float] | None = None) -> float:
    """Post ``key`` to the app as the terminal would; ms until the screen is settled (the
    process's CPU time for it is appended to ``cpu``)."""
    from textual import events

    app = pilot.app
    character = " " if key == "space" else key
    event = events.Key(key, character)
    event.set_sender(app)
    start, start_cpu = time.perf_counter(), time.process_time()
    app._driver.send_message(event)
    await settle(pilot)
    if cpu is not None:
        cpu.append((time.process_time() - start_cpu) * 1000)
    return (time.perf_counter() - start) * 1000


def bench_table_class() -> type:
    """The Table with one more key (``x``, not in the footer) that only toggles a label."""
    from textual.binding import Binding
    from textual.widgets import Label

    from companion.screens.table import TableScreen

    class BenchTableScreen(TableScreen):
        BINDINGS: ClassVar[list[Any]] = [
            *TableScreen.BINDINGS,
            Binding(TOGGLE_KEY, "bench_toggle", "Toggle", show=False),
        ]

        def compose(self) -> Any:
            yield from super().compose()
            yield Label("off", id="bench-toggle")

        def action_bench_toggle(self) -> None:
            label = self.query_one("#bench-toggle", Label)
            self.toggled = not getattr(self, "toggled", False)
            label.update("on" if self.toggled else "off")

    return BenchTableScreen


def _to_frederick(session: Any, rng: random.Random) -> None:
    """Push the player's events (untimed) until it is Frederick's turn."""
    while session.state.phase is not Phase.FREDERICK or session.state.awaiting_reveal:
        for event in next_events(session.state, rng):
            session.push(event)


async def _frederick(settings: Settings, folder: Path) -> dict[str, list[float]]:
    from companion.app import StuporSoloApp

    app = StuporSoloApp(folder)
    found: dict[str, list[float]] = {"turn": [], "toggle": [], "turn_cpu": [], "toggle_cpu": []}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = app.session
        session.start(bench_setup())
        rng = random.Random(11)
        while session.state.round < settings.key_round:  # a game under way, a log to show
            for event in next_events(session.state, rng):
                session.push(event)
        _to_frederick(session, rng)
        table = bench_table_class()()
        await app.push_screen(table)
        await quiet(pilot)
        for run in range(settings.key_runs + 1):  # the first pair warms up
            _to_frederick(session, rng)
            table.refresh_state()
            app.set_focus(None)
            await quiet(pilot)
            before = len(session.game.events)
            order = ("toggle", "turn") if run % 2 == 0 else ("turn", "toggle")
            for which in order:
                cpu: list[float] = []
                elapsed = await press(pilot, "space" if which == "turn" else TOGGLE_KEY, cpu)
                if which == "turn" and len(session.game.events) != before + 1:
                    raise RuntimeError("space did not resolve Frederick's turn")
                if run:
                    found[which].append(elapsed)
                    found[f"{which}_cpu"].extend(cpu)
                if app.screen is not table:  # a follow-up screen: not part of the turn
                    app.pop_screen()
                app.set_focus(None)
                await quiet(pilot)  # the delayed odds and forecast: not part of the key
    return found


def frederick_turn(settings: Settings, space: Workspace) -> Result:
    """Space on the Table (Frederick's turn resolved, saved and drawn) against a key on
    the same screen that only toggles a label."""
    found = asyncio.run(_frederick(settings, space.data_dir()))
    turns, toggles = found["turn"], found["toggle"]
    cpu_turn, cpu_toggle = median(found["turn_cpu"]), median(found["toggle_cpu"])
    return Result(
        "frederick_turn",
        3.0,
        median(turns),
        median(toggles),
        what="space on the Table until the resolved turn is drawn and idle",
        reference_what=f"'{TOGGLE_KEY}' on the same screen, toggling one label",
        notes=[
            f"{len(turns)} presses each, game in round {settings.key_round}+; runs (ms): "
            f"{spread(turns)} vs "
            f"{spread(toggles)}",
            f"CPU time of the process (less sensitive to a busy machine): {cpu_turn:.1f} ms vs "
            f"{cpu_toggle:.1f} ms, ratio {cpu_turn / cpu_toggle:.2f}",
        ],
    )


async def _open_statistics(
    settings: Settings, folder: Path, reference: Callable[[], object]
) -> dict[str, list[float]]:
    from companion.app import StuporSoloApp
    from companion.screens.statistics import StatisticsScreen

    app = StuporSoloApp(folder)
    found: dict[str, list[float]] = {"open": [], "load": [], "open_cpu": [], "load_cpu": []}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(settings.stats_runs):
            gc.collect()
            start_cpu = time.process_time()
            found["load"].append(timed(reference))
            found["load_cpu"].append((time.process_time() - start_cpu) * 1000)
            gc.collect()
            screen = StatisticsScreen()
            start, start_cpu = time.perf_counter(), time.process_time()
            await app.push_screen(screen)
            while screen.stats is None:
                await asyncio.sleep(0.001)
            await settle(pilot)
            found["open"].append((time.perf_counter() - start) * 1000)
            found["open_cpu"].append((time.process_time() - start_cpu) * 1000)
            if screen.stats.games_played != settings.history_games:
                raise RuntimeError(f"the screen shows {screen.stats.games_played} games")
            app.pop_screen()
            await settle(pilot)
    return found


def stats_screen(settings: Settings, space: Workspace) -> Result:
    """Open the Statistics screen over the generated history until it is drawn and idle,
    against ``json.load`` of the same file."""
    folder = space.data_dir(history=True)
    path = space.history_file

    def read_json() -> None:
        with open(path, encoding="utf-8") as handle:
            json.load(handle)

    found = asyncio.run(_open_statistics(settings, folder, read_json))
    opens, loads = found["open"], found["load"]
    cpu_open, cpu_load = median(found["open_cpu"]), median(found["load_cpu"])
    size = path.stat().st_size / 1e6
    return Result(
        "stats_10k",
        4.0,
        median(opens),
        median(loads),
        what=f"open the Statistics screen over {settings.history_games:,} games (read in "
        "its worker, computed, drawn, idle)",
        reference_what=f"json.load of the same history.json ({size:.1f} MB)",
        notes=[
            f"runs (ms): {spread(opens)} vs {spread(loads)}",
            f"CPU time of the process (all threads): {cpu_open:.0f} ms vs {cpu_load:.0f} ms, "
            f"ratio {cpu_open / cpu_load:.2f}",
        ],
    )
