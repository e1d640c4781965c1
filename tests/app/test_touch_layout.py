"""The narrow (touch) Table: "What to do" first, the other panels folded under their titles,
big buttons that follow the keys and run the same actions; a change of width composes the
other arrangement; every dialog of a whole guided game fits a phone's 46 columns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Collapsible, DataTable, Input

from companion.ui.app import StuporSoloApp
from companion.ui.keys import TOUCH_ACTIONS
from companion.ui.screens.log_screen import LogScreen
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.start import StartScreen
from companion.ui.screens.table_layout import Fold
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.palace_panel import PalacePanel
from companion.ui.widgets.touch_bar import TouchBar
from solo_deck import Phase, SoloGame
from tests.app.key_driver import KeyDriver
from tests.app.pilot_helpers import game_of, idle_turn, open_table, settle, wait_for_insight
from tests.scripted_game import SCRIPT, tableau_setup

PHONE = (46, 50)


def button(screen: Screen[Any], action: str) -> Button:
    return screen.query_one(f"#touch-{action}", Button)


def overflow(screen: Screen[Any], width: int) -> list[str]:
    """What sticks out past ``width`` columns or scrolls sideways on ``screen``."""
    found = []
    for widget in screen.walk_children(Widget):
        if not widget.display or not widget.visible:
            continue
        region = widget.region
        if region.width and region.right > width:
            found.append(f"{widget!r} reaches column {region.right}")
        # An Input scrolls its own text as the cursor moves, and a DataTable (the End
        # Phase's Allies) its columns: neither is the layout.
        sideways = widget.is_scrollable and widget.max_scroll_x > 0
        if sideways and not isinstance(widget, Input | DataTable):
            found.append(f"{widget!r} scrolls sideways by {widget.max_scroll_x}")
    return found


async def test_what_to_do_comes_first_then_folded_panels_and_big_buttons(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await open_table(app, pilot)
        assert table.has_class("-narrow")
        steps = table.query_one("#instructions")
        assert steps.region.y <= 2  # right under the header
        folds = {fold.key: fold.collapsed for fold in table.query(Fold)}
        assert folds == {
            "palace": True,
            "edicts": True,
            "deck": True,
            "voyage": True,
            "player": False,
            "log": True,
        }
        bar = table.query_one(TouchBar)
        assert [b.id for b in bar.query(Button)] == [f"touch-{a}" for a in TOUCH_ACTIONS]
        assert all(b.region.height == 3 and b.region.width >= 9 for b in bar.query(Button))
        assert overflow(table, PHONE[0]) == []
        # the footer lists only what has no button
        footer = table.query_one(KeyFooter)
        assert footer.leave_out == frozenset(TOUCH_ACTIONS)


async def test_buttons_follow_the_keys_and_run_the_same_actions(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await open_table(app, pilot)
        lit = {a: not button(table, a).disabled for a in TOUCH_ACTIONS}
        assert lit == {a: table.check_action(a, ()) is True for a in TOUCH_ACTIONS}
        assert lit["play"] and not lit["frederick"] and not lit["redo"]
        await pilot.click("#touch-play")
        await settle(pilot)
        assert isinstance(app.screen, PlayCardModal)
        assert app.screen.focused is not None  # the dialog has the keys, not a button
        await pilot.press("escape")
        await settle(pilot)
        await idle_turn(pilot)
        assert app.session.state.phase is Phase.FREDERICK
        assert not button(table, "frederick").disabled and button(table, "play").disabled
        events = len(game_of(app).events)
        await pilot.click("#touch-frederick")
        await settle(pilot)
        assert [e.type for e in game_of(app).events[events:]] == ["frederick_turn"]
        steps = str(table.query_one("#steps").render())
        assert "Frederick" in steps
        await pilot.click("#touch-undo")
        await settle(pilot)
        assert len(game_of(app).events) == events
        assert not button(table, "redo").disabled
        await pilot.click("#touch-redo")
        await settle(pilot)
        assert len(game_of(app).events) == events + 1
        await pilot.click("#touch-log")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#touch-menu")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)


async def test_a_disabled_button_does_nothing(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await open_table(app, pilot)
        before = game_of(app).to_document()
        assert button(table, "frederick").disabled
        await table.query_one(TouchBar).on_button_pressed(
            Button.Pressed(button(table, "frederick"))
        )  # even if the press got through, the screen refuses the action
        await settle(pilot)
        assert game_of(app).to_document() == before


async def test_a_tapped_title_opens_its_panel_and_leaves_the_keys_to_the_table(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await open_table(app, pilot)
        await pilot.click("#fold-palace CollapsibleTitle")
        await settle(pilot)
        assert not table.query_one("#fold-palace", Collapsible).collapsed
        assert table.query_one(PalacePanel).region.height > 0
        assert table.focused is None
        await pilot.press("enter")  # Play card, not a fold
        await settle(pilot)
        assert isinstance(app.screen, PlayCardModal)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("g", "1", "enter")  # a change redraws: the palace stays open
        await settle(pilot)
        assert not table.query_one("#fold-palace", Collapsible).collapsed


async def test_crossing_the_width_composes_the_other_arrangement(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_table(app, pilot)
        assert not table.query(Fold)
        assert not table.query(TouchBar)
        await pilot.press("g", "3", "enter")
        await settle(pilot)
        await pilot.resize_terminal(*PHONE)
        await settle(pilot)
        assert table.query(Fold)
        assert table.query(TouchBar)
        assert "VP 3" in str(table.query_one("#player").render())
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert not table.query(Fold)
        assert not table.query(TouchBar)
        assert "VP 3" in str(table.query_one("#player").render())


async def test_every_dialog_of_a_whole_guided_game_fits_46_columns(tmp_path: Path) -> None:
    """The two-round tableau game of tests/scripted_game.py, played by keys at 46x50:
    every screen it shows, checked after every key."""
    app = StuporSoloApp(tmp_path, insight=False)
    seen: set[str] = set()
    problems: list[str] = []
    async with app.run_test(size=PHONE) as pilot:
        await open_table(app, pilot, setup=tableau_setup())
        driver = KeyDriver(app, pilot)
        keys = driver.keys

        async def checked_keys(*pressed: str) -> None:
            await keys(*pressed)
            screen = app.screen
            seen.add(type(screen).__name__)
            problems.extend(f"{type(screen).__name__}: {p}" for p in overflow(screen, 46))

        driver.keys = checked_keys  # type: ignore[method-assign]
        engine = SoloGame(tableau_setup())
        for event in SCRIPT:
            engine.push(event)
            await driver.play(event)
        assert app.session.state == engine.state
    assert "\n".join(sorted(set(problems))) == ""
    dialogs = {"PlayCardModal", "SiteBuildModal", "IssueEdictModal", "SummonModal", "RewardModal"}
    assert dialogs | {"TableScreen", "EndPhaseScreen"} <= seen


async def until_he_draws_a_tile(app: StuporSoloApp, pilot: Any) -> None:
    """Idle turns and Frederick's until his card draws an Edict tile; then his odds."""
    while not app.session.state.awaiting_reveal:
        await idle_turn(pilot)
        await pilot.press("space")
        await settle(pilot)
    await wait_for_insight(app, pilot)


