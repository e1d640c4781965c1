"""Issue 25: your Player Board's card slots and the Voyage Board's Summon costs as data. A
face-down card offers only its slot's two actions (both with the Keep Cover); a Summon
costs what the Ally space at your port shows, less the discounts the data knows. Games
saved before the boards were known keep the old way."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import GameSetup, RuleError, SoloGame, load_ruleset
from solo_deck.data.loaders import load_player_board, load_voyage_board, workplace_tiles
from solo_deck.events import Decline, PlayCard, SummonAlly, Travel
from solo_deck.model.grants import MAIN_ACTIONS
from solo_deck.model.player import Specialist
from solo_deck.model.player_board import PlayerBoard
from solo_deck.rules.card_slots import face_down_offers, slot_actions
from solo_deck.rules.summon_cost import summon_cost
from solo_deck.setup import initial_state

DATA = pathlib.Path(__file__).parent / "data"
WELL_OFF = {"grain": 3, "stone": 0, "augustales": 20}
"""As much Grain as the warehouse holds at setup, coins to spare."""


def on_board(make_setup: Callable[..., GameSetup], **player: Any) -> SoloGame:
    """A game on the packaged boards (Tento face up in Roma), your state changed by
    ``player``."""
    setup = make_setup(
        ruleset=load_ruleset(), port_allies=("tento", "gisela"), **player.pop("setup", {})
    )
    state = initial_state(setup)
    start = state.model_copy(update={"player": state.player.model_copy(update=player)})
    return SoloGame(setup.model_copy(update={"start": start}))


# --- card slots -------------------------------------------------------------------------------


def test_the_packaged_board_says_where_each_slot_comes_from() -> None:
    board = load_player_board()
    assert [slot.number for slot in board.slots] == [1, 2, 3, 4, 5, 6]
    assert board.locked_slot == 6 and board.locked_source.startswith("rulebook")
    assert board.actions_of(1)[0] == "market" and board.slots[1].source.startswith("rulebook")
    assert board.actions_of(3) == ("build", "summon")
    assert "draft v19" in board.slots[3].source and "disagree" in board.slots[3].source
    assert all(
        slot.source.startswith("assumed") for slot in board.slots if slot.number not in (2, 4)
    )
    every = {action for slot in board.slots for action in slot.actions}
    assert every == set(MAIN_ACTIONS)


def test_a_board_that_could_not_be_printed_is_refused() -> None:
    data = load_player_board().model_dump()
    data["slots"][0]["actions"] = ["build", "build"]
    with pytest.raises(ValueError, match="two different main actions"):
        PlayerBoard.model_validate(data)
    data = load_player_board().model_dump() | {"locked_slot": 7}
    with pytest.raises(ValueError, match="no such slot"):
        PlayerBoard.model_validate(data)
    five = load_ruleset().player.model_copy(
        update={"card_slots": load_ruleset().player.card_slots.model_copy(update={"value": 5})}
    )
    with pytest.raises(ValueError, match="6 card slots, not 5"):
        type(load_ruleset()).model_validate(load_ruleset().model_dump() | {"player": five})


def test_a_face_down_card_offers_its_slots_two_actions(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = on_board(make_setup, **WELL_OFF)
    offers = face_down_offers(game.state, game.setup.ruleset)
    assert offers == {0: ("build", "promote"), 1: ("market", "promote"), 2: ("promote", "summon"),
                      3: ("build", "summon"), 4: ("promote", "purchase")}  # fmt: skip
    game.push(PlayCard(slot=3, face_up=False, actions=("summon",)))
    assert game.state.obligation is not None and game.state.obligation.does == "summon"


def test_a_wrong_action_is_refused_saying_which_two_the_slot_gives(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = on_board(make_setup, **WELL_OFF)
    before = game.state
    with pytest.raises(RuleError, match="slot 4 gives Build or Summon, not Promote"):
        game.push(PlayCard(slot=3, face_up=False, actions=("promote",)))
    assert game.state == before


def test_the_keep_cover_gives_both_of_the_slots_actions_and_no_other(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = on_board(make_setup, keep_covers=("both_actions",), both_actions_ready=True)
    with pytest.raises(RuleError, match="slot 1 gives Build or Promote, not Summon"):
        game.push(PlayCard(slot=0, face_up=False, actions=("build", "summon")))
    game.push(PlayCard(slot=0, face_up=False, actions=("promote", "build")))
    assert [duty.does for duty in game.state.pending] == ["promote", "build"]


def test_without_the_board_any_action_goes(make_game: Callable[..., SoloGame]) -> None:
    game = make_game()  # the board-less ruleset of games saved before the board was known
    assert slot_actions(3, game.setup.ruleset) == MAIN_ACTIONS
    game.push(PlayCard(slot=3, face_up=False, actions=("promote",)))
    game.push(Decline())


# --- Summon costs ---------------------------------------------------------------------------


def test_the_voyage_board_prints_a_cost_under_each_ally_space() -> None:
    board, ports = load_voyage_board(), load_ruleset().voyage.ports.value
    assert sorted(spot.port for spot in board.ally_spaces) == list(range(1, len(ports) + 1))
    barcelona = board.spot(ports.index("Barcelona") + 1)
    assert barcelona.grain == 3 and barcelona.source.startswith("rulebook")
    assert board.spot(ports.index("Alexandria") + 1).source.startswith("assumed")


def _summoning(make_setup: Callable[..., GameSetup], **player: Any) -> SoloGame:
    game = on_board(make_setup, **(WELL_OFF | player))
    game.push(PlayCard(slot=3, face_up=False, actions=("summon",)))
    return game


def test_a_summon_costs_the_ally_space_at_your_port(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = _summoning(make_setup)
    assert summon_cost(game.state, game.setup.ruleset) is not None
    assert summon_cost(game.state, game.setup.ruleset).grain == 3  # type: ignore[union-attr]
    before = game.state
    with pytest.raises(RuleError, match="the Ally space in Roma costs you 3 Grain"):
        game.push(SummonAlly(ally_id="tento", grain=1))
    assert game.state == before
    game.push(SummonAlly(ally_id="tento", grain=3))
    assert game.state.player.grain == 0 and game.state.player.allies == ("tento",)


def test_the_cost_follows_your_ship(make_setup: Callable[..., GameSetup]) -> None:
    game = on_board(make_setup, **WELL_OFF)
    game.push(Travel(port=1))  # Alexandria: 1 Grain on the packaged board
    game.push(PlayCard(slot=3, face_up=False, actions=("summon",)))
    assert summon_cost(game.state, game.setup.ruleset).grain == 1  # type: ignore[union-attr]
    game.push(SummonAlly(ally_id="gisela", grain=1))


def test_a16_takes_a_grain_off(make_setup: Callable[..., GameSetup]) -> None:
    game = on_board(make_setup, advanced_cards=("A16",), **WELL_OFF)
    game.push(PlayCard(slot=0, face_up=True, card_id="A16"))
    assert summon_cost(game.state, game.setup.ruleset, game.state.obligation.terms).grain == 2  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="costs you 2 Grain"):
        game.push(SummonAlly(ally_id="tento", grain=3))
    game.push(SummonAlly(ally_id="tento", grain=2))


def test_village_i_c_takes_a_grain_off(make_setup: Callable[..., GameSetup]) -> None:
    area = workplace_tiles()["village-I-C"].area
    assert area == "village"
    game = _summoning(
        make_setup,
        setup={"workplaces": {"A3": "village-I-C"}, "edict_token_spaces": ()},
        specialists=(Specialist(path="A", space=3), Specialist(), Specialist()),
    )
    with pytest.raises(RuleError, match="costs you 2 Grain"):
        game.push(SummonAlly(ally_id="tento", grain=3))
    game.push(SummonAlly(ally_id="tento", grain=2))


def test_a_summon_without_grain_or_for_augustales_pays_that(
    make_setup: Callable[..., GameSetup],
) -> None:
    free = on_board(make_setup, advanced_cards=("B15",), **WELL_OFF)
    free.push(PlayCard(slot=0, face_up=True, card_id="B15"))
    with pytest.raises(RuleError, match="3 Augustales and no Grain"):
        free.push(SummonAlly(ally_id="tento", grain=3))
    free.push(SummonAlly(ally_id="tento", augustales=3))
    assert free.state.player.grain == 3


def test_a_summon_you_cannot_pay_is_not_offered(make_setup: Callable[..., GameSetup]) -> None:
    game = _summoning(make_setup, grain=2)
    assert "summon_ally" not in game.allowed()
    assert "costs you 3 Grain" in (game.why_not("summon_ally") or "")


def test_a_saved_game_of_schema_2_keeps_its_old_slots_and_typed_summons() -> None:
    document = json.loads((DATA / "schema2_game.json").read_text(encoding="utf-8"))
    game = SoloGame.from_document(document)
    ruleset = game.setup.ruleset
    assert ruleset.player_board is None and ruleset.voyage_board is None
    assert slot_actions(3, ruleset) == MAIN_ACTIONS
    assert summon_cost(game.state, ruleset) is None


def test_without_the_board_a_summon_costs_what_you_say(
    make_setup: Callable[..., GameSetup],
) -> None:
    setup = make_setup(port_allies=("tento",))  # the board-less ruleset
    game = SoloGame(setup)
    game.push(PlayCard(slot=0, face_up=False, actions=("summon",)))
    game.push(SummonAlly(ally_id="tento", grain=1))
    assert game.state.player.grain == 0
