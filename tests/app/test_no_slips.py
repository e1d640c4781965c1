"""No key records the wrong thing (issue 39): a greyed line's key says why and leaves no
other line ready (M1), a list opens on the likeliest line it may choose (never a repeat of
the face-up card played last), type-ahead in a pick list loses no key and an exact id wins
(M2), a hint names a key only when that key does it (M3), and a dialog that opens by itself
takes no key typed before it was drawn (M4)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from textual import events
from textual.app import App
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Select

from companion.ui import first_look
from companion.ui.app import StuporSoloApp
from companion.ui.first_look import FIRST_LOOK
from companion.ui.screens.modals.buy_card import BuyCardModal
from companion.ui.screens.modals.drop import DropModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.modals.play_card import PlayCardModal, likeliest
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.widgets import touch_select
from companion.ui.widgets.number_field import NumberField
from solo_deck import MarketTile, Trade
from solo_deck.events import Decline, PlayCard, VisitMarket
from solo_deck.model.grants import MainAction
from tests.app.action_dialog_helpers import (
    Factory,
    Host,
    face_down_host,
    frederick_plays,
    new_session,
    press,
)
from tests.app.end_phase_helpers import make_app, open_end_phase, top
from tests.app.pilot_helpers import SIZE, open_table, settle
from tests.app.test_trade_dialogs import first_visit
from tests.app.test_turn_dialogs import keep_with_both_actions
from tests.app.test_type_ahead import type_ahead


def focused(app: Host) -> Widget | None:
    """The widget that has the focus now."""
    return app.screen.focused


def notices(app: App[Any]) -> list[str]:
    """The notices the app has shown, newest last."""
    return [notice.message for notice in app._notifications]


# --- M1: a greyed line's key ------------------------------------------------------------


def keep_and_a_card_face_up(folder: Path) -> Host:
    """The Keep's both actions ready, then House card 5 played face up in slot 4, the only
    free slot whose spears give Build: no free slot gives Build now."""
    session = keep_with_both_actions(folder).session
    session.push(PlayCard(slot=3, face_up=True, card_id="savoy-court-grain"))
    while session.state.obligation is not None:
        session.push(Decline())
    frederick_plays(session)
    return Host(session, PlayCardModal)


async def test_a_greyed_key_says_why_and_leaves_no_line_ready(tmp_path: Path) -> None:
    app = keep_and_a_card_face_up(tmp_path)
    async with app.shown() as pilot:
        listing = app.screen.query_one("#choice", OptionList)
        opened = listing.get_option_at_index(listing.highlighted or 0)
        assert not opened.disabled
        await press(pilot, "b")  # Build: greyed, no free slot gives it
        assert any("no free slot gives" in notice for notice in notices(app))
        assert listing.highlighted is None  # no other line is left ready
        await press(pilot, "ctrl+s")  # so the next key records nothing
        assert app.results == []
        assert "choose" in app.dialog_error().lower()


def test_the_list_never_opens_on_the_face_up_card_played_last() -> None:
    played = PlayCard(slot=3, face_up=True, card_id="common-stone")
    ids = ["down-promote", "down-market", "up-common-stone", "up-common-grain"]
    assert likeliest([played], ids) != "up-common-stone"
    assert likeliest([played], ["up-common-stone"]) == "up-common-stone"  # the only choice


# --- M2: type-ahead in a pick list -------------------------------------------------------


async def post_at_once(pilot: Any, keys: Sequence[str]) -> None:
    """Hand the app every key at once, as a fast typist's terminal does, then settle."""
    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    for _ in range(5):
        await settle(pilot)