async def test_the_tile_field_stays_in_view_when_the_odds_arrive(tmp_path: Path) -> None:
    """A tablet in landscape (113 columns, 37 rows for the panels once the big buttons are
    drawn): the odds lines come after Frederick's turn and push the field down; the Table
    scrolls it back into view."""
    app = StuporSoloApp(tmp_path, insight=True)
    async with app.run_test(size=(113, 38)) as pilot:
        table = await open_table(app, pilot)
        await until_he_draws_a_tile(app, pilot)
        assert "lands" in str(table.query_one("#voyage").render())  # the odds are drawn
        field = table.query_one("#reveal-field").query_one(Input)
        body = table.query_one("#body").region
        assert app.focused is field
        assert body.contains_region(field.region), (field.region, body)


async def test_a_tablet_shows_his_whole_turn_beside_the_tile_field(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A 1024x768 tablet in a browser (113 columns, 42 rows): when his card draws a tile,
    What to do shows every step of his card and the field at once (the odds stand beside
    the ports, cut short, rather than on lines of their own; the field's label, input and
    reading stand beside its Enter button)."""
    from companion.ui.widgets.instructions_panel import InstructionsPanel
    from tests.browser.served import svg_lines

    monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    app = StuporSoloApp(tmp_path, insight=True)
    async with app.run_test(size=(113, 42)) as pilot:
        table = await open_table(app, pilot)
        await until_he_draws_a_tile(app, pilot)
        await settle(pilot)
        report = app.session.state.last_frederick
        assert report is not None and len(report.steps) >= 4
        shown = "\n".join(svg_lines(app.export_screenshot()))
        assert "lands" in str(table.query_one("#voyage").render())
        steps = table.query_one("#instructions")
        field = table.query_one("#reveal-field").query_one(Input)
        assert steps.region.contains_region(field.region), (field.region, steps.region)
        assert steps.region.contains_region(table.query_one("#edict-enter").region)
        for number in range(1, len(report.steps) + 1):
            assert f"│ {number}. " in shown, (number, shown)
        assert "▶ Draw a Next" in str(table.query_one(InstructionsPanel).render())
