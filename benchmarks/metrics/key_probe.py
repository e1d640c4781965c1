"""What a timed key waited for: Textual's layout passes and screen updates, restyles,
widgets mounted, screens opened, workers started and garbage collections, counted by
wrapping a few Textual methods while the key is timed (:class:`KeyProbe`), and how busy
the machine is (:func:`cpu_stretch`).

A key's time is CPU (the app's own work, then Textual laying out and drawing what
changed) plus waits (Textual draws at most once a frame; the game file is written and
synced to the disk). A key that mostly computes and one that mostly waits for frames
react differently to a machine whose CPU is shared with other processes: the first
takes longer in proportion, the second hardly. :func:`cpu_stretch` measures that
sharing, so a run's figures can be read against it.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any

from companion.ui.framework.probes import COUNTED_CALLS

COUNTED = COUNTED_CALLS
"""``(module, class, method, counter)``: each call of the method counts one."""


@dataclass
class KeyCounts:
    """What happened while one key was handled, until the screen was idle."""

    layouts: int = 0
    """Layout passes of the screen (Textual lays out again when a size changed)."""
    updates: int = 0
    """Screen updates drawn (frames written)."""
    restyles: int = 0
    """Style updates (a focus change or a class change restyles the nodes it touches)."""
    mounted: int = 0
    """Widgets mounted (a screen or a dialog opened)."""
    workers: int = 0
    """Workers started (the Table's odds and forecast run in one)."""
    gc_runs: int = 0
    gc_ms: float = 0.0
    """Garbage collections during the key, and their time."""
    screens: tuple[str, ...] = ()
    """The screens opened by the key (their class names)."""


class KeyProbe:
    """Counts :class:`KeyCounts` for the keys timed inside :meth:`watching`."""

    def __init__(self) -> None:
        self.current: KeyCounts | None = None
        self._gc_started = 0.0

    def _count(self, name: str) -> None:
        if self.current is not None:
            setattr(self.current, name, getattr(self.current, name) + 1)

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if self.current is None:
            return
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.current.gc_runs += 1
            self.current.gc_ms += (time.perf_counter() - self._gc_started) * 1000

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Wrap the counted methods (and watch the garbage collector) for the duration."""
        import importlib

        originals: list[tuple[Any, str, Callable[..., Any]]] = []
        for module_name, class_name, method, counter in COUNTED:
            owner = getattr(importlib.import_module(module_name), class_name)
            original = getattr(owner, method)
            originals.append((owner, method, original))
            setattr(owner, method, self._wrapped(original, counter))
        gc.callbacks.append(self._gc)
        try:
            yield
        finally:
            gc.callbacks.remove(self._gc)
            for owner, method, original in originals:
                setattr(owner, method, original)

    def _wrapped(self, original: Callable[..., Any], counter: str) -> Callable[..., Any]:
        def counting(*args: Any, **kwargs: Any) -> Any:
            self._count(counter)
            return original(*args, **kwargs)

        return counting

    @contextmanager
    def watching(self, app: Any) -> Iterator[KeyCounts]:
        """Count what happens from here to the end of the block (one key)."""
        counts = KeyCounts()
        stack = list(app.screen_stack)
        workers = set(app.workers)
        self.current = counts
        try:
            yield counts
        finally:
            self.current = None
            counts.workers = len(set(app.workers) - workers)
            counts.screens = tuple(
                type(screen).__name__ for screen in app.screen_stack if screen not in stack
            )


def summary(counts: list[KeyCounts]) -> str:
    """The median of each count over ``counts``, and the screens opened (how often)."""
    parts = []
    for item in fields(KeyCounts):
        if item.name == "screens":
            continue
        values = [getattr(count, item.name) for count in counts]
        middle = statistics.median(values)
        text = f"{middle:.1f}" if isinstance(middle, float) and item.name == "gc_ms" else ""
        parts.append(f"{item.name} {text or format(middle, 'g')} (max {max(values):g})")
    opened: dict[str, int] = {}
    for count in counts:
        for name in count.screens:
            opened[name] = opened.get(name, 0) + 1
    screens = ", ".join(f"{name} in {times}" for name, times in opened.items()) or "none"
    return f"{'; '.join(parts)}; screens opened: {screens}"


def _spin(rounds: int = 200_000) -> int:
    total = 0
    for number in range(rounds):
        total += number * number
    return total


def cpu_stretch(samples: int = 15) -> float:
    """Wall time over CPU time of a fixed piece of pure computation (median of
    ``samples``): about 1.0 on a machine with a CPU to spare, 2.0 when the process gets
    half a CPU because other processes compete for it."""
    _spin()
    ratios = []
    for _ in range(samples):
        wall, cpu = time.perf_counter(), time.process_time()
        _spin()
        ratios.append((time.perf_counter() - wall) / max(time.process_time() - cpu, 1e-6))
    return statistics.median(ratios)
