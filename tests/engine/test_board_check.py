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
        "Cost in Stone",
        "Cost in Grain",
        "Edict mark",
        "Joins Towers",
        "Side income",
        "Side amount",
    }
    keep = {f.label: f for f in facts if f.place == "Keep K1"}
    assert keep["Keep Cover"].value == "hand"
    assert keep["Cost in Stone"].source.startswith("rulebook")
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
    with pytest.raises(BoardRefused, match="whole number from 0 to 9"):
        correct_board(board, "T2.stone", "12")
    with pytest.raises(BoardRefused, match="yes or no"):
        correct_board(board, "T2.edict", "maybe")


def test_a_checked_board_is_no_longer_assumed(board: Any) -> None:
    assert still_assumed(board)
    done = checked_board(board)
    assert not still_assumed(done)
    assert {f.source for f in board_facts(done)} == {"yours"}


def test_a_new_ruleset_carries_the_board_in_use(board: Any) -> None:
    mine = checked_board(correct_board(board, "T2.stone", "3"))
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
