"""Rich's cell-width cache stays small over a long game: emptied once it holds more than
its limit, left alone below it, and the Table bounds it each time it draws."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cached_cell_len, cell_len

from companion.ui.app import StuporSoloApp
from companion.ui.framework.text_caches import CELL_CACHE_LIMIT, bound_cell_cache
from tests.app.pilot_helpers import SIZE, open_table, settle


def fill(count: int) -> None:
    cached_cell_len.cache_clear()
    for n in range(count):
        assert cell_len(f"line {n} · 3 VP") == len(f"line {n} · 3 VP")


def test_the_cache_is_emptied_only_over_its_limit() -> None:
    fill(CELL_CACHE_LIMIT)
    assert not bound_cell_cache()
    assert cached_cell_len.cache_info().currsize == CELL_CACHE_LIMIT
    fill(CELL_CACHE_LIMIT + 1)
    assert bound_cell_cache()
    assert cached_cell_len.cache_info().currsize == 0
    assert cell_len("Friedrich · 2 SP") == 16  # measured again, the same


async def test_the_table_bounds_the_cache_when_it_draws(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(app, pilot)
        fill(4 * CELL_CACHE_LIMIT)
        table.refresh_state()
        await settle(pilot)
        assert cached_cell_len.cache_info().currsize <= CELL_CACHE_LIMIT
