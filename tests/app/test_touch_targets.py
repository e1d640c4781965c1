"""In a browser every target a finger taps is three lines tall (about 50 px at a phone's
14 px font; the platforms ask for 44): fold titles, buttons (the End Phase's small ones
too), the footer's keys, radio buttons; no tooltip is shown. In a terminal nothing
changes. The browser test measures the lines in pixels (tests/browser/test_touch.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widget import Widget
from textual.widgets import Button, Input, RadioButton
from textual.widgets._collapsible import CollapsibleTitle

from companion.ui.app import StuporSoloApp
from companion.ui.widgets.instructions_panel import InstructionsPanel
from companion.ui.widgets.key_footer import KeyFooter
from tests.app.pilot_helpers import idle_turn, open_table, settle
from tests.app.setup_helpers import open_setup
from tests.app.touch_helpers import PHONE, TALL


def heights(widgets: list[Widget]) -> list[tuple[str, int]]:
    shown = [w for w in widgets if w.display and w.region.width]  # not inside a hidden part
    return [(f"{type(w).__name__}#{w.id}", w.region.height) for w in shown]


def footer_rows(app: StuporSoloApp) -> list[int]:
    footer = app.screen.query_one(KeyFooter)
    return sorted({place.region.height for place in footer.arrange_keys(footer.size.width).places})


@pytest.mark.usefixtures("in_a_browser")
async def test_the_phone_table_s_targets_are_three_lines_tall(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        await open_table(app, pilot)
        titles = list(app.screen.query(CollapsibleTitle))
        buttons = list(app.screen.query(Button))
        assert titles and buttons
        short = [h for h in heights([*titles, *buttons]) if h[1] < TALL]
        assert not short, short
        assert footer_rows(app) == [TALL]


@pytest.mark.usefixtures("in_a_browser")
async def test_the_new_game_form_s_choices_are_three_lines_tall(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        screen = await open_setup(app, pilot)
        await settle(pilot)
        radios = list(screen.query(RadioButton))
        assert radios
        assert not [h for h in heights(list(radios)) if h[1] < TALL]
        assert footer_rows(app) == [TALL]


async def test_in_a_terminal_the_footer_keeps_one_line(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_table(app, pilot)
        assert footer_rows(app) == [1]
        assert [h for h in heights(list(app.screen.query(CollapsibleTitle)))] == []


@pytest.mark.parametrize(
    ("web", "said", "not_said"), [(True, "tap Play card", "(enter)"), (False, "(enter)", "tap ")]
)
async def test_what_to_do_names_taps_in_a_browser_and_keys_in_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool, said: str, not_said: str
) -> None:
    monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: web))
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        await open_table(app, pilot)
        shown = str(app.screen.query_one(InstructionsPanel).render())
        assert said in shown and not_said not in shown, shown


@pytest.mark.usefixtures("in_a_browser")
async def test_a_drawn_tile_is_entered_by_a_tap(tmp_path: Path) -> None:
    """The phone's keyboard may have no Enter: an Enter button beside the tile field."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await open_table(app, pilot)
        while not app.session.state.awaiting_reveal:
            await idle_turn(pilot)
            await pilot.press("space")
            await settle(pilot)
        before = len(app.session.events)
        for key in "1S":
            await pilot.press(key)
        await settle(pilot)
        enter = table.query_one("#edict-enter", Button)
        assert table.query_one("#reveal-field Input", Input).value == "1S", app.focused
        assert enter.region.height >= TALL
        field = table.query_one("#reveal-field Input", Input)
        assert field.region.height >= TALL  # issue 39, P4: one row was 16 px
        await pilot.click(enter)
        await settle(pilot)
        assert [e.type for e in app.session.events[before:]] == ["reveal_edict"]


async def test_no_enter_button_in_a_terminal(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_table(app, pilot)
        assert not table.query("#edict-enter")


@pytest.mark.usefixtures("in_a_browser")
async def test_a_notice_on_the_tablet_end_phase_covers_no_step_button(tmp_path: Path) -> None:
    """A tap on a notice closes it: over a step's button it would swallow the tap that
    was meant for the step. The End Phase's buttons stand at the right edge, so in a
    browser its notices stand at the top left."""
    from textual.widgets._toast import Toast

    from tests.app.end_phase_helpers import ALLIES, make_app, open_end_phase

    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=(107, 40), notifications=True) as pilot:
        screen = await open_end_phase(app, pilot)
        for _ in range(3):  # stacked, as after a few quick notices
            app.notify("Saved screenshot to a file with a long name in a long folder path.")
        await settle(pilot)
        toasts = [toast.region for toast in screen.query(Toast)]
        buttons = [b.region for b in screen.query(Button) if b.display and b.region.width]
        assert len(toasts) == 3 and buttons
        assert all(toast.x == 0 for toast in toasts)
        assert not [(t, b) for t in toasts for b in buttons if t.overlaps(b)]
