"""Whole-process metrics: ``startup``, ``startup_with_history``, ``memory``,
``import_100k`` and ``import_memory``.

Each case is one ``python -m benchmarks.runner CASE`` process (see :mod:`benchmarks.runner`)
with a fresh data folder, timed from outside with ``time.perf_counter`` around
``subprocess.run``. In the full run one untimed warm-up run of each case comes first
(byte-code and the page cache); then the cases take turns, in a rotating order, so drift
on a busy machine touches all of them alike.
"""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.measure import Result, Settings, Workspace, median, run_process, spread

RUNNER = "benchmarks.runner"


def _run(case: str, folder: Path, *extra: str) -> tuple[float, dict[str, object]]:
    result = folder / "bench-result.json"
    args = ["-m", RUNNER, case, "--data-dir", str(folder), "--result", str(result), *extra]
    elapsed = run_process(args)
    facts: dict[str, object] = json.loads(result.read_text(encoding="utf-8"))
    result.unlink()
    return elapsed, facts


def startup(settings: Settings, space: Workspace) -> tuple[list[Result], list[float]]:
    """``startup`` and ``startup_with_history``, both with a full configuration file
    present (the app without one is timed too, in the same rotation, and printed beside);
    also returns the bare app's peak RSS of every timed run (the ``memory`` reference)."""
    cases = ("bare", "app", "app-history", "app-no-config")
    times: dict[str, list[float]] = {case: [] for case in cases}
    rss: dict[str, list[float]] = {case: [] for case in cases}

    def once(case: str) -> tuple[float, dict[str, object]]:
        folder = space.data_dir(history=case == "app-history")
        if case == "bare":
            return _run("bare", folder)
        config = folder / "no-config.toml" if case == "app-no-config" else space.config_file
        return _run("app", folder, "--config", str(config), "--lang", settings.language)

    if not settings.quick:
        for case in cases:  # warm-up (byte-code, page cache), not counted
            once(case)
    for run in range(settings.process_runs):
        shift = run % len(cases)
        for case in cases[shift:] + cases[:shift]:
            elapsed, facts = once(case)
            times[case].append(elapsed)
            rss[case].append(float(facts["maxrss_mb"]))  # type: ignore[arg-type]

    games = settings.history_games
    first = Result(
        "startup",
        1.3,
        median(times["app"]),
        median(times["bare"]),
        what="stupor-solo to the Start screen, idle, with a configuration file (whole process)"
        + ("" if settings.language == "en" else f", --lang {settings.language}"),
        reference_what="bare Textual app (Header + Static + Footer), idle",
        notes=[
            f"runs (ms): app {spread(times['app'])}, bare {spread(times['bare'])}",
            f"without a configuration file: {median(times['app-no-config']):.0f} ms, ratio "
            f"{median(times['app-no-config']) / median(times['bare']):.2f}",
            f"peak RSS at the Start screen: app {median(rss['app']):.1f} MB, "
            f"bare {median(rss['bare']):.1f} MB",
        ],
    )
    second = Result(
        "startup_with_history",
        1.1,
        median(times["app-history"]),
        median(times["app"]),
        what=f"stupor-solo to the Start screen with {games:,} games in the history",
        reference_what="the same with an empty history",
        notes=[f"runs (ms): {spread(times['app-history'])} vs {spread(times['app'])}"],
    )
    return [first, second], rss["bare"]


