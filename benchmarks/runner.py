"""One measured process: ``python -m benchmarks.runner CASE --data-dir DIR --result FILE``.

The benchmarks time this whole process from the outside (interpreter start, imports, the
app up and idle, shut down). Cases:

``bare``
    A bare Textual app (Header + Static + Footer), started headless at 120x40 until its
    screen is mounted and idle, then it exits. The reference of ``startup``.
``bare-stack``
    The bare app after loading the project's other chosen runtime dependencies (see
    :func:`load_chosen_stack`): the reference of ``memory``.
``app``
    ``stupor-solo --data-dir DIR --config FILE`` through the real entry point
    (``companion.cli.main``), headless at 120x40, until the Start screen is mounted and
    idle, then it exits. ``--config`` names the configuration file (a missing file is no
    configuration; ``""``: the default place); ``--lang`` the language it speaks.
``import``
    ``stupor-solo --data-dir DIR import FILE`` through the real entry point (``--file``):
    the ``import_100k`` and ``import_memory`` metrics.
``app-game``
    As ``app``, then a new game is started and ``--rounds`` rounds (40 by default) are
    played through the session (every event autosaved) with the Table redrawn and idle
    after every event, and at the end of each round the app left to finish its delayed
    work (the odds and forecast worker): the ``memory`` metric. See :func:`play_game`
    for how often the odds and the forecast are computed.

"Mounted and idle" means: the wanted screen is the current one, every message queued
for the app, the screen and its widgets has been handled, the screen has refreshed
(a ``call_after_refresh`` callback has run) and nothing is left to lay out, repaint or
call after the refresh (:func:`settle`).

Only the headless run is imposed: ``App.run`` is wrapped so the same entry point the
player uses runs with ``headless=True, size=(120, 40)`` and an autopilot that exits once
idle, and the entry point's check for a terminal (a headless app needs none, and the
measured process has none) says yes. ``--result FILE`` receives one JSON object: peak RSS
in MB (``maxrss_mb``, see :func:`peak_rss_mb`; ``ru_maxrss_mb`` beside it) and, for
``app-game``, the events played and how many times the odds and forecast were computed
(``insights``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from companion.ui.framework.probes import one_shot_timer_pending, screen_busy, wait_for_screen

SIZE = (120, 40)

Autopilot = Callable[[Any], Awaitable[None]]


async def settle(pilot: Any) -> None:
    """Wait until the current screen has handled its messages and refreshed, with nothing
    left to do (the Footer, for one, rebuilds itself after a refresh: that is waited for)."""
    app = pilot.app
    for _ in range(100):
        await wait_for_screen(pilot)
        done = asyncio.Event()
        app.screen.call_after_refresh(done.set)
        await done.wait()
        if not screen_busy(app):
            return
    raise RuntimeError("the screen did not settle after 100 refreshes")


def _pending_work(app: Any) -> bool:
    """A one-shot timer not yet fired on the screen or its widgets, or a worker running
    (the Table recomputes its odds and forecast that way shortly after each change)."""
    from textual.worker import WorkerState

    if one_shot_timer_pending(app):
        return True
    return any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in app.workers)


async def quiet(pilot: Any, limit: float = 120.0) -> None:
    """:func:`settle`, then wait for delayed work (one-shot timers, workers) to finish and
    settle again: the app is doing nothing at all."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while True:
        await settle(pilot)
        if not _pending_work(pilot.app):
            return
        if loop.time() > deadline:
            raise RuntimeError(f"the app was still busy after {limit:.0f} s")
        await asyncio.sleep(0.005)


async def until_screen(pilot: Any, name: str) -> None:
    """Wait until the screen class called ``name`` is the current one, mounted and idle."""
    while type(pilot.app.screen).__name__ != name:
        await asyncio.sleep(0)
    await settle(pilot)


def headless_run(work: Autopilot) -> None:
    """Make every ``App.run`` in this process headless at 120x40, driven by ``work`` and
    exiting when it is done."""
    from textual.app import App

    original = App.run

    def run(self: Any, **_: Any) -> Any:
        async def autopilot(pilot: Any) -> None:
            await work(pilot)
            pilot.app.exit()

        return original(self, headless=True, size=SIZE, auto_pilot=autopilot)

    App.run = run  # type: ignore[method-assign]


def bare_app() -> Any:
    """The reference: a bare Textual app with Header + Static + Footer."""
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Header, Static

    class BareApp(App[None]):
        TITLE = "Stupor Mundi · Solo companion"

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("Solo companion · you against Frederick")
            yield Footer()

    return BareApp()


