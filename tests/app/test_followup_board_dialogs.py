"""The follow-through dialogs about the board and your warehouse: name a Workplace, take a
City Bonus tile, put resources back, issue an Edict; and every follow-through dialog fits
80x24."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import ModalScreen
from textual.widgets import OptionList

from companion.session import GameSession
from companion.ui.screens.modals.city_bonus import CityBonusModal
from companion.ui.screens.modals.drop import DropModal
from companion.ui.screens.modals.edict_reward import RewardModal
from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.modals.resolve import ResolveModal
from companion.ui.screens.modals.workplace import WorkplaceModal
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.number_field import NumberField
from solo_deck import Specialist
from solo_deck.events import (
    ChooseCityBonus,
    Correct,
    DropResources,
    Event,
    PlaceWorkplace,
    PlayCard,
    Promote,
    Resolve,
)
from tests.app.followup_helpers import (
    KEEP,
    Factory,
    Host,
    owed,
    start_game,
    type_text,
)
from tests.app.pilot_helpers import press_and_settle, settle

# --- Name the Workplace ------------------------------------------------------------------------

PROMOTE_TO_C: tuple[Event, ...] = (
    PlayCard(slot=0, face_up=False, actions=("promote",)),
    Promote(specialist=0, path="C"),
)


def tile_ids(app: Host) -> list[str]:
    tiles = app.screen.query_one("#tiles", OptionList)
    return [tiles.get_option_at_index(i).id or "" for i in range(tiles.option_count)]


async def test_workplace_hides_tiles_lying_elsewhere_and_asks_the_token_spaces_once(
    tmp_path: Path,
) -> None:
    """Issue 39: the token question came back on each new space after the token was used.
    The dialog asks once where every token still on the board lies (the board data's
    spaces offered); after that no arrival asks about tokens again."""
    session = start_game(
        tmp_path, PROMOTE_TO_C, workplaces={"A1": "countryside-I-A"}, edict_token_spaces=None
    )
    app = Host(session, owed(WorkplaceModal))
    async with app.shown() as pilot:
        assert app.focused_id() == "tiles"
        assert tile_ids(app) == [
            "countryside-I-B",
            "countryside-I-C",
            "countryside-I-D",
            "countryside-II-A",
            "countryside-II-B",
            "countryside-II-C",
            "countryside-II-D",
        ]
        assert app.screen.query_one("#token-spaces", FieldInput).value == "A3 C3"
        assert not app.has_decline()
        await pilot.press("down", "enter")  # Countryside I C; the token spaces are still asked
        await settle(pilot)
        assert app.results == []
        assert app.focused_id() == "tiles"  # the focus moves only when the player moves it
        await press_and_settle(pilot, "tab", *"c1 a3", "ctrl+s")
    assert app.results == [
        PlaceWorkplace(
            path="C", space=1, tile="countryside-I-C", token=True, token_spaces=("C1", "A3")
        )
    ]
    session.push(app.results[0])
    assert [duty.kind for duty in session.state.pending] == ["issue_edict"]
    board = session.state.board
    assert board.space("C", 1).token is False  # used
    assert all(board.token_known(entry) for entry in board.workplaces)  # nothing left to ask


async def test_workplace_token_spaces_typed_wrong_say_so(tmp_path: Path) -> None:
    session = start_game(tmp_path, PROMOTE_TO_C, workplaces={}, edict_token_spaces=None)
    app = Host(session, owed(WorkplaceModal))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "tab", *"[b]Z9", "ctrl+s")
        assert app.results == []
        assert "[B]Z9 is not a Countryside or Village space" in app.dialog_error()
        await press_and_settle(pilot, "end", *["backspace"] * 6, *"A3", "ctrl+s")
        assert app.results == []
        assert "Name the 2 different spaces" in app.dialog_error()


async def test_workplace_token_known_is_not_asked(tmp_path: Path) -> None:
    session = start_game(tmp_path, PROMOTE_TO_C, workplaces={}, edict_token_spaces=())
    app = Host(session, owed(WorkplaceModal))
    async with app.shown() as pilot:
        assert not app.screen.query("#token-spaces")
        assert app.text_of("#token-known") == "No Edict token lies here."
        assert tile_ids(app)[0] == "countryside-I-A"
        await press_and_settle(pilot, "enter")  # the tile is all it asks: Enter places it
    assert app.results == [PlaceWorkplace(path="C", space=1, tile="countryside-I-A", token=False)]


async def test_workplace_takes_the_tile_s_number_and_letter(tmp_path: Path) -> None:
    """Type-ahead in every list: "2b" names Countryside II B at once when the token is
    known (the tile is all the dialog asks)."""
    session = start_game(tmp_path, PROMOTE_TO_C, workplaces={}, edict_token_spaces=())
    app = Host(session, owed(WorkplaceModal))
    async with app.shown() as pilot:
        assert "1A, 2C" in app.text_of("#keys-hint")
        await press_and_settle(pilot, "2", "b")
    assert app.results == [PlaceWorkplace(path="C", space=1, tile="countryside-II-B", token=False)]


async def assert_stale_space_refused(
    session: GameSession, modal: Callable[..., ModalScreen[Any]], space: str, error: str
) -> None:
    """``modal`` opened on the pending obligation moved to ``space``: two Enters send what the
    engine refuses, ``error`` shows inline, Escape records nothing."""
    pending = session.state.obligation
    assert pending is not None
    stale = pending.model_copy(update={"space": space})
    app = Host(session, lambda state, rules: modal(state, rules, stale))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "enter", "enter")
        assert app.dialog_error() == error
        await press_and_settle(pilot, "escape")
    assert app.results == [None]


async def test_workplace_refused_by_the_engine_shows_inline(tmp_path: Path) -> None:
    session = start_game(tmp_path, PROMOTE_TO_C, workplaces={}, edict_token_spaces=())
    await assert_stale_space_refused(
        session, WorkplaceModal, "A1", "Name the space your Specialist reached: C1."
    )


# --- City Bonus -------------------------------------------------------------------------------

TO_CITY_C: tuple[Event, ...] = (
    PlayCard(slot=0, face_up=False, actions=("promote",)),
    Promote(specialist=0),  # the arrow into the City: Grain from the board data
)
ON_C4 = {"specialists": (Specialist(path="C", space=4),)}


def option_texts(app: Host, list_id: str) -> list[str]:
    options = app.screen.query_one(f"#{list_id}", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_city_bonus_known_tiles_only(tmp_path: Path) -> None:
    session = start_game(tmp_path, TO_CITY_C, player=ON_C4)
    app = Host(session, owed(CityBonusModal))
    async with app.shown() as pilot:
        assert app.focused_id() == "tiles"
        assert option_texts(app, "tiles") == ["B  Issue 1 Edict; +3 VP."]
        assert not app.has_decline()
        await press_and_settle(pilot, "enter")  # the only tile: Enter on it takes it
    assert app.results == [ChooseCityBonus(tile="B")]


async def test_city_bonus_tile_taken_by_its_letter(tmp_path: Path) -> None:
    session = start_game(tmp_path, TO_CITY_C, player=ON_C4, city_tiles={})
    app = Host(session, owed(CityBonusModal))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "d")
    assert app.results == [ChooseCityBonus(tile="D")]


async def test_city_bonus_unknown_offers_every_tile_or_none_left(tmp_path: Path) -> None:
    session = start_game(tmp_path, TO_CITY_C, player=ON_C4, city_tiles={})
    app = Host(session, owed(CityBonusModal))
    async with app.shown() as pilot:
        texts = option_texts(app, "tiles")
        assert [t.split("  ")[0] for t in texts] == ["A", "B", "C", "D", "E", "F", "N"]
        assert texts[-1] == "N  No tile was left there"
        assert texts[0].startswith("A  +6 Augustales and 3 resources of your choice")
        await press_and_settle(pilot, "n")
    assert app.results == [ChooseCityBonus(tile=None)]


async def test_city_bonus_refused_by_the_engine_shows_inline(tmp_path: Path) -> None:
    session = start_game(tmp_path, TO_CITY_C, player=ON_C4)
    await assert_stale_space_refused(  # City A holds tile A, C holds B
        session, CityBonusModal, "A", "Tile A is not in the City of Path C (there: B)."
    )


# --- Put resources back --------------------------------------------------------------------


async def test_drop_prefills_the_kind_you_hold_more_of_and_checks_the_total(
    tmp_path: Path,
) -> None:
    session = start_game(
        tmp_path,
        [PlayCard(slot=0, face_up=True, card_id="A1"), Resolve()],
        player={"grain": 2, "stone": 2, "walls": 2, "advanced_cards": ("A1",)},
    )
    assert session.state.obligation is not None
    assert session.state.obligation.kind == "store_resources"
    app = Host(session, owed(DropModal))
    async with app.shown() as pilot:
        grain = app.screen.query_one("#grain", NumberField)
        stone = app.screen.query_one("#stone", NumberField)
        assert app.focused_id() == "grain"
        assert (grain.text, stone.text) == ("2", "0")  # 4 Grain, 2 Stone: put back Grain
        assert not app.has_decline()
        await pilot.press("enter")  # Stone is still asked: Enter stays and says the keys
        await settle(pilot)
        assert app.focused_id() == "grain" and app.results == []
        await pilot.press("tab")
        await type_text(pilot, "1")
        await pilot.press("ctrl+s")  # Put back
        await settle(pilot)
        assert app.dialog_error() == "Put back exactly 2 (Grain and/or Stone)."
        assert app.results == []
        await pilot.press("shift+tab")
        await type_text(pilot, "1")  # the first key replaces the 2
        await press_and_settle(pilot, "ctrl+s")
    assert app.results == [DropResources(grain=1, stone=1)]


async def test_drop_cannot_be_declined_escape_closes(tmp_path: Path) -> None:
    session = start_game(
        tmp_path,
        [PlayCard(slot=0, face_up=True, card_id="A1"), Resolve()],
        player={"grain": 2, "stone": 2, "walls": 2, "advanced_cards": ("A1",)},
    )
    app = Host(session, owed(DropModal))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "ctrl+d")
        assert app.results == []
        await press_and_settle(pilot, "escape")
    assert app.results == [None]


# --- every dialog fits 80x24 -------------------------------------------------------------------


def _reward_any(folder: Path) -> GameSession:
    emptied = [Correct(target=f"edicts.active.{i}", value=None) for i in range(3)]
    return start_game(folder, [*emptied, *KEEP])


SCENARIOS: dict[str, tuple[Callable[[Path], GameSession], Factory]] = {
    "reward, any of three": (_reward_any, owed(RewardModal)),
    "resolve B4": (
        lambda folder: start_game(
            folder,
            [PlayCard(slot=0, face_up=True, card_id="B4")],
            player={"advanced_cards": ("B4",), "allies": ("tento",)},
        ),
        owed(ResolveModal),
    ),
    "resolve unknown card": (
        lambda folder: start_game(
            folder, [PlayCard(slot=0, face_up=True, card_id="di-romano-1")], house="Di Romano"
        ),
        owed(ResolveModal),
    ),
    "workplace": (
        lambda folder: start_game(folder, PROMOTE_TO_C, workplaces={}, edict_token_spaces=None),
        owed(WorkplaceModal),
    ),
    "city bonus": (
        lambda folder: start_game(folder, TO_CITY_C, player=ON_C4, city_tiles={}),
        owed(CityBonusModal),
    ),
    "drop": (
        lambda folder: start_game(
            folder,
            [PlayCard(slot=0, face_up=True, card_id="A1"), Resolve()],
            player={"grain": 2, "stone": 2, "walls": 2, "advanced_cards": ("A1",)},
        ),
        owed(DropModal),
    ),
    "issue edict": (lambda folder: start_game(folder, KEEP), owed(IssueEdictModal)),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
async def test_every_dialog_fits_80_by_24(tmp_path: Path, name: str) -> None:
    make_session, factory = SCENARIOS[name]
    app = Host(make_session(tmp_path), factory)
    async with app.shown(size=(80, 24)):
        dialog = app.screen.query_one("#dialog")
        assert dialog.region.height <= 24
        assert dialog.max_scroll_y == 0, f"{name}: the dialog scrolls at 80x24"
        bindings = {b.binding.id for b in app.screen.active_bindings.values()}
        assert "modal.cancel" in bindings
