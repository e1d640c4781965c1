"""Checking a board against the box: its facts, corrections, refusals, the checked board."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo_deck import (
    BOARDS,
    BoardRefused,
    board_facts,
    checked_board,
    correct_board,
    load_ruleset,
    read_board,
    still_assumed,
    with_boards,
)


@pytest.fixture
def board() -> Any:
    return BOARDS["castle_board"].packaged()


def test_every_site_is_walked_with_its_facts_and_source(board: Any) -> None:
    facts = board_facts(board)
    places = list(dict.fromkeys(f.place for f in facts))
    assert places[:2] == ["Tower T1", "Tower T2"] and places[-1] == "Setup"
    assert len(places) == len(board.sites) + 1
    labels = {f.label for f in facts if f.place == "Wall W4"}
    assert labels == {
        "Cost",
        "Edict mark",
        "Joins Towers",
        "Side income",
        "Side amount",
    }
    keep = {f.label: f for f in facts if f.place == "Keep K1"}
    assert keep["Keep Cover"].value == "hand"
    assert keep["Cost"].source.startswith("rulebook")
    assert all(f.source for f in facts)


def test_a_correction_changes_one_value_and_makes_it_yours(board: Any) -> None:
    after = correct_board(board, "W2.side_amount", "3")
    assert after.site("W2").side_amount == 3 and after.site("W2").source == "yours"
    assert board.site("W2").side_amount == 1  # the board itself is unchanged


def test_a_board_that_could_not_be_printed_is_refused_with_its_reason(board: Any) -> None:
    with pytest.raises(BoardRefused, match="Keep Cover appears on one site only"):
        correct_board(board, "K2.cover", "hand")
    with pytest.raises(BoardRefused, match="must join two different Tower sites"):
        correct_board(board, "W3.joins", "T3 T3")
    with pytest.raises(BoardRefused, match="has no neighbour"):
        correct_board(board, "start", "T1 W3")
    with pytest.raises(BoardRefused, match="starts with a keep count other than 0"):
        correct_board(board, "start", "T1 W1 K1")  # the ruleset's setup places no Keep
    with pytest.raises(BoardRefused, match="a cost like 2 Stone, 1 Grain"):
        correct_board(board, "T2.cost", "12 stone")
    with pytest.raises(BoardRefused, match="yes or no"):
        correct_board(board, "T2.edict", "maybe")


def test_a_checked_board_is_no_longer_assumed(board: Any) -> None:
    assert still_assumed(board)
    done = checked_board(board)
    assert not still_assumed(done)
    assert {f.source for f in board_facts(done)} == {"yours"}


def test_a_new_ruleset_carries_the_board_in_use(board: Any) -> None:
    mine = checked_board(correct_board(board, "T2.cost", "3 stone"))
    ruleset = with_boards(load_ruleset(), {"castle_board": mine})
    assert ruleset.castle_board == mine
    assert load_ruleset().castle_board != mine


def test_damaged_stored_data_is_refused_in_words(board: Any) -> None:
    assert read_board("castle_board", board.model_dump(mode="json")) == board
    for raw in ("text", None, {"sites": "x"}, {**board.model_dump(mode="json"), "start": ["K9"]}):
        with pytest.raises(BoardRefused):
            read_board("castle_board", raw)


_TEXTS = st.one_of(
    st.integers(-2, 12).map(str),
    st.sampled_from(["yes", "no", "stone", "grain", "vp", "market", "hand", "slot", ""]),
    st.lists(st.sampled_from(["T1", "T2", "T5", "W1", "W3", "K1", "X9"]), max_size=3).map(" ".join),
    st.text(max_size=6),
)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_correction_is_refused_or_leaves_a_board_a_game_can_use(data: st.DataObject) -> None:
    board = BOARDS["castle_board"].packaged()
    for _ in range(3):
        fact = data.draw(st.sampled_from(board_facts(board)))
        text = data.draw(_TEXTS)
        try:
            after = correct_board(board, fact.key, text)
        except BoardRefused as exc:
            assert str(exc)  # always a reason in words
            continue
        with_boards(load_ruleset(), {"castle_board": after})  # fits the ruleset
        assert read_board("castle_board", after.model_dump(mode="json")) == after
        board = after


# --- the Player Board, the Voyage Board and the Workplace Area --------------------------------


def test_every_board_is_walked_with_its_sources() -> None:
    assert list(BOARDS) == ["castle_board", "player_board", "voyage_board", "workplace_area"]
    for field, kind in BOARDS.items():
        board = kind.packaged()
        facts = board_facts(board)
        assert facts and all(f.source for f in facts), field
        assert len({f.key for f in facts}) == len(facts), field
        assert getattr(load_ruleset(), field) == board  # the packaged ruleset carries it
        assert still_assumed(board) and not still_assumed(checked_board(board)), field
    player = {f.key: f for f in board_facts(BOARDS["player_board"].packaged())}
    assert player["slot4.actions"].value == "build summon"
    assert player["locked_slot"].source.startswith("rulebook")
    assert player["marked_ally_space"].source.startswith("assumed")
    voyage = [f.place for f in board_facts(BOARDS["voyage_board"].packaged())]
    assert voyage[0] == "Port 1 (Roma)" and voyage[3] == "Port 4 (Barcelona)"
    area = {f.key: f for f in board_facts(BOARDS["workplace_area"].packaged())}
    assert area["tile3"].value == "B1 B2" and area["tokens"].value == "A3 C3"
    assert area["arrow.A4"].value == "1" and area["arrow.A4"].source.startswith("rulebook")


@pytest.mark.parametrize(
    ("field", "key", "text", "check"),
    [
        ("player_board", "slot1.actions", "Market, summon", lambda b: b.actions_of(0)),
        ("player_board", "marked_ally_space", "3", lambda b: b.marked_ally_space),
        ("voyage_board", "port2.space1", "2", lambda b: b.grain_at(2)),
        ("workplace_area", "arrow.C3", "1", lambda b: b.arrow_grain("C", 3)),
        ("workplace_area", "tile1", "a2 a1", lambda b: b.tile[0].spaces),
        ("workplace_area", "tokens", "A4 b2", lambda b: b.tokens.spaces),
    ],
)
def test_a_correction_of_another_board_is_yours(
    field: str, key: str, text: str, check: Any
) -> None:
    board = BOARDS[field].packaged()
    after = correct_board(board, key, text)
    assert check(after) != check(board)
    fact = next(f for f in board_facts(after) if f.key == key)
    assert fact.source == "yours"
    assert getattr(with_boards(load_ruleset(), {field: after}), field) == after


@pytest.mark.parametrize(
    ("field", "key", "text", "why"),
    [
        ("player_board", "slot2.actions", "market", "type 2 different ones of"),
        ("player_board", "slot2.actions", "market fly", "type 2 different ones of"),
        ("player_board", "slot2.actions", "market market", "type 2 different ones of"),
        ("player_board", "locked_slot", "3", "the Card Slot tile locks the last slot (6)"),
        ("player_board", "marked_ally_space", "6", "has 5 Ally spaces"),
        ("voyage_board", "port4.space1", "12", "whole number from 0 to 9"),
        ("workplace_area", "tile1", "A1 A3", "a space belongs to one tile only"),
        ("workplace_area", "tile2", "A3 A5", "A5 is the City of Path A"),
        ("workplace_area", "tile3", "B1 B4", "Path B has no space B4"),
        ("workplace_area", "arrow.B2", "-1", "whole number from 0 to 9"),
        ("workplace_area", "tokens", "A3 A3", "lie on 2 different spaces"),
        ("workplace_area", "tokens", "A3 C3 A1", "lie on 2 different spaces"),
        ("workplace_area", "tokens", "Q1 A1", "a token lies on a space such as A3"),
        ("player_board", "nothing", "1", "the board has no fact 'nothing'"),
    ],
)
def test_another_board_refuses_what_could_not_be_printed(
    field: str, key: str, text: str, why: str
) -> None:
    board = BOARDS[field].packaged()
    with pytest.raises(BoardRefused, match=why.replace("(", r"\(").replace(")", r"\)")):
        correct_board(board, key, text)


def test_a_ruleset_refuses_a_workplace_tile_across_kinds() -> None:
    area = BOARDS["workplace_area"].packaged().model_dump(mode="json")
    area["tile"][0]["spaces"] = ["A2", "A3"]  # a Countryside and a Village space
    area["tile"][1]["spaces"] = ["A1", "A4"]
    with pytest.raises(BoardRefused, match="one tile covers two spaces of one kind"):
        read_board("workplace_area", area)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_any_correction_of_any_board_is_refused_or_fits(data: st.DataObject) -> None:
    field = data.draw(st.sampled_from(list(BOARDS)))
    board = BOARDS[field].packaged()
    words = st.sampled_from(["A1", "A3", "B2", "C5", "build", "market", "summon", "3", "x"])
    for _ in range(3):
        fact = data.draw(st.sampled_from(board_facts(board)))
        text = data.draw(st.one_of(_TEXTS, st.lists(words, max_size=3).map(" ".join)))
        try:
            after = correct_board(board, fact.key, text)
        except BoardRefused as exc:
            assert str(exc)
            continue
        with_boards(load_ruleset(), {field: after})
        assert read_board(field, after.model_dump(mode="json")) == after
        board = after