def load_chosen_stack() -> None:
    """Load what any app built on the project's chosen dependencies pays for once per
    process, beside Textual: pydantic with one small model built and used (the first model
    loads pydantic's schema and validation machinery) and TinyDB with one table written.
    What the companion adds beyond that (its 68 engine models, screens, caches, the game)
    stays on the measured side."""
    from pydantic import BaseModel
    from tinydb import TinyDB
    from tinydb.storages import MemoryStorage

    class Probe(BaseModel):
        name: str
        count: int = 0

    record = Probe.model_validate({"name": "probe", "count": 1}).model_dump(mode="json")
    TinyDB(storage=MemoryStorage).insert(record)


def play_game(rounds: int, facts: dict[str, Any], events: int | None = None) -> Autopilot:
    """An autopilot that plays ``rounds`` rounds (or only ``events`` events) through the
    session and the Table.

    Every event is pushed through the session (applied and autosaved), the Table redraws
    every panel (``refresh_state``) and the screen is drawn and idle (:func:`settle`)
    before the next one. The Table's odds and forecast (a worker started 0.15 s after the
    last change) are computed when the Table opens and once per round, after the round's
    last event, with the app then left completely quiet (:func:`quiet`), as when a player
    pauses to read the new round. Within a round the app's ``insight`` switch is off: a
    redraw takes longer than those 0.15 s on a slow machine, so the worker would
    otherwise start after every event and each forecast (thousands of playouts, run
    between the redraws) would slow the next redraws: the 40-round game took 15 minutes
    on a 2-CPU machine, about 2 this way. The events, autosaves and redraws are the
    same; the forecast's memory is transient (each result replaces the last on the
    Table): computing it after every event instead gave the same peak over 10 rounds
    (63.6 vs 63.7 MB, once the Table's footer no longer leaked the key widgets it
    replaces), only 2.5 times slower.
    """

    async def work(pilot: Any) -> None:
        import random

        from benchmarks.game_gen import bench_setup, next_events
        from solo_deck.events import EndRound

        await until_screen(pilot, "StartScreen")
        app = pilot.app
        session = app.session
        session.start(bench_setup())
        app.open_table()
        await until_screen(pilot, "TableScreen")
        await quiet(pilot)  # the first odds and forecast
        table = app.screen
        rng = random.Random(7)
        played = insights = 0
        while session.state.round <= rounds and (events is None or played < events):
            for event in next_events(session.state, rng):
                round_end = isinstance(event, EndRound)
                # The odds and forecast worker is scheduled by the redraw of the round's
                # last event only (see above).
                app.insight = round_end
                session.push(event)
                table.refresh_state()
                # Redrawn and idle after every event; at each round's end also the delayed
                # work (odds, forecast) is let finish, as when a player pauses to read.
                await (quiet(pilot) if round_end else settle(pilot))
                played += 1
                insights += round_end
        app.insight = True
        facts["events"] = played
        facts["round"] = session.state.round
        facts["insights"] = insights + 1

    return work


def peak_rss_mb() -> float:
    """This process's peak resident set size, in MB.

    Linux's ``VmHWM`` (the peak of this process's own address space) when there is one:
    ``getrusage(RUSAGE_SELF).ru_maxrss`` survives ``fork`` + ``exec``, so a child started by a
    big parent (the benchmark process holding a 10,000-game history) reports at least the
    parent's size. Elsewhere ``ru_maxrss`` (kB on Linux, bytes on macOS)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for row in status:
                if row.startswith("VmHWM:"):
                    return int(row.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.runner")
    parser.add_argument("case", choices=("bare", "bare-stack", "app", "app-game", "import"))
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--result", required=True)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--events", type=int, help="stop after this many events (quick mode)")
    parser.add_argument("--file", help="the file to import (case import)")
    parser.add_argument("--config", default="", help="the configuration file the app reads")
    parser.add_argument("--lang", default="", help="the language the app speaks (case app)")
    args = parser.parse_args(argv)
    facts: dict[str, Any] = {"case": args.case}
    if args.case == "import":
        from companion.cli import main as stupor_solo

        code = stupor_solo(["--data-dir", args.data_dir, "import", args.file])
        if code != 0:
            return code
    elif args.case in ("bare", "bare-stack"):
        if args.case == "bare-stack":
            load_chosen_stack()

        async def idle_bare(pilot: Any) -> None:
            await until_screen(pilot, "Screen")

        headless_run(idle_bare)
        bare_app().run()
    else:
        if args.case == "app":

            async def idle_start(pilot: Any) -> None:
                await until_screen(pilot, "StartScreen")

            headless_run(idle_start)
        else:
            headless_run(play_game(args.rounds, facts, args.events))
        import companion.cli.support as cli_support
        from companion.cli import main as stupor_solo

        cli_support.has_terminal = lambda: True  # headless: the app needs no terminal
        lang = ["--lang", args.lang] if args.lang else []
        code = stupor_solo([*lang, "--data-dir", args.data_dir, "--config", args.config])
        if code != 0:
            return code
    facts["maxrss_mb"] = peak_rss_mb()
    facts["ru_maxrss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    with open(args.result, "w", encoding="utf-8") as handle:
        json.dump(facts, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
