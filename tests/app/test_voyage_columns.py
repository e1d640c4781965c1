"""The Voyage panel's columns line up whatever a port's travel costs: "2 steps, free" (a
Workplace's free steps) is the longest cost text and used to push its row's card and ally
one column right."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from companion.ui.widgets.voyage_panel import VoyagePanel
from solo_deck import GameSetup, parse_edict
from solo_deck.setup import initial_state


def test_the_card_column_lines_up_when_two_steps_are_free() -> None:
    tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    view = cast(Any, SimpleNamespace(state=state, travel_costs=(None, 0, 0, 1, 12)))
    rows = [VoyagePanel._port_row(view, index, 10).plain for index in range(5)]
    assert "2 steps, free" in rows[2] and "4 steps, 12 A" in rows[4]
    assert len({row.index("card:") for row in rows}) == 1, rows
