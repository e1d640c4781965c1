"""Background work on the UI's own thread that always lets the player's input go first.

The Table's odds and forecast take a few hundred milliseconds of pure Python. In a thread
they shared the interpreter lock with the user interface: every time the event loop let
the lock go (many times per key) it waited for the busy thread to hand it back, and a
key pressed meanwhile took about twice as long as on a quiet app. A second process would
avoid that at the price of a second copy of the engine in memory (about as much as the
whole app).

Instead the work is a generator that does a little at a time (a few playouts, one port's
odds), run on the event loop in turns of at most :data:`TURN_SECONDS`, and it sits out
while the player is using the keyboard or the mouse: an input event pauses it at once, as
it is posted to the app, until no input has arrived for :data:`INPUT_QUIET` seconds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")

TURN_SECONDS = 0.001
"""The longest the background works before it lets the event loop run again."""

INPUT_QUIET = 0.1
"""Seconds without a key or mouse event before the background work goes on."""


class InputGate:
    """When background work may run: not while the player's input is being handled."""

    def __init__(self) -> None:
        self.last_input = -float("inf")
        """``time.monotonic()`` of the last input event posted to the app."""

    def input_arrived(self) -> None:
        """A key or mouse event was posted: background work pauses."""
        self.last_input = time.monotonic()

    def waiting(self) -> float:
        """Seconds until the background may work again (0: now)."""
        return max(0.0, self.last_input + INPUT_QUIET - time.monotonic())

    async def next_turn(self) -> None:
        """Let the event loop run once, then wait until no input is recent."""
        await asyncio.sleep(0)
        while (wait := self.waiting()) > 0:
            await asyncio.sleep(wait)


async def run_in_turns(steps: Generator[Any, None, T], gate: InputGate) -> T:
    """Drive ``steps`` to its end in turns of at most :data:`TURN_SECONDS` (one step may
    overrun it), giving way to input between turns; returns what the generator returns.
    Cancelling the awaiting task closes the generator."""
    try:
        while True:
            await gate.next_turn()
            deadline = time.perf_counter() + TURN_SECONDS
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    result: T = done.value
                    return result
                if time.perf_counter() >= deadline:
                    break
    finally:
        steps.close()
