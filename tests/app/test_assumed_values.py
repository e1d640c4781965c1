"""Issue 25: a still-assumed board value asked once, in the dialog of the move that relies
on it: the site's cost in Build, the Ally space's cost (and the marked Ally space) in
Summon, the arrow's Grain in Promote. The value shown is confirmed or corrected in one
field; the engine checks it, the game plays on it (a ``check_board`` event before the move,
so undo and resume keep it), new games start from it (the settings' checked board), and a
value once told is not asked again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, Label

from companion.storage.settings_store import SettingsStore
from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.widgets.assumed_value import AssumedValue
from solo_deck import (
    SoloGame,
    load_ruleset,
    site_cost_unchecked,
    summon_cost_unchecked,
)
from solo_deck.events import Build, CheckBoard, Gain, PlayCard, Promote, SummonAlly
from tests.app.action_dialog_helpers import CHECKED, Host, confirm, face_down, new_session
from tests.app.pilot_helpers import SIZE, game_of, open_table, press_and_settle
from tests.game_setups import KNOWN_BOARD, edict_setup


def _row(app: Any, selector: str = "#assumed") -> AssumedValue:
    row: AssumedValue = app.screen.query_one(selector, AssumedValue)
    return row


def _what(row: AssumedValue) -> str:
    return str(row.query_one(Label).render())


async def test_build_asks_the_site_cost_once_and_new_games_keep_it(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    setup = edict_setup(ruleset=load_ruleset(), **KNOWN_BOARD)  # the packaged boards
    async with app.run_test(size=SIZE) as pilot:
        await open_table(
            app, pilot, Gain(stone=1), PlayCard(slot=0, face_up=False, actions=("build",)),
            setup=setup,
        )  # fmt: skip
        await press_and_settle(pilot, "r")  # the Build owed: its dialog
        dialog = app.screen
        assert isinstance(dialog, SiteBuildModal)
        row = _row(app)
        assert row.unchecked is not None and row.unchecked.fact.key == "T2.cost"
        assert _what(row) == "Tower T2 · Cost: assumed — check your board"
        assert row.query_one(Input).value == "1 Stone"
        row.query_one(Input).value = "2 stone"
        await press_and_settle(pilot, "ctrl+s")
        game = game_of(app)
        assert game.events[-2:] == (
            CheckBoard(board="castle_board", key="T2.cost", value="2 stone"),
            Build(structure="tower", site="T2", stone=2),
        )
        # the setup's 1 Stone + the Gain's 1, 2 paid; T2 closes the setup Wall's side (Grain):
        # the setup's 1 Grain + 1
        assert (game.state.player.stone, game.state.player.grain) == (1 + 1 - 2, 1 + 1)
        assert site_cost_unchecked(app.session.ruleset, "T2") is None  # not asked again
        mine = SettingsStore(tmp_path).checked_board("castle_board")
        assert mine is not None and mine.site("T2").cost.stone == 2
        assert mine.site("T2").source == "yours" and mine.site("T3").source != "yours"
        document = game.to_document()
    again = SoloGame.from_document(document)  # resumed: the told cost holds
    assert again.ruleset.castle_board.site("T2").cost.stone == 2  # type: ignore[union-attr]
    assert again.setup.ruleset.castle_board.site("T2").cost.stone == 1  # type: ignore[union-attr]


async def test_a_value_the_board_refuses_stays_in_the_dialog(tmp_path: Path) -> None:
    session = new_session(tmp_path, [Gain(stone=1), face_down("build")], ruleset=load_ruleset())
    app = Host(session, SiteBuildModal)
    async with app.shown() as pilot:
        _row(app).query_one(Input).value = "lots"
        await confirm(pilot)
        assert app.results == [] and isinstance(app.screen, SiteBuildModal)
        error = str(app.screen.query_one("#dialog-error", Label).render())
        assert error.startswith("Your Castle Board cannot show that: Cost: type a cost like")
        _row(app).query_one(Input).value = "1 stone"  # as shown: confirmed
        await confirm(pilot)
    assert app.results == [
        (
            CheckBoard(board="castle_board", key="T2.cost", value="1 stone"),
            Build(structure="tower", site="T2", stone=1),
        )
    ]


async def test_a_checked_board_asks_nothing(tmp_path: Path) -> None:
    session = new_session(tmp_path, [Gain(stone=1), face_down("build")], ruleset=CHECKED)
    app = Host(session, SiteBuildModal)
    async with app.shown() as pilot:
        assert _row(app).unchecked is None and not _row(app).display
        await confirm(pilot)
    assert app.results == [Build(structure="tower", site="T2", stone=1)]


async def test_summon_asks_the_ally_space_cost_and_the_marked_space(tmp_path: Path) -> None:
    session = new_session(
        tmp_path, [Gain(grain=2, stone=-1), face_down("summon")], ruleset=load_ruleset()
    )
    assert summon_cost_unchecked(session.state, session.ruleset) is not None  # Roma's
    app = Host(session, SummonModal)
    async with app.shown() as pilot:
        await press_and_settle(pilot, "t", "e", "n", "enter")  # Tento
        cost, mark = _row(app), _row(app, "#assumed-mark")
        assert _what(cost) == "Port 1 (Roma) · Summon cost in Grain: assumed — check your board"
        assert app.screen.focused is app.screen.query_one("#ally")  # the player moves it
        assert not app.screen.query_one("#grain").display  # the row holds the cost
        cost.query_one(Input).value = "2"
        mark.query_one(Input).value = "2"  # the mark is on the second space: no Edict
        await confirm(pilot)
    assert app.results == [
        (
            CheckBoard(board="voyage_board", key="port1.space1", value="2"),
            CheckBoard(board="player_board", key="marked_ally_space", value="2"),
            SummonAlly(ally_id="tento", space=0, grain=2),
        )
    ]
    for event in app.results[0]:
        session.push(event)
    assert session.state.player.grain == 1 and not session.state.pending


async def test_promote_asks_the_arrows_grain(tmp_path: Path) -> None:
    session = new_session(tmp_path, [Gain(grain=1), face_down("promote")], ruleset=load_ruleset())
    app = Host(session, PromoteModal)
    async with app.shown() as pilot:
        row = _row(app)  # the dialog opens on Specialist 1 entering Path A
        assert row.unchecked is not None and row.unchecked.fact.key == "arrow.A1"
        row.query_one(Input).value = "1"
        await press_and_settle(pilot, "enter")  # Enter on the line promotes
    assert app.results == [
        (
            CheckBoard(board="workplace_area", key="arrow.A1", value="1"),
            Promote(specialist=0, path="A"),
        )
    ]
