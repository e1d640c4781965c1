"""In a browser a Select's open list has three-row lines (a blank row above and below the
text, highlighted with it) and a tap on any row of a line picks that line; its closed box
is three rows too, a compact one included. Typing and the arrow keys move in the list as
before. In a terminal the list's lines stay one row and a compact box one row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay

from companion.ui.app import StuporSoloApp
from companion.ui.widgets.touch_select import TouchSelect
from tests.app.pilot_helpers import SIZE, press_and_settle, settle
from tests.app.setup_helpers import open_setup
from tests.app.touch_helpers import PHONE, TALL, line_rows


async def open_house(app: StuporSoloApp, pilot: Any) -> tuple[Select[Any], SelectOverlay]:
    """The New game form's House Select, focused and opened by Enter: it and its list."""
    screen = await open_setup(app, pilot)
    select: Select[Any] = screen.query_one("#house-select", Select)
    assert all(isinstance(field, TouchSelect) for field in screen.query(Select))
    select.focus()
    await settle(pilot)
    await press_and_settle(pilot, "enter")
    overlay = select.query_one(SelectOverlay)
    assert select.expanded and overlay.has_focus
    return select, overlay


def row_texts(overlay: SelectOverlay, index: int) -> list[str]:
    """The text of each row of the line ``index`` of ``overlay`` (scrolled to the top)."""
    start = overlay._index_to_line[index]
    return [overlay.render_line(start + y).text.strip() for y in range(line_rows(overlay)[index])]


def row_backgrounds(overlay: SelectOverlay, index: int) -> list[set[Any]]:
    """The background colours of each row of the line ``index`` of ``overlay``."""
    start = overlay._index_to_line[index]
    return [
        {segment.style.bgcolor for segment in overlay.render_line(start + y) if segment.style}
        for y in range(line_rows(overlay)[index])
    ]


async def mount_beside(pilot: Any, select: Select[Any], added: Select[Any]) -> None:
    """Mount ``added`` in the container of ``select`` (a compact Select: the form has none)."""
    container = select.parent
    assert isinstance(container, Widget)
    await container.mount(added)
    await settle(pilot)


async def tap_line(pilot: Any, overlay: SelectOverlay, index: int, row: int) -> None:
    """Click the row ``row`` of the line ``index`` of the open ``overlay``."""
    top = overlay.content_region.y - overlay.region.y
    await pilot.click(overlay, offset=(4, top + overlay._index_to_line[index] + row))
    await settle(pilot)


@pytest.mark.usefixtures("in_a_browser")
async def test_a_select_s_lines_are_three_rows_and_a_tap_on_any_row_picks_its_line(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        select, overlay = await open_house(app, pilot)
        count = overlay.option_count
        assert count >= 3
        assert line_rows(overlay) == [TALL] * count
        assert overlay.max_scroll_y == 0  # every line shown at once
        prompts = [str(prompt) for prompt, _ in select._options]
        chosen = overlay.highlighted
        assert chosen is not None and select.value == select._options[chosen][1]
        other = (chosen + 1) % count
        for index in (chosen, other):
            assert row_texts(overlay, index) == ["", prompts[index], ""]
        # the highlight covers the three rows of its line and no row of another line
        lit, unlit = row_backgrounds(overlay, chosen), row_backgrounds(overlay, other)
        assert lit[0] == lit[1] == lit[2] and len(lit[0]) == 1
        assert unlit[0] == unlit[1] == unlit[2] and lit[0] != unlit[0]
        # a tap on a line's top row, then on another's bottom row, picks that line
        for index, row in ((count - 1, 0), (other, TALL - 1)):
            if not select.expanded:
                await press_and_settle(pilot, "enter")
            await tap_line(pilot, overlay, index, row)
            assert not select.expanded
            assert select.value == select._options[index][1], (index, row)
        # the keys move by whole lines and typing still searches
        await press_and_settle(pilot, "enter")
        await press_and_settle(pilot, "down")
        assert overlay.highlighted == (other + 1) % count
        wanted = count - 1 if other != count - 1 else 0
        await press_and_settle(pilot, *prompts[wanted][:3].lower(), "enter")
        assert select.value == select._options[wanted][1]
        assert str(select.query_one(SelectCurrent).label) == prompts[wanted]


@pytest.mark.usefixtures("in_a_browser")
async def test_a_select_s_closed_box_is_three_rows_and_a_tap_on_its_top_row_opens_it(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        screen = await open_setup(app, pilot)
        compact = TouchSelect([("one", 1), ("two", 2)], compact=True, id="compact")
        await mount_beside(pilot, screen.query_one("#house-select", Select), compact)
        boxes = [select.query_one(SelectCurrent) for select in screen.query(Select)]
        shown = [box for box in boxes if box.region.height]
        assert compact.query_one(SelectCurrent) in shown
        assert [box for box in shown if box.region.height < TALL] == []
        compact.scroll_visible(animate=False)
        await settle(pilot)
        await pilot.click(compact.query_one(SelectCurrent), offset=(2, 0))
        await settle(pilot)
        assert compact.expanded


async def test_in_a_terminal_a_select_s_lines_and_compact_box_are_one_row(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        select, overlay = await open_house(app, pilot)
        count = overlay.option_count
        assert line_rows(overlay) == [1] * count
        prompts = [str(prompt) for prompt, _ in select._options]
        assert [row_texts(overlay, index) for index in range(count)] == [[p] for p in prompts]
        await tap_line(pilot, overlay, count - 1, 0)
        assert select.value == select._options[count - 1][1]
        compact = TouchSelect([("one", 1)], compact=True)
        await mount_beside(pilot, select, compact)
        assert compact.query_one(SelectCurrent).region.height == 1
