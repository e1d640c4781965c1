"""In a browser a dialog's list lines are at least three rows tall (a blank row above and
below the text), and a tap on any row of a line shows that line (issue 27); in a terminal
they take only their text's rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.widgets.keyed_list import KeyedList
from tests.app.pilot_helpers import SIZE, open_table, press_and_settle, settle
from tests.app.touch_helpers import PHONE, TALL, line_rows


async def play_list(app: StuporSoloApp, pilot: object) -> KeyedList:
    """The Play a card dialog's list, opened from the Table."""
    await open_table(app, pilot)
    await press_and_settle(pilot, "enter")
    assert isinstance(app.screen, PlayCardModal)
    return app.screen.query_one("#choice", KeyedList)


@pytest.mark.usefixtures("in_a_browser")
async def test_a_dialog_s_lines_are_three_rows_and_each_row_taps_its_line(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        listing = await play_list(app, pilot)
        count = listing.option_count
        assert count >= 3
        assert min(line_rows(listing)) >= TALL
        assert listing.virtual_size.height == sum(line_rows(listing))
        top = listing.content_region.y - listing.region.y
        shown = [
            line
            for line in range(count)
            if listing._index_to_line[line] + line_rows(listing)[line]
            <= listing.scrollable_content_region.height
        ]
        assert len(shown) >= 3
        for line in (shown[0], shown[1], shown[-1]):
            start, height = listing._index_to_line[line], line_rows(listing)[line]
            for row in (0, height // 2, height - 1):  # the first, a middle and the last row
                listing.highlighted = 1 if line == 0 else 0
                await settle(pilot)
                assert listing.scroll_offset.y == 0
                await pilot.click(listing, offset=(6, top + start + row))
                await settle(pilot)
                assert isinstance(app.screen, PlayCardModal)  # a tap only shows the line
                assert listing.highlighted == line, (line, row)
        # the text sits between a blank row above and one below
        option = listing.get_option_at_index(0)
        texts = [listing.render_line(y).text.strip() for y in range(line_rows(listing)[0])]
        assert texts[0] == texts[-1] == ""
        assert " ".join(texts[1:-1]).split() == str(option.prompt).split()


async def test_in_a_terminal_a_dialog_s_lines_are_one_row(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        listing = await play_list(app, pilot)
        option = listing.get_option_at_index(0)
        assert listing.render_line(0).text.strip() == str(option.prompt)
        assert line_rows(listing)[0] == 1