def memory(settings: Settings, space: Workspace, bare_rss: list[float]) -> Result:
    """Peak RSS of a whole game played in the app, against the bare Textual app that has
    also loaded the project's other chosen dependencies (``bare-stack``).

    Why not the bare Textual app alone: pydantic is one of the dependencies the project
    chose, and loading it with its first model costs about 10 MB in any process, more than
    half of the 1.5 allowance (17 MB); no code of ours can take that back. Against the stack's
    floor, the ratio measures what the companion itself adds. The ratio against the bare
    app alone is printed beside it (``bare_rss``: the bare app's peaks from ``startup``)."""
    rounds = settings.memory_rounds
    extra = ["--rounds", str(rounds)]
    game = f"{rounds}-round game"
    if settings.memory_events:
        extra += ["--events", str(settings.memory_events)]
        game = f"game cut after {settings.memory_events} events (quick mode)"
    result = Result(
        "memory",
        1.5,
        unit="MB",
        what=f"peak RSS, {game} played through the session and the Table",
        reference_what="peak RSS of the bare Textual app, idle, with pydantic (one model "
        "built and used) and TinyDB loaded",
    )
    if not bare_rss:
        _, facts = _run("bare", space.data_dir())
        bare_rss = [float(facts["maxrss_mb"])]  # type: ignore[arg-type]
    stack_rss: list[float] = []
    for _ in range(settings.process_runs):
        _, facts = _run("bare-stack", space.data_dir())
        stack_rss.append(float(facts["maxrss_mb"]))  # type: ignore[arg-type]
    peaks: list[float] = []
    times: list[float] = []
    events = insights = 0
    for _ in range(settings.memory_runs):
        elapsed, facts = _run("app-game", space.data_dir(), *extra)
        peaks.append(float(facts["maxrss_mb"]))  # type: ignore[arg-type]
        times.append(elapsed)
        events = int(facts.get("events") or 0)  # type: ignore[call-overload]
        insights = int(facts.get("insights") or 0)  # type: ignore[call-overload]
    result.value = median(peaks)
    result.reference = median(stack_rss)
    bare = median(bare_rss)
    result.notes.append(
        f"{events} events, each autosaved, Table redrawn and idle after each; odds and "
        f"forecast computed on opening and at each round's end ({insights} in all); "
        f"one game takes {median(times) / 1000:.1f} s ({median(times) / (events or 1):.0f} ms "
        "per event, whole process)"
    )
    result.notes.append(
        f"against the bare Textual app alone ({bare:.1f} MB): ratio "
        f"{result.value / bare:.2f}; pydantic and TinyDB add "
        f"{result.reference - bare:.1f} MB to it"
    )
    return result


MEMORY_FLOOR_MB = 1.0
"""The smallest growth ``import_memory`` divides by: a tiny import (quick mode) may peak
within the noise of importing one game."""


def imports(settings: Settings, space: Workspace) -> list[Result]:
    """``import_100k``: ``stupor-solo import`` of a CSV of 100,000 games into an empty
    history against the same command with the first 10,000 of them (the whole process,
    timed from outside): linear work keeps the ratio near 10, the target allows 12.
    ``import_memory``: the import's peak RSS above that of importing one game, 100,000
    rows against 10,000: memory that grows with the rows and no faster.

    The rows are the generated history's games without their 40-line log summaries (so
    100,000 rows make a 19 MB file, well under the 128 MB an import may be), scores as a
    quick entry or an export of another data folder brings them."""
    from benchmarks.history_gen import generate_records
    from companion.history import records_to_csv

    big, small = settings.import_rows, settings.import_reference_rows
    records = [record.model_copy(update={"log_summary": []}) for record in generate_records(big, 7)]
    files = {}
    for rows in (1, small, big):
        files[rows] = space.root / f"import-{rows}.csv"
        files[rows].write_text(records_to_csv(records[:rows]), encoding="utf-8")
    del records
    times: dict[int, list[float]] = {rows: [] for rows in files}
    peaks: dict[int, list[float]] = {rows: [] for rows in files}
    for _ in range(settings.import_runs):
        for rows, path in files.items():
            elapsed, facts = _run("import", space.data_dir(), "--file", str(path))
            times[rows].append(elapsed)
            peaks[rows].append(float(facts["maxrss_mb"]))  # type: ignore[arg-type]
    base = median(peaks[1])
    size = files[big].stat().st_size / 1e6
    timing = Result(
        "import_100k",
        12.0,
        median(times[big]),
        median(times[small]),
        what=f"stupor-solo import of {big:,} games ({size:.1f} MB CSV), whole process",
        reference_what=f"the same with the first {small:,} of them",
        notes=[
            f"runs (ms): {spread(times[big])} vs {spread(times[small])}; importing one game "
            f"takes {median(times[1]):.0f} ms"
        ],
    )
    memory = Result(
        "import_memory",
        12.0,
        max(median(peaks[big]) - base, 0.0),
        max(median(peaks[small]) - base, MEMORY_FLOOR_MB),
        unit="MB",
        what=f"peak RSS of importing {big:,} games, above importing one",
        reference_what=f"the same for {small:,} games",
        notes=[
            f"peak RSS: {median(peaks[big]):.1f} MB, {median(peaks[small]):.1f} MB and "
            f"{base:.1f} MB for one game; {1024 * (median(peaks[big]) - base) / big:.2f} KB "
            "per game"
        ],
    )
    return [timing, memory]
