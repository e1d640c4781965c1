"""In-process metrics of the engine and the stores: ``undo_growth``, ``autosave_growth``
and ``stats_10k`` (when the Statistics screen cannot be opened).

Each timed call is short, so each is repeated many times and the medians compared; the
measured case and its reference take turns, so drift touches both alike.
"""

from __future__ import annotations

import gc
import json
import time

from benchmarks.game_gen import bench_setup, drive, game_with_events
from benchmarks.measure import Result, Settings, Workspace, median, spread, timed
from solo_deck.events import Gain


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
    samples: list[list[float]] = [[], []]
    for _ in range(runs):
        for index, session in enumerate(sessions):
            samples[index].append(timed(session.undo))
            session.game.redo()
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
        drive(session.push, lambda s=session: s.state, events=20)
        session.push(Gain(vp=1))  # the first save after start has checked the file
        session.game.undo()
        sessions.append(session)
    samples: list[list[float]] = [[], []]
    for _ in range(settings.autosave_runs):
        for index, session in enumerate(sessions):
            samples[index].append(timed(lambda s=session: s.push(Gain(vp=1))))
            session.game.undo()
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
    from companion.history_stats import career_stats
    from companion.storage import HistoryStore

    folder = space.data_dir(history=True)
    path = space.history_file
    loads: list[float] = []
    stats: list[float] = []

    def read_json() -> None:
        with open(path, encoding="utf-8") as handle:
            json.load(handle)

    def read_and_compute() -> None:
        records = HistoryStore(folder).all()
        assert len(records) == settings.history_games
        career_stats(records)

    for _ in range(settings.stats_runs):
        gc.collect()
        loads.append(timed(read_json))
        gc.collect()
        stats.append(timed(read_and_compute))
    size = path.stat().st_size / 1e6
    return Result(
        "stats_10k",
        4.0,
        median(stats),
        median(loads),
        what=f"HistoryStore.all() + career_stats over {settings.history_games:,} games",
        reference_what=f"json.load of the same history.json ({size:.1f} MB)",
        notes=[f"runs (ms): {spread(stats)} vs {spread(loads)}"],
    )
