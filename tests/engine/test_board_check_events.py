"""Issue 25: a still-assumed board value told mid-game (``CheckBoard``). The game plays on
it from then on (its ruleset in force), the engine refuses what the board could not show
and the shape of a board, undo/redo and a resumed game keep it, and a schema-3 document
(saved before the event existed) still resumes."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable

import pytest

from solo_deck import GameSetup, RuleError, SoloGame, final_score, load_ruleset
from solo_deck.events import (
    Build,
    CheckBoard,
    ChooseCityBonus,
    Event,
    PlayCard,
    PlayerEdict,
    Promote,
    Resolve,
    SummonAlly,
    TakeEdictReward,
)
from solo_deck.rules.board_check import needs_check, ruleset_in_force
from solo_deck.rules.scoring import final_counts
from solo_deck.schema import SCHEMA_VERSION
from solo_deck.setup import initial_state
from tests.scripted_game import END_PHASE, THREE_AUGUSTALES, face_down, fred

DATA = pathlib.Path(__file__).parent / "data"

SCHEMA_3_ROUND_2: tuple[Event, ...] = (
    face_down(0, "build"),
    Build(structure="wall", site="W2", stone=1),
    TakeEdictReward(slot=0, augustales=3, reward=THREE_AUGUSTALES),
    PlayerEdict(slot=0, choice={"T": "add"}, replacement=0),
    fred("S09"),
    face_down(3, "build"),
    Build(structure="tower", site="T3", great="great_tower_b", grain=1),
    SummonAlly(ally_id="tento"),
    fred("S10"),
    face_down(1, "promote"),
    Promote(specialist=1, path="B"),
    fred("S16"),
    face_down(2, "promote"),
    Promote(specialist=1),
    fred("S05"),
    face_down(4, "promote"),
    Promote(specialist=1),
    ChooseCityBonus(tile="F"),
    Build(structure="keep", site="K1", cover="hand"),
    Resolve(),
    TakeEdictReward(slot=0, augustales=3),
    fred("S15"),
    PlayCard(slot=5, face_up=True, card_id="common-augustales"),
    Resolve(),
    *END_PHASE,
)
"""Round 2 of the scripted game as it was when ``schema3_game.json`` was saved. That game
keeps the Castle Board it was saved with (before issue 40 moved the Stone side off the
setup Wall: W2 cost 1 Stone then and closed an Augustalis side), so it plays on as it was
written, not as tests/scripted_game.py plays today."""
SCHEMA_3_CASTLE = (3, 2, 2)
"""Towers, Walls and Keeps at its end: T1-T3, W1-W2, K2 and K1."""
SCHEMA_3_TOTAL = 20
"""Its score as worked out then: 7 VP (Castellan 1 in round 1; Countryside I A 2 for Tento,
Castellan 1 and Tento 3 in round 2) + 7 Structures + 4 (most Structures) + (1 resource x 2
+ 12 Augustales) // 6 = 2."""


def on_boards(make_setup: Callable[..., GameSetup], **player: object) -> SoloGame:
    setup = make_setup(ruleset=load_ruleset(), port_allies=("tento", "gisela"))
    state = initial_state(setup)
    changed = state.player.model_copy(update={"grain": 2, "stone": 1, **player})
    return SoloGame(
        setup.model_copy(update={"start": state.model_copy(update={"player": changed})})
    )


def test_a_site_cost_told_mid_game_is_what_the_build_costs(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = on_boards(make_setup, grain=0, stone=2)
    assert needs_check(game.ruleset, "castle_board", "T2.cost") is not None
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(CheckBoard(board="castle_board", key="T2.cost", value="2 stone"))
    assert game.log[-1] == "Checked on your board: Tower T2 · Cost: 2 Stone"
    assert game.state.obligation is not None and game.state.obligation.does == "build"
    assert game.ruleset.castle_board.site("T2").source == "yours"  # type: ignore[union-attr]
    assert needs_check(game.ruleset, "castle_board", "T2.cost") is None  # asked once
    assert game.setup.ruleset.castle_board.site("T2").cost.stone == 1  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="costs you 2 Stone"):
        game.push(Build(structure="tower", site="T2", stone=1))
    game.push(Build(structure="tower", site="T2", stone=2))
    # 2 Stone paid; T2 closes the setup Wall W1, whose side is Grain (issue 40: the Stone
    # side is the one the Build example closes with a Wall, W2)
    assert (game.state.player.stone, game.state.player.grain) == (0, 1)


