"""The Review's "Your turns" panel (issue 38): judged in the background after the screen is
drawn, with a progress line; then every turn with the three costliest marked, as a table
when wide and stacked at 80 columns; a key pressed while it works is handled at once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from companion.ui.app import StuporSoloApp
from companion.ui.screens import review_turns
from companion.ui.screens.review import ReviewScreen
from companion.ui.screens.review_turns import STAR, TurnsPanel
from tests.app.history_helpers import open_history, settle_workers
from tests.app.pilot_helpers import plain
from tests.judged_game import TURNS, finish_game, finish_scripted_game

QUICK = 4
"""Rollouts per turn in these tests: the fewest that show a loss on this game."""


@pytest.fixture
def reported(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, str]]:
    """Every progress the panel shows: ``(done, total, the progress line then)``."""
    seen: list[tuple[int, int, str]] = []
    show = TurnsPanel._progress

    def spy(panel: TurnsPanel, done: int, total: int) -> None:
        show(panel, done, total)
        line = panel.query_one("#review-turns-progress", Static)
        seen.append((done, total, plain(line.content)))

    monkeypatch.setattr(TurnsPanel, "_progress", spy)
    return seen


async def open_review(pilot: Any) -> ReviewScreen:
    await open_history(pilot)
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("v")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


def judging(app: StuporSoloApp) -> list[Worker[Any]]:
    return [w for w in app.workers if w.group == "review-turns"]


async def test_your_turns_are_judged_after_a_progress_line_the_costliest_marked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reported: list[tuple[int, int, str]]
) -> None:
    monkeypatch.setattr(review_turns, "BUDGET", QUICK)
    finish_scripted_game(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_review(pilot)
        panel = screen.query_one("#review-turns", TurnsPanel)
        progress = screen.query_one("#review-turns-progress", Static)
        assert plain(progress.content).startswith("Judging your turns")
        await settle_workers(pilot)
        assert reported[0][:2] == (0, TURNS) and reported[-1][:2] == (TURNS, TURNS)
        assert reported[1][2] == f"Judging your turns: {reported[1][0]} of {TURNS}…"
        assert panel.turns is not None and len(panel.turns) == TURNS
        assert len(panel.top) == 3 and all(turn in panel.turns for turn in panel.top)
        assert not progress.display
        summary = plain(screen.query_one("#review-turns-summary", Static).content)
        assert summary.startswith(f"{STAR} Costliest: Round {panel.top[0].round}, turn ")
        table = screen.query_one("#review-turns-table", Static)
        assert table.display and not screen.query_one("#review-turns-list", Static).display
        shown = table.content
        assert isinstance(shown, Table) and shown.row_count == TURNS
        stars = [plain(cell) for cell in shown.columns[0].cells]
        marked = [turn for turn, star in zip(panel.turns, stars, strict=True) if star == STAR]
        assert sorted(marked, key=lambda t: -t.expected_loss) == list(panel.top)
        # the engine's words are shown as they are, never read as markup
        played = [cell for cell in shown.columns[4].cells]
        assert all(isinstance(cell, Text) for cell in played)
        assert [plain(cell) for cell in played] == [turn.played for turn in panel.turns]


async def test_at_80_columns_the_turns_stack(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(review_turns, "BUDGET", QUICK)
    finish_scripted_game(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        await settle_workers(pilot)
        stacked = screen.query_one("#review-turns-list", Static)
        assert stacked.display and not screen.query_one("#review-turns-table", Static).display
        shown = stacked.content
        assert isinstance(shown, Group)
        heads = [plain(part) for part in shown.renderables if isinstance(part, Text)]
        assert len(heads) == TURNS
        assert sum(head.startswith(STAR) for head in heads) == 3
        assert heads[0].endswith("Round 1, turn 1 · lost " + heads[0].rsplit(" lost ", 1)[1])


async def test_escape_while_judging_closes_the_screen_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reported: list[tuple[int, int, str]]
) -> None:
    monkeypatch.setattr(review_turns, "BUDGET", 10_000)  # far longer than the test
    finish_scripted_game(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_history(pilot)
        await pilot.press("enter")
        await pilot.pause()
        # keys posted as the terminal sends them: the pilot's own wait until the processor
        # is idle (which it is not while judging) would time the wait, not the key
        app.post_message(events.Key("v", "v"))
        for _ in range(500):  # until the judge is under way
            if reported:
                break
            await asyncio.sleep(0.01)
        assert isinstance(app.screen, ReviewScreen)
        [worker] = judging(app)
        await asyncio.sleep(0.2)
        assert worker.state is WorkerState.RUNNING
        started = time.perf_counter()
        app.post_message(events.Key("escape", None))
        while isinstance(app.screen, ReviewScreen) and time.perf_counter() - started < 5:
            await asyncio.sleep(0.002)
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
        # closed while the judge was still at work (it takes seconds): the screen did not
        # wait for it, and its worker was cancelled rather than left to finish
        assert worker.state is WorkerState.CANCELLED and not judging(app)


async def test_a_game_the_coach_cannot_weigh_says_so(tmp_path: Path) -> None:
    finish_game(tmp_path, ())  # kept before your first turn: nothing to weigh
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_review(pilot)
        await settle_workers(pilot)
        summary = plain(screen.query_one("#review-turns-summary", Static).content)
        assert summary == "The Coach could weigh none of your turns in this game."
        assert not screen.query_one("#review-turns-table", Static).display


async def test_a_game_without_a_document_judges_nothing(tmp_path: Path) -> None:
    from companion.storage import HistoryStore
    from tests.records import game_record

    HistoryStore(tmp_path).add(game_record(id="quick1", source="quick"))
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_review(pilot)
        await pilot.pause()
        assert not screen.query_one("#review-turns").display and not judging(app)
