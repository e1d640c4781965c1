"""In a browser the dialogs' hints name the button to tap, in a terminal the key to press
(companion/ui/wording.py words both); Issue an Edict, the one dialog of several steps, has
an on-screen Back that does what Backspace does, out of the Tab order."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Button, Input, Label

import companion.ui.wording
from companion.ui.app import StuporSoloApp
from companion.ui.screens.end_phase_names import AllyNaming
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.screens.modals.city_bonus import CityBonusModal
from companion.ui.screens.modals.edict_reward import RewardModal
from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.modals.solo_face import SoloFaceModal
from companion.ui.screens.modals.travel import TravelModal
from companion.ui.widgets.log_panel import LogPanel
from companion.ui.widgets.text_panel import TextPanel
from solo_deck.events import Event, PlayerEdict, TakeEdictReward
from tests.app.action_dialog_helpers import Factory, Host, face_down, new_session
from tests.app.end_phase_helpers import ALLIES, make_app, open_end_phase
from tests.app.followup_helpers import TYPED_KEEP, owed
from tests.app.followup_helpers import Host as FollowupHost
from tests.app.followup_helpers import typed_game as typed_session
from tests.app.pilot_helpers import idle_turn, open_table, press_and_settle, settle
from tests.app.setup_helpers import open_setup
from tests.app.test_dialog_snapshots import KEEP
from tests.app.test_edict_reward_first import owing_an_edict, prompt
from tests.app.test_followup_board_dialogs import ON_C4, TO_CITY_C

KEY_WORDS = ("Enter", "digit", "key beside", "ctrl+", "Backspace", "Escape", "Tab ")
"""Words that name a key: none is in a hint on a touch screen."""

DIALOGS: dict[str, tuple[Factory, tuple[Event, ...], str, str]] = {
    # name: (dialog, events before it, its hint in a browser, in a terminal)
    "play_card": (PlayCardModal, (), "Tap a line, then Play.", "The key beside a line"),
    "travel": (TravelModal, (), "Tap a port, then Sail.", "The key beside a port"),
    "build": (SiteBuildModal, (face_down("build"),), "Tap a site, then Build.", "Enter builds"),
    "promote": (
        PromoteModal,
        (face_down("promote"),),
        "Tap a line, then Promote.",
        "or Enter on it, promotes",
    ),
    "market": (MarketModal, (face_down("market"),), "tap a line, then Trade", "a line's digit"),
    "issue_edict": (
        IssueEdictModal,
        KEEP,
        "(tap it, then Choose)",
        "Backspace goes back a step; Escape closes.",
    ),
    "edict_reward": (RewardModal, KEEP, "Tap a line, then Take.", "A line's key"),
}


def hints(app: App[Any]) -> str:
    """Every line of text the dialog on top shows (its buttons aside)."""
    return "\n".join(str(label.content) for label in app.screen.query(Label))


def browser(monkeypatch: pytest.MonkeyPatch, web: bool) -> None:
    monkeypatch.setattr(App, "is_web", property(lambda self: web))


def check(shown: str, web: bool, tap: str, key: str) -> None:
    if web:
        assert tap in shown, shown
        assert not [word for word in KEY_WORDS if word in shown], shown
    else:
        assert key in shown and tap not in shown, shown


@pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])
@pytest.mark.parametrize("name", list(DIALOGS))
async def test_a_dialog_s_hint_names_the_tap_in_a_browser_and_the_key_in_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, web: bool
) -> None:
    browser(monkeypatch, web)
    factory, events, tap, key = DIALOGS[name]
    app = Host(new_session(tmp_path, events), factory)
    async with app.shown():
        check(hints(app), web, tap, key)


@pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])
async def test_the_city_bonus_and_the_solo_face_hints_follow_the_device(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    session = typed_session(tmp_path, TO_CITY_C, player=ON_C4)
    app = FollowupHost(session, owed(CityBonusModal))
    async with app.shown():
        check(hints(app), web, "tap it, then Take.", "its letter, or Enter on it, takes it.")
    faces = FollowupHost(session, lambda state, rules: SoloFaceModal(state.deck))
    async with faces.shown():
        check(hints(faces), web, "Tap the face, then Choose.", "Press the key beside the face")


@pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])
async def test_enter_where_it_does_not_record_says_what_to_tap_or_press(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = Host(new_session(tmp_path, KEEP), IssueEdictModal)
    async with app.shown():
        screen = app.screen
        assert isinstance(screen, IssueEdictModal)
        said: list[str] = []
        monkeypatch.setattr(screen, "notify", lambda message, **_: said.append(message))
        screen.say_keys()
    tap, key = "Tap the next field, or Choose to record.", "ctrl+s records (Choose)"
    assert said == [tap if web else key.join(["Tab moves to the next field; ", "."])]


@pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])
async def test_enter_in_the_new_game_form_says_what_to_tap_or_press(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(app, pilot)
        said: list[str] = []
        monkeypatch.setattr(screen, "notify", lambda message, **_: said.append(message))
        screen.query(Input).first().focus()
        await press_and_settle(pilot, "enter")
    assert len(said) == 1
    check(said[0], web, "Start game", "ctrl+s starts the game")


@pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])
async def test_the_log_panel_names_redo_and_the_log_for_the_device(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_table(app, pilot)
        await idle_turn(pilot)
        await press_and_settle(pilot, "ctrl+z")
        panel = app.screen.query_one(LogPanel)
        shown = str(TextPanel.render(panel)) + str(panel.border_subtitle)
    check(shown, web, "tap Redo", "ctrl+y redoes")
    check(shown, web, "tap Log: full log", "l: full log")


@pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])
async def test_the_end_phase_steps_and_the_naming_name_the_taps_in_a_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_end_phase(app, pilot)
        await press_and_settle(pilot, "c")
        ally = str(screen.query_one("#ally-total", Label).content)
        reorganise = str(screen.query_one("#reorganise-text", Label).content)
        await press_and_settle(pilot, "a", "r")
        naming = str(screen.query_one(AllyNaming).query_one(Label).content)
        end = str(screen.query_one("#end-check", Label).content)
    check(ally, web, "Tap Add to my VP to add it", "Press a to add it")
    check(reorganise, web, "Then tap Reorganise.", "Then press r.")
    check(naming, web, "Tap a name", "The letter beside a name")
    check(end, web, "Tap End the round.", "Press e.")


@pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])
async def test_the_edict_row_says_where_a_drawn_tile_is_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    from companion.ui.widgets.edict_row_panel import EdictRowPanel
    from tests.app.test_tile_prompt import drawn_with

    browser(monkeypatch, web)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_table(app, pilot, setup=drawn_with(4))
        await settle(pilot)
        shown = str(TextPanel.render(table.query_one(EdictRowPanel)))
    check(shown, web, "type it\n", "type it (n)")  # the cell ends the line


def test_the_wording_examples_hold() -> None:
    assert doctest.testmod(companion.ui.wording).failed == 0


# --- Back in Issue an Edict ---------------------------------------------------------------


def back(app: App[Any]) -> Button:
    return app.screen.query_one("#back", Button)


async def click_back(pilot: Any) -> None:
    button = back(pilot.app)
    while button.has_class("-active"):  # a Button ignores a click while it is pressed
        await pilot.pause(0.05)
    await pilot.click("#back")
    await settle(pilot)


def step_of(app: App[Any]) -> int:
    screen = app.screen
    assert isinstance(screen, IssueEdictModal)
    return screen.step


@pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])
async def test_back_in_issue_an_edict_returns_to_the_previous_step_by_a_click(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = FollowupHost(typed_session(tmp_path, TYPED_KEEP), owed(IssueEdictModal))
    async with app.shown() as pilot:
        assert step_of(app) == 1 and back(app).disabled
        await click_back(pilot)
        assert step_of(app) == 1
        await press_and_settle(pilot, "enter")
        assert step_of(app) == 2 and not back(app).disabled
        await click_back(pilot)
        assert step_of(app) == 1 and back(app).disabled
        assert app.text_of("#prompt").startswith("Step 1 of 3")
        await press_and_settle(pilot, "enter", "enter")
        assert step_of(app) == 3
        await click_back(pilot)
        assert step_of(app) == 2
        assert app.focused_id() == "choices"  # the list keeps the focus: Enter goes on
        await press_and_settle(pilot, "enter", "enter")
    assert app.results == [PlayerEdict(slot=0, choice={"T": "add"}, replacement=0)]


async def test_back_is_not_reachable_by_tab(tmp_path: Path) -> None:
    app = FollowupHost(typed_session(tmp_path, TYPED_KEEP), owed(IssueEdictModal))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "enter")  # step 2: Back is enabled
        assert not back(app).disabled
        seen = set()
        for _ in range(8):
            await press_and_settle(pilot, "tab")
            seen.add(app.focused_id())
        assert "back" not in seen and "ok" in seen, seen


async def test_back_is_disabled_when_the_edict_was_chosen_by_its_reward(tmp_path: Path) -> None:
    """The reward taken first picks the Edict: its icons are the first step shown."""
    session = owing_an_edict(tmp_path)
    session.push(TakeEdictReward(slot=1, augustales=3))
    app = FollowupHost(session, prompt)
    async with app.shown() as pilot:
        assert step_of(app) == 2 and back(app).disabled
        await click_back(pilot)
        assert step_of(app) == 2
