"""Touch in the browser: a swipe scrolls what is under the finger (a phone has no wheel and
a scrollbar a finger can hardly hit)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.browser.served import Page, Served
from tests.browser.test_browser import saved_game, until

OpenPage = Callable[..., Page]


FOLDS = ("Frederick's palace", "Edict row", "Round & solo deck")


def row_of(screen: list[str], text: str) -> int:
    """The first row showing ``text`` (-1 when none does)."""
    return next((row for row, line in enumerate(screen) if text in line), -1)


def test_a_swipe_scrolls_the_phone_table(data_folder: Path, open_page: OpenPage) -> None:
    saved_game(data_folder)
    served = Served(data_folder).start()
    try:
        page = open_page(390, 844)
        page.open(served.url)
        page.keys("r", pause=800)  # resume
        until(lambda: any("What to do" in line for line in page.screen()), what="the Table")
        folds = [row_of(page.screen(), f"▶ {fold}") for fold in FOLDS]
        for row in reversed(folds):  # from the bottom up: the rows above stay put
            page.tap_cell(3, row)  # open three panels: more than a phone's height
            page.page.wait_for_timeout(800)
        before = page.screen()
        rows = page.size[1]
        board = row_of(before, "Round & solo deck")
        page.swipe(rows * 3 // 4, rows // 2)  # the finger goes up: the content follows
        after = page.screen()
        assert 0 <= row_of(after, "Round & solo deck") < board, "the swipe did not scroll"
        assert row_of(after, "Stupor Mundi") == 0  # the column scrolled, not the page
        page.swipe(rows // 2, rows * 3 // 4)  # and back down
        back = row_of(page.screen(), "Round & solo deck")
        assert row_of(after, "Round & solo deck") < back <= board  # lines add up roughly
    finally:
        assert served.stop() == 0


def test_a_landscape_tablet_shows_every_panel(data_folder: Path, open_page: OpenPage) -> None:
    saved_game(data_folder)
    served = Served(data_folder).start()
    try:
        page = open_page(1024, 768)
        # A tablet's browser drew 107 columns at 1024 px; here the font is a bit wider.
        page.open(served.url + "?fontsize=17")
        page.keys("r", pause=800)  # resume
        until(lambda: row_of(page.screen(), "What to do") >= 0, what="the Table")
        screen = page.screen()
        page.picture("tablet-landscape-table")
        # (the Screenshot notices may cover the deck's title: its lines are looked for)
        assert 100 <= page.size[0] < 110, (page.size, screen[0])
        for title in ("Frederick's palace", "Edict row", "Next card", "Your board"):
            row = row_of(screen, title)
            assert row >= 0 and "▶" not in screen[row], (title, screen)  # a panel, not a fold
        assert row_of(screen, "Voyage · odds") >= 0, screen
    finally:
        assert served.stop() == 0


def test_three_lines_make_a_finger_s_target_on_a_phone(served: Served, open_page: OpenPage) -> None:
    """The app makes every target three lines tall in a browser (tests/app/
    test_touch_targets.py, test_touch_lines.py); here three lines measure at least 44 px on
    a 390x844 phone, and the Start menu's lines are three lines apart."""
    page = open_page(390, 844)
    page.open(served.url)
    height = page.page.evaluate(
        "document.querySelector('.xterm-screen').getBoundingClientRect().height"
    )
    rows = page.size[1]
    assert 3 * height / rows >= 44, (height, rows)
    # a list's lines are three rows too: the Start menu's text rows are three apart
    until(lambda: row_of(page.screen(), "History of finished games") >= 0, what="the menu")
    screen = page.screen()
    assert row_of(screen, "History of finished games") - row_of(screen, "New game") == 3
