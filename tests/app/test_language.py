"""The app in each language: the Start screen and its footer, the pseudo-locale's fit at
80x24, and a switch while the app runs that keeps the game and each screen's state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Static

from companion.i18n import _, shown, use_language
from companion.ui.app import StuporSoloApp
from companion.ui.screens.log_screen import LogScreen
from companion.ui.screens.start import StartScreen
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.key_footer import KeyFooter
from solo_deck import Phase, parse_edict
from solo_deck.events import FrederickTurn, RevealEdict
from tests.app.game_script import SUMMON_GISELE
from tests.app.pilot_helpers import SIZE, game_of, open_table, press_and_settle, settle
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
        assert table.query_one("#instructions").border_title == _("What to do") != "What to do"
        app.set_language("en")
        await settle(pilot)
        assert table.query_one("#instructions").border_title == "What to do"
        assert "Help" in _footer(app)


def _prompts(screen: Screen[Any]) -> list[str]:
    listing = screen.query_one(OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_switch_keeps_the_log_s_line_a_dialog_s_line_and_what_is_typed(
    tmp_path: Path,
) -> None:
    """Start, Table and Log open, then the Table with Play card open (a line moved to),
    then with Gain or spend open (a reason typed): each switch leaves the game, the
    screens, the highlighted line, the focus and the typed text as they were (checked at
    once), and every open screen reads in the new language (checked at the end, all of
    it: what is still English is the list of what to convert)."""
    app = StuporSoloApp(tmp_path, insight=False)
    unread: list[str] = []

    def reads(where: str, shown_text: object, message: str) -> None:
        wanted = _(message)
        if wanted == message or str(shown_text) != wanted:
            unread.append(f"{where}: {shown_text!r}, not {wanted!r} ({message!r})")

    async with app.run_test(size=SIZE) as pilot:
        reveal = RevealEdict(position=1, edict=parse_edict("1G"))
        table = await open_table(app, pilot, *SUMMON_GISELE, FrederickTurn(), reveal)
        assert app.session.state.phase is Phase.PLAYER and not app.session.state.edicts.awaiting
        game = game_of(app).to_document()
        await press_and_settle(pilot, "l")
        log = app.screen
        assert isinstance(log, LogScreen)
        await press_and_settle(pilot, "up", "up")
        listing = log.query_one(OptionList)
        line, english = listing.highlighted, _prompts(log)
        assert line == len(english) - 3
        app.set_language("it")
        await settle(pilot)
        assert [type(s) for s in app.screen_stack[1:]] == [StartScreen, TableScreen, LogScreen]
        assert app.screen is log and listing.highlighted == line and app.focused is listing
        assert game_of(app).to_document() == game
        assert "Nuova partita" in " ".join(_menu_of(app.screen_stack[1]))
        lines = [f"{n:>4}  {shown(x)}" for n, x in enumerate(app.session.log, start=1)]
        assert lines != english  # the engine's sentences have Italian
        stale = [(was, now) for was, now in zip(_prompts(log), lines, strict=True) if was != now]
        if stale:
            unread.append(f"Log: {len(stale)} lines not drawn again, first {stale[0]!r}")
        reads("Table below the Log", table.query_one("#instructions").border_title, "What to do")

        await press_and_settle(pilot, "escape", "enter")  # the Table, Play card
        dialog = app.screen
        choice = dialog.query_one("#choice", OptionList)
        await press_and_settle(pilot, "down", "down")
        highlighted, focused = choice.highlighted, app.focused
        assert highlighted == 2 and focused is choice
        app.set_language("de")
        await settle(pilot)
        assert app.screen is dialog and choice.highlighted == highlighted
        assert app.focused is focused
        assert game_of(app).to_document() == game
        reads("Play card", dialog.query_one(".dialog-title", Label).content, "Play a card")

        await press_and_settle(pilot, "escape", "g")  # Gain or spend, a reason typed
        gain = app.screen
        reason = gain.query_one("#reason", Input)
        reason.focus()
        await settle(pilot)
        await pilot.press(*"market")
        await settle(pilot)
        app.set_language("fr")
        await settle(pilot)
        assert app.screen is gain and _focused(app) is reason and reason.value == "market"
        assert game_of(app).to_document() == game
        reads("Gain or spend", gain.query_one(".dialog-title", Label).content, "Gain or spend")
    assert not unread, "\n".join(unread)


def _menu_of(screen: Screen[Any]) -> list[str]:
    menu = screen.query_one("#start-menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


def _focused(app: StuporSoloApp) -> Widget | None:
    """The focused widget (read again: not narrowed by an earlier check)."""
    return app.focused
