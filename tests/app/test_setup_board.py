"""The New game form's optional Board section: what the table shows reaches the game, the
printed board is remembered for the next setup (the dealt tiles never), and the notation
for Markets and rewards says what is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Collapsible, Input, Label, Select, Static

from companion.storage.settings_store import PrintedBoard, SettingsStore
from companion.ui.app import StuporSoloApp
from companion.ui.screens.setup.board import BoardSection
from companion.ui.screens.setup.form import SetupScreen
from companion.ui.screens.setup.notation import parse_market, reward_grant, reward_parts
from solo_deck.model.board import MarketTile, Trade
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from tests.app.pilot_helpers import SIZE, settle
from tests.app.setup_helpers import (
    choose_twice,
    error,
    fill,
    open_folds,
    open_for_snapshot,
    open_setup,
    scrolling_done,
    set_values,
    setup_form,
    start,
)

pytestmark = pytest.mark.usefixtures("table_calls")  # no test opens the real Table


# --- the board, optional --------------------------------------------------------------


BOARD_NOTED = {
    "#wp-A1": "countryside-I-C",
    "#wp-C3": "village-I-A",
    "#token-A3": True,
    "#token-C2": True,
    "#city-B-0": "D",
    "#reward-0": "augustales",
    "#reward-amount-0": "3",
    "#market-1": "sell 2 Grain for 6, buy 2 Stone for 4",
}
"""What :func:`_note_board` types into the Board section, by field."""


async def _note_board(screen: SetupScreen, pilot: Any) -> None:
    await open_folds(screen, pilot, "board")
    set_values(screen, BOARD_NOTED)
    await settle(pilot)


async def test_board_knowledge_reaches_the_game_and_is_remembered(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        await _note_board(screen, pilot)
        assert "= sell 2 Grain for 6 Augustales" in str(
            screen.query_one("#market-1-note", Label).render()
        )
        await start(pilot)
        game = app.session.game
        assert game is not None
        setup = game.setup
        assert setup.workplaces == {"A1": "countryside-I-C", "C3": "village-I-A"}
        assert setup.edict_token_spaces == ("A3", "C2")
        assert setup.city_tiles == {"B": ("D",)}
        three = Grant(gain=Gains(augustales=3))
        assert setup.edict_rewards == (three, None, None)  # II: the ruleset's already
        market = MarketTile(
            sell=Trade(resource="grain", amount=2, augustales=6),
            buy=Trade(resource="stone", amount=2, augustales=4),
        )
        assert setup.markets == (None, market, None, None, None)
        board = game.state.board
        assert board.space("A", 1).tile == "countryside-I-C"
        assert board.space("A", 3).token is True and board.space("A", 1).token is False
        assert board.edict_rewards[0] == three
        assert board.markets[1] == market

        # a second setup: the printed board is prefilled, the dealt tiles are not
        screen = await open_setup(app, pilot)
        await open_folds(screen, pilot, "board")
        assert screen.query_one("#token-A3", Checkbox).value
        assert screen.query_one("#token-C2", Checkbox).value
        assert not screen.query_one("#token-A1", Checkbox).value
        assert screen.query_one("#reward-0", Select).value == "augustales"
        assert screen.query_one("#reward-amount-0", Input).value == "3"
        assert screen.query_one("#reward-1", Select).value == "choice"
        assert screen.query_one("#reward-2", Select).is_blank()
        assert screen.query_one("#wp-A1", Select).is_blank()
        assert screen.query_one("#city-B-0", Select).is_blank()
        assert screen.query_one("#market-1", Input).value == ""
        summary = str(screen.query_one("#board-summary", Static).render())
        assert summary == (
            "Remembered from your last setup: Edict tokens on A3 and C2; the reward under Active I."
        )  # Active II is the ruleset's: prefilled from it, not remembered


async def test_board_refusals_open_the_section_and_start_nothing(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        await open_folds(screen, pilot, "board")
        board = screen.query_one("#board", Collapsible)
        # a Workplace tile on two spaces, a third token: refused as chosen
        refused = await choose_twice(screen, pilot, "countryside-I-C", "wp-A1", "wp-B2")
        assert "Countryside I C already lies on A1" in refused
        for key in ("A1", "A3", "C4"):
            screen.query_one(f"#token-{key}", Checkbox).value = True
            await settle(pilot)
        assert not screen.query_one("#token-C4", Checkbox).value
        assert "only 2 Workplace Edict tokens" in error(screen, "tokens")
        # one token only, a half reward and a Market that does not read: refused at start
        screen.query_one("#token-A3", Checkbox).value = False
        screen.query_one("#reward-2", Select).value = "vp"
        screen.query_one("#market-0", Input).value = "sell lots"
        await settle(pilot)
        assert "not a trade" in error(screen, "market-0")  # said as typed
        board.collapsed = True  # folded again: a refusal opens it
        await settle(pilot)
        await start(pilot)
        assert not board.collapsed
        assert "Tick the 2 spaces" in error(screen, "tokens")
        assert "how many" in error(screen, "reward-2")
        assert "not a trade" in error(screen, "market-0")
        assert app.focused is screen.query_one("#token-A1")
        assert app.session.game is None


async def test_remembered_board_that_does_not_read_is_not_prefilled(tmp_path: Path) -> None:
    SettingsStore(tmp_path)._set(
        "printed_board", {"edict_token_spaces": ["Z9"], "edict_rewards": 3}
    )
    async with setup_form(tmp_path) as (_app, pilot, screen):
        board = screen.query_one(BoardSection)
        assert board.token_spaces() == ()
        await open_folds(screen, pilot, "board")
        assert screen.query_one("#reward-0", Select).is_blank()
        assert screen.query_one("#reward-1", Select).value == "choice"  # the ruleset's


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sell 2 Grain", "not a trade"),
        ("buy 12 Stone for 4", "1 to 9 Stone"),
        ("sell 2 Grain for 100", "0 to 99 Augustales"),
        ("buy 1 Stone for 2, buy 1 Grain for 3", "'buy' is there twice"),
        ("2G6 2S", "'2S' is not a trade: write the sale then the purchase, e.g. 2G6 2S4"),
        ("2G6 2S4 1G3", "at most a sale and a purchase"),
        ("2G100", "0 to 99 Augustales"),
        ("9", "'9' is not a trade"),
    ],
)
def test_market_notation_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_market(text)


def test_market_notation_reads_short_forms() -> None:
    assert parse_market("  ") is None
    assert parse_market("2g6 2s4") == parse_market("sell 2 Grain for 6, buy 2 Stone for 4")
    assert parse_market("- 1S3") == MarketTile(buy=Trade(resource="stone", amount=1, augustales=3))
    tile = parse_market("Sell 2g 6a; buy 1 stone for 3 Augustales")
    assert tile == MarketTile(
        sell=Trade(resource="grain", amount=2, augustales=6),
        buy=Trade(resource="stone", amount=1, augustales=3),
    )


def test_rewards_the_form_can_show() -> None:
    for kind in ("augustales", "vp", "grain", "stone", "choice"):
        assert reward_parts(reward_grant(kind, 2)) == (kind, 2)
    assert reward_parts(Grant(gain=Gains(vp=1, grain=1))) is None
    assert reward_parts(Grant(unknown=True)) is None


def test_settings_remember_the_printed_board(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    assert store.printed_board() == PrintedBoard()
    store.set_verified(["S01"])
    grant = Grant(resource_choice=1)
    store.remember_printed_board(PrintedBoard(("A3", "C2"), (None, grant, None)))
    again = SettingsStore(tmp_path)
    assert again.printed_board() == PrintedBoard(("A3", "C2"), (None, grant, None))
    assert again.verified_cards() == {"S01"}  # the other keys stay
    with pytest.raises(ValueError):
        store.remember_printed_board(PrintedBoard(("A33",)))


def test_settings_ignore_a_damaged_printed_board(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store._set("printed_board", {"edict_token_spaces": "A3", "edict_rewards": [1, 2, 3]})
    assert store.printed_board() == PrintedBoard()
    assert len(store.problems) == 2


def test_setup_board_section_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    """The Board section opened, with remembered tokens and rewards and a Market typed."""
    SettingsStore(tmp_path).remember_printed_board(
        PrintedBoard(("A3", "C2"), (reward_grant("augustales", 3), None, None))
    )

    async def run_before(pilot: Any) -> None:
        screen = await open_for_snapshot(pilot)
        await open_folds(screen, pilot, "board")
        screen.query_one("#market-0", Input).value = "sell 2 Grain for 6, buy 2 Stone for 4"
        await settle(pilot)
        form = screen.query_one("#setup-form")
        # the thumb's size follows the form's full height, which settles a frame late at
        # times: the snapshot is of the section, so the scrollbar is left out
        form.styles.scrollbar_size_vertical = 0
        screen.query_one("#board").scroll_visible(top=True, animate=False)
        await scrolling_done(pilot, form)

    assert snap_compare(StuporSoloApp(tmp_path), terminal_size=SIZE, run_before=run_before)
