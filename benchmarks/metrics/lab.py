"""The lab's metrics: ``lab_game`` and ``lab_24k``.

``lab_game``
    One simulated greedy-bot game (:func:`solo_deck.play.simulate.play_game`: the table
    dealt, every move listed by the engine, the bot's choices, the fold) against replaying
    the same game's events (:meth:`SoloGame.from_document`), the two taking turns game by
    game, one game of each of the 24 configurations (3 in the quick run). The sums of the
    two are compared.
``lab_24k``
    ``stupor-solo lab --bot greedy --games 1000 --json`` (every configuration: 24,000
    games) on all the machine's cores, the whole process timed, against its budget of 10
    minutes (a count against a budget, like ``keystrokes``). The quick run plays 2 games
    per configuration against a budget cut in proportion. The notes give the games per
    second.
"""

from __future__ import annotations

import json
import os
import random
import time

from benchmarks.measure import REPO, Result, Settings, clean_env
from solo_deck import SoloGame
from solo_deck.play.lab import game_seed
from solo_deck.play.roster import bot_named
from solo_deck.play.simulate import new_game, play_out
from solo_deck.play.table import CONFIGURATIONS

LAB_GAMES = 1_000
BUDGET_S = 600.0
"""``lab_24k``'s budget: 24,000 greedy games in 10 minutes on a 2-core machine."""


def lab_game(settings: Settings) -> Result:
    """A greedy game played against its events replayed, summed over the games."""
    configurations = CONFIGURATIONS[:3] if settings.quick else CONFIGURATIONS
    bot = bot_named("greedy")
    played: list[float] = []
    replayed: list[float] = []
    events = 0
    for configuration in configurations:
        seed = game_seed(1, configuration, 0)
        start = time.perf_counter()
        game = play_out(
            new_game(configuration, seed), bot, random.Random(f"stupor-solo play:{seed}")
        )
        played.append(time.perf_counter() - start)
        document = game.to_document()
        start = time.perf_counter()
        SoloGame.from_document(document)
        replayed.append(time.perf_counter() - start)
        events += len(game.events)
    games = len(configurations)
    return Result(
        "lab_game",
        5.0,
        sum(played) * 1000 / games,
        sum(replayed) * 1000 / games,
        what=f"a simulated greedy game, the mean of {games} (one per configuration)",
        reference_what="SoloGame.from_document of the same game's document",
        notes=[f"{events / games:.0f} events a game on average; the two take turns"],
    )


def lab_24k(settings: Settings) -> Result:
    """``stupor-solo lab`` of the greedy bot over every configuration, timed whole."""
    import subprocess
    import sys

    games = 2 if settings.quick else LAB_GAMES
    budget = BUDGET_S * games / LAB_GAMES
    command = [
        sys.executable,
        "-m",
        "companion",
        "lab",
        "--bot",
        "greedy",
        "--games",
        str(games),
        "--json",
    ]
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=REPO, env=clean_env(), capture_output=True, text=True, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-8:]
        raise RuntimeError("stupor-solo lab failed:\n" + "\n".join(tail))
    report = json.loads(done.stdout)
    played = sum(row["games"] for row in report["configurations"])
    if played != games * len(CONFIGURATIONS):
        raise RuntimeError(f"the lab played {played} games, not {games * len(CONFIGURATIONS)}")
    return Result(
        "lab_24k",
        1.0,
        elapsed,
        budget,
        unit="s",
        what=(
            f"stupor-solo lab --bot greedy --games {games}: {played:,} games on "
            f"{os.cpu_count()} cores"
        ),
        reference_what=f"its budget ({budget:.0f} s: 24,000 games in 10 minutes)",
        notes=[f"{played / elapsed:.1f} games per second, {elapsed:.0f} s in all"],
    )
