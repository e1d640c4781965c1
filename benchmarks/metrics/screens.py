"""Metrics that drive the app with a Pilot: ``frederick_turn``, ``insight_key_delay`` and
``stats_10k``.

A key is timed from the moment it is posted to the app (as a terminal would send it) to
the moment the screen has refreshed and is idle: every message of the app, the screen
and its widgets handled, nothing left to lay out or repaint, and no callback waiting for
the next refresh (the Footer rebuilds itself that way). Pilot's own ``press`` is not used
to time: it sleeps in steps of 20 ms while it waits for the CPU to go idle, which would
blur a key that takes a few milliseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from benchmarks.game_gen import bench_setup, next_events
from benchmarks.measure import Result, Settings, Workspace, load_json, median, spread, timed
from benchmarks.metrics.engine import stats_result
from benchmarks.metrics.key_probe import KeyProbe, cpu_stretch, summary
from benchmarks.runner import SIZE, quiet, settle
from companion.ui.framework.textual_internals import send_as_terminal
from solo_deck import Phase

TOGGLE_KEY = "z"


async def press(pilot: Any, key: str, cpu: list[float] | None = None) -> float:
    """Post ``key`` to the app as the terminal would; ms until the screen is settled (the
    process's CPU time for it is appended to ``cpu``)."""
    from textual import events

    app = pilot.app
    character = " " if key == "space" else key
    event = events.Key(key, character)
    event.set_sender(app)
    start, start_cpu = time.perf_counter(), time.process_time()
    send_as_terminal(app, event)
    await settle(pilot)
    if cpu is not None:
        cpu.append((time.process_time() - start_cpu) * 1000)
    return (time.perf_counter() - start) * 1000


def bench_table_class() -> type:
    """The Table with one more key (``x``, not in the footer) that only toggles a label."""
    from textual.binding import Binding
    from textual.widgets import Label

    from companion.ui.screens.table import TableScreen

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


def _game_under_way(session: Any, settings: Settings) -> random.Random:
    """Start the benchmarks' game and play it (untimed) into round ``settings.key_round``,
    so the Table shows a game under way with a log; returns the random source that chose
    the events, for the next ones."""
    session.start(bench_setup())
    rng = random.Random(11)
    while session.state.round < settings.key_round:
        for event in next_events(session.state, rng):
            session.push(event)
    return rng


def _to_frederick(session: Any, rng: random.Random) -> None:
    """Push the player's events (untimed) until it is Frederick's turn."""
    while session.state.phase is not Phase.FREDERICK or session.state.awaiting_reveal:
        for event in next_events(session.state, rng):
            session.push(event)


def _turn_kind(app: Any, table: Any) -> str:
    """What a turn led to, for the notes: a dialog or screen, a tile to type, or neither."""
    if app.screen is not table:
        return f"opened {type(app.screen).__name__}"
    return "drew an Edict tile" if app.session.state.awaiting_reveal else "no tile drawn"


async def _frederick(settings: Settings, folder: Path) -> dict[str, Any]:
    from companion.ui.app import StuporSoloApp

    app = StuporSoloApp(folder)
    found: dict[str, Any] = {"turn": [], "toggle": [], "turn_cpu": [], "toggle_cpu": []}
    found.update(turn_counts=[], toggle_counts=[], kinds=[], stretch=[cpu_stretch()])
    probe = KeyProbe()
    with probe.installed():
        await _frederick_keys(app, settings, found, probe)
    found["stretch"].append(cpu_stretch())
    return found


async def _frederick_keys(
    app: Any, settings: Settings, found: dict[str, Any], probe: KeyProbe
) -> None:
    # The End Phase opens after the round's last turn; its module is imported here, not in
    # the press that first opens it: where byte-code is not written (PYTHONDONTWRITEBYTECODE,
    # as on the machines the issue was measured on) that import compiles its sources first.
    import companion.ui.screens.end_phase  # noqa: F401

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = app.session
        rng = _game_under_way(session, settings)
        _to_frederick(session, rng)
        table = bench_table_class()()
        await app.push_screen(table)
        await quiet(pilot)
        for run in range(settings.key_runs + 1):  # the first pair warms up
            _to_frederick(session, rng)
            table.refresh_state()
            app.set_focus(None)
            await quiet(pilot)
            before = len(session.require_game().events)
            order = ("toggle", "turn") if run % 2 == 0 else ("turn", "toggle")
            for which in order:
                cpu: list[float] = []
                with probe.watching(app) as counts:
                    elapsed = await press(pilot, "space" if which == "turn" else TOGGLE_KEY, cpu)
                if which == "turn" and len(session.require_game().events) != before + 1:
                    raise RuntimeError("space did not resolve Frederick's turn")
                if run:
                    found[which].append(elapsed)
                    found[f"{which}_cpu"].extend(cpu)
                    found[f"{which}_counts"].append(counts)
                    if which == "turn":
                        found["kinds"].append((_turn_kind(app, table), elapsed, cpu[0]))
                if app.screen is not table:  # a follow-up screen: not part of the turn
                    app.pop_screen()
                app.set_focus(None)
                await quiet(pilot)  # the delayed odds and forecast: not part of the key


def _waited_for(found: dict[str, Any]) -> list[str]:
    """The notes that say what the keys waited for, by kind of turn, and how busy the CPU
    was (see :mod:`benchmarks.metrics.key_probe`)."""
    kinds: dict[str, list[tuple[float, float]]] = {}
    for kind, elapsed, cpu in found["kinds"]:
        kinds.setdefault(kind, []).append((elapsed, cpu))
    by_kind = "; ".join(
        f"{kind}: {len(rows)}, {median([r[0] for r in rows]):.0f} ms "
        f"(CPU {median([r[1] for r in rows]):.0f} ms)"
        for kind, rows in sorted(kinds.items(), key=lambda item: -len(item[1]))
    )
    before, after = found["stretch"]
    waits = median(found["turn"]) - median(found["turn_cpu"])
    return [
        f"what space waited for (median per press): {summary(found['turn_counts'])}",
        f"what '{TOGGLE_KEY}' waited for: {summary(found['toggle_counts'])}",
        f"the turns by what they led to: {by_kind}",
        f"the CPU was shared: a fixed computation took {before:.2f}× its CPU time before the "
        f"presses and {after:.2f}× after (1.0: a CPU to spare). Space is mostly CPU "
        f"(its waits, frames and the game file's disk sync, about {waits:.0f} ms); "
        f"'{TOGGLE_KEY}' is mostly waiting for frames, so a shared CPU stretches the first "
        "and hardly the second: the ratio then moves toward the CPU ratio",
    ]


INSIGHT_GROUP = "insight"
"""The worker group of the Table's odds and forecast."""
INSIGHT_LEAD = 0.01
"""Seconds the insight worker has been running (its first turns done) when the key is
posted."""
INSIGHT_WAIT = 2.0
"""Seconds to wait for the insight worker after a change before trying another change
(the Table reuses its last result when the change does not touch the forecast)."""


def _insight_worker(app: Any) -> Any:
    """A running worker of the Table's insight group, if there is one."""
    from textual.worker import WorkerState

    for worker in list(app.workers):
        if worker.group == INSIGHT_GROUP and worker.state is WorkerState.RUNNING:
            return worker
    return None


def _change(session: Any, rng: random.Random) -> None:
    """Push the player's next events (untimed), on through the End Phase, so the change
    always moves what the forecast reads (a turn, a card, a tile or the round)."""
    for event in next_events(session.state, rng):
        session.push(event)
    while session.state.phase is Phase.END_PHASE:
        for event in next_events(session.state, rng):
            session.push(event)


async def _insight_started(pilot: Any, table: Any, rng: random.Random) -> tuple[Any, float, int]:
    """Change the state as a key would (push + ``refresh_state``) until the Table's insight
    worker is running, ``INSIGHT_LEAD`` into it; returns the worker, when it was first seen
    running (``perf_counter``) and how many changes showed none (the Table reused its
    cached result, or the work ended before it was seen)."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    for missed in range(20):
        _change(app.session, rng)
        table.refresh_state()
        await settle(pilot)
        deadline = loop.time() + INSIGHT_WAIT
        while loop.time() < deadline:
            worker = _insight_worker(app)
            if worker is not None:
                seen = time.perf_counter()
                await asyncio.sleep(INSIGHT_LEAD)
                if _insight_worker(app) is worker:
                    return worker, seen, missed
            await asyncio.sleep(0.001)
        await quiet(pilot)
    raise RuntimeError("no insight worker started after 20 changes of the state")


async def _ended(worker: Any, since: float) -> float:
    """Wait until ``worker`` is no longer running; ms from ``since`` (``perf_counter``)."""
    from textual.worker import WorkerState

    while worker.state is WorkerState.RUNNING:
        await asyncio.sleep(0.001)
    return (time.perf_counter() - since) * 1000


async def _quiet_watching(pilot: Any, worker: Any) -> bool:
    """:func:`quiet`; True if another insight worker than ``worker`` ran meanwhile (the
    Table started the computation again)."""
    waiting = asyncio.ensure_future(quiet(pilot))
    again = False
    while not waiting.done():
        other = _insight_worker(pilot.app)
        again = again or (other is not None and other is not worker)
        await asyncio.sleep(0.001)
    await waiting
    return again


IDLE_FOR = 0.3
"""Seconds the ``idle`` case's worker waits before it computes anything."""


@contextlib.contextmanager
def _computing_later(later: bool) -> Iterator[None]:
    """While active (``later``), a Table worker that starts waits :data:`IDLE_FOR` and
    then computes everything at once: the same worker at the same moment after a change,
    but nothing computed while the key is handled (the ``idle`` case, the reference)."""
    if not later:
        yield
        return
    import companion.ui.background as background

    async def wait_then_compute(steps: Any, gate: Any) -> Any:
        await asyncio.sleep(IDLE_FOR)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    real = background.run_in_turns
    background.run_in_turns = wait_then_compute
    try:
        yield
    finally:
        background.run_in_turns = real


async def _insight_keys(settings: Settings, folder: Path) -> dict[str, Any]:
    from textual.worker import WorkerState

    from companion.ui.app import StuporSoloApp

    app = StuporSoloApp(folder, insight=True)
    found: dict[str, Any] = {
        "busy": [],
        "quiet": [],
        "idle": [],
        "busy_cpu": [],
        "quiet_cpu": [],
        "idle_cpu": [],
        "busy_background": [],
        "quiet_background": [],
        "computed": [],
        "stopped": [],
        "at_press": 0,
        "at_settle": 0,
        "again": 0,
        "missed": 0,
    }
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rng = _game_under_way(app.session, settings)
        table = bench_table_class()()
        await app.push_screen(table)
        await quiet(pilot)
        kinds = ("quiet", "busy", "idle")
        for run in range(settings.key_runs + 1):  # the first round warms up
            shift = run % len(kinds)
            for which in kinds[shift:] + kinds[:shift]:
                app.set_focus(None)
                with _computing_later(which == "idle"):
                    worker, seen, missed = await _insight_started(pilot, table, rng)
                found["missed"] += missed
                if which == "quiet":  # how long the computation runs left alone; then quiet
                    computed = await _ended(worker, seen)
                    await quiet(pilot)
                running = worker.state is WorkerState.RUNNING
                posted = time.perf_counter()
                process, own = time.process_time(), time.thread_time()
                elapsed = await press(pilot, TOGGLE_KEY)
                main_cpu = (time.thread_time() - own) * 1000
                background = (time.process_time() - process) * 1000 - main_cpu
                still = worker.state is WorkerState.RUNNING
                stopped = await _ended(worker, posted)
                again = await _quiet_watching(pilot, worker)  # not part of the key
                if not run:
                    continue
                found[which].append(elapsed)
                found[f"{which}_cpu"].append(main_cpu)
                if which == "idle":
                    continue
                found[f"{which}_background"].append(background)
                if which == "busy":
                    found["at_press"] += running
                    found["at_settle"] += still
                    found["stopped"].append(stopped)
                    found["again"] += again
                else:
                    found["computed"].append(computed)
    return found


def insight_key_delay(settings: Settings, space: Workspace) -> Result:
    """A key that only toggles a label on the Table, pressed while the Table's odds and
    forecast are being computed (``busy``), against the same key pressed at the same moment
    after the same kind of change with the computation held off (``idle``: the Table's
    worker starts as usual but computes nothing until :data:`IDLE_FOR` later). Both follow
    a change of the game state made as a key would make it (events pushed through the
    session, then ``refresh_state``), so the screen shows the same kind of game and was
    redrawn as recently; the only difference is the computation running. The busy press
    is posted once a worker of the ``insight`` group has been running for
    ``INSIGHT_LEAD`` and is checked to be still running.

    Why not the key on a quiet app as the reference: a press that soon after a redraw
    takes longer whatever runs (Textual lays the screen out again), and on a quiet app the
    same press takes one or two layout passes, so that reference's median moved between
    about 24 and 44 ms from run to run on this machine and the verdict with it. The quiet
    key (``quiet``, the app idle for good) is still measured, in a note.

    Target 1.5: the computation runs on the event loop in turns of about a millisecond and
    sits out from the moment a key is posted (``companion.ui.background``), so a key can wait
    for at most the turn under way, plus noise; anything beyond means the background work
    delays the player's keys. The notes say in how many busy presses the worker was
    running when the key was posted and still running (paused) when it had been handled,
    how long after the key it ended against how long the computation runs when left alone,
    and the CPU other threads used during the press (none: the work has no thread).
    """
    found = asyncio.run(_insight_keys(settings, space.data_dir()))
    busy, held, calm = found["busy"], found["idle"], found["quiet"]
    presses = len(busy)
    computed, stopped = found["computed"], found["stopped"]
    cpu_busy, cpu_held = median(found["busy_cpu"]), median(found["idle_cpu"])
    notes = [
        f"{presses} presses each, game in round {settings.key_round}+; runs (ms): "
        f"{spread(busy)} vs {spread(held)}",
        f"the insight worker was running when the key was posted in {found['at_press']} of "
        f"{presses} busy presses, still running when it had been handled in "
        f"{found['at_settle']}; it ended {median(stopped):.0f} ms after the key (runs "
        f"{spread(stopped)}), against {median(computed):.0f} ms (runs {spread(computed)}) "
        f"for the whole computation left alone (it pauses for the key, so it ends later); "
        f"the Table started it again after the key in {found['again']} (0 expected: it "
        "goes on where it paused)",
        f"CPU of the other threads during the press (none expected: the work runs on the "
        f"event loop): "
        f"{median(found['busy_background']):.1f} ms vs "
        f"{median(found['quiet_background']):.1f} ms on a quiet app",
        f"CPU of the UI thread (the key's own work, less sensitive to a busy machine): "
        f"{cpu_busy:.1f} ms vs {cpu_held:.1f} ms, ratio {cpu_busy / cpu_held:.2f}",
    ]
    quiet_key = median(calm)
    notes.append(
        f"the same key on a quiet app (no change, nothing scheduled): {quiet_key:.1f} ms "
        f"(runs {spread(calm)}); the busy key against it: {median(busy) / quiet_key:.2f}"
    )
    if found["missed"]:
        notes.append(
            f"{found['missed']} change(s) showed no running insight worker within "
            f"{INSIGHT_WAIT:g} s (the Table reused its cached forecast, or the work ended "
            "before it was seen): another change was made"
        )
    if median(computed) < INSIGHT_LEAD * 1000 + 2 * median(busy):
        notes.append(
            "the computation is not much longer than the busy key: it may end on its own "
            "while the key is handled, which makes the measurement weak"
        )
    return Result(
        "insight_key_delay",
        1.5,
        median(busy),
        median(held),
        what="'x' on the Table while the odds and forecast are computed, until idle",
        reference_what=f"the same key at the same moment after a change, the computation "
        f"held off for {IDLE_FOR:g} s",
        notes=notes,
    )


def frederick_turn(settings: Settings, space: Workspace) -> Result:
    """Space on the Table (Frederick's turn resolved, saved and drawn) against a key on
    the same screen that only toggles a label."""
    found = asyncio.run(_frederick(settings, space.data_dir()))
    turns, toggles = found["turn"], found["toggle"]
    cpu_turn, cpu_toggle = median(found["turn_cpu"]), median(found["toggle_cpu"])
    return Result(
        "frederick_turn",
        1.5,
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
            *_waited_for(found),
        ],
    )


async def _open_statistics(
    settings: Settings, folder: Path, reference: Callable[[], object]
) -> dict[str, list[float]]:
    from companion.ui.app import StuporSoloApp
    from companion.ui.screens.history.statistics import StatisticsScreen

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

    found = asyncio.run(_open_statistics(settings, folder, partial(load_json, path)))
    opens, loads = found["open"], found["load"]
    cpu_open, cpu_load = median(found["open_cpu"]), median(found["load_cpu"])
    return stats_result(
        f"open the Statistics screen over {settings.history_games:,} games (read in its "
        "worker, computed, drawn, idle)",
        opens,
        loads,
        path,
        f"CPU time of the process (all threads): {cpu_open:.0f} ms vs {cpu_load:.0f} ms, "
        f"ratio {cpu_open / cpu_load:.2f}",
    )
