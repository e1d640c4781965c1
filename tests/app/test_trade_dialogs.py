"""The Buy-a-card and Market dialogs as answers to the obligation a face-down card leaves:
the price and the Market rates as the engine knows them, the first visit that tells a
Market tile, and the engine's refusals inline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, Label, OptionList, Select

from companion.session import GameSession
from companion.ui.screens.modals.buy_card import BuyCardModal
from companion.ui.screens.modals.market import MarketModal
from solo_deck import load_ruleset
from solo_deck.events import (
    BuyCard,
    Event,
    Gain,
    NameCard,
    VisitMarket,
)
from solo_deck.model.board import MarketTile, Trade
from tests.app.action_dialog_helpers import (
    Host,
    confirm,
    confirm_refused,
    face_down,
    face_down_host,
    press,
    second_turn_host,
    workplace_on,
)
from tests.app.pilot_helpers import settle
from tests.game_setups import edict_setup

# --- Buy a card -----------------------------------------------------------------------------


async def test_buy_known_card_shows_price_and_effect(tmp_path: Path) -> None:
    app = face_down_host(
        tmp_path, BuyCardModal, "purchase", [NameCard(port=0, space=0, card_id="A1")]
    )
    async with app.shown() as pilot:
        assert "The card in Roma: A1" in app.text_of("#known")
        assert app.text_of("#price") == "Price: 3 Augustales."
        assert app.text_of("#effect") == "It acts at once after you buy it: +2 Grain."
        assert not app.screen.query_one("#removes-row").display
        assert app.screen.focused is app.screen.query_one("#ok")
        await press(pilot, "enter")
    assert app.results == [BuyCard(space=0, card_id="A1")]


async def test_buy_unknown_card_paid_with_an_action_card(tmp_path: Path) -> None:
    app = face_down_host(tmp_path, BuyCardModal, "purchase")
    async with app.shown() as pilot:
        await press(pilot, "a", "7", "enter")
        card = app.screen.query_one("#card", Select)
        assert card.value == "A7"
        assert "remove one of your Action cards" in app.text_of("#price")
        removes = app.screen.query_one("#removes", Select)
        assert app.screen.focused is card  # the pick keeps the focus
        await press(pilot, "tab")
        assert app.screen.focused is removes
        await confirm_refused(pilot, "choose the card you remove")  # no card named to remove
        labels = app.select_labels("#removes")
        assert "House card: +2 Augustales, then buy an Advanced card" in labels
        removes.focus()
        await press(pilot, "enter", "down", "enter")  # the first card under the blank
        assert app.screen.focused is removes
        await press(pilot, "ctrl+s")
    first_house_card = app.results[0].removes
    # Issue 25: the removed card comes from your hand unless you untick it (5 cards held).
    assert app.results == [BuyCard(space=0, card_id="A7", removes=first_house_card, from_hand=True)]
    assert first_house_card == "common-stone"


async def test_buy_price_counts_your_workplace_discount(tmp_path: Path) -> None:
    first_turn = workplace_on("A", "countryside-I-D")
    known = [NameCard(port=0, space=0, card_id="A1")]
    app = second_turn_host(tmp_path, BuyCardModal, "purchase", first_turn, known)
    async with app.shown() as pilot:
        assert app.text_of("#price") == ("Price: 1 Augustalis (3 Augustales less your discounts).")
        await confirm(pilot)
    assert app.results == [BuyCard(space=0, card_id="A1")]


async def test_buy_too_dear_refused_inline(tmp_path: Path) -> None:
    known: list[Event] = [Gain(augustales=-5), NameCard(port=0, space=0, card_id="A6")]
    app = face_down_host(tmp_path, BuyCardModal, "purchase", known)
    async with app.shown() as pilot:
        assert "A6 costs 5 Augustales and you have 1" in app.dialog_error()
        await confirm(pilot)
        assert app.results == []
        assert isinstance(app.screen, BuyCardModal)


# --- the Market ------------------------------------------------------------------------------


async def first_visit(app: Host, pilot: Any) -> None:
    """Tell the tile in its one line: you sell 1 Grain for 3 Augustales (and buy nothing)."""
    assert app.screen.focused is app.screen.query_one("#tile-text", Input)
    await press(pilot, "1", "g", "3")


def trade_lines(app: Host) -> list[tuple[str, bool]]:
    listing = app.screen.query_one("#trades", OptionList)
    return [
        (str(listing.get_option_at_index(i).prompt), listing.get_option_at_index(i).disabled)
        for i in range(listing.option_count)
    ]


async def test_market_first_visit_records_the_rates(tmp_path: Path) -> None:
    app = face_down_host(tmp_path, MarketModal, "market")
    async with app.shown() as pilot:
        texts = [str(label.content) for label in app.screen.query(Label)]
        assert any(text.startswith("First visit to the Market in Roma: type") for text in texts)
        assert app.screen.query_one("#tile-text", Input).placeholder == "2G6 2S4"
        await first_visit(app, pilot)
        assert app.text_of("#tile-read") == "Reads: sell 1 Grain for 3 Augustales."
        assert trade_lines(app) == [("1  Sell 1 Grain for 3 Augustales", False)]
        trades = app.screen.query_one("#trades", OptionList)
        assert trades.highlighted is None  # telling the tile chooses no trade
        await confirm_refused(pilot, "Choose what you trade: sell, buy or both")
        trades.focus()
        await press(pilot, "1")  # its digit trades at once
    rates = MarketTile(sell=Trade(resource="grain", amount=1, augustales=3))
    assert app.results == [VisitMarket(sells=1, buys=0, rates=rates)]


async def test_market_second_visit_shows_the_known_tile(tmp_path: Path) -> None:
    rates = MarketTile(sell=Trade(resource="grain", amount=1, augustales=3))
    first_turn: list[Event] = [
        Gain(grain=1),
        face_down("market"),
        VisitMarket(sells=1, rates=rates),
    ]
    # Two Market visits in one round need two free slots that give the Market; the
    # packaged Player Board has one until slot 6 is freed, so this plays without it.
    slotless = load_ruleset().model_copy(update={"player_board": None})
    app = second_turn_host(tmp_path, MarketModal, "market", first_turn, ruleset=slotless)
    async with app.shown() as pilot:
        assert app.text_of("#tile") == "The Market in Roma: sell 1 Grain for 3 Augustales."
        assert not app.screen.query("#tile-text")
        trades = app.screen.query_one("#trades", OptionList)
        assert app.screen.focused is trades and trades.highlighted == 0
        assert app.text_of("#result") == "You will have 0 Grain, 1 Stone, 12 Augustales."
        await press(pilot, "enter")  # the list is the last choice: Enter trades
    assert app.results == [VisitMarket(sells=1, buys=0)]


async def test_market_known_from_setup_opens_on_both_trades_and_takes_a_digit(
    tmp_path: Path,
) -> None:
    tile = MarketTile(
        sell=Trade(resource="grain", amount=1, augustales=3),
        buy=Trade(resource="stone", amount=1, augustales=2),
    )
    session = GameSession(tmp_path)
    session.start(edict_setup(markets=(tile,)))
    session.push(face_down("market"))
    app = Host(session, MarketModal)
    async with app.shown() as pilot:
        assert [text for text, _ in trade_lines(app)] == [
            "1  Sell 1 Grain for 3 Augustales",
            "2  Buy 1 Stone for 2 Augustales",
            "3  Sell 1 Grain for 3 Augustales, buy 1 Stone for 2 Augustales",
        ]
        assert app.screen.query_one("#trades", OptionList).highlighted == 2  # you can do both
        assert app.text_of("#result") == "You will have 0 Grain, 2 Stone, 7 Augustales."
        await press(pilot, "2")
    assert app.results == [VisitMarket(buys=1)]


async def test_market_refusal_and_bad_rates_shown_inline(tmp_path: Path) -> None:
    app = face_down_host(tmp_path, MarketModal, "market", [Gain(grain=-1)])
    async with app.shown() as pilot:
        events = len(app.session.events)
        await press(pilot, "1", "x", "3")
        how = "write the sale then the purchase, e.g. 2G6 2S4"
        assert "'1x3' is not a trade" in app.text_of("#tile-read")
        assert how in app.text_of("#tile-read") and trade_lines(app) == []
        await press(pilot, "enter")  # Enter in the field says what is wrong, records nothing
        assert how in app.dialog_error()
        await confirm(pilot)
        assert how in app.dialog_error()
        assert app.results == [] and len(app.session.events) == events
        assert app.session.state.board.markets[0] is None  # the tile is not remembered
        app.screen.query_one("#tile-text", Input).focus()
        await press(pilot, "end", "backspace", "backspace", "g", "3")
        [(text, disabled)] = trade_lines(app)  # you hold no Grain to sell
        assert disabled and text.startswith("1  Sell 1 Grain for 3 Augustales — ")
        assert "Grain" in text.split(" — ")[1]


async def test_market_tile_in_the_long_form_and_the_buy_side_only(tmp_path: Path) -> None:
    """The long form the setup reads works here too; ``-`` leaves out the sale."""
    app = face_down_host(tmp_path, MarketModal, "market")
    async with app.shown() as pilot:
        await press(pilot, *["space" if c == " " else c for c in "buy 1 stone for 2"])
        assert app.text_of("#tile-read") == "Reads: buy 1 Stone for 2 Augustales."
        field = app.screen.query_one("#tile-text", Input)
        field.value = "- 1s2"
        await settle(pilot)
        assert app.text_of("#tile-read") == "Reads: buy 1 Stone for 2 Augustales."
        assert [text for text, _ in trade_lines(app)] == ["1  Buy 1 Stone for 2 Augustales"]
        await press(pilot, "tab", "1")  # Tab to the list, its digit trades
    rates = MarketTile(buy=Trade(resource="stone", amount=1, augustales=2))
    assert app.results == [VisitMarket(sells=0, buys=1, rates=rates)]


async def test_market_workplace_allows_one_more_trade(tmp_path: Path) -> None:
    first_turn = [Gain(grain=1), *workplace_on("A", "countryside-I-B")]
    app = second_turn_host(tmp_path, MarketModal, "market", first_turn)
    async with app.shown() as pilot:
        texts = [str(label.content) for label in app.screen.query(Label)]
        assert any("(1 more with your Workplace)" in text for text in texts)
        await first_visit(app, pilot)
        assert [text for text, _ in trade_lines(app)] == [
            "1  Sell 1 Grain for 3 Augustales",
            "2  Sell 2 Grain for 6 Augustales",
        ]
        app.screen.query_one("#trades", OptionList).focus()
        await press(pilot, "down", "down")  # nothing highlighted yet: the first, the second
        assert app.text_of("#result") == "You will have 0 Grain, 1 Stone, 12 Augustales."
        await press(pilot, "enter")
    rates = MarketTile(sell=Trade(resource="grain", amount=1, augustales=3))
    assert app.results == [VisitMarket(sells=2, buys=0, rates=rates)]


async def test_a_card_id_typed_fast_is_searched_whole(tmp_path: Path) -> None:
    """Every letter reaches the search, also those typed before the open list has the
    focus: ``a12`` finds A12, not A1."""
    app = face_down_host(tmp_path, BuyCardModal, "purchase")
    async with app.shown() as pilot:
        await pilot.press("a", "1", "2", "enter")  # no pause between the keys
        await settle(pilot)
        assert app.screen.query_one("#card", Select).value == "A12"
