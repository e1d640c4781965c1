"""Background work that answers more than once: a first answer soon, sharper ones as it goes
on (the Coach's rollouts), on the UI's own event loop and giving way to the player's input,
as :func:`companion.ui.background.run_in_turns` runs the odds.

The work is a generator that yields ``None`` after each small step and an answer now and
then; :func:`run_answering` drives it in turns of at most
:data:`~companion.ui.background.TURN_SECONDS`, sits out while input arrives (the
:class:`~companion.ui.background.InputGate`), and hands every answer to ``deliver`` as soon
as it is yielded (the turn then ends, so the answer is drawn before the work goes on).
Cancelling the awaiting task (the screen that shows the answers closes, its worker is
cancelled) closes the generator: nothing runs on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, TypeVar

from companion.ui.background import TURN_SECONDS

if TYPE_CHECKING:
    from companion.ui.background import InputGate

A = TypeVar("A")


async def run_answering(
    steps: Generator[A | None, None, A], gate: InputGate, deliver: Callable[[A, bool], None]
) -> A:
    """Drive ``steps`` to its end (see the module); ``deliver(answer, last)`` gets each
    answer yielded (``last`` False) and the one returned at the end (``last`` True), which
    is also returned."""
    try:
        while True:
            await gate.next_turn()
            deadline = time.perf_counter() + TURN_SECONDS
            while True:
                try:
                    step = next(steps)
                except StopIteration as done:
                    result: A = done.value
                    deliver(result, True)
                    return result
                if step is not None:
                    deliver(step, False)
                    break
                if time.perf_counter() >= deadline:
                    break
    finally:
        steps.close()