def test_a_summon_cost_told_mid_game(make_setup: Callable[..., GameSetup]) -> None:
    game = on_boards(make_setup)
    game.push(PlayCard(slot=3, face_up=False, actions=("summon",)))
    game.push(CheckBoard(board="voyage_board", key="port1.space1", value="2"))
    game.push(SummonAlly(ally_id="tento", grain=2))
    assert game.state.player.grain == 0


def test_undo_redo_and_resume_keep_what_was_told(make_setup: Callable[..., GameSetup]) -> None:
    game = on_boards(make_setup)
    game.push(CheckBoard(board="player_board", key="marked_ally_space", value="3"))
    game.push(CheckBoard(board="workplace_area", key="arrow.A1", value="1"))
    told = game.ruleset
    assert told.player_board.marked_ally_space == 3  # type: ignore[union-attr]
    assert told.workplace_area.arrow_grain("A", 1) == 1  # type: ignore[union-attr]
    again = SoloGame.from_document(json.loads(json.dumps(game.to_document())))
    assert again.ruleset == told and again.state == game.state
    game.undo()
    assert game.ruleset.workplace_area.arrow_grain("A", 1) == 0  # type: ignore[union-attr]
    game.redo()
    assert game.ruleset == told
    assert ruleset_in_force(game.setup.ruleset, game.state.board_checks) is game.ruleset


@pytest.mark.parametrize(
    ("board", "key", "value", "why"),
    [
        ("castle_board", "T2.cost", "lots", "a cost like 2 Stone, 1 Grain"),
        ("castle_board", "T9.cost", "1 stone", "has no value 'T9.cost'"),
        ("castle_board", "W1.joins", "T1 T3", "part of the board's shape"),
        ("castle_board", "K1.cover", "slot", "part of the board's shape"),
        ("player_board", "marked_ally_space", "9", "has 5 Ally spaces"),
        ("player_board", "locked_slot", "6", "part of the board's shape"),
        ("voyage_board", "port1.space1", "-1", "whole number from 0 to 9"),
        ("workplace_area", "tokens", "A1 C1", "part of the board's shape"),
        ("no_board", "x", "1", "this game has no 'no_board' data"),
    ],
)
def test_a_check_the_board_could_not_show_is_refused(
    make_setup: Callable[..., GameSetup], board: str, key: str, value: str, why: str
) -> None:
    game = on_boards(make_setup)
    before = game.state
    with pytest.raises(RuleError, match=why):
        game.push(CheckBoard(board=board, key=key, value=value))
    assert game.state == before and game.ruleset is game.setup.ruleset


def test_a_game_without_boards_has_none_to_check(make_game: Callable[..., SoloGame]) -> None:
    game = make_game()  # the board-less ruleset of games saved before the boards
    assert "check_board" not in game.allowed()
    with pytest.raises(RuleError, match="there is none to check"):
        game.push(CheckBoard(board="castle_board", key="T2.cost", value="1 stone"))


def test_a_schema_3_game_resumes_and_plays_on() -> None:
    """Round 1 of the scripted game, saved by the program of schema 3 (its Summon says its
        Edict mark; its ruleset has no Workplace Area): it resumes, keeps the mark it recorded
        although the packaged Player Board marks space 1, plays round 2 on the Castle Board it
    was saved with and ends on the score worked out then."""
    document = json.loads((DATA / "schema3_game.json").read_text(encoding="utf-8"))
    assert document["schema_version"] == 3
    game = SoloGame.from_document(document)
    assert game.setup.ruleset.workplace_area is None
    assert game.state.player.allies == ("castellan",) and game.state.player.marked_allies == 0
    assert game.to_document()["schema_version"] == SCHEMA_VERSION == 5
    assert game.ruleset.castle_board is not None
    assert game.ruleset.castle_board.site("W1").side == "stone"  # the board it was saved with
    for event in SCHEMA_3_ROUND_2:
        game.push(event)
    player = game.state.player
    assert (player.towers, player.walls, player.keeps) == SCHEMA_3_CASTLE
    score = final_score(**final_counts(game.state), ruleset=game.ruleset)
    assert score.total == SCHEMA_3_TOTAL
