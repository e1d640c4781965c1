"""What every benchmark shares: the run settings, results, timing and clean processes."""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Settings:
    """How much to measure: the full run (the defaults), or ``--quick`` (CI: proves the
    benchmarks run)."""

    quick: bool = False
    process_runs: int = 5
    """Timed runs of each whole-process case (startup)."""
    memory_runs: int = 1
    history_games: int = 10_000
    memory_rounds: int = 40
    memory_events: int | None = None
    """Quick mode stops the memory game after this many events (``None``: whole rounds)."""
    undo_events: int = 2_000
    undo_reference_events: int = 20
    undo_runs: int = 2_001
    autosave_runs: int = 41
    stats_runs: int = 5
    key_runs: int = 15
    key_round: int = 3
    """The round the Table's game is in when the keys are timed."""
    forecast_runs: int = 7
    """Timed forecasts of 10,000 playouts (and as many reference runs) per game stage."""
    import_rows: int = 100_000
    """Games in the big import file (``import_100k``)."""
    import_runs: int = 3
    language: str = "en"
    """The language the app speaks (``--lang``): the startup cases run ``stupor-solo
    --lang LANG``, the metrics that drive the app in this process speak it too."""

    @classmethod
    def full(cls) -> Settings:
        return cls()

    @classmethod
    def quick_run(cls) -> Settings:
        """Every count cut to what proves the benchmark runs (the rest as in the full run)."""
        return cls(
            quick=True,
            process_runs=1,
            history_games=2_000,
            memory_rounds=1,
            memory_events=12,
            undo_runs=201,
            autosave_runs=5,
            stats_runs=1,
            key_runs=1,
            key_round=1,
            forecast_runs=1,
            import_rows=2_000,
            import_runs=1,
        )

    @property
    def import_reference_rows(self) -> int:
        """Games in the reference file of ``import_100k``: a tenth of the big one."""
        return self.import_rows // 10

    def describe(self) -> str:
        mode = (
            "quick (CI: proves the benchmarks run; verdicts are not binding)"
            if self.quick
            else "full"
        )
        return (
            f"mode {mode}, language {self.language}: "
            f"{self.process_runs} timed process runs per startup case, "
            f"{self.memory_runs} memory run(s) of "
            + (
                f"the first {self.memory_events} events of a game, "
                if self.memory_events
                else f"a {self.memory_rounds}-round game, "
            )
            + f"{self.stats_runs} Statistics opening(s), "
            f"{self.history_games:,}-game history, undo at event {self.undo_events:,} vs "
            f"{self.undo_reference_events}, {self.key_runs} key presses per key, "
            f"{self.forecast_runs} forecast(s) per game stage, imports of "
            f"{self.import_rows:,} vs {self.import_reference_rows:,} rows"
        )


@dataclass
class Result:
    """One metric: ``value`` against ``reference`` (medians), and the verdict."""

    name: str
    target: float
    value: float | None = None
    reference: float | None = None
    unit: str = "ms"
    what: str = ""
    reference_what: str = ""
    notes: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def ratio(self) -> float | None:
        if self.value is None or not self.reference:
            return None
        return self.value / self.reference

    @property
    def passed(self) -> bool:
        ratio = self.ratio
        return self.error is None and ratio is not None and ratio <= self.target

    @property
    def verdict(self) -> str:
        if self.error is not None:
            return "ERROR"
        return "PASS" if self.passed else "FAIL"


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def spread(values: Sequence[float]) -> str:
    """``min–max`` of a sample, for the notes."""
    return f"{min(values):.3g}–{max(values):.3g}"


PYCACHE = Path(tempfile.gettempdir()) / "stupor-bench-pycache"
"""Where the measured processes keep their byte-code (see :func:`clean_env`)."""


def clean_env() -> dict[str, str]:
    """The environment for a measured process: no Textual or colour settings from the
    caller's terminal (they change what Textual does), the repo importable."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("TEXTUAL") and key not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS")
    }
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p
    )
    env.pop("STUPOR_SOLO_DATA", None)
    # Byte-code as an installed app has it: compiled once (by the untimed warm-up run),
    # then read. Some machines set PYTHONDONTWRITEBYTECODE, which would make every
    # measured start compile the app's sources again (the bare app's come compiled
    # with Textual); the cache lives outside the repository.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env


@contextmanager
def scratch_dir(prefix: str) -> Iterator[Path]:
    """A temporary folder, removed afterwards."""
    path = Path(tempfile.mkdtemp(prefix=f"stupor-bench-{prefix}-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def run_process(args: Sequence[str], timeout: float = 3600) -> float:
    """Run ``python args...`` in a clean environment from the repo root; returns its wall
    time in ms. Raises ``RuntimeError`` (with its stderr) if it fails."""
    command = [sys.executable, *args]
    start = time.perf_counter()
    done = subprocess.run(
        command,
        cwd=REPO,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-12:]
        raise RuntimeError(f"{' '.join(args)} exited with {done.returncode}:\n" + "\n".join(tail))
    return elapsed


def load_json(path: Path) -> None:
    """Read and parse a JSON file: the reference the Statistics metrics are compared with."""
    with open(path, encoding="utf-8") as handle:
        json.load(handle)


def timed(work: Callable[[], object]) -> float:
    """Wall time of one call, in ms."""
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


class Workspace:
    """Temporary data folders for one benchmark run; the generated history is made once
    and copied into each fresh data folder that needs it."""

    def __init__(self, root: Path, settings: Settings) -> None:
        self.root = root
        self.settings = settings
        self._history: Path | None = None
        self._count = 0

    @property
    def history_file(self) -> Path:
        """``history.json`` with ``settings.history_games`` generated games."""
        if self._history is None:
            from benchmarks.history_gen import generate_records, write_history

            folder = self.root / "generated-history"
            self._history = write_history(folder, generate_records(self.settings.history_games))
        return self._history

    @property
    def config_file(self) -> Path:
        """A configuration file as a player who set everything would have: the commented
        example with every setting uncommented (theme, New game defaults, backup policy,
        BG Stats options, two key overrides) and the theme set to ``nord``."""
        path = self.root / "config.toml"
        if not path.exists():
            from companion.config.schema import example_config

            lines = [
                line[2:] if line.startswith("# ") and " = " in line else line
                for line in example_config().splitlines()
            ]
            text = "\n".join(lines).replace('theme = "textual-dark"', 'theme = "nord"')
            path.write_text(text + "\n", encoding="utf-8")
        return path

    def data_dir(self, history: bool = False) -> Path:
        """A new, empty data folder (with a copy of the generated history if asked)."""
        self._count += 1
        folder = self.root / f"data-{self._count:03d}"
        folder.mkdir()
        if history:
            from companion.paths import HISTORY_FILE

            shutil.copyfile(self.history_file, folder / HISTORY_FILE)
        return folder