async def picked(
    folder: Path, factory: Factory, action: MainAction, keys: Sequence[str], how: str
) -> object:
    """The value of the dialog's pick list after ``keys`` typed ``how``: ``slowly`` (the
    app settled after each), ``press`` (one ``pilot.press`` call) or ``posted`` (all at once)."""
    app = face_down_host(folder, factory, action)
    # A pause of 1.5 s between two keys starts a new search: a player's pause. On a loaded
    # CI machine the Pilot's keys (each made once the app settled) can come further apart
    # than that, which is not what these tests are about: the order of keys typed fast.
    with patch.object(touch_select, "SEARCH_PAUSE", 60.0):
        return await _picked(app, keys, how)


async def _picked(app: Any, keys: Sequence[str], how: str) -> object:
    async with app.shown() as pilot:
        select = app.screen.query_one("#card, #ally", Select)
        if how == "slowly":
            await press(pilot, *keys)
        elif how == "press":
            await pilot.press(*keys)
            await settle(pilot)
        else:
            await post_at_once(pilot, keys)
        return select.value


@pytest.mark.parametrize("how", ["slowly", "press", "posted"])
async def test_a_card_id_typed_at_any_speed_picks_that_card(tmp_path: Path, how: str) -> None:
    """``b`` opens the list and is the search's first key; B13 is an exact id, so it wins
    over A13 (whose id also holds "13")."""
    keys = ["b", "1", "3", "enter"]
    assert await picked(tmp_path, BuyCardModal, "purchase", keys, how) == "B13"


@pytest.mark.parametrize("how", ["slowly", "press", "posted"])
async def test_an_exact_card_id_wins_over_a_longer_one(tmp_path: Path, how: str) -> None:
    keys = ["a", "1", "enter"]  # A1, not A10–A16 (nor B1, nor A11)
    assert await picked(tmp_path, BuyCardModal, "purchase", keys, how) == "A1"


@pytest.mark.parametrize("how", ["slowly", "press", "posted"])
async def test_an_ally_name_typed_at_any_speed_picks_that_ally(tmp_path: Path, how: str) -> None:
    keys = ["g", "i", "s", "enter"]
    assert await picked(tmp_path, SummonModal, "summon", keys, how) == "gisela"


async def test_purchase_typed_at_full_speed_from_the_table_picks_the_card_typed(
    tmp_path: Path,
) -> None:
    """Issue 39's keys: Play a card, ``a`` (Purchase), then ``B13`` typed before the
    Purchase dialog is drawn: its card list opens on the first key and finds B13."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await type_ahead(pilot, ["enter", "a", "b", "1", "3", "enter"])
        assert isinstance(app.screen, BuyCardModal)
        assert app.screen.query_one("#card", Select).value == "B13"


# --- M3: a hint names a key only when that key does it --------------------------------


async def test_the_market_hint_names_a_digit_only_while_the_list_takes_it(tmp_path: Path) -> None:
    """A first visit: the tile's field has the focus, so a digit types there (1g3 becomes
    1g31); the hint says so by sending you to the list first, and once Tab has brought
    the focus to the list, a line's digit trades as the hint then says."""
    app = face_down_host(tmp_path, MarketModal, "market")
    async with app.shown() as pilot:
        await first_visit(app, pilot)  # 1 g 3: the tile's field has the focus
        tile = app.screen.query_one("#tile-text", Input)
        assert app.screen.focused is tile
        hint = app.text_of("#trade-hint")
        assert "Tab to the list" in hint, hint
        await press(pilot, "1")
        assert tile.value == "1g31" and app.results == []  # the field's digit, as said
        assert app.text_of("#tile-read") == "Reads: sell 1 Grain for 31 Augustales."
        await press(pilot, "backspace", "tab")
        assert focused(app) is app.screen.query_one("#trades", OptionList)
        assert "a line's digit, or Enter on it, trades" in app.text_of("#trade-hint")
        assert "Tab" not in app.text_of("#trade-hint")
        await press(pilot, "1")
    rates = MarketTile(sell=Trade(resource="grain", amount=1, augustales=3))
    assert app.results == [VisitMarket(sells=1, buys=0, rates=rates)]


# --- M4: a dialog that opens by itself ----------------------------------------------------


