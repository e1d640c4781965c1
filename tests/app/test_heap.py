"""Freed memory given back to the system: asked of glibc on Linux, nothing done where
there is no ``malloc_trim``, and asked each time the Table's odds and forecast are in."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.ui.app import StuporSoloApp
from companion.ui.framework import heap
from tests.app.pilot_helpers import SIZE, open_table


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_linux_asks_glibc_and_the_program_goes_on() -> None:
    kept = [bytearray(100_000) for _ in range(20)]
    del kept[::2]
    assert heap.release_freed_memory()
    assert sum(len(block) for block in kept) == 1_000_000


def test_without_malloc_trim_nothing_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heap, "_malloc_trim", lambda: None)
    assert not heap.release_freed_memory()


def test_elsewhere_than_linux_there_is_no_malloc_trim(monkeypatch: pytest.MonkeyPatch) -> None:
    heap._malloc_trim.cache_clear()
    monkeypatch.setattr(sys, "platform", "darwin")
    try:
        assert heap._malloc_trim() is None
    finally:
        heap._malloc_trim.cache_clear()


async def test_the_table_gives_memory_back_once_its_forecast_is_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[bool] = []

    def release() -> bool:
        asked.append(True)
        return True

    monkeypatch.setattr(heap, "release_freed_memory", release)
    app = StuporSoloApp(tmp_path, insight=True)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(app, pilot)
        for _ in range(400):
            if table.view is not None and table.view.forecast is not None and asked:
                break
            await pilot.pause(0.05)
        assert table.view is not None and table.view.forecast is not None
        assert asked
