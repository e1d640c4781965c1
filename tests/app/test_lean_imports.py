"""What a game in the app does not load (issue 39: each module is memory the process keeps).

A game played through the app, as the ``memory`` benchmark plays it, loads none of these
until the player asks for them: the Reference (F1 builds it), the Coach's rollouts and
bots (its key only asks whether it can weigh the position), the other commands' modules,
``filelock`` (the lock is taken with ``flock``) and Unicode's name table for the keys.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

NOT_LOADED = {
    "companion.reference": "the Reference is built when F1 first asks for it",
    "solo_deck.reference.walk": "the engine's Reference entries, with the Reference",
    "companion.rules_decisions": "the rules decisions are Reference and Help entries",
    "solo_deck.insight.coach.rollouts": "the Coach plays its rollouts only when opened",
    "solo_deck.play.greedy": "the bots play the Coach's rollouts and the lab",
    "statistics": "the Coach's and the lab's figures",
    "companion.cli.quick_score": "the calculator of `stupor-solo score`",
    "companion.cli.lab": "the lab command",
    "companion.cli.serve": "the serve command",
    "filelock": "the data folder's lock is flock where there is fcntl",
}

SCRIPT = """
import atexit, sys
atexit.register(lambda: print(" ".join(sorted(sys.modules)), file=sys.__stdout__))
from benchmarks.runner import main
main(["app-game", "--data-dir", sys.argv[1], "--result", sys.argv[2], "--rounds", "1",
      "--events", "12", "--config", sys.argv[3]])
"""


def test_a_game_in_the_app_loads_only_what_it_uses(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    ran = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(data), str(tmp_path / "r.json"), str(tmp_path / "none")],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=300,
    )
    loaded = set(ran.stdout.split())
    assert "companion.ui.screens.table" in loaded  # the game was played on the Table
    wrongly = {name: why for name, why in NOT_LOADED.items() if name in loaded}
    assert wrongly == {}