def full_warehouse(folder: Path) -> StuporSoloApp:
    """The End Phase with a full warehouse: the castle income (``c``) overflows it."""
    return make_app(folder, {"walls": 1, "closed_sides": ("stone",), "grain": 2, "stone": 1})


async def test_keys_typed_before_put_back_opened_land_nowhere(tmp_path: Path) -> None:
    """``c a 5`` typed at once for the End Phase: ``c`` overflows the warehouse and Put
    resources back opens by itself; ``a`` and ``5`` were typed before it was drawn, so
    they land in none of its fields (a notice says so), and it records only when asked."""
    app = full_warehouse(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_end_phase(app, pilot)
        await type_ahead(pilot, ["c", "a", "5"])
        dialog = top(app)
        assert isinstance(dialog, DropModal)
        assert put_back(dialog) == ("1", "0")  # the prefill, untouched
        assert any("opened by itself" in notice for notice in notices(app))
        await pilot.pause(FIRST_LOOK)
        await press(pilot, "1", "ctrl+s")  # once seen, it takes keys as any dialog
        assert top(app) is not dialog
    assert app.session.state.player.grain + app.session.state.player.stone == 3


async def test_keys_typed_as_put_back_opens_land_nowhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same keys with ``pilot.press``, each typed once the one before is handled:
    ``a`` and ``5`` come just after the dialog is mounted, sooner than anyone can read it
    (the first look is made long here, so a slow machine cannot make it pass by chance)."""
    monkeypatch.setattr(first_look, "FIRST_LOOK", 30.0)
    app = full_warehouse(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_end_phase(app, pilot)
        await pilot.press("c", "a", "5")
        await settle(pilot)
        dialog = top(app)
        assert isinstance(dialog, DropModal)
        assert put_back(dialog) == ("1", "0")
        monkeypatch.setattr(first_look, "FIRST_LOOK", 0.0)
        await press(pilot, "1", "ctrl+s")
        assert top(app) is not dialog


def put_back(dialog: DropModal) -> tuple[str, str]:
    """What the Grain and Stone fields of Put resources back hold."""
    grain, stone = (dialog.query_one(f"#{kind}", NumberField).text for kind in ("grain", "stone"))
    return grain, stone


async def test_the_play_hint_names_a_line_key_only_while_the_list_has_the_focus(
    tmp_path: Path,
) -> None:
    """In the slot's drop-down a line's key does nothing: the hint then says what does."""
    app = Host(new_session(tmp_path), PlayCardModal)
    async with app.shown() as pilot:
        assert "key beside a line plays it" in app.text_of("#keys-hint")
        await press(pilot, "tab")
        assert focused(app) is app.screen.query_one("#slot")
        hint = app.text_of("#keys-hint")
        assert "key beside a line" not in hint and "shift+Tab" in hint, hint
        await press(pilot, "shift+tab")
        assert "key beside a line plays it" in app.text_of("#keys-hint")


@pytest.mark.parametrize("how", ["slowly", "press", "posted"])
async def test_a_market_tile_typed_at_full_speed_lands_whole(tmp_path: Path, how: str) -> None:
    """From the Table, Play a card, ``m``, then the first visit's tile ``1g3 2s4`` typed
    however fast the keys come: every key reaches the tile's one field (none is lost
    before the dialog is drawn, none lands elsewhere)."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        keys = ["enter", "m", "1", "g", "3", "space", "2", "s", "4"]
        if how == "slowly":
            await press(pilot, *keys)
        elif how == "press":
            await pilot.press(*keys)
            await settle(pilot)
        else:
            await type_ahead(pilot, keys)
        assert isinstance(app.screen, MarketModal)
        assert app.screen.query_one("#tile-text", Input).value == "1g3 2s4"
        assert app.screen.query_one("#tile-read", Label).content == (
            "Reads: sell 1 Grain for 3 Augustales; buy 2 Stone for 4 Augustales."
        )
