"""The New game form at a phone's width (390 px: 46 columns): each Voyage port's name,
Ally and card one under the other, the whole width, so no prompt breaks a letter a line."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from tests.app.setup_helpers import open_folds, setup_form

PHONE = (46, 60)


async def test_the_ports_stack_their_fields_at_phone_width(tmp_path: Path) -> None:
    async with setup_form(tmp_path, size=PHONE) as (_app, pilot, screen):
        await open_folds(screen, pilot, "ports-fold")
        selects = list(screen.query(".port-select").results(Select))
        assert len(selects) == 10  # an Ally and a card for each of the five ports
        for select in selects:
            assert select.region.height == 3, select  # one line inside its border
            assert select.region.width >= PHONE[0] - 10, select  # the whole width
        names = [screen.query_one(f"#port-name-{i}").region for i in range(1, 5)]
        assert all(region.width >= PHONE[0] - 10 for region in names), names


async def test_the_ports_stay_side_by_side_on_a_wide_screen(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (_app, pilot, screen):
        await open_folds(screen, pilot, "ports-fold")
        ally, card = screen.query_one("#port-1"), screen.query_one("#port-card-1")
        assert ally.region.y == card.region.y and ally.region.x < card.region.x
