"""The Coach on the Table (c): lit at the start of your turn, it opens on three turns
the engine accepts, sharpens in the background without holding up a key, closes with
Escape and records nothing; away from the start of a turn it says why and opens nothing.
Snapshots at 120x40 and 80x24 of a finished answer (a budget of a few games)."""

from __future__ import annotations

import asyncio
import contextlib
import doctest
import io
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual import events
from textual.widgets import OptionList, Static
from textual.worker import WorkerState

from benchmarks.coach_gen import coach_game
from companion.config import CoachOptions, Config, LoadedConfig, parse_config
from companion.config.schema import config_schema, example_config
from companion.ui.app import StuporSoloApp
from companion.ui.background import InputGate
from companion.ui.screens.modals.coach import COACH_GROUP, CoachModal
from companion.ui.screens.table import TableScreen
from companion.ui.sharpening import run_answering
from companion.ui.widgets.key_footer import KeyFooter
from solo_deck import Phase, SoloGame
from tests.app.pilot_helpers import SIZE, open_table, settle

COACH_KEY = "c"
WAIT = 60.0
"""The longest a test waits for an answer (about half a second here)."""


async def coach_table(app: StuporSoloApp, pilot: Any, rounds: int = 2) -> TableScreen:
    """The Table of a game under way, at the start of a turn the Coach can weigh."""
    setup, played = coach_game(seed=3, rounds=rounds)
    return await open_table(app, pilot, *played, setup=setup)


async def until(check: Any, what: str, seconds: float = WAIT) -> None:
    """Wait (bounded) until ``check()``, letting the app run."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.005)


async def open_coach(app: StuporSoloApp, pilot: Any, answers: int = 1) -> CoachModal:
    """Press the Coach's key and wait for its first ``answers`` answers."""
    await pilot.press(COACH_KEY)
    await until(lambda: isinstance(app.screen, CoachModal), "the Coach to open")
    coach = app.screen
    assert isinstance(coach, CoachModal)
    await until(lambda: coach.answers >= answers, "the Coach's answer")
    return coach


def post_key(app: StuporSoloApp, key: str) -> None:
    """Send ``key`` as the terminal would (Pilot's press waits for the CPU to go idle,
    and the Coach keeps it busy)."""
    event = events.Key(key, None)
    event.set_sender(app)
    app._driver.send_message(event)  # type: ignore[union-attr]


def text_of(widget: Static) -> str:
    """What a Static shows, as plain text (its content may be a group of rich renderables)."""
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


def running(app: StuporSoloApp) -> list[Any]:
    return [w for w in app.workers if w.group == COACH_GROUP and w.state is WorkerState.RUNNING]


def footer_keys(table: TableScreen) -> dict[str, bool]:
    return {e.description: e.enabled for e in table.query_one(KeyFooter).entries}


async def play_until(app: StuporSoloApp, table: TableScreen, pilot: Any, phase: Phase) -> None:
    """Push the first move the engine lists (Frederick's turn, a tile, your decisions)
    until the game reaches ``phase``; then redraw the Table."""
    while app.session.state.phase is not phase:
        game = SoloGame.at(app.session.setup, app.session.state)
        app.session.push(game.legal_moves()[0].event)
    table.refresh_state()
    await settle(pilot)


