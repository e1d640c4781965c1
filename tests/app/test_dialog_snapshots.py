"""Snapshots (120x40) of the guided turn's dialogs: Play card and Travel from the Table's
keys, each main action as the prompt a face-down card opens, a follow-through prompt (the
Keep's Edict, then its reward), and the Table at 80x24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.screens.modals.buy_card import BuyCardModal
from companion.ui.screens.modals.edict_reward import RewardModal
from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.screens.modals.travel import TravelModal
from solo_deck.events import Build, Event, Gain
from tests.app.action_dialog_helpers import Factory, Host, face_down, new_session
from tests.app.pilot_helpers import SIZE, idle_turn, open_table, settle

KEEP = (
    Gain(stone=1),
    face_down("build"),
    Build(structure="keep", site="K2", cover="slot", stone=2),
)
"""A Keep built: it owes an Edict."""

DIALOGS: dict[str, tuple[Factory, tuple[Event, ...]]] = {
    "play_card": (PlayCardModal, ()),
    "travel": (TravelModal, ()),
    "build": (SiteBuildModal, (face_down("build"),)),
    "promote": (PromoteModal, (face_down("promote"),)),
    "summon": (SummonModal, (Gain(grain=2, stone=-1), face_down("summon"))),  # 3 G: Roma
    "purchase": (BuyCardModal, (face_down("purchase"),)),
    "market": (MarketModal, (face_down("market"),)),
    "keep_edict": (IssueEdictModal, KEEP),
    "edict_reward": (RewardModal, KEEP),  # the reward first: it picks the Edict
}


async def still_cursors(pilot: Any) -> None:
    await settle(pilot)
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await settle(pilot)


@pytest.mark.parametrize("name", list(DIALOGS))
def test_dialog_snapshot(snap_compare: Any, tmp_path: Path, name: str) -> None:
    factory, events = DIALOGS[name]
    app = Host(new_session(tmp_path, events), factory)
    assert snap_compare(app, terminal_size=SIZE, run_before=still_cursors)


def test_table_snapshot_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """The Table at 80x24 after a turn: both footer rows, every key reachable."""
    app = StuporSoloApp(tmp_path, insight=False)

    async def run_before(pilot: Any) -> None:
        await open_table(app, pilot)
        await idle_turn(pilot)
        await still_cursors(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
