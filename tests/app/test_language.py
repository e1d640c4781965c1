"""The app in each language: the Start screen and its footer, the pseudo-locale's fit at
80x24, and a switch while the app runs that keeps the game and each screen's state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Input, OptionList, Static

from companion.i18n import use_language
from companion.ui.app import StuporSoloApp
from companion.ui.screens.start import StartScreen
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.key_footer import KeyFooter
from tests.app.pilot_helpers import SIZE, game_of, open_table, settle
from tests.app.setup_helpers import open_setup


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def _menu(app: StuporSoloApp) -> list[str]:
    menu = app.screen.query_one("#start-menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


def _footer(app: StuporSoloApp) -> list[str]:
    return [entry.description for entry in app.screen.query_one(KeyFooter).entries]


@pytest.mark.parametrize(
    ("language", "menu_line", "footer_key", "subtitle"),
    [
        ("it", "Nuova partita", "Statistiche", "tu contro Federico"),
        ("de", "Neue Partie", "Statistik", "du gegen Friedrich"),
        ("fr", "Nouvelle partie", "Historique", "vous contre Frédéric"),
    ],
)
async def test_start_screen_and_footer_in_the_language(
    tmp_path: Path, language: str, menu_line: str, footer_key: str, subtitle: str
) -> None:
    use_language(language)  # what `stupor-solo --lang it` does before the app starts
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert any(menu_line in line for line in _menu(app))
        assert footer_key in _footer(app)
        assert subtitle in str(app.screen.query_one("#start-subtitle", Static).render())


async def test_pseudo_locale_leaves_nothing_cut_on_the_start_screen_at_80x24(
    tmp_path: Path,
) -> None:
    use_language("qps")
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#start-menu", OptionList)
        lines = _menu(app)
        assert all(line.count("«") == 1 for line in lines)  # every label went through
        room = menu.scrollable_content_region.width
        for line in lines:
            shown = line.replace("[b]", "").replace("[/b]", "")
            assert cell_len(shown) <= room, shown
        subtitle = app.screen.query_one("#start-subtitle", Static)
        assert cell_len(str(subtitle.render())) <= subtitle.content_region.width
        footer = app.screen.query_one(KeyFooter)
        assert all(entry.description.startswith("«") for entry in footer.entries)
        arrangement = footer.arrange_keys(footer.size.width)
        shown_keys = {place.entry for place in arrangement.places}
        assert set(footer.entries) <= shown_keys
        for place in arrangement.places:
            assert place.region.right <= footer.size.width
            assert place.region.width >= footer._width(place.entry, palette=place.palette)


async def test_switch_keeps_the_forms_text_and_relabels_the_screens_below(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        seed = screen.query_one("#seed", Input)
        seed.value = "4242"
        seed.focus()
        await settle(pilot)
        app.set_language("it")
        await settle(pilot)
        assert app.screen is screen
        assert screen.query_one("#seed", Input).value == "4242"
        assert app.focused is screen.query_one("#seed", Input)
        start = app.screen_stack[-2]
        assert isinstance(start, StartScreen)
        assert any(
            "Nuova partita" in line
            for line in [
                str(start.query_one("#start-menu", OptionList).get_option_at_index(i).prompt)
                for i in range(start.query_one("#start-menu", OptionList).option_count)
            ]
        )
        assert app.language == "it"


async def test_switch_on_the_table_keeps_the_game(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await pilot.press("g", "3", "enter")  # gain 3 VP
        await settle(pilot)
        before = game_of(app).to_document()
        table = app.screen
        app.set_language("de")
        await settle(pilot)
        assert app.screen is table and isinstance(table, TableScreen)
        assert game_of(app).to_document() == before
        assert app.session.state.player.vp == 3
        app.set_language("en")
        await settle(pilot)
        assert "Help" in _footer(app) or app.screen.query(KeyFooter)
