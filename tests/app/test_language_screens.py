"""The converted screens in Italian, German and French (History, Statistics, the New game
form, Help, Solo deck), each relabelled in place by a switch with its state kept, and the
pseudo-locale (every string longer, accented) at 80x24 and 120x40 on the New game form
and the History: nothing a player must read is cut."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.containers import ScrollableContainer
from textual.coordinate import Coordinate
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Button, Checkbox, DataTable, Input, Label, RadioButton, Static

from companion.i18n import use_language
from companion.ui.app import StuporSoloApp
from companion.ui.screens.deck import DeckScreen
from companion.ui.screens.help import HelpScreen
from companion.ui.screens.history.games import HistoryScreen
from companion.ui.screens.setup.form import SetupScreen
from tests.app.history_helpers import open_history, open_statistics, write_samples
from tests.app.pilot_helpers import SIZE, open_screen, settle
from tests.app.setup_helpers import open_setup


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def _text(widget: Widget) -> str:
    return str(widget.render())


def _headers(table: DataTable[Any]) -> list[str]:
    return [str(column.label) for column in table.columns.values()]


@pytest.mark.parametrize(
    ("language", "headers", "title", "sort"),
    [
        ("it", ["Data", "Punti", "Titolo", "Difficoltà", "Casata"], "Duca", "ordinate per data"),
        ("de", ["Datum", "Punkte", "Titel", "Schwierigkeit", "Haus"], "Herzog", "sortiert nach"),
        ("fr", ["Date", "Score", "Titre", "Difficulté", "Maison"], "Duc", "triées par date"),
    ],
)
async def test_history_in_the_language(
    tmp_path: Path, language: str, headers: list[str], title: str, sort: str
) -> None:
    write_samples(tmp_path)
    use_language(language)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        table = screen.query_one(DataTable)
        shown = _headers(table)
        for header in headers:
            assert any(label.startswith(header) for label in shown), (header, shown)
        cells = [str(table.get_cell_at(Coordinate(row, 2))) for row in range(table.row_count)]
        assert title in cells
        assert sort in str(screen.sub_title)
        assert "Duke" not in cells


async def test_history_relabels_itself_and_keeps_the_sort_and_the_row(tmp_path: Path) -> None:
    write_samples(tmp_path)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        table = screen.query_one(DataTable)
        await pilot.press("down", "down")
        await settle(pilot)
        row = table.cursor_row

        def order() -> list[object]:
            """The games' keys, row by row (the sort)."""
            return [
                table.coordinate_to_cell_key(Coordinate(r, 0)).row_key.value
                for r in range(table.row_count)
            ]

        before = order()
        first_date = str(table.get_cell_at(Coordinate(0, 0)))
        app.set_language("it")
        await settle(pilot)
        assert app.screen is screen and table.cursor_row == row
        assert order() == before
        day, month, year_time = str(table.get_cell_at(Coordinate(0, 0))).split("/")
        assert first_date.startswith(f"{year_time[:4]}-{month}-{day}")  # the Italian way
        assert _headers(table)[0].startswith("Data")
        assert screen.title == "Storico"
        app.set_language("en")
        await settle(pilot)
        assert _headers(table)[0].startswith("Date") and screen.title == "History"


async def test_statistics_in_german(tmp_path: Path) -> None:
    write_samples(tmp_path)
    use_language("de")
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_statistics(pilot)
        assert screen.query_one("#stats-titles-panel").border_title == "Titel"
        assert screen.sub_title == "30 Partien"
        titles = screen.query_one("#stats-titles", DataTable)
        assert "Herzog" in [
            str(titles.get_cell_at(Coordinate(r, 0))) for r in range(titles.row_count)
        ]


