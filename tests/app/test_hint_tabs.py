"""A hint that names Tab counts the Tabs it takes now: in the Build dialog, a Great Keep
whose cost is still assumed asks its cost's own field first, so the Augustales field is
two Tabs away and the hint says so (in tmux the one Tab the hint promised typed the price
into the cost field)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.widgets.number_field import NumberField
from solo_deck import load_ruleset
from solo_deck.events import Build, Gain
from tests.app.action_dialog_helpers import Host, face_down, new_session, press


@pytest.mark.parametrize(("checked", "tabs"), [(True, ["tab"]), (False, ["tab", "tab"])])
async def test_the_hint_names_the_tabs_to_the_augustales_field(
    tmp_path: Path, checked: bool, tabs: list[str]
) -> None:
    ruleset = None if checked else load_ruleset()  # unchecked: the packaged, assumed costs
    session = new_session(tmp_path, [Gain(stone=1), face_down("build")], ruleset=ruleset)
    app = Host(session, SiteBuildModal)
    async with app.shown() as pilot:
        await press(pilot, "k", "2", "g")  # K2G: the Great Keep, whose price is not printed
        said = app.dialog_error().lower()
        assert ("tab twice moves there" in said) is (len(tabs) == 2), said
        await press(pilot, *tabs)
        assert app.screen.focused is app.screen.query_one("#augustales", NumberField).input
        await press(pilot, "3", "ctrl+s")
    result = app.results[-1]
    built = result[-1] if isinstance(result, tuple) else result  # after the cost checked
    assert built == Build(
        structure="keep", site="K2", great="great_keep", cover="slot", stone=2, augustales=3
    )
