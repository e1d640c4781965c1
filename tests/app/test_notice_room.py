"""Issue 39, P1: a notice never covers What to do nor a big button it names (a tap on a
notice only closes it), at 80x24 and 120x40 in a terminal and at a phone's and a tablet's
size in a browser, whatever What to do holds; and it closes by itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.widgets._toast import Toast, ToastRack

from companion.ui.app import StuporSoloApp
from companion.ui.screens import table_layout
from solo_deck.events import Decline, FrederickTurn, PlayCard
from tests.app.pilot_helpers import open_table, settle
from tests.app.test_tile_prompt import drawn_with
from tests.browser.served import svg_lines

SIZES = {
    "80x24": ((80, 24), False),
    "120x40": ((120, 40), False),
    "phone": ((48, 52), True),
    "narrow phone": ((42, 48), True),
    "tablet": ((107, 40), True),
}
"""Terminal sizes and a browser's (columns and rows of a 390x844 phone at the page's
font, the same phone with a larger font, and a 1024x768 tablet)."""

NOTICES = (
    ("House card played: +1 Stone.", ""),
    ("Saved screenshot to a file with a long name in a long folder path.", "Screenshot"),
)

TURN = (PlayCard(slot=0, face_up=False, actions=("promote",)), Decline(), FrederickTurn())
"""Your turn played and Frederick's after it: What to do shows his steps."""


def shown_notices(app: StuporSoloApp) -> list[Region]:
    """The part of each notice that is on the screen (its rack may be given fewer rows
    than its notices take: it shows their end)."""
    screen = app.screen.region
    racks = list(app.screen.query(ToastRack))
    assert racks
    styles = racks[0].styles
    if styles.max_height is not None and styles.dock == "bottom":
        rows = int(styles.max_height.value)
        top = screen.height - styles.margin.bottom - rows
        screen = screen.intersection(Region(0, top, screen.width, rows))
    return [toast.region.intersection(screen) for toast in app.screen.query(Toast)]


def kept_free(app: StuporSoloApp) -> dict[str, Region]:
    """What to do and the big buttons it names, as far as they are on the screen."""
    screen = app.screen
    area = screen.region
    found = {"What to do": screen.query_one("#instructions").region.intersection(area)}
    for action in table_layout.NAMED_BUTTONS:
        for button in screen.query(f"#touch-{action}"):
            found[action] = button.region.intersection(area)
    return {name: region for name, region in found.items() if region.area}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("moment", ["your turn", "a tile drawn", "after Frederick"])
async def test_a_notice_covers_neither_what_to_do_nor_a_named_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str, moment: str
) -> None:
    (columns, rows), web = SIZES[size]
    if web:
        monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(columns, rows), notifications=True) as pilot:
        setup = drawn_with(4) if moment == "a tile drawn" else None
        events: Any = TURN if moment == "after Frederick" else ()
        await open_table(app, pilot, *events, setup=setup)
        for message, title in NOTICES:
            app.notify(message, title=title)
        await settle(pilot)
        await settle(pilot)
        notices = shown_notices(app)
        assert len(notices) == 2 and notices[-1].area, notices  # the newest shows
        free = kept_free(app)
        assert "What to do" in free
        covered = [(n, name) for n in notices for name, r in free.items() if n.overlaps(r)]
        assert not covered, (covered, free)


async def test_every_notice_closes_by_itself(tmp_path: Path) -> None:
    """No notice waits for a tap: each has a time after which it goes."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_table(app, pilot)
        app.notify("A plain notice.")
        app.notify("An error.", severity="error")
        app.notify("A long one.", timeout=float("inf"))
        await settle(pilot)
        timeouts = [toast._notification.timeout for toast in app.screen.query(Toast)]
        assert len(timeouts) == 3 and all(0 < t <= 15 for t in timeouts), timeouts


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_an_end_phase_notice_covers_neither_the_next_step_nor_a_button(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The End Phase's notices (Ally income, a refused key) leave the next step and every
    step's button uncovered; at 80x24 they took the lower right, over the next steps."""
    from textual.widgets import Button

    from tests.app.end_phase_helpers import ALLIES, make_app, open_end_phase

    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await open_end_phase(app, pilot)
        for message, title in NOTICES:
            app.notify(message, title=title)
        await settle(pilot)
        await settle(pilot)
        notices = shown_notices(app)
        assert notices and notices[-1].area, notices
        area = screen.region
        kept = [screen.query_one("#step-ally").region.intersection(area)]
        kept += [b.region.intersection(area) for b in screen.query(Button) if b.display]
        covered = [(n, k) for n in notices for k in kept if k.area and n.overlaps(k)]
        assert not covered, covered


LONG_REFUSAL = (
    "You still hold 3 cards in hand: play one (face down gives a main action); you may pass "
    "only with an empty hand."
)
"""A refusal of three or four lines at a notice's usual width at 80x24: its last line was
lost (its rack's scroll bar narrowed it after its rows were counted), and after
Frederick's turn it had four rows."""


def shown_text(app: StuporSoloApp) -> str:
    """The words the screen shows inside the newest notice, in its band."""
    notice = shown_notices(app)[-1]
    lines = svg_lines(app.export_screenshot())
    rows = lines[notice.y : notice.bottom]
    return " ".join(line[notice.x : notice.right].strip(" ▌") for line in rows)


@pytest.mark.parametrize("moment", ["your turn", "after Frederick", "the End Phase"])
async def test_a_long_notice_shows_all_its_text_at_80x24(tmp_path: Path, moment: str) -> None:
    from tests.app.end_phase_helpers import ALLIES, make_app, open_end_phase

    app = make_app(tmp_path, ALLIES) if moment == "the End Phase" else None
    app = app or StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        if moment == "the End Phase":
            await open_end_phase(app, pilot)
        else:
            await open_table(app, pilot, *(TURN if moment == "after Frederick" else ()))
        app.notify(LONG_REFUSAL, title="Not allowed", severity="error")
        await settle(pilot)
        await settle(pilot)
        shown = " ".join(shown_text(app).split())
        assert shown == f"Not allowed {LONG_REFUSAL}", shown
        if moment != "the End Phase":  # and it covers nothing it must not
            covered = [
                name for name, r in kept_free(app).items() if shown_notices(app)[-1].overlaps(r)
            ]
            assert not covered, covered
