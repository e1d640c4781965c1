"""The benchmarks still run: ``python -m benchmarks --quick`` exits 0 and reports every metric
(``browser_key`` where Chromium is installed: without it the run skips that one, saying so).

No timing is asserted here (quick mode's verdicts are not binding: it exits 0 unless a
metric crashed); the targets are checked by the full run, ``python -m benchmarks``.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
METRICS = (
    "startup",
    "startup_with_history",
    "autosave_growth",
    "undo_growth",
    "forecast_10k",
    "frederick_turn",
    "insight_key_delay",
    "stats_10k",
    "memory",
    "import_100k",
    "import_memory",
    "history_10k",
    "save_10k",
    "history_app_10k",
    "screen_open",
    "form_key",
    "reference_search",
    "reference_open",
    "review_40",
    "keystrokes",
    "lab_game",
    "lab_24k",
    "coach_first_answer",
    "coach_key_delay",
    "language_switch",
    *(
        ("browser_key", "reconnect")
        if shutil.which("chromium") or shutil.which("chromium-browser")
        else ()
    ),
)


def quick_run(*options: str) -> subprocess.CompletedProcess[str]:
    """``python -m benchmarks --quick`` with ``options``, outside any Textual test setting."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", *options],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_quick_benchmarks_run_and_report_every_metric() -> None:
    done = quick_run()
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    lines = done.stdout.splitlines()
    for name in METRICS:
        rows = [line for line in lines if line.split()[:1] == [name]]
        assert rows, f"no line for {name}:\n{output}"
        words = rows[0].split()
        assert "PASS" in words or "FAIL" in words, rows[0]


def test_quick_benchmarks_run_in_another_language() -> None:
    """``--lang it``: the startup runs ``stupor-solo --lang it`` and the switch goes
    between Italian and English; the header says the language."""
    only = ["--only", "startup", "--only", "language_switch"]
    done = quick_run("--lang", "it", *only)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "language it:" in output
    assert "--lang it" in output and "(between it and en)" in output
    for name in ("startup", "language_switch"):
        assert any(line.split()[:1] == [name] for line in done.stdout.splitlines()), output
