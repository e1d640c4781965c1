"""A button names its key only on a keyboard ("Cancel (esc)" in a terminal, "Cancel" in a
browser, ``companion.ui.wording.key_label``), and the hints that said "press c" name, in
a browser, what to tap: the footer's own words for that key."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from companion.ui.app import StuporSoloApp
from companion.ui.screens.board import BoardScreen
from companion.ui.screens.end_phase import EndPhaseScreen
from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.screens.history.bgstats import BgStatsScreen
from companion.ui.screens.modals.board_fact import BoardFactModal
from companion.ui.screens.modals.confirm import ConfirmModal
from tests.app.action_dialog_helpers import Host, confirm, new_session
from tests.app.end_phase_helpers import COMPLETE, make_app, open_end_phase
from tests.app.history_helpers import open_statistics, sample_history, settle_workers
from tests.app.pilot_helpers import SIZE, open_screen, plain, press_and_settle, settle
from tests.app.setup_helpers import open_setup
from tests.app.test_action_buttons import CLOSERS
from tests.app.test_touch_wording import DIALOGS, browser
from tests.app.test_turn_dialogs import build_host

DEVICES = pytest.mark.parametrize("web", [True, False], ids=["browser", "terminal"])

KEY_IN_LABEL = re.compile(r"\((ctrl\+[a-z]|esc|enter|backspace|[a-z])\)$")
"""A key in brackets at the end of a label, as "Record (ctrl+s)" or "Yes (y)"."""

Labelled = tuple[tuple[str, str], ...]
"""A screen's buttons as (label, its key)."""


def labels(screen: Screen[Any]) -> list[str]:
    """The label of every button on ``screen``."""
    return [str(button.label) for button in screen.query(Button)]


def check_labels(screen: Screen[Any], web: bool, expected: Labelled) -> None:
    """In a browser the bare labels, and no key anywhere; in a terminal "Label (key)"."""
    shown = labels(screen)
    for label, key in expected:
        assert (label if web else f"{label} ({key})") in shown, shown
    if web:
        assert not [label for label in shown if KEY_IN_LABEL.search(label)], shown


def footer(screen: Screen[Any]) -> dict[str, str]:
    """What the footer calls each action of ``screen`` (a browser user taps these)."""
    return {b.binding.action: b.binding.description for b in screen.active_bindings.values()}


def check_text(shown: str, web: bool, tap: str, key: str) -> None:
    """``tap`` (and not ``key``) in a browser, ``key`` (and not ``tap``) in a terminal."""
    said, unsaid = (tap, key) if web else (key, tap)
    assert said in shown and unsaid not in shown, shown


