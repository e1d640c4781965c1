"""The End Phase, the Final score and the app's header word themselves again when the
language is switched while they are open, and come back word for word in English.

The pseudo-locale ``qps`` stands for any language: every message that goes through the
catalogue comes out wrapped in ``«…»``, so a line still in English after the switch is a
line that does not go through it (or was not drawn again)."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, DataTable, Label, Static

from companion.i18n import use_language
from companion.storage.errors import describe_os_error
from companion.ui.screens.end_phase import EndPhaseScreen
from companion.ui.screens.final_score import FinalScoreScreen
from tests.app.end_phase_helpers import COMPLETE, make_app, open_end_phase
from tests.app.pilot_helpers import SIZE, open_screen, settle

PSEUDO = "«"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def _end_phase_words(screen: EndPhaseScreen) -> dict[str, str]:
    """What the End Phase says that is not a name: its title, steps, buttons, columns."""
    words = {
        "title": str(screen.query_one("#end-title", Static).render()),
        "hand": str(screen.query_one("#hand-text", Label).render()),
        "castle": str(screen.query_one("#castle-text", Label).render()),
        "ally total": str(screen.query_one("#ally-total", Label).render()),
        "end check": str(screen.query_one("#end-check", Label).render()),
        "naming hint": str(screen.query_one("#naming-how", Label).render()),
    }
    for panel in ("#step-hand", "#step-castle", "#step-ally", "#step-reorganise", "#step-end"):
        words[panel] = str(screen.query_one(panel).border_title)
    for button in ("#castle-ok", "#ally-ok", "#reorganise-ok", "#end-ok"):
        words[button] = str(screen.query_one(button, Button).label)
    table: DataTable[Any] = screen.query_one("#ally-table", DataTable)
    words["columns"] = " | ".join(str(column.label) for column in table.columns.values())
    return words


async def test_the_end_phase_relabels_itself_on_a_switch_and_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, {"allies": ("theophilos", "gisela")})
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_end_phase(app, pilot)
        english = _end_phase_words(screen)
        assert english["title"] == "End Phase · round 1"
        assert english["columns"] == "Ally | Kind | Condition | VP | Why"
        app.set_language("qps")
        await settle(pilot)
        assert app.screen is screen
        pseudo = _end_phase_words(screen)
        still_english = [name for name, words in pseudo.items() if PSEUDO not in words]
        assert still_english == []
        app.set_language("en")
        await settle(pilot)
        assert _end_phase_words(screen) == english


def _final_words(screen: FinalScoreScreen) -> dict[str, str]:
    words = {
        name: str(screen.query_one(selector).render())
        for name, selector in {
            "heading": "#final-heading",
            "reasons": "#final-reasons",
            "prefilled": "#prefilled",
            "breakdown": "#breakdown",
            "rule": "#structures-rule",
            "title": "#title",
            "notes": "#notes-label",
        }.items()
    }
    words["save"] = str(screen.query_one("#save-ok", Button).label)
    words["counts"] = str(screen.query_one("#counts").border_title)
    words["vp track"] = str(screen.query_one("#vp_track .number-label", Label).render())
    return words


async def test_the_final_score_relabels_itself_and_keeps_the_counts(tmp_path: Path) -> None:
    app = make_app(tmp_path, COMPLETE)
    async with app.run_test(size=SIZE) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        english = _final_words(final)
        counts = final.counts()
        assert english["heading"] == "Final score"
        app.set_language("qps")
        await settle(pilot)
        pseudo = _final_words(final)
        still_english = [name for name, words in pseudo.items() if PSEUDO not in words]
        assert still_english == []
        assert final.counts() == counts
        app.set_language("en")
        await settle(pilot)
        assert _final_words(final) == english


async def test_the_header_title_follows_the_language(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert str(app.format_title(app.title, "")) == "Stupor Mundi · Solo companion"
        app.set_language("qps")
        await settle(pilot)
        assert PSEUDO in str(app.format_title(app.title, ""))


def test_storage_reasons_are_worded_in_the_language_in_use() -> None:
    full = OSError(errno.ENOSPC, "No space left on device")
    assert describe_os_error(full) == "the disk is full"
    use_language("qps")
    assert PSEUDO in describe_os_error(full)
    use_language("en")
    assert describe_os_error(full) == "the disk is full"
