"""The Table in the language in use: every panel's words through the catalogue (the
pseudo-locale shows any that are not), the game's terms as the edition prints them, and a
switch that words the Table again in place (folds, the typed tile and the game kept)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Button, Collapsible, Input, Label

from companion.i18n import use_language
from companion.i18n.pseudo import pseudo
from companion.ui.app import StuporSoloApp
from companion.ui.screens.table import TableScreen
from companion.ui.screens.table_layout import FOLD_TITLES, PANEL_TITLES
from companion.ui.widgets.deck_panel import DeckPanel
from companion.ui.widgets.edict_row_panel import EdictRowPanel
from companion.ui.widgets.instructions_panel import InstructionsPanel
from companion.ui.widgets.log_panel import LogPanel
from companion.ui.widgets.odds_panel import OddsPanel
from companion.ui.widgets.palace_panel import PalacePanel
from companion.ui.widgets.player_panel import PlayerPanel
from companion.ui.widgets.text_panel import TextPanel
from companion.ui.widgets.voyage_panel import VoyagePanel
from tests.app.pilot_helpers import SIZE, game_of, open_table, settle
from tests.app.test_tile_prompt import drawn_with

PANELS: tuple[type[TextPanel], ...] = (
    PalacePanel,
    EdictRowPanel,
    DeckPanel,
    OddsPanel,
    VoyagePanel,
    PlayerPanel,
    InstructionsPanel,
    LogPanel,
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def _texts(table: TableScreen) -> dict[str, str]:
    """Each panel's text as drawn now."""
    return {kind.__name__: str(table.query_one(kind).render()) for kind in PANELS}


ENGLISH_WORDS = {
    "PalacePanel": "coins",
    "EdictRowPanel": "Pile:",
    "DeckPanel": "Cards played",
    "OddsPanel": "Next card",
    "VoyagePanel": "card:",
    "PlayerPanel": "refills to",
    "InstructionsPanel": "New Next",
    "LogPanel": "No events yet.",
}
"""A few English words of each panel (with a tile asked for, before any move)."""


async def test_every_panel_of_the_table_speaks_the_language(tmp_path: Path) -> None:
    use_language("qps")
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(app, pilot, setup=drawn_with(4))
        await settle(pilot)
        texts = _texts(table)
        for panel, words in ENGLISH_WORDS.items():
            assert words not in texts[panel], (panel, texts[panel])
            assert "«" in texts[panel], (panel, texts[panel])
        for key, title in PANEL_TITLES.items():
            assert table.query_one(f"#{key}").border_title == pseudo(title)
        assert str(table.sub_title).startswith("«Ŕôûñd 1 · «Šàvôý ·»")
        label = str(table.query_one("#reveal-field .edict-label", Label).content)
        assert label.startswith("«Ñéŵ Ñéxţ I ţîlé («4 môŕé"), label


async def test_the_table_names_the_game_as_the_italian_edition_does(tmp_path: Path) -> None:
    use_language("it")
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(app, pilot)
        texts = _texts(table)
        for term in ("Grano", "Pietra", "Tesoro", "Torri", "Mura", "Masti", "Corte"):
            assert term in texts["PalacePanel"], term
        assert "Percorso A" in texts["PalacePanel"]
        assert "Alessandria" in texts["VoyagePanel"] and "Barcellona" in texts["VoyagePanel"]
        assert "PV 0" in texts["PlayerPanel"] and "Augustali" in texts["PlayerPanel"]
        subtitle = str(table.sub_title)
        assert "Savoia" in subtitle and "media" in subtitle


async def test_a_switch_words_the_narrow_table_again_and_keeps_its_state(
    tmp_path: Path,
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(app, pilot, setup=drawn_with(4))
        await settle(pilot)
        table.query_one("#fold-log", Collapsible).collapsed = False
        typed = table.query_one("#reveal-field Input", Input)
        typed.value = "2t"
        await settle(pilot)
        english = _texts(table)
        before = game_of(app).to_document()
        folded = {fold.id: fold.collapsed for fold in table.query(Collapsible)}

        app.set_language("qps")
        await settle(pilot)
        assert app.screen is table
        assert {fold.id: fold.collapsed for fold in table.query(Collapsible)} == folded
        assert typed.value == "2t"
        assert game_of(app).to_document() == before
        assert table.query_one("#fold-voyage", Collapsible).title == pseudo(FOLD_TITLES["voyage"])
        assert str(table.query_one("#touch-play", Button).label).startswith("«")
        assert typed.placeholder.startswith("«")
        shown = _texts(table)
        assert all(shown[panel] != english[panel] for panel in ENGLISH_WORDS)

        app.set_language("en")
        await settle(pilot)
        assert _texts(table) == english
        assert table.query_one("#fold-voyage", Collapsible).title == FOLD_TITLES["voyage"]
        assert str(table.query_one("#touch-play", Button).label) == "Play card"
