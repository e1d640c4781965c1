"""Every packaged Market tile side, written short the way the KeyDriver types it, reads
back as the same tile: the short notation covers every tile a box can hold."""

from __future__ import annotations

from companion.ui.screens.setup.notation import parse_market
from solo_deck import load_assumptions
from tests.app.key_driver import short_market


def test_every_packaged_tile_side_reads_back_from_its_short_form() -> None:
    markets = load_assumptions().markets
    sides = [*markets.blue, *markets.red]
    assert len(sides) == 12
    for tile in sides:
        assert parse_market(short_market(tile)) == tile, short_market(tile)
