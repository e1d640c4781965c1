"""The Final score screen on its own: which most-Structures rule applied and why, bad
counts refused inline, and a failed history write that keeps the screen and loses nothing.
(The way there from the End Phase and the saved record: test_end_phase_final.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.widgets.number_field import NumberField
from solo_deck import Ruleset
from solo_deck.data.loaders import load_ruleset
from tests.app.end_phase_helpers import COMPLETE, make_app, text
from tests.app.pilot_helpers import SIZE, open_screen, press_and_settle, settle


def ruleset_with_rule(rule: str) -> Ruleset:
    data = load_ruleset().model_dump()
    data["scoring"]["most_structures_rule"]["value"] = rule
    return Ruleset.model_validate(data)


@pytest.mark.parametrize(
    ("rule", "his", "line"),
    [
        (
            "at_least_as_many",
            10,
            "Most Structures, +4 VP: yours with at least as many Structures as Frederick "
            "(you 10, he 10).",
        ),
        (
            "more_than",
            10,
            "Most Structures, no bonus: yours with more Structures than Frederick (you 10, he 10).",
        ),
    ],
)
async def test_the_final_score_says_which_most_structures_rule_applied(
    tmp_path: Path, rule: str, his: int, line: str
) -> None:
    app = make_app(tmp_path, ruleset=ruleset_with_rule(rule))
    async with app.run_test(size=SIZE) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        final.query_one("#structures", NumberField).text = "10"
        final.query_one("#frederick_structures", NumberField).text = str(his)
        await settle(pilot)
        assert text(final, "#structures-rule") == line
        assert final.breakdown is not None
        assert final.breakdown.most_structures_bonus == (4 if rule == "at_least_as_many" else 0)


async def test_final_score_refuses_bad_counts_and_keeps_the_screen_when_saving_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, COMPLETE)
    async with app.run_test(size=SIZE) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        final.query_one("#grain", NumberField).text = "x"
        await settle(pilot)
        assert final.breakdown is None
        assert final.query_one("#grain", NumberField).has_error
        await press_and_settle(pilot, "ctrl+s")
        assert "Fix the counts" in text(final, "#save-status")
        final.query_one("#grain", NumberField).text = "1"
        await settle(pilot)

        def disk_full(record: Any, **_: Any) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(app.session.history, "add", disk_full)
        await press_and_settle(pilot, "ctrl+s")
        assert isinstance(app.screen, FinalScoreScreen)
        assert "Could not save" in text(final, "#save-status")
        assert app.session.has_game


async def test_the_save_button_saves_as_ctrl_s_does(tmp_path: Path) -> None:
    """Playing by taps, the only way to save was the footer's ^s; the screen ends with a
    button now."""
    from textual.widgets import Button

    from companion.ui.screens.start import StartScreen

    app = make_app(tmp_path, COMPLETE)
    async with app.run_test(size=SIZE) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        button = final.query_one("#save-ok", Button)
        button.scroll_visible(animate=False)
        await settle(pilot)
        await pilot.click(button)
        await settle(pilot)
        (record,) = app.session.history.all()
        assert record.score.total == final.breakdown.total if final.breakdown else False
        assert isinstance(app.screen, StartScreen)


async def test_at_80x24_the_total_and_the_title_are_on_the_screen(tmp_path: Path) -> None:
    """Issue 39: at 80x24 the breakdown wrapped beside the counts and its total was below
    the screen's edge; now the Total line, the big total and the title show as it opens."""
    from textual.widgets import Digits

    from tests.browser.served import svg_lines

    app = make_app(tmp_path, COMPLETE)
    async with app.run_test(size=(80, 24)) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        await settle(pilot)
        assert final.breakdown is not None
        total = final.breakdown.total
        screen = svg_lines(app.export_screenshot())
        assert any(re.search(rf"Total\s+{total}\b", line) for line in screen), screen
        assert final.region.contains_region(final.query_one("#total", Digits).region)
        title = final.breakdown.title.upper()
        assert any(title in line for line in screen[:-1]), screen  # above the footer


DOTS = {
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "8": ("###", "#.#", "###", "#.#", "###"),
}
"""The two digits of the total below (18) as a 3x5 dot font draws them."""
HALVES = {" ": "..", "▀": "#.", "▄": ".#", "█": "##"}
"""A cell's upper and lower dot."""


async def test_on_a_phone_the_big_total_is_solid_digits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39: on a phone the big total showed as a small box two columns wide (xterm.js
    draws Textual's box-line digits as hairlines from the middle of each cell: an "8" was
    a box); now it is drawn in solid blocks, three columns to a digit, and reads as the
    total, dot by dot."""
    from textual.widgets import Digits

    from companion.ui.app import StuporSoloApp
    from tests.browser.served import svg_lines

    monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    app = make_app(tmp_path, COMPLETE)
    async with app.run_test(size=(46, 60)) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        figure = final.query_one("#total", Digits)
        figure.scroll_visible(animate=False)
        await settle(pilot)
        assert final.breakdown is not None and str(final.breakdown.total) == "18"
        box = figure.region
        assert (box.width, box.height) == (7, 3), box  # two digits, one column apart
        rows = [
            line[box.x : box.right].ljust(box.width)
            for line in svg_lines(app.export_screenshot())[box.y : box.bottom]
        ]
        assert all(cell in HALVES for row in rows for cell in row), rows  # no box lines
        for number, digit in enumerate("18"):
            cells = [row[4 * number : 4 * number + 3] for row in rows]
            dots = ["".join(HALVES[c][half] for c in line) for line in cells for half in (0, 1)]
            assert tuple(dots[:5]) == DOTS[digit] and dots[5] == "...", (digit, rows)
