"""Background work on the event loop: it runs in short turns and sits out while input
arrives (companion.ui.background), and the Table's computation it runs
(companion.ui.views.insight)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Generator

import pytest

from companion.ui import background
from companion.ui.background import InputGate, run_in_turns
from companion.ui.views.insight import FORECAST_RUNS, insight_steps
from solo_deck import SoloGame, forecast_rounds_left, removal_before_your_next_turn
from tests.app.game_script import script_setup


def counting(steps: int, log: list[float]) -> Generator[None, None, str]:
    for _ in range(steps):
        log.append(time.monotonic())
        yield
    return "done"


async def test_run_in_turns_returns_what_the_steps_return_and_lets_the_loop_run() -> None:
    log: list[float] = []
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    other = asyncio.ensure_future(ticker())
    result = await run_in_turns(counting(20_000, log), InputGate())
    other.cancel()
    assert result == "done" and len(log) == 20_000
    assert ticks > 0  # the loop ran other work between the turns


class RecordingGate(InputGate):
    """The app's gate, noting when each turn of background work begins."""

    def __init__(self) -> None:
        super().__init__()
        self.turns: list[float] = []

    async def next_turn(self) -> None:
        await super().next_turn()
        self.turns.append(time.monotonic())


async def test_input_pauses_the_work_until_it_has_been_quiet() -> None:
    gate = RecordingGate()
    log: list[float] = []
    task = asyncio.ensure_future(run_in_turns(counting(10**9, log), gate))
    while len(gate.turns) < 3:  # the work is under way
        await asyncio.sleep(0.001)
    gate.input_arrived()
    pressed, before = gate.last_input, len(gate.turns)
    await asyncio.sleep(background.INPUT_QUIET / 2)
    # The turn under way may end (one step may overrun it); no turn begins while the
    # input is recent, however busy the machine (the clock is read as each turn begins).
    started = gate.turns[before:]
    assert all(t >= pressed + background.INPUT_QUIET for t in started), started
    while len(gate.turns) == before:  # it goes on once the input has been quiet
        await asyncio.sleep(0.01)
    assert gate.turns[-1] >= pressed + background.INPUT_QUIET
    assert log[-1] > pressed  # and the steps go on with it
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_cancelling_the_task_closes_the_steps() -> None:
    closed: list[bool] = []

    def endless() -> Generator[None, None, None]:
        try:
            while True:
                yield
        finally:
            closed.append(True)

    task = asyncio.ensure_future(run_in_turns(endless(), InputGate()))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert closed == [True]


def test_insight_steps_give_the_engine_figures() -> None:
    game = SoloGame(script_setup())
    state, ruleset = game.state, game.setup.ruleset
    steps = insight_steps(state, ruleset, 1.5)
    count = 0
    while True:
        try:
            next(steps)
            count += 1
        except StopIteration as done:
            risk, forecast = done.value
            break
    assert count > len(state.voyage.ports)  # one step per port, then the playouts
    assert risk == {
        port: removal_before_your_next_turn(state, port, ruleset)
        for port in range(len(state.voyage.ports))
    }
    assert forecast == forecast_rounds_left(
        state, ruleset, simulations=FORECAST_RUNS, seed=state.round, edicts_per_round=1.5
    )


def test_insight_steps_reuse_the_odds_they_are_given() -> None:
    game = SoloGame(script_setup())
    kept = {0: removal_before_your_next_turn(game.state, 0, game.setup.ruleset)}
    steps = insight_steps(game.state, game.setup.ruleset, None, kept)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            risk, forecast = done.value
            break
    assert risk is kept
    assert forecast.edicts_per_round == 1.0  # no round completed yet: one per round