@pytest.mark.parametrize(
    ("language", "title", "house_label", "step"),
    [
        ("it", "Nuova partita", "La tua Casata", "Giochi per primo."),
        ("de", "Neue Partie", "Dein Haus", "Du beginnst."),
        ("fr", "Nouvelle partie", "Votre Maison", "Vous jouez en premier."),
    ],
)
async def test_new_game_form_in_the_language(
    tmp_path: Path, language: str, title: str, house_label: str, step: str
) -> None:
    use_language(language)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        assert _text(screen.query_one("#setup-title", Static)) == title
        assert _text(screen.query_one("#house-label", Label)) == house_label
        assert step in _text(screen.query_one("#checklist", Static))
        assert "Start game" not in str(screen.query_one("#start-game", Button).label)


async def test_new_game_form_relabels_itself_and_keeps_what_is_typed(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        await pilot.click("#diff-hard")
        screen.query_one("#seed", Input).value = "77"
        screen.query_one("#pile", Input).value = "12"
        await settle(pilot)
        house = screen.query_one("#house-select").value  # type: ignore[attr-defined]
        app.set_language("fr")
        await settle(pilot)
        assert app.screen is screen
        assert screen.difficulty == "hard"
        assert screen.query_one("#seed", Input).value == "77"
        assert screen.query_one("#pile", Input).value == "12"
        assert screen.query_one("#house-select").value == house  # type: ignore[attr-defined]
        assert _text(screen.query_one("#setup-title", Static)) == "Nouvelle partie"
        assert str(screen.query_one("#diff-hard", RadioButton).label).startswith("Difficile")
        assert "Vous jouez en premier." in _text(screen.query_one("#checklist", Static))
        assert str(screen.query_one("#start-game", Button).label) == "Commencer la partie"


async def test_help_and_deck_relabel_themselves(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        deck = await open_screen(app, pilot, DeckScreen())
        app.set_language("de")
        await settle(pilot)
        assert _headers(deck.query_one(DataTable))[:2] == ["Kennung", "Schiffszug"]
        assert _text(deck.query_one("#deck-title", Static)) == "Solodeck"
        help_screen = await open_screen(app, pilot, HelpScreen())
        assert _text(help_screen.query_one("#help-title", Static)).startswith("Hilfe")
        app.set_language("it")
        await settle(pilot)
        assert _text(help_screen.query_one("#help-title", Static)).startswith("Aiuto")
        assert "# Tasti" in help_screen.query_one("#help-text").source  # type: ignore[attr-defined]


# --- the pseudo-locale: nothing a player must read is cut -----------------------------------


READ = (Static, Label, Button, RadioButton, Checkbox)


def cut_widgets(screen: Widget) -> list[str]:
    """The widgets of ``screen`` shown with less room than their words need: a line wider
    than the widget that does not wrap, or wrapped lines taller than the widget."""
    cut: list[str] = []
    for widget in screen.query("*"):
        if not isinstance(widget, READ) or not widget.display or not widget.visible:
            continue
        if isinstance(widget, ScrollableContainer):
            continue
        region = widget.content_region
        if region.width <= 0 or not _text(widget).strip():
            continue
        size = Size(region.width, region.height)
        needed = widget.get_content_height(size, size, region.width)
        if needed > region.height:
            cut.append(f"{widget!r}: {needed} lines in {region.height}: {_text(widget)[:60]}")
        if widget.styles.text_wrap == "nowrap" or isinstance(widget, Button):
            widest = max(cell_len(line) for line in _text(widget).splitlines() or [""])
            if widest > region.width:
                cut.append(f"{widget!r}: {widest} cells in {region.width}: {_text(widget)[:60]}")
    return cut


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_pseudo_locale_leaves_nothing_cut_on_the_new_game_form(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    use_language("qps")
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_setup(app, pilot)
        assert isinstance(screen, SetupScreen)
        assert _text(screen.query_one("#setup-title", Static)).startswith("«")
        assert cut_widgets(screen) == []


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_pseudo_locale_leaves_nothing_cut_on_the_history(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    write_samples(tmp_path)
    use_language("qps")
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_history(pilot)
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one(DataTable)
        assert all(label.startswith("«") for label in _headers(table))
        assert cut_widgets(screen) == []
        # every column but Notes shows its header and its widest cell whole
        for column in list(table.columns.values())[:-1]:
            assert column.get_render_width(table) >= cell_len(str(column.label))
