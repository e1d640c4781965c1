"""Issue 26, fields that cannot record the wrong thing: the focus moves only when the player
moves it (a choice in a list, a pick in a Select or Enter in a field leaves it where it was,
so the next Tab reaches the next field), Enter on a list records where the list is all the
dialog asks, and Decline and Cancel never take an Enter meant for something else."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select

from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.screens.modals.build import BuildModal
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.screens.modals.buy_card import BuyCardModal
from companion.ui.screens.modals.correct import CorrectModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.modals.name_port import NamePortModal
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.screens.modals.travel import TravelModal
from companion.ui.widgets.number_field import NumberField
from solo_deck.events import ChooseCityBonus, Decline, Gain, Travel
from tests.app.action_dialog_helpers import (
    TYPED_BOARD,
    Host,
    face_down,
    face_down_host,
    new_session,
    press,
)
from tests.app.end_phase_helpers import make_app
from tests.app.followup_helpers import Host as OwedHost
from tests.app.followup_helpers import owed, start_game
from tests.app.pilot_helpers import SIZE, DialogHost, open_screen, settle
from tests.app.setup_helpers import open_folds, setup_form
from tests.app.test_followup_board_dialogs import ON_C4, TO_CITY_C
from tests.app.test_turn_dialogs import build_host, keep_with_both_actions

PICK = ("enter", "down", "enter")
"""Open a Select, move one line down, pick it."""


def focused(app: App[Any]) -> object:
    """The focused widget (read afresh: a key may have moved it)."""
    return app.focused


def hosts() -> dict[str, Callable[[Path], DialogHost]]:
    """Every dialog with a list or a Select to choose in, on a game where it opens."""
    return {
        "build": build_host,
        "play_card_both": keep_with_both_actions,
        "market": lambda folder: face_down_host(folder, MarketModal, "market"),
        "summon": lambda folder: face_down_host(
            folder, SummonModal, "summon", [Gain(grain=2, stone=-1)]
        ),
        # without board data the arrow's Grain is asked after the move (with it, Enter on
        # the move promotes at once: the list is all the dialog asks)
        "promote": lambda folder: Host(
            new_session(folder, [Gain(grain=1), face_down("promote")], TYPED_BOARD),
            PromoteModal,
        ),
        "purchase": lambda folder: face_down_host(folder, BuyCardModal, "purchase"),
        "name_port": lambda folder: DialogHost(new_session(folder), NamePortModal),
        "correct": lambda folder: DialogHost(new_session(folder), CorrectModal),
    }


CHOICES: list[tuple[str, int, tuple[str, ...]]] = [
    ("build", 0, ("down", "enter")),  # the Structure list: Wall
    ("build", 1, PICK),  # Normal or Great
    ("play_card_both", 0, ("enter",)),  # the card's first action (the second is left)
    ("market", 0, PICK),  # what the tile buys
    ("market", 3, PICK),  # what the tile sells
    ("summon", 0, ("s", "e", "b", "enter")),  # the Ally, searched
    ("promote", 0, ("down", "enter")),  # the move (the Grain field is left)
    ("purchase", 0, ("a", "7", "enter")),  # the card, searched
    ("name_port", 0, ("down", "enter")),  # the port line
    ("name_port", 1, PICK),  # who lies there
    ("correct", 0, ("down", "enter")),  # what to correct
]


@pytest.mark.parametrize(
    ("dialog", "tabs", "keys"), CHOICES, ids=[f"{d}-{t}" for d, t, _ in CHOICES]
)
async def test_after_a_choice_the_focus_is_where_it_was(
    tmp_path: Path, dialog: str, tabs: int, keys: tuple[str, ...]
) -> None:
    """A pick moved the focus on in some dialogs and not in others, so the Tab a player
    pressed next skipped a field (a Market amount went into the coins box)."""
    app = hosts()[dialog](tmp_path)
    async with app.shown() as pilot:
        await press(pilot, *["tab"] * tabs)
        chosen = app.focused
        assert chosen is not None and not isinstance(chosen, Button)
        await press(pilot, *keys)
        assert app.focused is chosen, f"the focus went to {app.focused!r}"
        assert app.results == []  # the dialog has more to fill in: nothing recorded
        await press(pilot, "tab")  # the next Tab reaches the next field, none skipped
        chain = [w for w in app.screen.focus_chain]
        assert chain.index(app.focused) == (chain.index(chosen) + 1) % len(chain)


async def test_enter_on_the_only_list_of_a_dialog_records_its_line(tmp_path: Path) -> None:
    """Travel: the port is all the dialog asks, so Enter sails (it used to move the focus
    to Sail, silently)."""
    app = Host(new_session(tmp_path), TravelModal)
    async with app.shown() as pilot:
        await press(pilot, "down", "enter")
    assert app.results == [Travel(port=2)]


async def test_enter_in_a_new_game_field_and_a_pick_of_a_port_s_ally_keep_the_focus(
    tmp_path: Path,
) -> None:
    """Setup: Enter after a port's name moved to its Ally, so the Tab after it skipped the
    Ally (the Tunis Ally was never named)."""
    async with setup_form(tmp_path) as (app, pilot, screen):
        await open_folds(screen, pilot, "ports-fold")
        name = screen.query_one("#port-name-2", Input)
        name.focus()
        await press(pilot, "enter")
        assert focused(app) is name
        await press(pilot, "tab")
        ally = screen.query_one("#port-2", Select)
        assert focused(app) is ally
        await press(pilot, *PICK)
        assert focused(app) is ally and ally.value != Select.NULL
        await press(pilot, "tab")
        assert focused(app) is screen.query_one("#port-card-2", Select)


async def test_enter_in_a_final_count_keeps_the_focus(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        vp = final.query_one("#vp_track", NumberField).input
        assert app.focused is vp
        await press(pilot, "5", "0", "enter")
        assert app.focused is vp and vp.value == "50"


# --- Decline and Cancel never take Enter -------------------------------------------------------


def free_tower(folder: Path, typed: bool) -> OwedHost:
    """The Build City Bonus D gives (a Tower without its resource cost), optional: the
    dialog offers Decline. ``typed``: on a game saved before the boards were known."""
    events = [*TO_CITY_C, ChooseCityBonus(tile="D")]
    board: dict[str, Any] = {"city_tiles": {}}
    if typed:
        board["ruleset"] = TYPED_BOARD
    session = start_game(folder, events, player=ON_C4, **board)
    dialog = BuildModal if typed else SiteBuildModal
    return OwedHost(session, owed(dialog))


@pytest.mark.parametrize("typed", [False, True], ids=["on_site", "typed"])
async def test_tab_then_enter_on_every_stop_never_declines(tmp_path: Path, typed: bool) -> None:
    """City Bonus D's free Tower: the sixth Tab reached Decline and Enter threw the Tower
    away with no question. Decline and Cancel are out of the Tab order: their keys (ctrl+d,
    Escape) and a tap still work."""
    app = free_tower(tmp_path, typed)
    async with app.shown() as pilot:
        dialog = app.screen
        assert app.has_decline()
        chain = list(dialog.focus_chain)
        buttons = {w.id for w in chain if isinstance(w, Button)}
        assert buttons == {"ok"}, buttons  # neither Decline nor Cancel can be tabbed to
        kind = cast("Callable[..., ModalScreen[Any]]", type(dialog))
        for tabs in range(len(chain) + 1):
            if tabs:  # a fresh dialog for each try (the obligation is still owed)
                state, rules = app.session.state, app.session.ruleset
                app.push_screen(owed(kind)(state, rules), app.results.append)
                await settle(pilot)
            dialog = app.screen
            await press(pilot, *["tab"] * tabs, "enter")
            for _ in range(3):  # close what Enter left open (a Select's list, the dialog)
                if app.screen is dialog:
                    await press(pilot, "escape")
            assert app.screen is not dialog
            assert Decline() not in app.results, f"{tabs} Tabs and Enter declined"
        app.push_screen(owed(kind)(app.session.state, app.session.ruleset), app.results.append)
        await settle(pilot)
        await press(pilot, "ctrl+d")  # its own key declines
    assert app.results[-1] == Decline()


async def test_a_tap_on_decline_still_declines(tmp_path: Path) -> None:
    app = free_tower(tmp_path, typed=False)
    async with app.shown() as pilot:
        await pilot.click("#decline")
        await settle(pilot)
    assert app.results == [Decline()]
