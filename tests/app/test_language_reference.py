"""The Reference and the command palette in the edition's language: a player with the
Italian box types *torre* and finds the Tower (shown as the edition prints it, the English
term beside it); the palette finds a command by its name in the language or in English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.command import Hit
from textual.widgets import Input, Static

from companion.i18n import use_language
from companion.ui.app import StuporSoloApp
from companion.ui.commands import GameCommands
from companion.ui.screens.reference import SEARCH_PAUSE, ReferenceScreen
from tests.app.pilot_helpers import SIZE, settle


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


async def type_search(pilot: Any, text: str) -> None:
    """Type ``text`` into the Reference's search and wait for the search to run."""
    for character in text:
        await pilot.press("space" if character == " " else character)
    await pilot.pause(SEARCH_PAUSE * 2)
    await settle(pilot)


async def open_reference(app: StuporSoloApp, pilot: Any) -> ReferenceScreen:
    """The Reference, opened with F1 from the Start screen."""
    await settle(pilot)
    await pilot.press("f1")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, ReferenceScreen)
    return screen


def _text(screen: ReferenceScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@pytest.mark.parametrize(
    ("language", "word", "shown", "title"),
    [
        ("it", "torre", "Torre (Tower)", "Riferimento"),
        ("de", "türme", "Turm (Tower)", "Nachschlagen"),
        ("fr", "donjon", "Donjon (Keep)", "Référence"),
    ],
)
async def test_the_reference_finds_an_entry_by_the_editions_word(
    tmp_path: Path, language: str, word: str, shown: str, title: str
) -> None:
    use_language(language)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_reference(app, pilot)
        assert title in _text(screen, "#reference-title")
        await type_search(pilot, word)
        assert screen.shown in {"structure:tower", "structure:keep"}
        assert _text(screen, "#reference-entry").startswith(shown)
        assert screen.lines[0].label.startswith(shown)


async def test_the_reference_relabels_itself_and_keeps_the_search(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_reference(app, pilot)
        await type_search(pilot, "wall")
        before = screen.shown
        assert _text(screen, "#reference-entry").startswith("Wall")
        app.set_language("it")
        await settle(pilot)
        kept = app.screen is screen  # the same screen, relabelled in place
        assert kept and screen.shown == before
        assert screen.query_one("#reference-search", Input).value == "wall"
        assert _text(screen, "#reference-entry").startswith("Muro (Wall)")
        assert "voci per “wall”" in _text(screen, "#reference-count")
        assert "Riferimento" in _text(screen, "#reference-title")
        app.set_language("en")
        await settle(pilot)
        assert _text(screen, "#reference-entry").startswith("Wall\n")


@pytest.mark.parametrize("typed", ["Nuova partita", "New game"])
async def test_the_palette_finds_a_command_by_either_name(tmp_path: Path, typed: str) -> None:
    use_language("it")
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        provider = GameCommands(app.screen)
        hits = [hit async for hit in provider.search(typed) if isinstance(hit, Hit)]
        assert hits
        best = max(hits, key=lambda hit: hit.score)
        assert str(best.match_display).startswith("Nuova partita")
