"""In-process metrics of the engine and the stores: ``undo_growth``, ``autosave_growth``,
``forecast_10k`` and ``stats_10k`` (when the Statistics screen cannot be opened).

Each timed call is repeated (the short ones many times) and the medians compared; the
measured case and its reference take turns, so drift touches both alike.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from benchmarks.game_gen import bench_setup, drive, game_with_events, next_events
from benchmarks.measure import Result, Settings, Workspace, load_json, median, spread, timed
from solo_deck import GameState, Phase, SoloGame, ally_income, forecast_rounds_left
from solo_deck.events import Correct, Event, Gain

if TYPE_CHECKING:
    from pathlib import Path

    from companion.session import GameSession

FORECAST_SIMULATIONS = 10_000
MID_ROUND = 3
"""The round whose first turn is the mid-game state of ``forecast_10k``."""
CHECKED_ALLIES = ("gisele", "tento", "castellan")
"""The Allies the player holds for the reference (one condition of each kind: more
Allies than Frederick, Frederick at 9+ Augustales, more Walls than him)."""


def undo_growth(settings: Settings) -> list[Result]:
    """``SoloGame.undo()`` at event 2,000 against event 20 (the redo between two timed
    undos is not timed). Also the same through ``GameSession.undo`` (undo + autosave),
    which the Table calls, as a second line."""
    long_game = game_with_events(settings.undo_events)
    short_game = game_with_events(settings.undo_reference_events)
    samples: dict[int, list[float]] = {id(long_game): [], id(short_game): []}
    for _ in range(settings.undo_runs):
        for game in (long_game, short_game):
            start = time.perf_counter_ns()
            game.undo()
            samples[id(game)].append((time.perf_counter_ns() - start) / 1e6)
            game.redo()
    engine = Result(
        "undo_growth",
        3.0,
        median(samples[id(long_game)]),
        median(samples[id(short_game)]),
        what=f"SoloGame.undo() at event {settings.undo_events:,}",
        reference_what=f"SoloGame.undo() at event {settings.undo_reference_events}",
        notes=[f"{settings.undo_runs} undos each"],
    )
    return [engine]


def taking_turns(
    sessions: Sequence[GameSession],
    runs: int,
    work: Callable[[GameSession], Callable[[], object]],
    restore: Callable[[SoloGame], object],
) -> list[list[float]]:
    """``runs`` timings of ``work(session)`` for each session, the sessions taking turns (so
    drift touches them alike); after each, ``restore`` (untimed) puts its game back."""
    samples: list[list[float]] = [[] for _ in sessions]
    for _ in range(runs):
        for index, session in enumerate(sessions):
            samples[index].append(timed(work(session)))
            restore(session.require_game())
    return samples


def session_undo(settings: Settings, space: Workspace) -> Result:
    """Informative: undo as the Table does it (``GameSession.undo``: undo + autosave)."""
    from companion.session import GameSession

    sessions = []
    for events in (settings.undo_events, settings.undo_reference_events):
        session = GameSession(space.data_dir())
        session.start(bench_setup())
        source = game_with_events(events)
        session.game = source
        session.save()
        sessions.append(session)
    runs = max(5, settings.autosave_runs)
    samples = taking_turns(sessions, runs, lambda session: session.undo, SoloGame.redo)
    return Result(
        "undo_growth (session)",
        3.0,
        median(samples[0]),
        median(samples[1]),
        what=f"GameSession.undo() (undo + autosave) at event {settings.undo_events:,}",
        reference_what=f"the same at event {settings.undo_reference_events}",
        notes=[f"{runs} undos each; runs (ms): {spread(samples[0])} vs {spread(samples[1])}"],
    )


def autosave_growth(settings: Settings, space: Workspace) -> Result:
    """``GameSession.push`` (apply + atomic save of the game in progress) with a big
    history in the same data folder, against an empty history. The pushed event is taken
    back with ``SoloGame.undo`` (untimed, not saved) so every push saves the same game."""
    from companion.session import GameSession

    sessions = []
    for history in (True, False):
        session = GameSession(space.data_dir(history=history))
        session.start(bench_setup())
        drive(session.push, partial(getattr, session, "state"), events=20)
        session.push(Gain(vp=1))  # the first save after start has checked the file
        session.require_game().undo()
        sessions.append(session)
    samples = taking_turns(
        sessions,
        settings.autosave_runs,
        lambda session: partial(session.push, Gain(vp=1)),
        SoloGame.undo,
    )
    games = settings.history_games
    return Result(
        "autosave_growth",
        1.2,
        median(samples[0]),
        median(samples[1]),
        what=f"GameSession.push + autosave, {games:,} games in the history",
        reference_what="the same with an empty history",
        notes=[
            f"{settings.autosave_runs} saves each; runs (ms): {spread(samples[0])} vs "
            f"{spread(samples[1])}"
        ],
    )


def load_and_compute(settings: Settings, space: Workspace) -> Result:
    """``HistoryStore(folder).all()`` + ``career_stats`` against ``json.load`` of the
    same file (what the Statistics screen does, without drawing it)."""
    from companion.history.stats import career_stats
    from companion.storage import HistoryStore

    folder = space.data_dir(history=True)
    path = space.history_file
    loads: list[float] = []
    stats: list[float] = []

    def read_and_compute() -> None:
        records = HistoryStore(folder).all()
        assert len(records) == settings.history_games
        career_stats(records)

    for _ in range(settings.stats_runs):
        gc.collect()
        loads.append(timed(partial(load_json, path)))
        gc.collect()
        stats.append(timed(read_and_compute))
    what = f"HistoryStore.all() + career_stats over {settings.history_games:,} games"
    return stats_result(what, stats, loads, path)


def stats_result(
    what: str, runs: Sequence[float], loads: Sequence[float], path: Path, *notes: str
) -> Result:
    """``stats_10k`` (either way it is measured): the timed ``runs`` against ``json.load``
    of the same history file (``loads``), with both spreads as the first note."""
    size = path.stat().st_size / 1e6
    return Result(
        "stats_10k",
        4.0,
        median(runs),
        median(loads),
        what=what,
        reference_what=f"json.load of the same history.json ({size:.1f} MB)",
        notes=[f"runs (ms): {spread(runs)} vs {spread(loads)}", *notes],
    )


def natural_game(seed: int = 7) -> tuple[SoloGame, dict[int, tuple[GameState, tuple[Event, ...]]]]:
    """A generated game played to its natural end: :func:`next_events` without the
    ``Correct`` top-ups that keep the benchmarks' long games going, so the Advanced pile
    runs out as at a real table. Returns the game and, per round, the state and the event
    log at the start of the round (your first turn)."""
    game = SoloGame(bench_setup(seed))
    rng = random.Random(11)
    starts: dict[int, tuple[GameState, tuple[Event, ...]]] = {}
    while game.state.phase is not Phase.GAME_OVER:
        if game.state.round > 20:
            raise RuntimeError("the generated game did not end by itself within 20 rounds")
        starts.setdefault(game.state.round, (game.state, game.events))
        for event in next_events(game.state, rng):
            if not isinstance(event, Correct):
                game.push(event)
    return game, starts


def _forecast_stage(
    game: SoloGame, state: GameState, events: tuple[Event, ...], runs: int
) -> dict[str, list[float]]:
    """``runs`` forecasts of 10,000 playouts of ``state`` and, in turn, ``runs`` times
    10,000 ``ally_income`` evaluations (wall and CPU ms of each run)."""
    ruleset = game.setup.ruleset
    player = state.player.model_copy(update={"allies": CHECKED_ALLIES})
    palace = state.palace

    def forecast() -> None:
        forecast_rounds_left(
            state, ruleset, simulations=FORECAST_SIMULATIONS, seed=state.round, history=events
        )

    def checks() -> None:
        for _ in range(FORECAST_SIMULATIONS):
            ally_income(player, palace, ruleset=ruleset)

    found: dict[str, list[float]] = {
        "forecast": [],
        "checks": [],
        "forecast_cpu": [],
        "checks_cpu": [],
    }
    for run in range(runs):
        order = (("forecast", forecast), ("checks", checks))
        for name, work in order if run % 2 == 0 else order[::-1]:
            gc.collect()
            start_cpu = time.thread_time()
            found[name].append(timed(work))
            found[f"{name}_cpu"].append((time.thread_time() - start_cpu) * 1000)
    return found


def forecast_10k(settings: Settings) -> Result:
    """``forecast_rounds_left`` with 10,000 simulated continuations of a mid-game state
    (the start of round 3 of a generated game that ends by itself after round 7, its
    event log passed as the Table does) against 10,000 evaluations of ``ally_income`` for
    the same state, the player holding three Allies (one condition of each kind), called
    as the Edict advisor and the End Phase call it. The two take turns, run for run. The
    game is :func:`natural_game`, not the benchmarks' endless one: its top-ups of the
    Advanced pile would make every playout run to the 10-round horizon.

    The ratio is the cost of one simulated continuation (the rest of the game: every
    turn of Frederick's and yours and each End Phase, until a trigger ends it) counted in
    Ally checks, the cheapest full rules evaluation the app makes (the advisor makes one
    per legal Edict choice). On this 2-CPU machine it measures about 1.0 to 1.4 (1.6 to
    2.2 in the early game, 0.55 to 0.9 in the late game).

    Target 2: a continuation costs at most two Ally checks. For the player: the Table
    runs ``FORECAST_RUNS`` (4,000) playouts in the background after each change, so at
    the target its forecast costs as much as 8,000 Ally checks, about 0.3 s of CPU here
    (0.2 s measured): a background job of a fraction of a second, on screen before the
    player's next decision, even in the early game (about 1.5 times the mid-game cost).
    A forecast at several Ally checks per continuation (a model built per turn, a state
    copied per playout) would take seconds on a slow machine and miss. The early game
    (round 1: the most rounds left, the dearest) and the late game (the round before the
    last) are in the notes, against the same reference, with no target of their own.
    """
    from companion.ui.views.insight import FORECAST_RUNS

    game, starts = natural_game()
    last = game.state.round
    stages = {"early": 1, "mid": MID_ROUND, "late": last - 1}
    found = {
        stage: _forecast_stage(game, *starts[round_], settings.forecast_runs)
        for stage, round_ in stages.items()
    }
    mid = found["mid"]
    value, reference = median(mid["forecast"]), median(mid["checks"])
    cpu, cpu_reference = median(mid["forecast_cpu"]), median(mid["checks_cpu"])
    state, events = starts[MID_ROUND]
    said = forecast_rounds_left(
        state,
        game.setup.ruleset,
        simulations=FORECAST_SIMULATIONS,
        seed=state.round,
        history=events,
    )
    others = []
    for stage in ("early", "late"):
        runs = found[stage]
        ours, theirs = median(runs["forecast"]), median(runs["checks"])
        others.append(
            f"{stage} game (start of round {stages[stage]}): ratio {ours / theirs:.2f}, "
            f"{ours:.0f} ms vs {theirs:.0f} ms; CPU ratio "
            f"{median(runs['forecast_cpu']) / median(runs['checks_cpu']):.2f}"
        )
    return Result(
        "forecast_10k",
        2.0,
        value,
        reference,
        what=f"forecast_rounds_left, {FORECAST_SIMULATIONS:,} playouts from the start of "
        f"round {MID_ROUND}",
        reference_what=f"{FORECAST_SIMULATIONS:,} x ally_income (3 Allies), same state",
        notes=[
            f"{settings.forecast_runs} runs each, alternating; runs (ms): "
            f"{spread(mid['forecast'])} vs {spread(mid['checks'])}",
            f"CPU time of the thread: {cpu:.0f} ms vs {cpu_reference:.0f} ms, ratio "
            f"{cpu / cpu_reference:.2f}",
            *others,
            f"the game ends after round {last} (Advanced cards short); the forecast from "
            f"round {MID_ROUND}: {said.describe()}",
            f"the Table's {FORECAST_RUNS:,}-playout forecast at mid-game: about "
            f"{value * FORECAST_RUNS / FORECAST_SIMULATIONS:.0f} ms here "
            f"({cpu * FORECAST_RUNS / FORECAST_SIMULATIONS:.0f} ms of CPU)",
        ],
    )