async def test_the_key_is_lit_at_the_start_of_your_turn_only(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await coach_table(app, pilot)
        assert table.check_action("coach", ()) is True
        assert footer_keys(table)["Coach"] is True
        game = SoloGame.at(app.session.setup, app.session.state)
        first = next(move.event for move in game.legal_moves() if move.decision)
        app.session.push(first)  # your turn has begun: the Coach weighs whole turns
        table.refresh_state()
        await settle(pilot)
        assert table.check_action("coach", ()) is None
        assert footer_keys(table)["Coach"] is False  # dimmed
        await play_until(app, table, pilot, Phase.FREDERICK)
        assert table.check_action("coach", ()) is None  # his turn: dimmed
        await play_until(app, table, pilot, Phase.END_PHASE)
        assert table.check_action("coach", ()) is False  # no turn of yours before next round
        assert "Coach" not in footer_keys(table)


async def test_away_from_the_start_of_a_turn_it_says_why_and_opens_nothing(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        table = await coach_table(app, pilot)
        game = SoloGame.at(app.session.setup, app.session.state)
        first = next(move.event for move in game.legal_moves() if move.decision)
        app.session.push(first)
        table.refresh_state()
        await settle(pilot)
        before = app.session.events
        await pilot.press(COACH_KEY)
        await settle(pilot)
        assert app.screen is table
        told = [str(n.message) for n in app._notifications]
        assert any("ask at the start of your turn" in message for message in told), told
        assert app.session.events == before


async def test_the_coach_shows_three_turns_the_engine_accepts_and_closes(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await coach_table(app, pilot)
        before = app.session.events
        coach = await open_coach(app, pilot)
        answer = coach.answer
        assert answer is not None and len(answer.lines) == 3
        assert answer.aim == "Feudal lord"  # the [coach] aim_title default
        for line in answer.lines:
            app.session.preview_all(line.events)  # the engine accepts each turn (no raise)
            assert line.lines and len(line.lines) == len(line.events)
        turns = coach.query_one("#coach-turns", OptionList)
        assert turns.option_count == 3
        header = str(coach.query_one("#coach-header", Static).content)
        assert "Aiming at Feudal lord" in header and "games played" in header
        shown = text_of(coach.query_one("#coach-decisions", Static))
        assert shown.startswith("Turn 1,") and answer.lines[0].lines[0] in shown
        assert running(app)  # still sharpening
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table
        assert not running(app)  # the games stop with the dialog
        assert app.session.events == before  # nothing recorded


async def test_a_key_is_handled_at_once_while_the_coach_computes(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await coach_table(app, pilot)
        coach = await open_coach(app, pilot)
        turns = coach.query_one("#coach-turns", OptionList)
        assert turns.highlighted == 0 and running(app)
        posted = time.perf_counter()
        post_key(app, "down")
        await until(lambda: turns.highlighted == 1, "the key to move to the second turn")
        took = time.perf_counter() - posted
        assert took < 0.5, took  # a step of the games at most, not the games
        assert running(app)  # the key did not wait for the computation to end
        answers = coach.answers
        await until(lambda: coach.answers > answers, "a sharper answer after the key")
        assert turns.highlighted is not None
        decisions = text_of(coach.query_one("#coach-decisions", Static))
        assert decisions.startswith(f"Turn {turns.highlighted + 1},")


async def test_the_turn_chosen_stays_chosen_as_the_answers_sharpen(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await coach_table(app, pilot)
        coach = await open_coach(app, pilot)
        turns = coach.query_one("#coach-turns", OptionList)
        post_key(app, "down")
        await until(lambda: turns.highlighted == 1, "the second turn")
        chosen = turns.get_option_at_index(1).id
        answers = coach.answers
        await until(lambda: coach.answers >= answers + 3, "three more answers")
        highlighted = turns.highlighted
        assert highlighted is not None
        ids = [option.id for option in turns.options]
        assert chosen not in ids or turns.get_option_at_index(highlighted).id == chosen


def test_the_view_s_and_the_game_s_examples() -> None:
    import benchmarks.coach_gen
    import companion.ui.views.coach

    for module in (companion.ui.views.coach, benchmarks.coach_gen):
        assert doctest.testmod(module).failed == 0


async def test_answers_are_handed_on_as_they_come_and_a_cancel_stops_the_work() -> None:
    closed: list[str] = []

    def steps() -> Generator[str | None, None, str]:
        try:
            yield None
            yield "first"
            yield None
            yield "sharper"
            return "last"
        finally:
            closed.append("steps")

    got: list[tuple[str, bool]] = []
    result = await run_answering(steps(), InputGate(), lambda a, last: got.append((a, last)))
    assert result == "last" and closed == ["steps"]
    assert got == [("first", False), ("sharper", False), ("last", True)]

    def endless() -> Generator[str | None, None, str]:
        try:
            while True:
                yield None
        finally:
            closed.append("endless")

    task = asyncio.ensure_future(run_answering(endless(), InputGate(), lambda a, last: None))
    await asyncio.sleep(0.02)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert closed == ["steps", "endless"]


def test_the_aim_is_a_setting_of_its_own() -> None:
    config, problems = parse_config(b'[coach]\naim_title = "Duke"\n')
    assert problems == [] and config.coach.aim_title == "Duke"
    default, _ = parse_config(b"")
    assert default.coach.aim_title == "Feudal lord"
    _, bad = parse_config(b'[coach]\naim_title = "King"\n')
    assert len(bad) == 1 and "aim_title" in bad[0] and "Feudal lord" in bad[0]
    schema = config_schema()["properties"]["coach"]["properties"]["aim_title"]
    assert schema["enum"] == ["Serf", "Knight", "Feudal lord", "Duke"]
    assert '# aim_title = "Feudal lord"' in example_config()


def test_the_games_for_one_answer_are_a_setting() -> None:
    config, problems = parse_config(b"[coach]\ngames = 40\n")
    assert problems == [] and config.coach.games == 40
    assert parse_config(b"")[0].coach.games == 0  # the engine's own limit
    bad, told = parse_config(b"[coach]\ngames = -3\n")
    assert bad.coach.games == 0 and len(told) == 1 and "games" in told[0]
    assert "# games = 200" in example_config()


async def test_the_coach_stops_at_the_games_the_config_allows(tmp_path: Path) -> None:
    config = LoadedConfig(Config(coach=CoachOptions(games=9)))
    app = StuporSoloApp(tmp_path, insight=False, config=config)
    async with app.run_test(size=SIZE) as pilot:
        await coach_table(app, pilot)
        coach = await open_coach(app, pilot)
        await until(lambda: coach.answer is not None and coach.answer.done, "the last answer")
        assert coach.answer is not None and coach.answer.games == 9
        await until(lambda: not running(app), "the games to stop")


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["120x40", "80x24"])
def test_coach_snapshot(
    snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """A final answer after 12 games (two rounds of the six turns played out): the same
    figures every time."""
    monkeypatch.setattr(CoachModal, "default_budget", 12)
    app = StuporSoloApp(tmp_path, insight=False)

    async def run_before(pilot: Any) -> None:
        await coach_table(app, pilot)
        coach = await open_coach(app, pilot)
        await until(lambda: coach.answer is not None and coach.answer.done, "the final answer")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
