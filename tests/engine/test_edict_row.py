"""The edict row: which Active tile Frederick issues, how spaces refill, tiles drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from solo_deck import (
    CardFace,
    Edict,
    EdictKind,
    EdictRow,
    Numeral,
    RuleError,
    SoloGame,
    parse_edict,
)
from solo_deck.events import (
    Build,
    Correct,
    Decline,
    FrederickTurn,
    PlayerEdict,
    RevealEdict,
    TakeEdictReward,
)

T1, T2, T3 = parse_edict("1T"), parse_edict("1W"), parse_edict("1K")
N1, N2, N3 = parse_edict("1G"), parse_edict("1S"), parse_edict("1C")


def row(
    active: tuple[Edict | None, Edict | None, Edict | None] = (T1, T2, T3),
    nxt: tuple[Edict | None, Edict | None, Edict | None] = (N1, N2, N3),
    pile: int = 5,
) -> EdictRow:
    return EdictRow(active=active, next=nxt, pile=pile)


# --- which Active space Frederick issues ------------------------------------------------


@pytest.mark.parametrize("numeral", list(Numeral))
def test_frederick_issues_the_space_his_numeral_names(numeral: Numeral) -> None:
    assert row().frederick_slot(numeral) == numeral.position


@pytest.mark.parametrize(
    ("numeral", "active", "expected"),
    [
        (Numeral.I, (None, T2, T3), 1),  # I empty → II
        (Numeral.II, (T1, None, T3), 2),  # II empty → III
        (Numeral.III, (T1, T2, None), 0),  # III empty → I (wraps round)
        (Numeral.I, (None, None, T3), 2),  # I and II empty → III
        (Numeral.II, (T1, None, None), 0),  # II and III empty → I
        (Numeral.III, (None, T2, None), 1),  # III and I empty → II
        (Numeral.II, (None, None, None), None),  # nothing left to issue
    ],
)
def test_empty_active_space_issues_next_in_sequence_i_ii_iii_i(
    numeral: Numeral, active: tuple[Edict | None, Edict | None, Edict | None], expected: int | None
) -> None:
    assert row(active=active).frederick_slot(numeral) == expected


@pytest.mark.parametrize(
    ("slot", "nxt", "expected"),
    [
        (0, (N1, N2, N3), 0),
        (1, (N1, N2, N3), 1),
        (2, (N1, N2, N3), 2),
        (0, (None, N2, N3), 1),
        (1, (N1, None, N3), 2),
        (2, (N1, N2, None), 0),
        (2, (None, N2, None), 1),
        (1, (None, None, None), None),
    ],
)
def test_refill_from_next_in_same_position_else_next_in_sequence(
    slot: int, nxt: tuple[Edict | None, Edict | None, Edict | None], expected: int | None
) -> None:
    assert row(nxt=nxt).frederick_refill_source(slot) == expected


# --- taking a tile ----------------------------------------------------------------------


def test_take_slides_the_next_tile_down_and_draws_a_new_one() -> None:
    new, tile, refill = row(pile=5).take(1, 2)
    assert tile == T2
    assert new.active == (T1, N3, T3)
    assert new.next == (N1, N2, None)
    assert new.pile == 4
    assert new.awaiting == (2,)
    assert refill.describe() == (
        "Slide Next III down to Active II; draw a new Next III tile from the pile and type it"
    )


def test_take_with_an_empty_pile_leaves_the_next_space_empty() -> None:
    new, _, refill = row(pile=0).take(0, 0)
    assert new.next == (None, N2, N3)
    assert (new.pile, new.awaiting, new.unfillable) == (0, (), False)
    assert "the pile is empty, so Next I stays empty" in refill.describe()


def test_take_without_a_replacement_marks_the_row_unfillable() -> None:
    new, _, refill = row(nxt=(None, None, None), pile=0).take(2, None)
    assert new.active == (T1, T2, None)
    assert new.unfillable
    assert "stays empty" in refill.describe()
    assert "game ends" in refill.describe()


def test_take_from_an_empty_active_space_is_refused() -> None:
    with pytest.raises(RuleError, match="Active II is empty"):
        row(active=(T1, None, T3)).take(1, 0)


def test_take_from_an_empty_next_space_is_refused() -> None:
    with pytest.raises(RuleError, match="Next III is empty"):
        row(nxt=(N1, N2, None)).take(0, 2)


def test_take_while_a_drawn_tile_is_untyped_is_refused() -> None:
    waiting, _, _ = row().take(0, 0)
    with pytest.raises(RuleError, match="type the newly drawn Next tile first"):
        waiting.take(1, 1)


def test_reveal_fills_the_awaited_space_only() -> None:
    waiting, _, _ = row().take(0, 0)
    with pytest.raises(RuleError, match="Next II is not waiting"):
        waiting.reveal(1, T3)
    done = waiting.reveal(0, parse_edict("3P"))
    assert done.next == (parse_edict("3P"), N2, N3)
    assert done.awaiting == ()


def test_awaiting_must_point_at_an_empty_next_space() -> None:
    with pytest.raises(ValidationError, match="cannot await"):
        EdictRow(active=(T1, T2, T3), next=(N1, N2, N3), pile=1, awaiting=(0,))
    with pytest.raises(ValidationError):
        EdictRow(active=(T1, T2, T3), next=(N1, N2, None), pile=1, awaiting=(3,))


def test_non_empty_helpers() -> None:
    r = row(active=(None, T2, T3), nxt=(N1, None, None))
    assert r.non_empty_active() == [1, 2]
    assert r.non_empty_next() == [0]


# --- in a game: Frederick's refill -------------------------------------------------------


def _frederick(game: SoloGame, turns: Any, face: CardFace) -> None:
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face))


def test_frederick_refills_from_the_same_next_position(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table")
    _frederick(game, turns, face_of("S10"))  # stay · Edict II
    edicts = game.state.edicts
    assert edicts.active == tuple(parse_edict(t) for t in ("2T", "1C", "2G 1A"))
    assert edicts.next[1] is None and edicts.awaiting == (1,)
    assert edicts.pile == 17
    game.push(RevealEdict(position=1, edict=parse_edict("3S")))
    assert game.state.edicts.next[1] == parse_edict("3S")


def test_frederick_refills_from_the_next_in_sequence_when_his_position_is_empty(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table")
    game.push(Correct(target="edicts.next.2", value=None))
    _frederick(game, turns, face_of("S16"))  # to_player · Edict III: Next III is empty → Next I
    edicts = game.state.edicts
    assert edicts.active[2] == parse_edict("1S")
    assert edicts.next == (None, parse_edict("1C"), None)
    assert edicts.awaiting == (0,)
    assert "Slide Next I down to Active III" in game.log[-1]


def test_frederick_issues_the_next_active_tile_when_his_is_empty(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table")
    game.push(Correct(target="edicts.active.2", value=None))
    before = game.state.palace
    _frederick(game, turns, face_of("S16"))  # Edict III is empty → Edict I (2T)
    assert game.state.palace.towers == before.towers + 2
    assert "Issue Edict I (Active III is empty) (2T)" in game.log[-1]
    # Active III was empty and stays empty; Active I is refilled from Next I.
    assert game.state.edicts.active[0] == parse_edict("1S")
    assert game.state.edicts.active[2] is None


def test_frederick_with_every_active_space_empty_issues_nothing(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table")
    for i in range(3):
        game.push(Correct(target=f"edicts.active.{i}", value=""))
    before = game.state.palace
    _frederick(game, turns, face_of("S09"))
    assert game.state.palace == before
    assert "every Active space is empty" in game.log[-1]


def test_frederick_without_any_next_tile_leaves_the_space_empty_and_marks_game_end(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table", pile=0)
    for i in range(3):
        game.push(Correct(target=f"edicts.next.{i}", value=None))
    _frederick(game, turns, face_of("S09"))
    assert game.state.edicts.active[0] is None
    assert game.state.edicts.unfillable
    assert "No Next tile can refill Active I" in game.log[-1]


# --- in a game: the player's edict -------------------------------------------------------


def _edict_due(game: SoloGame, turns: Any) -> None:
    """Play a card face down to Build a Tower on a site with the Edict mark: the Build
    leaves an Edict to issue."""
    turns.play(game, "build")
    game.push(Build(structure="tower", edict_mark=True))
    duty = game.state.obligation
    assert duty is not None and duty.kind == "issue_edict"


def test_player_issues_an_edict_only_when_one_is_due(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game()
    edict = PlayerEdict(slot=0, choice={EdictKind.TOWER: "add"}, replacement=0)
    with pytest.raises(RuleError, match="play a card first"):
        game.push(edict)
    turns.play(game, "build")
    # The face-down card's Build comes first: the Edict is not due yet.
    with pytest.raises(RuleError, match=r"(?i)first: build a structure"):
        game.push(edict)
    game.push(Build(structure="tower", edict_mark=True))
    game.push(edict)
    assert game.state.palace.towers == 2 + 2  # Active I: 2T
    assert game.state.obligation is not None
    assert game.state.obligation.kind == "edict_reward"


def test_player_chooses_slot_directions_and_which_next_tile_replaces(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game(pile=3)
    _edict_due(game, turns)
    game.push(
        PlayerEdict(
            slot=2,
            choice={EdictKind.GRAIN: "add", EdictKind.AUGUSTALES: "remove"},
            replacement=0,
        )
    )
    state = game.state
    assert (state.palace.grain, state.palace.treasury) == (3, 3)
    # The player picked Next I (1S) to slide down into Active III.
    assert state.edicts.active == tuple(parse_edict(t) for t in ("2T", "1W 1K", "1S"))
    assert state.edicts.next == (None, parse_edict("1C"), parse_edict("1P"))
    assert state.edicts.awaiting == (0,)
    assert state.edicts.pile == 2
    # The reward under the space issued (Active III) follows, once the new tile is typed.
    assert game.allowed() >= {"reveal_edict"} and "take_edict_reward" not in game.allowed()
    game.push(RevealEdict(position=0, edict=parse_edict("2S")))
    duty = game.state.obligation
    assert duty is not None and (duty.kind, duty.slot) == ("edict_reward", 2)


def test_player_must_name_a_replacement_while_next_tiles_remain(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game()
    _edict_due(game, turns)
    events = game.events
    with pytest.raises(RuleError, match="choose which Next tile"):
        game.push(PlayerEdict(slot=0, choice={EdictKind.TOWER: "add"}, replacement=None))
    assert game.events == events


def test_player_without_next_tiles_leaves_the_space_empty(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game(pile=0)
    for i in range(3):
        game.push(Correct(target=f"edicts.next.{i}", value=None))
    _edict_due(game, turns)
    game.push(PlayerEdict(slot=0, choice={EdictKind.TOWER: "add"}, replacement=None))
    assert game.state.edicts.active[0] is None
    assert game.state.edicts.unfillable


def test_player_cannot_issue_an_empty_active_space_or_pick_an_empty_next(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game()
    game.push(Correct(target="edicts.active.1", value=None))
    game.push(Correct(target="edicts.next.2", value=None))
    _edict_due(game, turns)
    with pytest.raises(RuleError, match="Active II is empty"):
        game.push(PlayerEdict(slot=1, choice={EdictKind.WALL: "add"}, replacement=0))
    with pytest.raises(RuleError, match="Next III is empty"):
        game.push(PlayerEdict(slot=0, choice={EdictKind.TOWER: "add"}, replacement=2))


def test_with_no_active_tile_left_you_take_one_of_the_three_rewards(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game()
    for i in range(3):
        game.push(Correct(target=f"edicts.active.{i}", value=None))
    _edict_due(game, turns)
    assert game.why_not("player_edict") == (
        "no Active Edict tile is left: take one of the three rewards instead"
    )
    assert "take_edict_reward" in game.allowed()
    # The Edict owed is not optional: it is met by a reward, not declined.
    with pytest.raises(RuleError, match="cannot be declined"):
        game.push(Decline())
    game.push(TakeEdictReward(slot=1, stone=1))  # Active II: a resource of your choice
    assert game.state.player.stone == 2
    assert game.state.pending == ()


def test_player_forced_direction_is_enforced_in_the_game(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game(active=("2W 1K", "1T", "1G"))
    game.push(Correct(target="palace.walls", value=4))
    _edict_due(game, turns)
    with pytest.raises(RuleError, match="cannot add 2 Walls"):
        game.push(
            PlayerEdict(
                slot=0, choice={EdictKind.WALL: "add", EdictKind.KEEP: "add"}, replacement=0
            )
        )
    game.push(
        PlayerEdict(slot=0, choice={EdictKind.WALL: "remove", EdictKind.KEEP: "add"}, replacement=0)
    )
    assert (game.state.palace.walls, game.state.palace.keeps) == (2, 2)
    assert "You issued Edict I (2W 1K): remove 2 Walls (2/5), add 1 Keep (2/3)" in game.log[-1]
