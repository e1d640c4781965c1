"""Frederick's turn is drawn in one pass (issue 26, "Frederick's turn key"): a turn that
draws a Next tile lays the Table out once and repaints only what changed, where it
used to lay it out twice (the field took rows it had not) and repaint the whole screen
(Textual repaints it at each focus change; the field takes the focus).

Counted with the benchmarks' probe (:mod:`benchmarks.metrics.key_probe`), not timed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual._compositor import Compositor, LayoutUpdate

from benchmarks.metrics.key_probe import KeyProbe
from companion.i18n import use_language
from companion.ui.app import StuporSoloApp
from tests.app.game_script import SUMMON_GISELE
from tests.app.pilot_helpers import SIZE, idle_turn, open_table, press_and_settle


async def test_a_turn_that_draws_a_tile_is_one_layout_and_no_full_repaint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full: list[bool] = []
    original = Compositor.render_full_update

    def counted(self: Compositor, simplify: bool = False) -> LayoutUpdate:
        full.append(simplify)
        return original(self, simplify=simplify)

    monkeypatch.setattr(Compositor, "render_full_update", counted)
    app = StuporSoloApp(tmp_path, insight=False)
    probe = KeyProbe()
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, *SUMMON_GISELE)
        # Frederick's first turn draws a tile: the field is laid out for the first time
        await press_and_settle(pilot, "space", "2", "k", "enter")
        await idle_turn(pilot)
        assert not app.session.state.awaiting_reveal
        full.clear()
        with probe.installed(), probe.watching(app) as counts:
            await press_and_settle(pilot, "space")
        assert app.session.state.awaiting_reveal  # the turn drew a Next tile
        assert app.focused is not None and app.focused.parent is not None
        assert app.focused.parent.id == "reveal-field"
    assert counts.layouts == 1
    assert full == []


@pytest.mark.parametrize("language", ["en", "it", "de", "fr"])
async def test_a_turn_that_draws_a_tile_is_one_layout_in_every_language(
    tmp_path: Path, language: str
) -> None:
    """Issue 42: in a longer language What to do's text and the tile field overflow its
    rows, and the panel grew with the field and shrank again: each such turn laid the
    Table out twice. What to do now fills its row whatever its text, and a change of its
    content height alone (its scroll bar always shown) needs no second layout."""
    use_language(language)
    app = StuporSoloApp(tmp_path, insight=False)
    probe = KeyProbe()
    try:
        async with app.run_test(size=SIZE) as pilot:
            table = await open_table(app, pilot, *SUMMON_GISELE)
            await press_and_settle(pilot, "space", "2", "k", "enter")
            await idle_turn(pilot)
            steps = table.query_one("#instructions")
            rows = steps.size.height
            with probe.installed(), probe.watching(app) as counts:
                await press_and_settle(pilot, "space")
            assert app.session.state.awaiting_reveal  # the turn drew a Next tile
            assert steps.size.height == rows  # What to do kept its rows
            if language == "it":  # the case this guards: the text and field overflow
                assert steps.max_scroll_y > 0
            assert counts.layouts == 1, language
    finally:
        use_language("en")