def listen(screen: Screen[Any], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The notices ``screen`` shows from now on."""
    said: list[str] = []
    monkeypatch.setattr(screen, "notify", lambda message, **_: said.append(message))
    return said


# --- the labels -----------------------------------------------------------------------------

MODALS: dict[str, tuple[Callable[[], Screen[Any]], Labelled]] = {
    "export": (CLOSERS["export-cancel"][0], (("Export", "ctrl+s"), ("Cancel", "esc"))),
    "backups": (CLOSERS["backups-close"][0], (("Restore", "enter"), ("Close", "esc"))),
    "card": (CLOSERS["card-cancel"][0], (("Save", "ctrl+s"), ("Cancel", "esc"))),
    "detail": (CLOSERS["detail-close"][0], (("Close", "esc"),)),
    "unsaved": (
        CLOSERS["unsaved-stay"][0],
        (("Retry the save", "r"), ("Export", "e"), ("Quit anyway", "ctrl+q"), ("Stay", "esc")),
    ),
    "confirm": (
        lambda: ConfirmModal("Drop it?", yes_label="Drop", no_label="Keep"),
        (("Drop", "y"), ("Keep", "n")),
    ),
}


@DEVICES
@pytest.mark.parametrize("name", list(MODALS))
async def test_a_dialog_s_buttons_name_their_keys_only_in_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, web: bool
) -> None:
    browser(monkeypatch, web)
    make, expected = MODALS[name]
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_screen(app, pilot, make())
        check_labels(dialog, web, expected)


EVENT_DIALOGS: dict[str, Labelled] = {
    "promote": (("Promote", "ctrl+s"), ("Decline", "ctrl+d"), ("Cancel", "esc")),
    "issue_edict": (("Choose", "ctrl+s"), ("Back", "backspace"), ("Cancel", "esc")),
}


@DEVICES
@pytest.mark.parametrize("name", list(EVENT_DIALOGS))
async def test_an_event_dialog_s_buttons_name_their_keys_only_in_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, web: bool
) -> None:
    browser(monkeypatch, web)
    factory, events, _, _ = DIALOGS[name]
    app = Host(new_session(tmp_path, events), factory)
    async with app.shown():
        check_labels(app.screen, web, EVENT_DIALOGS[name])


@DEVICES
async def test_the_end_phase_and_the_final_score_buttons_follow_the_device(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = make_app(tmp_path, COMPLETE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        steps = (("Take castle income", "c"), ("Continue", "v"), ("Add to my VP", "a"))
        check_labels(screen, web, (*steps, ("Reorganise", "r"), ("End the round", "e")))
        await press_and_settle(pilot, "c", "a", "r")
        screen.query_one("#end-ok", Button).focus()
        await press_and_settle(pilot, "e")  # the castle is complete: the game is over
        final = app.screen
        assert isinstance(final, FinalScoreScreen)
        check_labels(final, web, (("Save to history", "ctrl+s"),))
        over = await open_screen(app, pilot, EndPhaseScreen())  # the label set once over
        assert str(over.query_one("#end-ok", Button).label) == (
            "Final score" if web else "Final score (f)"
        )
        check_labels(over, web, ())


@DEVICES
async def test_the_new_game_form_s_back_follows_the_device(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_setup(app, pilot)
        check_labels(form, web, (("Back", "esc"),))
        assert "Start game" in labels(form)


# --- the texts that said "press c" ----------------------------------------------------------


@DEVICES
async def test_the_history_names_the_footer_s_clear_filters_and_undo_in_a_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    async with sample_history(tmp_path) as (app, pilot, history):
        words = footer(history)
        no_match = plain(history.query_one("#history-no-match", Static).render())
        check_text(no_match, web, f"tap {words['clear_filters']} in the footer", "press c")
        said = listen(history, monkeypatch)
        await press_and_settle(pilot, "x")
        question = app.screen
        assert isinstance(question, ConfirmModal)
        check_labels(question, web, (("Delete", "y"), ("Keep", "n")))
        note = plain(question.query_one("#confirm-note", Static).render())
        check_text(note, web, f"{words['undo_delete']} in the History screen's footer", "u on")
        await pilot.press("y")
        await settle_workers(pilot)
        assert len(said) == 1, said
        check_text(said[0], web, f"Tap {words['undo_delete']} in the footer", "Press u")
        statistics = await open_statistics(pilot)
        points = footer(statistics)["reviews"]
        reviews = plain(statistics.query_one("#stats-reviews", Static).render())
        check_text(reviews, web, f"Tap {points} in the footer for VP by source", "Press p")


@DEVICES
async def test_bg_stats_names_the_footer_s_link_in_a_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    async with sample_history(tmp_path) as (app, pilot, _):
        await press_and_settle(pilot, "enter", "b")  # a game's details, then BG Stats
        screen = app.screen
        assert isinstance(screen, BgStatsScreen)
        words = footer(screen)
        hint = plain(screen.query_one("#bgstats-hint", Static).render())
        small = plain(screen.query_one("#bgstats-too-small", Static).render())
        assert not screen.query_one("#bgstats-qr").display  # too small: the message shows
    tap = f"{words['copy_link']} copies the link, {words['toggle_link']} shows it"
    check_text(hint, web, tap, "c copies the link, l shows it")
    check_text(small, web, f"tap {words['toggle_link']} in the footer for the link", "press l")


@DEVICES
@pytest.mark.usefixtures("table_calls")  # the Table is not opened
async def test_the_board_names_the_footer_s_mark_checked_in_a_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_and_settle(pilot, "b")
        board = app.screen
        assert isinstance(board, BoardScreen)
        mark = f"tap {footer(board)['mark_checked']} in the footer"
        check_text(banner(board), web, f"correct what differs, {mark}.", "press c")
        said = listen(board, monkeypatch)
        row = [fact.key for fact in board.facts].index("W2.side_amount")
        await press_and_settle(pilot, *["down"] * row, "enter")  # correct one value
        fact = app.screen
        assert isinstance(fact, BoardFactModal)
        check_labels(fact, web, (("Apply", "enter"), ("Cancel", "esc")))
        fact.query_one("#fact-value", Input).value = "3"  # differs from the packaged value
        await press_and_settle(pilot, "enter")
        assert board.is_current and board.unsaved
        unsaved = banner(board)
    check_text(unsaved, web, f"{mark} when every value", "press c when every value")
    check_text(unsaved, web, "Back leaves without saving", "Escape leaves without saving")
    assert len(said) == 1
    check_text(said[0], web, f"Corrected; {mark} to keep", "Corrected; press c to keep")


def banner(board: BoardScreen) -> str:
    return plain(board.query_one("#board-banner", Static).render())


@DEVICES
async def test_build_with_nothing_paid_names_the_tap_in_a_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    browser(monkeypatch, web)
    app = build_host(tmp_path)
    async with app.shown() as pilot:
        await confirm(pilot)
        check_text(error_of(app), web, "Tap Build again", "Press Build again")


def error_of(app: App[Any]) -> str:
    return str(app.screen.query_one("#dialog-error", Label).content)
