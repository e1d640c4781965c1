"""``reference_search``: a keystroke in the Reference's search field (the list re-ranked
and the best entry drawn) against the Table's label-toggle key; ``reference_open``: F1 on
the Table until the Reference is drawn and idle, against the same key in the same run
(issue 29: each stays within the Table's key budget).

Timed as :mod:`benchmarks.metrics.screens` times keys: from the key posted to the screen
settled and idle. The Reference searches once typing pauses
(:data:`~companion.ui.screens.reference.SEARCH_PAUSE`): that deliberate wait is not
counted, the key and the search it leads to are (the search is started as soon as the key
is taken).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from benchmarks.measure import Result, Settings, Workspace, median, spread
from benchmarks.metrics.screens import TOGGLE_KEY, _game_under_way, bench_table_class, press
from benchmarks.runner import SIZE, quiet, settle
from companion.ui.framework.textual_internals import send_as_terminal


async def _letter_and_search(pilot: Any, letter: str) -> float:
    """ms from ``letter`` posted to the search field until the search it leads to is drawn
    and the screen idle, the search started as soon as the key has been taken (not after
    the typing pause), as :func:`~benchmarks.metrics.screens.press` times a key."""
    from textual import events

    app = pilot.app
    screen = app.screen
    event = events.Key(letter, letter)
    event.set_sender(app)
    start = time.perf_counter()
    send_as_terminal(app, event)
    while screen.pending is None:  # the key taken, its search waiting for the pause
        await asyncio.sleep(0)
    screen.search_now()
    await settle(pilot)
    return (time.perf_counter() - start) * 1000


LETTERS = "gtaewkmsbvcd"
"""The first letter of each search (every one changes the list: a few to a hundred lines)."""


async def _reference_keys(settings: Settings, folder: Path) -> dict[str, list[float]]:
    from textual.widgets import Input

    from companion.ui.app import StuporSoloApp

    app = StuporSoloApp(folder, insight=False)
    found: dict[str, list[float]] = {"search": [], "toggle": [], "open": []}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        _game_under_way(app.session, settings)
        table = bench_table_class()()
        await app.push_screen(table)
        await quiet(pilot)
        for run in range(settings.key_runs + 1):  # the first round warms up
            app.set_focus(None)
            await quiet(pilot)
            toggle = await press(pilot, TOGGLE_KEY)
            opened = await press(pilot, "f1")
            if app.screen is table:
                raise RuntimeError("F1 on the Table did not open the Reference")
            search = app.screen.query_one("#reference-search", Input)
            await quiet(pilot)
            letter = LETTERS[run % len(LETTERS)]
            searched = await _letter_and_search(pilot, letter)
            if search.value != letter:
                raise RuntimeError(f"the search field holds {search.value!r}, not {letter!r}")
            if run:
                found["toggle"].append(toggle)
                found["open"].append(opened)
                found["search"].append(searched)
            app.pop_screen()
            await quiet(pilot)
    return found


def reference_search(settings: Settings, space: Workspace) -> list[Result]:
    """A search keystroke in the Reference, and F1 opening it from the Table, each against
    the Table's label-toggle key timed in the same rounds."""
    found = asyncio.run(_reference_keys(settings, space.data_dir()))
    search, toggle, opened = found["search"], found["toggle"], found["open"]
    reference = median(toggle)
    toggled = f"'{TOGGLE_KEY}' on the Table, toggling one label"
    return [
        Result(
            "reference_search",
            2.0,
            median(search),
            reference,
            what="a letter in the Reference's search field until the list and entry are drawn",
            reference_what=toggled,
            notes=[f"{len(search)} presses each; runs (ms): {spread(search)} vs {spread(toggle)}"],
        ),
        Result(
            "reference_open",
            2.0,
            median(opened),
            reference,
            what="F1 on the Table until the Reference is drawn and idle (shown again, at the "
            "top of every entry, after a search)",
            reference_what=toggled + " (the same presses)",
            notes=[f"{len(opened)} openings; runs (ms): {spread(opened)} vs {spread(toggle)}"],
        ),
    ]
