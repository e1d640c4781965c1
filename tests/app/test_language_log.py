"""A long game's whole log in another language: the engine keeps the parts of its latest
lines only (older lines plain English), and the Log screen has the older ones replayed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import OptionList

from benchmarks.game_gen import bench_setup, game_with_events
from companion.i18n import use_language
from companion.ui.app import StuporSoloApp
from companion.ui.screens.log_screen import LogScreen
from solo_deck.text import Text
from tests.app.pilot_helpers import SIZE, open_screen, open_table, settle


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


async def test_a_switch_shows_every_line_of_a_long_game_in_the_new_language(
    tmp_path: Path,
) -> None:
    events = game_with_events(7 * 32 + 5).events
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, *events, setup=bench_setup())
        first = app.session.log[0]
        assert first == "You played a card in slot 1, face down for Build"
        assert not isinstance(first, Text)  # kept as plain English
        app.set_language("de")
        await settle(pilot)
        log = await open_screen(app, pilot, LogScreen())
        options = log.query_one(OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(len(events))]
        assert prompts[0] == "   1  Du hast eine Karte in Feld 1 gespielt, verdeckt für Bauen"
        assert prompts[3] == "   4  Neues Plättchen Nächstes III: 3K"
        assert not any("You played" in prompt for prompt in prompts)
        assert sum("Du hast eine Karte" in prompt for prompt in prompts) > 40
        assert app.session.log[0] == first  # the game is unchanged
