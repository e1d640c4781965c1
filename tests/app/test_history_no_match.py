"""The History screen stays usable when its filters match no game, and stored text (notes,
House, title) is shown as typed, never read as markup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import Select, Static

from companion.storage import HistoryStore
from companion.ui.app import StuporSoloApp
from companion.ui.screens.history.games import HistoryScreen, HistoryTable
from tests.app.pilot_helpers import SIZE
from tests.app.sample_history import sample_records


async def _open_history(pilot: Any) -> HistoryScreen:
    await pilot.pause()
    await pilot.press("h")
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    return screen


async def test_history_with_no_matching_game_keeps_working_by_keyboard_and_mouse(
    tmp_path: Path,
) -> None:
    HistoryStore(tmp_path).add_many(sample_records())
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_history(pilot)
        selects = list(screen.query(Select))
        screen.query_one("#filter-difficulty", Select).value = "hard"
        screen.query_one("#filter-house", Select).value = "__not_recorded__"
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one(HistoryTable).row_count == 0
        assert screen.query_one("#history-no-match", Static).display

        screen.set_focus(None)
        await pilot.press("tab")
        await pilot.pause()
        first = app.focused
        assert first is not None, "tab focused nothing"
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not None and app.focused is not first
        await pilot.press("shift+tab")
        await pilot.pause()
        assert app.focused is first

        table = screen.query_one(HistoryTable)
        assert await pilot.click(table), "the click did not reach the table"
        await pilot.pause()
        assert app.focused is table
        target = selects[-1]
        await pilot.click(target)  # lands on the Select's inner widget, which opens it
        await pilot.pause()
        assert app.focused is not None and target in app.focused.ancestors_with_self
        assert app.screen is screen
        assert app.return_code is None  # no exception ended the app


MARKUP_NOTES = "[/bold]"


async def test_stored_text_that_looks_like_markup_is_shown_as_typed(tmp_path: Path) -> None:
    record = sample_records()[0].model_copy(
        update={"notes": MARKUP_NOTES, "house": "[red]Savoy[/]", "id": "markup-game"}
    )
    record = record.model_copy(
        update={"score": record.score.model_copy(update={"title": "[/bold]Serf"})}
    )
    HistoryStore(tmp_path).add(record)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await _open_history(pilot)
        table = screen.query_one(HistoryTable)
        assert table.row_count == 1
        row = [str(getattr(cell, "plain", cell)) for cell in table.get_row_at(0)]
        assert MARKUP_NOTES in row and "[red]Savoy[/]" in row and "[/bold]Serf" in row
        await pilot.press("enter")
        await pilot.pause()
        detail = app.screen
        assert detail is not screen
        notes = detail.query_one("#detail-notes", Static)
        assert str(notes.render()) == MARKUP_NOTES
        assert "[red]Savoy[/]" in str(detail.query_one("#detail-fields", Static).render())
        assert detail.query_one("#detail-body", VerticalScroll).display
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen

        await pilot.press("x")  # the question names the game as stored
        await pilot.pause()
        question = app.screen
        assert question is not screen
        shown = " ".join(str(widget.render()) for widget in question.query(Static))
        assert "[red]Savoy[/]" in shown and "[/bold]Serf" in shown
        await pilot.press("y")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        assert HistoryStore(tmp_path).count() == 0
        messages = [n.message for n in app._notifications]
        assert any("[/bold]Serf" in message for message in messages)
        await pilot.press("u")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert HistoryStore(tmp_path).get("markup-game") == record
        assert table.row_count == 1
