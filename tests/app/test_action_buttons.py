"""The dialogs' buttons run the same actions as their keys (``action_button``): a click on
each button does what its key does, and nothing is recorded by a button that closes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from companion.ui.app import StuporSoloApp
from companion.ui.screens.history.files import BackupsModal, ExportModal
from companion.ui.screens.modals.card_editor import CardEditorModal
from companion.ui.screens.modals.history_detail import HistoryDetailModal
from companion.ui.screens.unsaved_quit import UnsavedQuitScreen
from solo_deck import load_default_deck
from tests.app.pilot_helpers import SIZE, settle
from tests.app.sample_history import sample_record

CLOSERS: dict[str, tuple[Callable[[], ModalScreen[Any]], str]] = {
    "export-cancel": (lambda: ExportModal([sample_record(1)]), "#cancel"),
    "backups-close": (BackupsModal, "#close"),
    "card-cancel": (lambda: CardEditorModal(load_default_deck().cards[0]), "#cancel"),
    "detail-close": (lambda: HistoryDetailModal(sample_record(2)), "#close"),
    "unsaved-stay": (UnsavedQuitScreen, "#stay"),
}


@pytest.mark.parametrize("name", CLOSERS)
async def test_a_closing_button_dismisses_its_dialog_with_nothing(
    tmp_path: Path, name: str
) -> None:
    make, selector = CLOSERS[name]
    app = StuporSoloApp(tmp_path, insight=False)
    results: list[Any] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        under = app.screen
        dialog = make()
        await app.push_screen(dialog, results.append)
        await settle(pilot)
        assert app.screen is dialog
        dialog.query_one(selector, Button)  # the button is there, with the id kept
        await pilot.click(selector)
        await settle(pilot)
        assert app.screen is under
    assert results == [None]


async def test_the_export_button_checks_and_writes_like_its_key(tmp_path: Path) -> None:
    data, target = tmp_path / "data", tmp_path / "games.csv"
    app = StuporSoloApp(data, insight=False)
    results: list[Any] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = ExportModal([sample_record(1)])
        await app.push_screen(dialog, results.append)
        await settle(pilot)
        field = dialog.query_one("#export-path", Input)
        field.value = ""
        await pilot.click("#export")
        await settle(pilot)
        assert app.screen is dialog
        assert "Type the file to write." in str(dialog.query_one("#export-error", Label).render())
        field.value = str(target)
        button = dialog.query_one("#export", Button)
        while button.has_class("-active"):  # Textual ignores a click during the press effect
            await pilot.pause(0.05)
        await pilot.click("#export")
        await settle(pilot)
        assert app.screen is not dialog
    assert results == [target]
    assert target.read_text(encoding="utf-8").count("\n") == 2  # header and the one game


async def test_the_save_button_saves_the_edited_card_like_its_key(tmp_path: Path) -> None:
    card = load_default_deck().cards[0]
    app = StuporSoloApp(tmp_path, insight=False)
    results: list[Any] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.push_screen(CardEditorModal(card), results.append)
        await settle(pilot)
        await pilot.click("#save")
        await settle(pilot)
    assert len(results) == 1
    saved = results[0]
    assert saved is not None
    assert saved.model_dump(exclude={"source"}) == card.model_dump(exclude={"source"})
    assert saved.source == "checked by the player"


THROW_AWAY: dict[str, tuple[Callable[[], ModalScreen[Any]], str]] = {
    "export-cancel": (lambda: ExportModal([sample_record(1)]), "#cancel"),
    "card-cancel": (lambda: CardEditorModal(load_default_deck().cards[0]), "#cancel"),
    "unsaved-quit-anyway": (UnsavedQuitScreen, "#quit-anyway"),
}


@pytest.mark.parametrize("name", THROW_AWAY)
async def test_no_tab_and_enter_reaches_a_button_that_throws_something_away(
    tmp_path: Path, name: str
) -> None:
    """Issue 26: Cancel, Quit anyway and the like lose what was typed or the game: they are
    out of the Tab order (their key, in the label and the footer, and a tap press them)."""
    make, selector = THROW_AWAY[name]
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = make()
        await app.push_screen(dialog)
        await settle(pilot)
        button = dialog.query_one(selector, Button)
        assert button not in dialog.focus_chain
        for _ in range(len(dialog.focus_chain) + 1):
            await pilot.press("tab")
            assert app.focused is not button
