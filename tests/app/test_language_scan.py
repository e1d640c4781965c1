"""The pseudo-locale's screen scan (:mod:`tests.app.language_scan`) finds English that
never went through the catalogue, and nothing else: what is between « », what may stay
English, and text wrapped over several rows of a panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.i18n import _, use_language
from companion.i18n.pseudo import pseudo
from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.confirm import ConfirmModal
from tests.app.language_scan import blocks, english_runs, shows, untranslated
from tests.app.pilot_helpers import settle


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize(
    ("text", "runs"),
    [
        (pseudo("Play a card") + " " + pseudo("Pass"), []),
        ("«Ţŕàvél ·» Play card", ["Play card"]),
        ("Grain 1/7 Stone 2/7", ["Grain 1/7 Stone"]),  # numbers do not end a run
        ("Grain «Ŝţôñé ·» Stone", []),  # one word each side of « »
        ("Stupor Mundi «Šôlô ·»", []),
        ("B13 · ctrl+s esc F1 III 2T 1W", []),  # ids, keys, numerals
        ("p «Fàçé dôŵñ ·» · Promote a Specialist", ["Promote a Specialist"]),
        ("Play Frédéric card", []),  # a translated word ends a run
        ("Frederick’s palace", ["Frederick’s palace"]),
        ("«Ţĥé ·» Anna Maria «ĝàmé ·»", []),  # a name the player typed, allowed below
        ("«open and never closed Save to history", []),
        ("k Romigi s Sebastian · Di Romano", []),  # the glossary keeps them in every edition
        (
            "the Ally (Castellan) leaves",
            ["the Ally (Castellan) leaves"],
        ),  # shown as found  # a House every edition words its way
    ],
)
def test_english_runs(text: str, runs: list[str]) -> None:
    assert english_runs(text, allowed=("Anna Maria",)) == runs


def test_a_message_wrapped_over_rows_of_a_panel_is_one_block() -> None:
    screen = [
        "╭─ «Ŵĥàţ ţô dô ··» ─╮╭─ Log ─╮",
        "│ «Ýôûŕ ţûŕñ: play  ││ Round │",
        "│ à çàŕd ···» Your  ││ began │",
        "│ hand is empty     ││       │",
        "╰───────────────────╯╰───────╯",
    ]
    texts = [block.text for block in blocks(screen)]
    assert "«Ýôûŕ ţûŕñ: play à çàŕd ···» Your hand is empty" in texts
    assert "Round began" in texts  # its own panel, not the row's other half
    runs = [run for text in texts for run in english_runs(text)]
    assert runs == ["Your hand is empty", "Round began"]


async def test_a_dialog_is_read_without_the_screen_under_it(tmp_path: Path) -> None:
    use_language("qps")
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert untranslated(app) == [], "the Start screen is converted"
        assert shows(app, _("New game")) and _("New game") == pseudo("New game")
        question = ConfirmModal(
            "Leave the game now?",
            "All is saved as you go.",
            yes_label=pseudo("Leave"),
            no_label=pseudo("Stay"),
        )
        app.push_screen(question)
        await settle(pilot)
        assert untranslated(app) == ["Leave the game now?", "All is saved as you go."]
