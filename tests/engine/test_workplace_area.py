"""Issue 25: the Workplace Area as data. A promotion pays the Grain printed on the arrow it
crosses, one named tile fills both of its spaces, and the two Edict tokens each leave the
board the first time a Specialist reaches them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import GameSetup, RuleError, SoloGame, load_ruleset
from solo_deck.data.loaders import load_workplace_area
from solo_deck.events import PlaceWorkplace, PlayCard, Promote
from solo_deck.model.player import Specialist
from solo_deck.model.provenance import SOURCE_KINDS
from solo_deck.setup import STORED, initial_state

AREA = load_workplace_area()


def on_board(make_setup: Callable[..., GameSetup], **player: Any) -> SoloGame:
    """A game on the packaged boards, your state changed by ``player``."""
    setup = make_setup(ruleset=load_ruleset())
    state = initial_state(setup)
    changed = state.player.model_copy(update=player)
    return SoloGame(
        setup.model_copy(update={"start": state.model_copy(update={"player": changed})})
    )


def promoting(make_setup: Callable[..., GameSetup], **player: Any) -> SoloGame:
    game = on_board(make_setup, **player)
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    return game


def test_every_value_of_the_area_names_its_source() -> None:
    sources = [p.source for p in AREA.tile] + [a.source for a in AREA.arrow] + [AREA.tokens.source]
    assert all(source.startswith(SOURCE_KINDS) for source in sources)
    assumed = [a for a in AREA.arrow if a.source.startswith("assumed")]
    assert assumed and all(":" in a.source for a in assumed)  # each says why
    # Every Countryside and Village space lies on exactly one tile of two.
    spaces = sorted(s for pair in AREA.tile for s in pair.spaces)
    assert spaces == ["A1", "A2", "A3", "A4", "B1", "B2", "C1", "C2", "C3", "C4"]
    assert len(AREA.tokens.spaces) == 2


def test_the_village_arrow_costs_its_grain(make_setup: Callable[..., GameSetup]) -> None:
    on_a3 = (Specialist(path="A", space=3), Specialist(), Specialist())
    game = promoting(make_setup, specialists=on_a3, grain=2)
    game.push(Promote(specialist=0))
    assert game.state.player.grain == 1
    assert game.log[-1].endswith("(paid 1 Grain)") or "1 Grain" in game.log[-1]


def test_a_typed_grain_must_match_the_arrow(make_setup: Callable[..., GameSetup]) -> None:
    on_a3 = (Specialist(path="A", space=3), Specialist(), Specialist())
    game = promoting(make_setup, specialists=on_a3, grain=2)
    with pytest.raises(RuleError, match="the arrow into A4 shows 1 Grain to pay, not 0"):
        game.push(Promote(specialist=0, grain=0))
    assert game.state.player.grain == 2


def test_a_promotion_you_cannot_pay_is_refused(make_setup: Callable[..., GameSetup]) -> None:
    on_a3 = (
        Specialist(path="A", space=3),
        Specialist(path="A", space=5),
        Specialist(path="B", space=3),
    )
    game = promoting(make_setup, specialists=on_a3, grain=0)
    assert "promote" not in game.allowed()
    assert "the arrow into A4 shows 1 Grain" in (game.why_not("promote") or "")
    with pytest.raises(RuleError, match="the arrow into A4 shows 1 Grain"):
        game.push(Promote(specialist=0))


def test_a_free_arrow_costs_nothing(make_setup: Callable[..., GameSetup]) -> None:
    game = promoting(make_setup, grain=1)
    game.push(Promote(specialist=0, path="B"))
    assert game.state.player.grain == 1
    assert game.state.player.specialists[0] == Specialist(path="B", space=1)


def test_naming_a_tile_fills_both_its_spaces(make_setup: Callable[..., GameSetup]) -> None:
    game = promoting(make_setup)
    game.push(Promote(specialist=0, path="A"))
    game.push(PlaceWorkplace(path="A", space=1, tile="countryside-II-B", token=False))
    board = game.state.board
    assert board.space("A", 1).tile == "countryside-II-B"
    assert board.space("A", 2).tile == "countryside-I-B"


def _with_tiles(game: SoloGame, **tiles: str) -> SoloGame:
    """The same game with Workplace tiles already known (``A1="countryside-I-C"``)."""
    start = game.state
    board = start.board
    for key, tile in tiles.items():
        board = board.with_space(board.space(key[0], int(key[1])).model_copy(update={"tile": tile}))
    setup = game.setup.model_copy(update={"start": start.model_copy(update={"board": board})})
    return SoloGame(setup)


def test_the_other_half_of_a_named_tile_cannot_lie_elsewhere(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = _with_tiles(on_board(make_setup), A1="countryside-I-C")
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=1, path="B"))
    before = game.state
    # Countryside I C lies on A1, so its level II half is A2's: B1 cannot hold it.
    with pytest.raises(RuleError, match="shares its tile with Countryside II C"):
        game.push(PlaceWorkplace(path="B", space=1, tile="countryside-II-C", token=False))
    assert game.state == before


def test_a_space_must_hold_the_other_half_of_its_tile(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = _with_tiles(on_board(make_setup), C2="countryside-II-D")
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=0, path="C"))
    with pytest.raises(RuleError, match=r"C1 and C2 are one tile .* so C1 holds Countryside I D"):
        game.push(PlaceWorkplace(path="C", space=1, tile="countryside-I-A", token=False))
    game.push(PlaceWorkplace(path="C", space=1, tile="countryside-I-D", token=False))
    assert game.state.board.space("C", 1).tile == "countryside-I-D"


def test_both_edict_tokens_leave_the_board_and_no_third_is_offered(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = promoting(make_setup)
    game.push(Promote(specialist=0, path="A"))
    game.push(PlaceWorkplace(path="A", space=1, tile="countryside-I-A", token=True))
    assert game.state.board.tokens_left == 1
    assert game.state.obligation is not None and game.state.obligation.does == "edict"
    # The token is gone: a Specialist arriving later finds none there.
    assert game.state.board.space("A", 1).token is False
    board = game.state.board
    second = board.with_space(board.space("B", 1).model_copy(update={"token": True}))
    second = second.model_copy(update={"tokens_left": 1})
    cleared = second.with_space(second.space("B", 1).model_copy(update={"token": False}))
    cleared = cleared.model_copy(update={"tokens_left": 0})
    # With both used, every space is known to hold none: "a token lies here" is not offered.
    assert all(cleared.token_known(s) for s in cleared.workplaces)
    assert not any(s.token for s in cleared.workplaces)


def test_the_token_spaces_are_told_once_and_no_later_arrival_asks_again(
    make_setup: Callable[..., GameSetup],
) -> None:
    """Issue 39: the token question came back on every new space after a token was used.
    Told once where the tokens lie, the engine asks about tokens nowhere else."""
    game = promoting(make_setup)
    game.push(Promote(specialist=0, path="A"))
    assert game.state.obligation is not None and "Edict token" in game.state.obligation.text
    told = PlaceWorkplace(
        path="A", space=1, tile="countryside-I-A", token=True, token_spaces=("A1", "C3")
    )
    game.push(told)
    board = game.state.board
    assert game.state.obligation is not None and game.state.obligation.does == "edict"
    assert board.tokens_left == 1 and board.space("A", 1).token is False  # used
    assert board.space("C", 3).token is True
    assert all(board.token_known(s) for s in board.workplaces)
    # The second time: a later game on this board asks only for the tile of a new space.
    start = game.state.model_copy(update={"pending": ()})
    later = SoloGame(game.setup.model_copy(update={"start": start}))
    later.push(PlayCard(slot=1, face_up=False, actions=("promote",)))
    later.push(Promote(specialist=1, path="B"))
    assert later.state.obligation is not None
    assert later.state.obligation.text == "Path B space 1: which Workplace tile is there?"


@pytest.mark.parametrize(
    ("spaces", "refusal"),
    [
        (("A1",), "name the 2 different spaces"),
        (("A1", "A1"), "name the 2 different spaces"),
        (("A1", "B5"), "B5 is not a Countryside or Village space"),
    ],
)
def test_token_spaces_that_cannot_be_are_refused(
    make_setup: Callable[..., GameSetup], spaces: tuple[str, ...], refusal: str
) -> None:
    game = promoting(make_setup)
    game.push(Promote(specialist=0, path="A"))
    event = PlaceWorkplace(
        path="A", space=1, tile="countryside-I-A", token=True, token_spaces=spaces
    )
    with pytest.raises(RuleError, match=refusal):
        game.push(event)


def test_token_spaces_must_agree_with_what_the_table_told(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = promoting(make_setup)
    game.push(Promote(specialist=0, path="A"))
    game.push(PlaceWorkplace(path="A", space=1, tile="countryside-I-A", token=False))
    assert game.state.board.space("A", 1).token is False
    board = game.state.board
    with pytest.raises(RuleError, match="no Edict token lies on A1"):
        board.with_tokens_on(("A1", "C3"))
    # The space you stand on must agree with the spaces you name.
    game = promoting(make_setup)
    game.push(Promote(specialist=0, path="A"))
    with pytest.raises(RuleError, match="A1 holds an Edict token"):
        game.push(
            PlaceWorkplace(
                path="A", space=1, tile="countryside-I-A", token=False, token_spaces=("A1", "C3")
            )
        )


def test_a_game_plays_on_its_own_checked_area(make_setup: Callable[..., GameSetup]) -> None:
    from solo_deck import correct_board, with_boards

    area = correct_board(AREA, "arrow.B1", "2")
    ruleset = with_boards(load_ruleset(), {"workplace_area": area})
    setup = make_setup(ruleset=ruleset)
    game = SoloGame(setup)
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    with pytest.raises(RuleError, match="the arrow into B1 shows 2 Grain and you have 1"):
        game.push(Promote(specialist=0, path="B"))
    game.push(Promote(specialist=0, path="A"))  # the packaged arrow into A1 is free
    assert game.state.player.grain == 1


def test_a_game_saved_without_an_area_plays_on_the_packaged_one(
    make_setup: Callable[..., GameSetup],
) -> None:
    ruleset = load_ruleset().model_copy(update={"workplace_area": None})
    on_a3 = (Specialist(path="A", space=3), Specialist(), Specialist())
    setup = make_setup(ruleset=ruleset)
    state = initial_state(setup)
    start = state.model_copy(
        update={"player": state.player.model_copy(update={"specialists": on_a3, "grain": 2})}
    )
    game = SoloGame(setup.model_copy(update={"start": start}))
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=0))
    assert game.state.player.grain == 1  # the packaged arrow into A4: 1 Grain


def test_setup_refuses_a_tile_pair_the_game_would_refuse(
    make_setup: Callable[..., GameSetup],
) -> None:
    """Issue 40: the setup took Village I B beside Village II C on one tile (C3 and C4),
    which a promotion would refuse; a setup must hold what a table could."""
    with pytest.raises(
        ValueError,
        match=r"C3 and C4 are one tile: Village I B lies on C3, so "
        r"C4 holds Village II B, not Village II C",
    ):
        make_setup(workplaces={"C3": "village-I-B", "C4": "village-II-C"})
    with pytest.raises(
        ValueError,
        match=r"Countryside II C shares its tile with Countryside I "
        r"C on A1, so it lies on A2, not B2",
    ):
        make_setup(workplaces={"A1": "countryside-I-C", "B2": "countryside-II-C"})
    make_setup(workplaces={"C3": "village-I-B", "C4": "village-II-B"})
    make_setup(workplaces={"C3": "village-I-B"})  # the other half not yet told: fine
    # A game saved before the check still loads as it was stored.
    stored = make_setup().model_dump(mode="json")
    stored["workplaces"] = {"C3": "village-I-B", "C4": "village-II-C"}
    assert GameSetup.model_validate(stored, context={STORED: True}).workplaces["C4"] == (
        "village-II-C"
    )


def test_the_shared_test_board_is_a_board_a_table_could_hold() -> None:
    from solo_deck.rules.workplace_area import partner_tile
    from tests.game_setups import WORKPLACES

    for key, tile in WORKPLACES.items():
        partner = AREA.partner(key)
        assert partner is not None and WORKPLACES[partner] == partner_tile(tile)
