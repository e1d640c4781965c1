"""The New game form: validation where it is typed, nothing started on bad input, and a
start whose GameSetup carries every choice (counted pile, House, most-Structures rule, the
ports as the board prints them, the Allies and cards lying there)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Collapsible, Input, Label, Select, Static

from companion.ui.app import StuporSoloApp
from companion.ui.screens.setup.choices import (
    MOST_STRUCTURES_CHOICES,
    port_name_problem,
    with_most_structures,
)
from companion.ui.screens.setup.form import EDICT_SLOTS, SetupScreen, setup_checklist
from companion.ui.screens.start import StartScreen
from companion.ui.widgets.edict_input import EdictField
from companion.ui.widgets.toggles import ClearCheckbox
from solo_deck import load_ruleset
from solo_deck.model.action_cards import HOUSES
from solo_deck.model.ruleset import MOST_STRUCTURES_RULES
from solo_deck.queries import travel_cost
from tests.app.pilot_helpers import SIZE, press_and_settle, settle
from tests.app.setup_helpers import (
    PILE,
    choose_twice,
    edict_input,
    error,
    fill,
    open_folds,
    open_for_snapshot,
    prompts,
    scrolling_done,
    set_values,
    setup_form,
    start,
)

pytestmark = pytest.mark.usefixtures("table_calls")  # no test opens the real Table


# --- the form as it opens -------------------------------------------------------------


async def test_new_game_opens_setup_with_no_assumed_pile(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, _pilot, screen):
        assert screen.difficulty == "medium"
        assert screen.deck_mode == "virtual"
        assert screen.query_one("#pile", Input).value == ""
        hint = str(screen.query_one("#pile-hint", Static).render())
        assert "Count the face-down pile after dealing the 6 tiles (about 18)" in hint
        assert len(screen.query(EdictField)) == 6
        assert prompts(screen.query_one("#house-select", Select)) == list(HOUSES)
        assert screen.query_one("#most-structures", Select).value == "always"
        assert screen.query_one("#board", Collapsible).collapsed
        assert app.focused is screen.query_one("#difficulty")


async def test_easier_solo_changes_only_the_pile_hint(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (_app, pilot, screen):
        screen.query_one("#pile", Input).value = "17"
        screen.query_one("#easier", Checkbox).value = True
        await settle(pilot)
        hint = str(screen.query_one("#pile-hint", Static).render())
        assert "about 21; the easier game's 3 marked tiles are shuffled in" in hint
        assert screen.query_one("#pile", Input).value == "17"


async def test_easier_checkbox_is_empty_when_off_and_ticked_when_on(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (_app, pilot, screen):
        easier = screen.query_one("#easier", ClearCheckbox)
        off = str(easier.render())
        assert "X" not in off and "✓" not in off
        easier.value = True
        await settle(pilot)
        assert "✓" in str(easier.render())


# --- what refuses a start -------------------------------------------------------------


async def test_empty_form_starts_nothing_and_marks_every_tile_and_the_pile(
    tmp_path: Path, table_calls: list[StuporSoloApp]
) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await start(pilot)
        for slot, _ in EDICT_SLOTS:
            assert "type the tile" in error(screen, slot)
        assert "count the face-down Edict tiles" in error(screen, "pile")
        assert app.focused is edict_input(screen, "active-1")
        assert app.session.game is None
        assert not app.session.has_saved_game()
        assert table_calls == []
        assert app.screen is screen


async def test_the_pile_must_be_counted(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        pile = screen.query_one("#pile", Input)
        pile.value = ""
        await settle(pilot)
        assert error(screen, "pile") == ""  # no nagging while it is being counted
        await start(pilot)
        assert "count the face-down Edict tiles left in the pile" in error(screen, "pile")
        assert app.focused is pile
        assert app.session.game is None
        pile.value = "19"
        await start(pilot)
        assert app.session.game is not None
        assert app.session.game.setup.edict_pile == 19
        assert app.session.game.state.edicts.pile == 19


async def test_bad_edict_shows_inline_error_and_starts_nothing(
    tmp_path: Path, table_calls: list[StuporSoloApp]
) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot, ("2T", "1W 1K", "2G 1A", "1S", "9X", "1P"))
        field = screen.query_one("#next-2", EdictField)
        assert field.query_one(".edict-feedback", Label).has_class("-invalid")
        await start(pilot)
        assert "not valid" in error(screen, "next-2")
        assert error(screen, "active-1") == ""
        assert app.focused is edict_input(screen, "next-2")
        assert app.session.game is None
        assert table_calls == []


@pytest.mark.parametrize("seed", ["-1", "abc", str(2**63)])
async def test_bad_seed_is_refused(tmp_path: Path, seed: str) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        screen.query_one("#seed", Input).value = seed
        await settle(pilot)
        assert error(screen, "seed")  # live message
        await start(pilot)
        assert error(screen, "seed")
        assert app.focused is screen.query_one("#seed", Input)
        assert app.session.game is None


async def test_pile_out_of_range_is_refused(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        screen.query_one("#pile", Input).value = "61"
        await start(pilot)
        assert "0 to 60" in error(screen, "pile")
        assert app.session.game is None


# --- a start and what it carries ------------------------------------------------------


CHOSEN = {
    "#diff-hard": True,
    "#mode-table": True,
    "#house-select": "Wittelsbach",
    "#seed": "42",
    "#port-0": "gisela",
    "#port-card-1": "A3",
}
"""What the valid start chooses besides the tiles and the pile, by field."""


async def test_valid_setup_starts_and_saves_the_game(
    tmp_path: Path, table_calls: list[StuporSoloApp]
) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await open_folds(screen, pilot, "ports-fold")
        set_values(screen, CHOSEN)
        await fill(screen, pilot)
        # type one tile by keyboard, as a player would
        edict_input(screen, "active-1").value = ""
        edict_input(screen, "active-1").focus()
        await press_and_settle(pilot, "3", "t")
        screen.query_one("#start-game").scroll_visible(animate=False)
        await settle(pilot)
        await pilot.click("#start-game")
        await settle(pilot)
        game = app.session.game
        assert game is not None
        setup = game.setup
        assert (setup.difficulty, setup.deck_mode, setup.seed) == ("hard", "table", 42)
        assert setup.house == "Wittelsbach"
        assert str(setup.active_edicts[0]) == "3T"
        assert [str(e) for e in setup.next_edicts] == ["1S", "1C", "1P"]
        assert setup.edict_pile == int(PILE)
        assert setup.port_allies == ("gisela", None, None, None, None)
        assert setup.port_cards == (None, "A3", None, None, None)
        assert game.state.voyage.ports[1].cards[0].card_id == "A3"
        # nothing chosen: the packaged ruleset as it is, sources and all
        assert setup.ruleset == load_ruleset()
        assert setup.workplaces == {} and setup.edict_token_spaces is None
        assert setup.markets == ()
        assert app.session.has_saved_game()
        assert table_calls == [app]
        assert isinstance(app.screen, StartScreen)


async def test_empty_seed_is_random_and_in_range(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        await start(pilot)
        assert app.session.game is not None
        assert 0 <= app.session.game.setup.seed < 2**63


async def test_most_structures_choice_reaches_the_games_ruleset(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        screen.query_one("#most-structures", Select).value = "more_than"
        await start(pilot)
        assert app.session.game is not None
        rule = app.session.game.setup.ruleset.scoring.most_structures_rule
        assert (rule.value, rule.source) == ("more_than", "player: chosen at setup")
        assert app.session.ruleset.scoring.most_structures_rule.value == "more_than"


async def test_ports_renamed_and_reordered_reach_the_game(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        await open_folds(screen, pilot)
        for index, name in ((1, "Tunis"), (2, "Alexandria"), (4, "Palermo")):
            screen.query_one(f"#port-name-{index}", Input).value = name
        await settle(pilot)
        market_name = screen.query_one("#market-name-4", Label)
        assert str(market_name.render()) == "Palermo"  # the Markets follow the names
        await start(pilot)
        game = app.session.game
        assert game is not None
        voyage = game.setup.ruleset.voyage
        assert voyage.ports.value == ["Roma", "Tunis", "Alexandria", "Barcelona", "Palermo"]
        assert voyage.ports.source.startswith("player")
        state, rules = game.state, game.setup.ruleset
        assert [port.name for port in state.voyage.ports] == voyage.ports.value
        assert state.voyage.ports[state.voyage.player].name == "Roma"
        # Alexandria is now two steps from Roma (one paid), Tunis the free one
        assert travel_cost(state, state.voyage.port_index("Tunis"), rules) == 0
        assert travel_cost(state, state.voyage.port_index("Alexandria"), rules) == 1
        assert travel_cost(state, state.voyage.port_index("Palermo"), rules) == 3


async def test_bad_port_names_are_refused_inline(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await fill(screen, pilot)
        await open_folds(screen, pilot, "ports-fold")
        screen.query_one("#port-name-1", Input).value = " "
        screen.query_one("#port-name-2", Input).value = "roma"
        screen.query_one("#port-name-3", Input).value = "Constantinople-by-the-Sea"
        await settle(pilot)
        assert "at most 14 characters" in error(screen, "port-name-3")  # said at once
        await start(pilot)
        assert "type the port's name" in error(screen, "port-name-1")
        assert "Roma is already port 1" in error(screen, "port-name-2")
        assert "at most 14 characters" in error(screen, "port-name-3")
        assert app.session.game is None


async def test_allies_show_their_tile_number_and_lie_in_one_port_only(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, screen):
        await open_folds(screen, pilot, "ports-fold")
        listed = prompts(screen.query_one("#port-0", Select))
        gregoria = [p for p in listed if p.startswith("Gregoria")]
        assert [p.split(" — ")[0] for p in gregoria] == ["Gregoria (tile 1)", "Gregoria (tile 2)"]
        refused = await choose_twice(screen, pilot, "gisela", "port-0", "port-2")
        assert "Gisela already lies face up in Roma" in refused
        # the two Gregoria tiles are two Allies
        screen.query_one("#port-1", Select).value = "gregoria-1"
        screen.query_one("#port-2", Select).value = "gregoria-2"
        await settle(pilot)
        assert error(screen, "port-2") == ""
        refused = await choose_twice(screen, pilot, "A1", "port-card-3", "port-card-4")
        assert "A1 already lies face up in Barcelona" in refused
        await fill(screen, pilot)
        await start(pilot)
        assert app.session.game is not None
        setup = app.session.game.setup
        assert setup.port_allies == ("gisela", "gregoria-1", "gregoria-2", None, None)
        assert setup.port_cards == (None, None, None, "A1", None)


# --- keys -----------------------------------------------------------------------------


async def test_enter_in_a_field_stays_there_and_tab_moves_on(tmp_path: Path) -> None:
    """Issue 26: Enter moved to the next field, so the Tab a player pressed after it skipped
    one (a port's Ally went unnamed). The focus moves only by Tab (or a tap)."""
    async with setup_form(tmp_path) as (app, pilot, screen):
        edict_input(screen, "active-1").focus()
        await press_and_settle(pilot, "2", "t", "enter")
        assert app.focused is edict_input(screen, "active-1")
        assert app.session.game is None
        await press_and_settle(pilot, "tab")
        assert app.focused is edict_input(screen, "active-2")


async def test_escape_goes_back_without_starting(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (app, pilot, _):
        await press_and_settle(pilot, "escape")
        assert isinstance(app.screen, StartScreen)
        assert app.session.game is None


async def test_form_is_usable_at_80x24(tmp_path: Path) -> None:
    async with setup_form(tmp_path, size=(80, 24)) as (app, pilot, screen):
        await fill(screen, pilot)
        screen.query_one("#start-game").focus()
        await settle(pilot)
        await press_and_settle(pilot, "enter")
        assert app.session.game is not None


def test_setup_bindings_have_ids_and_tooltips() -> None:
    for binding in SetupScreen.BINDINGS:
        assert binding.id and binding.id.startswith("setup."), binding  # type: ignore[union-attr]
        assert binding.tooltip, binding  # type: ignore[union-attr]


# --- the pieces without the screen ----------------------------------------------------


def test_checklist_follows_the_choices() -> None:
    medium = "\n".join(setup_checklist("medium", False, "virtual"))
    assert "3 blue + 2 red" in medium
    assert "Roma" in medium
    assert "marked Edict tiles" not in medium
    hard_easier_table = "\n".join(setup_checklist("hard", True, "table"))
    assert "5 red" in hard_easier_table
    assert "add 3 marked Edict tiles" in hard_easier_table
    assert "shuffle the 16 solo cards" in hard_easier_table


def test_every_most_structures_rule_has_its_line() -> None:
    assert tuple(MOST_STRUCTURES_CHOICES) == MOST_STRUCTURES_RULES
    rules = load_ruleset()
    assert with_most_structures(rules, "always") is rules
    with pytest.raises(ValueError):
        with_most_structures(rules, "sometimes")


def test_port_names_are_checked() -> None:
    assert port_name_problem("Palermo", ["Roma", "Tunis"]) == ""
    assert "already port 2" in port_name_problem("TUNIS", ["Roma", "Tunis"])
    assert "type the port's name" in port_name_problem("   ", [])
    assert "at most 14" in port_name_problem("x" * 15, [])


# --- snapshots --------------------------------------------------------------------------


def test_setup_screen_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Any) -> None:
        screen = await open_for_snapshot(pilot)
        screen.query_one("#setup-form").scroll_home(animate=False)
        await settle(pilot)

    assert snap_compare(StuporSoloApp(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_setup_screen_snapshot_with_errors(snap_compare: Any, tmp_path: Path) -> None:
    """The tiles part after a Start with one bad and two missing tiles and no pile."""

    async def run_before(pilot: Any) -> None:
        screen = await open_for_snapshot(pilot)
        for (slot, _), text in zip(
            EDICT_SLOTS, ("2T", "1W 1K", "2G 1A", "1S", "9X", ""), strict=True
        ):
            screen.query_one(f"#{slot}", EdictField).query_one(Input).value = text
        await settle(pilot)
        screen.action_start_game()
        form = screen.query_one("#setup-form")
        await scrolling_done(pilot, form)  # the screen scrolls to the first bad tile
        screen.query_one("#checklist").scroll_visible(top=True, animate=False)
        await scrolling_done(pilot, form)

    assert snap_compare(StuporSoloApp(tmp_path), terminal_size=SIZE, run_before=run_before)
