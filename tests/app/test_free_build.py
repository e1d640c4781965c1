"""Issue 39: a Build whose cost is waived (City Bonus E's free Wall) showed the site's
printed cost, "2 Stone, 1 Grain", as a cost to check. Every place that shows the Build's
cost says it is free, and why; the engine says so (the offer and the log)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from companion.session import GameSession
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.widgets.assumed_value import AssumedValue
from solo_deck import site_offers
from solo_deck.events import ChooseCityBonus
from tests.app.followup_helpers import Host, owed, start_game
from tests.app.pilot_helpers import press_and_settle
from tests.app.test_followup_board_dialogs import ON_C4, TO_CITY_C


def free_wall(folder: Path) -> GameSession:
    """City Bonus E taken: a Wall without its Stone and Grain is owed."""
    return start_game(folder, [*TO_CITY_C, ChooseCityBonus(tile="E")], player=ON_C4, city_tiles={})


def test_the_engine_offers_the_wall_free_and_says_why(tmp_path: Path) -> None:
    session = free_wall(tmp_path)
    duty = session.state.obligation
    assert duty is not None and duty.source == "City Bonus E"
    offer = next(
        o for o in site_offers(session.state, session.ruleset, duty.terms) if o.site.id == "W5"
    )
    assert offer.site.cost.stone  # the printed cost is not nothing...
    assert offer.waived and offer.cost_text(duty.source) == "free (City Bonus E)"  # ...waived


async def test_the_build_dialog_shows_the_free_wall_free_and_asks_no_cost(
    tmp_path: Path,
) -> None:
    session = free_wall(tmp_path)
    app = Host(session, owed(SiteBuildModal))
    async with app.shown() as pilot:
        sites = app.screen.query_one("#site", OptionList)
        first = str(sites.get_option_at_index(0).prompt)
        assert first.startswith("W5") and "Wall · free (City Bonus E)" in first
        assumed = app.screen.query_one(AssumedValue)
        assert assumed.unchecked is None and not assumed.display  # no cost to check
        await press_and_settle(pilot, "enter")
    assert app.results and app.results[0].site == "W5"
    assert (app.results[0].stone, app.results[0].grain) == (0, 0)
    session.push(app.results[0])
    built = next(line for line in reversed(session.log) if "You built a Wall" in line)
    assert "no Stone or Grain paid (City Bonus E)" in built, built
