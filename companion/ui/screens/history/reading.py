"""Reading the history for a screen in a thread worker: the loading indicator only when the
read takes a while, and the read's warnings and a failed read told the same way on every
screen (History, Statistics)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar, cast

from textual.timer import Timer
from textual.widget import Widget
from textual.worker import Worker, WorkerState

from companion.i18n import _

LOADING_DELAY = 0.2
"""Seconds a read may take before the screen shows that it is still reading."""


class Reading(Protocol):
    """What a read of the history returns: its result and the problems met."""

    @property
    def problems(self) -> Sequence[str]: ...


ReadingT = TypeVar("ReadingT", bound=Reading)


def start_reading(
    screen: Widget, read: Callable[[], Reading], group: str, show_loading: Callable[[], None]
) -> Timer:
    """Run ``read`` in a thread worker of ``screen`` in ``group`` (it replaces a read not yet
    finished); ``show_loading`` is called if it still runs after :data:`LOADING_DELAY`.
    Returns that timer, to stop once the result is shown."""
    timer = screen.set_timer(LOADING_DELAY, show_loading)
    screen.run_worker(
        read, thread=True, group=group, name="read history", exclusive=True, exit_on_error=False
    )
    return timer


def reading_finished(
    screen: Widget, event: Worker.StateChanged, show: Callable[[ReadingT], None], empty: ReadingT
) -> None:
    """Once the read of ``event`` is done: tell its problems as warnings and ``show`` the
    result, or tell that it failed and ``show`` the ``empty`` one."""
    worker = event.worker
    if event.state == WorkerState.SUCCESS:
        reading = cast("ReadingT", worker.result)
        for message in reading.problems:
            screen.notify(message, severity="warning", timeout=10, markup=False)
        show(reading)
    elif event.state == WorkerState.ERROR:
        screen.notify(
            _("The history could not be read: {error}").format(error=worker.error),
            severity="error",
            markup=False,
        )
        show(empty)
