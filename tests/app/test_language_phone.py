"""Issue 42: the Table in a browser, on a phone (46x60) and a tablet (113x42), in the
pseudo-locale (every message about 40 % longer, between « ») and the longer editions: each
big button shows its whole label (wrapped between words onto its second row where one row
is too short) and the header its title whole, shortened where the whole one would be cut.

"Whole" is read off the screen (:func:`tests.app.language_scan.region_lines`): a button's
rows, joined, are its label word for word (a word cut at the edge, folded onto the next row
or left out does not read so), and the header's row is one of its forms with no "…".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widgets import Button

from companion.i18n import _, use_language
from companion.ui.app import StuporSoloApp
from companion.ui.header_title import SHORT_TITLE
from companion.ui.keys import TOUCH_KEYS
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.touch_bar import column_widths, label_rows, label_width
from tests.app.language_scan import cut, region_lines
from tests.app.pilot_helpers import open_table, settle
from tests.app.test_phone_fit import PHONE, TABLET, web
from tests.browser.served import svg_lines

LANGUAGES = ("qps", "de", "fr", "en")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def _words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def _check_buttons(app: StuporSoloApp, table: TableScreen, language: str) -> None:
    """Each big button shows its label whole; in English none needs a second row and the
    columns are the stylesheet's equal ones (the bar as it always was)."""
    buttons = list(table.query_one("#touch-bar").query(Button))
    assert len(buttons) == len(TOUCH_KEYS)
    for key, button in zip(TOUCH_KEYS, buttons, strict=True):
        label = _(key.label)
        lines = region_lines(app, button.content_region)
        assert _words(lines) == " ".join(label.split()), (label, lines)
        assert not cut(lines), lines
    if language == "en":
        assert not [b for b in buttons if b.has_class("-two-rows")]
        assert table.query_one("#touch-bar").styles.grid_columns is None


def _check_header(app: StuporSoloApp, table: TableScreen) -> None:
    """The header shows the longest of its forms that fits, whole: the app's title or the
    game's name, then the round, its House and difficulty, or the round alone."""
    header = svg_lines(app.export_screenshot())[0].strip()
    whole = f"{_(StuporSoloApp.TITLE)} — {table.sub_title}"
    shorter = f"{SHORT_TITLE} — {table.sub_title}"
    shortest = f"{SHORT_TITLE} — {_('Round {round}').format(round=1)}"
    fits = [form for form in (whole, shorter) if cell_len(form) <= app.size.width]
    assert header == (fits[0] if fits else shortest), header
    assert "…" not in header and not cut([header]), header


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_table_shows_each_button_and_its_title_whole(
    tmp_path: Path, monkeypatch: Any, language: str, size: tuple[int, int]
) -> None:
    web(monkeypatch)
    use_language(language)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=size) as pilot:
        table = await open_table(app, pilot)
        await settle(pilot)
        _check_buttons(app, table, language)
        _check_header(app, table)


@pytest.mark.parametrize("language", ["de", "qps"])
async def test_a_language_switch_fits_the_buttons_and_title_again(
    tmp_path: Path, monkeypatch: Any, language: str
) -> None:
    """Switched in place on a phone (no screen composed again), to a longer language and
    back to English: the buttons and the title fit the words in use each time."""
    web(monkeypatch)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await open_table(app, pilot)
        for now in (language, "en"):
            app.set_language(now)
            await settle(pilot)
            await settle(pilot)
            _check_buttons(app, table, now)
            _check_header(app, table)


def test_a_label_wraps_between_words_and_columns_share_the_room() -> None:
    """German on a phone: "Wiederholen" is wider than an equal share of 41 columns (10),
    so its column takes 11 and the others share the rest; English keeps equal columns."""
    assert label_rows("Karte spielen", 10) == 2
    assert label_rows("Wiederholen", 10) is None
    assert label_width(["Jouer une carte", "Annuler le coup"]) == 10 - 1  # "Jouer une"
    german = [["Friedrich", "Rückgängig"], ["Karte spielen", "Wiederholen"]]
    german += [["Weiter", "Protokoll"], ["Passen", "Menü"]]
    assert column_widths(german, 41) == (10, 11, 10, 10)
    english = [["Frederick", "Undo"], ["Play card", "Redo"], ["Continue", "Log"], ["Pass", "Menu"]]
    assert column_widths(english, 41) is None
    assert column_widths(german, 30) is None  # no room for every need: equal columns
