"""Issue 39, P1 on a phone: a notice never covers What to do nor a button it names, so the
tap What to do asks for reaches its button (a tap on a notice only closes the notice).

The reproduction of the issue: a face-up "+1 Stone" House card with a full warehouse, Put
back tapped in the dialog that opens by itself, then Frederick tapped. The screen is read
as text (served.py): a notice shows as a column of ``▌`` (its left edge) with its text."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from tests.browser.served import Page, Served, saved_events
from tests.browser.test_browser import until

OpenPage = Callable[..., Page]
BUTTONS = r"Frederick\s+Play card\s+Continue\s+Pass"
"""The first row of big buttons, each label whole: the buttons What to do names."""
PUT_BACK = r"\bPut back(?=\s+(Decline\s+)?Cancel\b)"


def full_warehouse(folder: Path) -> None:
    """A new game saved in ``folder``, your warehouse full (2 Grain, 1 Stone, one Wall)."""
    from companion.session import GameSession
    from solo_deck import GameSetup, initial_state, parse_edict

    tiles = [parse_edict(text) for text in ("2T", "1W 1K", "2G 1A", "1S", "1C", "1P")]
    setup = GameSetup(
        active_edicts=tuple(tiles[:3]), next_edicts=tuple(tiles[3:]), edict_pile=17, seed=5
    )
    state = initial_state(setup)
    full = {"walls": 1, "closed_sides": ("stone",), "grain": 2, "stone": 1}
    state = state.model_copy(update={"player": state.player.model_copy(update=full)})
    GameSession(folder).start(setup.model_copy(update={"start": state}))


def notice_rows(screen: list[str]) -> set[int]:
    """The rows a notice takes (its left edge is drawn with ``▌``)."""
    return {row for row, line in enumerate(screen) if "▌" in line}


def what_to_do_rows(screen: list[str]) -> range:
    """The rows of the What to do panel, its borders included."""
    top = next(row for row, line in enumerate(screen) if "What to do" in line)
    bottom = next(row for row in range(top, len(screen)) if screen[row].startswith("╰"))
    return range(top, bottom + 1)


def check_clear(screen: list[str]) -> int:
    """Check no notice covers What to do or the named buttons; the buttons' row."""
    text = "\n".join(screen)
    buttons = next((row for row, line in enumerate(screen) if re.search(BUTTONS, line)), -1)
    assert buttons >= 0, f"a named button is covered:\n{text}"
    panel = what_to_do_rows(screen)
    for row in panel[1:-1]:  # a notice over its right half hid the right border
        assert screen[row].rstrip().endswith("│"), f"What to do is covered:\n{text}"
    covered = notice_rows(screen) & ({*panel} | {buttons - 1, buttons, buttons + 1})
    assert not covered, f"notices over rows {sorted(covered)}:\n{text}"
    return buttons


def test_after_put_back_the_tap_on_frederick_reaches_him(
    data_folder: Path, open_page: OpenPage
) -> None:
    full_warehouse(data_folder)
    served = Served(data_folder).start()
    try:
        page = open_page(390, 844)
        # a larger font, as a phone's browser may use: fewer columns, the footer on two
        # lines (more keys on it make it as tall)
        page.open(served.url + "?fontsize=16")
        page.keys("r", pause=800)  # resume
        until(lambda: any("What to do" in line for line in page.screen()), what="the Table")
        page.page.wait_for_timeout(5500)  # the notices of the resume have gone
        page.keys("Enter", pause=1200)  # Play card
        page.tap_text(r"\b1  Face up")  # the "+1 Stone" House card
        page.tap_text(r"Play(?=\s+Cancel)")
        # Put back opens by itself: keys sent sooner than one can read it are not used, and
        # reading the screen sends keys (served.py): give it time to be seen first
        page.page.wait_for_timeout(1500)
        page.tap_text(PUT_BACK)
        until(lambda: saved_events(data_folder)[-1:] == ["drop_resources"], what="the drop")
        screen = page.screen()  # notices: the card's, and this test's own "Screenshot"
        page.picture("notices-after-put-back")
        buttons = check_clear(screen)
        again = page.screen()  # the screenshot's notice is up now
        assert notice_rows(again), "no notice to check"
        buttons = check_clear(again)
        # P4: the on-screen keyboard's button is a finger's target too (it was 39.6 px)
        box = page.page.evaluate(
            "(() => { const r = document.getElementById('keyboard').getBoundingClientRect();"
            " return [r.width, r.height]; })()"
        )
        assert box[0] >= 44 and box[1] >= 44, box
        frederick = re.search("Frederick", again[buttons])
        assert frederick is not None
        page.tap_cell((frederick.start() + frederick.end()) // 2, buttons)
        until(lambda: "frederick_turn" in saved_events(data_folder), what="his turn")
    finally:
        assert served.stop() == 0
