"""The End Phase and the Final score fit their text to the room, in English too: a table
that does not fit wraps or stacks instead of scrolling sideways, a title too long for its
border goes inside its panel, a name too long for the breakdown's 22 columns wraps whole
(the pseudo-locale's layout checks are in :mod:`tests.app.test_language_layout`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Label

from companion.ui.app import StuporSoloApp
from companion.ui.screens.end_phase_layout import StepPanel
from companion.ui.screens.final_score import breakdown_lines
from companion.ui.widgets.fitted_table import FittedTable, fitted_widths
from tests.app.end_phase_helpers import ALLIES, make_app, open_end_phase
from tests.app.language_scan import region_lines
from tests.app.pilot_helpers import settle

SIZES = {"120x40": ((120, 40), False), "80x24": ((80, 24), False), "phone": ((46, 60), True)}
REASONS = (
    "you 1 vs Frederick 3 Grain, needs you ≥ him",
    "Frederick Allies 2, needs 3+",
)
"""The Allies' reasons in the prepared game (Theophilos, Gisela)."""


@pytest.mark.parametrize("size", list(SIZES))
async def test_the_ally_table_shows_every_reason_whole_without_scrolling_sideways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str
) -> None:
    """At 80x24 the Why column ran past the panel (the table scrolled sideways and cut
    it); now each reason's words are all on the screen, in the table's own columns at
    120x40 and 80x24, each Ally's cells stacked beside their headers on a phone."""
    (columns, rows), web = SIZES[size]
    if web:
        monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=(columns, rows)) as pilot:
        screen = await open_end_phase(app, pilot)
        table = screen.query_one("#ally-table", FittedTable)
        table.scroll_visible(animate=False, top=True)
        await settle(pilot)
        assert table.max_scroll_x == 0 and table.max_scroll_y == 0
        shown = " ".join(region_lines(app, table.region)).split()
        for reason in REASONS:
            assert set(reason.split()) <= set(shown), (reason, shown)
        assert table.show_header is (size != "phone")
        assert table.has_class("-wrapped") is (size != "120x40")
        if size == "phone":  # stacked: a header beside each cell
            assert {"Ally", "Kind", "Condition", "VP", "Why"} <= set(shown)


@pytest.mark.parametrize("size", list(SIZES))
async def test_a_step_title_too_long_for_its_border_goes_inside_its_panel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str
) -> None:
    """Frederick's last card's title fits the border at 120x40 and 80x24; on a phone
    Textual cut it ("ship +1…"): it is the panel's first line there, whole."""
    (columns, rows), web = SIZES[size]
    if web:
        monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=(columns, rows)) as pilot:
        screen = await open_end_phase(app, pilot)
        panel = screen.query_one("#step-frederick", StepPanel)
        panel.scroll_visible(animate=False, top=True)
        await settle(pilot)
        report = app.session.state.last_frederick
        assert report is not None
        title = f"Frederick's last card, {report.card_id}: {report.face}"
        assert panel.title == title
        heading = panel.query_one(".step-heading", Label)
        inside = size == "phone"
        assert (str(panel.border_title), heading.display) == ("" if inside else title, inside)
        lines = region_lines(app, heading.region) if inside else region_lines(app, panel.region)[:1]
        shown = " ".join(" ".join(lines).split())
        assert title in shown and "…" not in shown, shown


def test_the_breakdown_keeps_28_columns_while_every_name_fits() -> None:
    rows = [("VP track", 0), ("Structures (+1 each)", 13), ("Total", 13)]
    assert breakdown_lines(rows, 70) == [
        "VP track                   0",
        "Structures (+1 each)      13",
        "─" * 28,
        "Total                     13",
    ]


def test_a_long_name_widens_the_breakdown_as_far_as_its_width_then_wraps() -> None:
    long = "Structures de toutes sortes (+1 chacune)"  # 40 columns
    assert breakdown_lines([(long, 13), ("Total", 13)], 70)[0] == f"{long}    13"
    narrow = breakdown_lines([(long, 13), ("Total", 13)], 30)
    assert narrow[:2] == ["Structures de toutes", "sortes (+1 chacune)         13"]
    assert all(len(line) <= 30 for line in narrow)


def test_fitted_widths_narrow_the_widest_columns_down_to_their_longest_words() -> None:
    assert fitted_widths([10, 17, 13, 6, 45], [10, 11, 9, 2, 9], 100) is None
    widths = fitted_widths([10, 17, 13, 6, 45], [10, 11, 9, 2, 9], 62)
    assert widths == [10, 16, 13, 6, 17]  # the widest first, then the widest of those left
    assert sum(fitted_widths([10, 40], [10, 30], 20) or []) == 20  # words fold at last
