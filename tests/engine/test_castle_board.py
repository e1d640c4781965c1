"""Issue 25: your Castle Board as data, and Builds that name a site. The engine takes the
cost (with every discount), the Edict mark, the sides closed and the Keep Cover from the
board and refuses what could not stand on a real table."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import SCHEMA_VERSION, GameSetup, RuleError, SoloGame, load_ruleset
from solo_deck.data.loaders import load_castle_board
from solo_deck.events import Build, PlayCard, PlayerEdict, Resolve, TakeEdictReward
from solo_deck.model.castle_board import CastleBoard
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from solo_deck.model.player import Specialist
from solo_deck.rules.castle_sites import site_offers
from solo_deck.setup import initial_state

DATA = pathlib.Path(__file__).parent / "data"
BOARD = load_castle_board()


def on_board(make_setup: Callable[..., GameSetup], **player: Any) -> SoloGame:
    """A game on the packaged board, your state changed by ``player``."""
    setup = make_setup(ruleset=load_ruleset(), **player.pop("setup", {}))
    state = initial_state(setup)
    changed = state.player.model_copy(update=player)
    start = state.model_copy(update={"player": changed})
    return SoloGame(setup.model_copy(update={"start": start}))


TWO_SIDES = {
    "towers": 2,
    "walls": 2,
    "sites": ("T1", "W1", "T2", "W2"),
    "closed_sides": ("grain",),
    "stone": 2,
    "grain": 2,
    "augustales": 30,
}
"""Two Towers and Walls of the ring standing, the setup Wall's Grain side closed (W2's Stone
side waits for T3); room for 4."""


def building(make_setup: Callable[..., GameSetup], **player: Any) -> SoloGame:
    """As :func:`on_board` from :data:`TWO_SIDES`, with a card played face down for a
    Build."""
    game = on_board(make_setup, **(TWO_SIDES | player))
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    return game


def test_the_packaged_board_is_a_ring_of_five_sides_with_its_setup_pieces() -> None:
    assert [w.joins for w in BOARD.walls] == [
        ("T1", "T2"),
        ("T2", "T3"),
        ("T3", "T4"),
        ("T4", "T5"),
        ("T5", "T1"),
    ]
    assert sorted(w.side or "" for w in BOARD.walls) == sorted(
        ["stone", "grain", "augustales", "vp", "market"]
    )
    assert all(site.source.split(":")[0] in ("rulebook", "assumed") for site in BOARD.sites)
    state = initial_state(GameSetup.model_validate(_minimal_setup()))
    assert state.player.sites == BOARD.start == ("T1", "W1")


def _minimal_setup() -> dict[str, Any]:
    from solo_deck import parse_edict
    from tests.game_setups import ACTIVE, NEXT

    tiles = [parse_edict(t).model_dump() for t in (*ACTIVE, *NEXT)]
    return {"active_edicts": tiles[:3], "next_edicts": tiles[3:], "edict_pile": 18}


def test_a_side_needs_its_wall_and_both_towers(make_setup: Callable[..., GameSetup]) -> None:
    # The issue's case: a Wall next to the setup Tower closes nothing while its other Tower
    # stands empty, whatever the player would say.
    game = building(make_setup)
    with pytest.raises(ValueError, match="the board tells a site's Edict mark and sides"):
        game.push(Build(structure="wall", site="W5", stone=2, grain=2, closes=("augustales",)))
    game.push(Build(structure="wall", site="W5", stone=2, grain=2))
    player = game.state.player
    assert player.closed_sides == ("grain",) and player.sites == ("T1", "W1", "T2", "W2", "W5")
    assert (player.stone, player.grain) == (0, 0)  # no side bonus was paid out


def test_a_tower_between_two_built_walls_closes_both_sides(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = building(make_setup, sites=("T1", "W1", "T3", "W2"), closed_sides=())
    offers = {o.site.id: o for o in site_offers(game.state, game.setup.ruleset)}
    assert offers["T2"].closes == ("grain", "stone")  # W1's side, then W2's
    game.push(Build(structure="tower", site="T2", stone=1))
    assert sorted(game.state.player.closed_sides) == ["grain", "stone"]


def test_the_neighbour_rule_names_what_you_can_build(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = building(make_setup)
    with pytest.raises(
        RuleError,
        match="Wall W3 needs Tower T3 or T4 built first; you can build on T3, W5, K1, K2, K3",
    ):
        game.push(Build(structure="wall", site="W3", stone=2, grain=1))
    with pytest.raises(RuleError, match="Tower T4 needs Wall W3 or W4 built first"):
        game.push(Build(structure="tower", site="T4", stone=2))
    with pytest.raises(RuleError, match="Tower T1 is already built"):
        game.push(Build(structure="tower", site="T1", stone=1))
    with pytest.raises(ValueError, match="site T2 does not hold a wall"):
        Build(structure="wall", site="T2")


def test_the_cost_is_the_sites_not_what_is_typed(make_setup: Callable[..., GameSetup]) -> None:
    game = building(make_setup)
    with pytest.raises(
        RuleError,
        match=r"Wall W5 \(2 Stone, 2 Grain\) costs you 2 Grain, "
        "2 Stone here",
    ):
        game.push(Build(structure="wall", site="W5"))
    before = game.state
    with pytest.raises(RuleError):
        game.push(Build(structure="wall", site="W5", stone=1, grain=2))
    assert game.state == before


def test_a_site_you_cannot_pay_for_is_not_offered(make_setup: Callable[..., GameSetup]) -> None:
    game = on_board(make_setup, stone=0, grain=0)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    assert "build" not in game.allowed()
    assert "you cannot pay for any open site" in (game.why_not("build") or "")


def test_each_discount_comes_off_the_printed_cost(make_setup: Callable[..., GameSetup]) -> None:
    # Village II B: 1 Stone off a Keep, while a Specialist of yours stands on it.
    game = building(
        make_setup,
        specialists=(Specialist(path="A", space=3), Specialist()),
        setup={"workplaces": {"A3": "village-II-B"}, "edict_token_spaces": ()},
    )
    offers = {o.site.id: o.cost for o in site_offers(game.state, game.setup.ruleset)}
    assert (offers["K1"].stone, offers["K2"].stone, offers["T3"].grain) == (2, 1, 1)
    game.push(Build(structure="keep", site="K1", cover="hand", stone=2))
    assert game.state.player.stone == 0


def test_a6_takes_a_stone_off_and_wittelsbach_pays_in_any_mix(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = on_board(make_setup, **TWO_SIDES, advanced_cards=("A6",))
    game.push(PlayCard(slot=0, face_up=True, card_id="A6"))
    game.push(Build(structure="wall", site="W5", stone=1, grain=2))  # 2 Stone less 1
    assert (game.state.player.stone, game.state.player.grain) == (1, 0)

    mixed = on_board(make_setup, **(TWO_SIDES | {"stone": 0, "grain": 4}), house="Wittelsbach")
    mixed.push(PlayCard(slot=0, face_up=True, card_id="wittelsbach-mixed-build"))
    with pytest.raises(RuleError, match="W5 costs 4 Stone and Grain in any mix here"):
        mixed.push(Build(structure="wall", site="W5", grain=1))
    mixed.push(Build(structure="wall", site="W5", grain=4))
    assert (mixed.state.player.stone, mixed.state.player.grain) == (0, 0)


def test_the_keep_site_holds_its_cover_and_every_keep_issues_an_edict(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = building(make_setup)
    with pytest.raises(RuleError, match="Keep K1 holds the hand Keep Cover, not slot"):
        game.push(Build(structure="keep", site="K1", cover="slot", stone=3))
    game.push(Build(structure="keep", site="K2", cover="slot", stone=2))
    assert game.state.obligation is not None
    assert "take_edict_reward" in game.allowed()  # an Edict owed: its reward first


def test_the_edict_mark_comes_from_the_site(make_setup: Callable[..., GameSetup]) -> None:
    unmarked = building(make_setup)
    unmarked.push(Build(structure="tower", site="T3", grain=1))
    assert "take_edict_reward" not in unmarked.allowed()
    marked = building(make_setup, walls=1, sites=("T1", "W1", "T2"), grain=1)
    marked.push(Build(structure="wall", site="W2", stone=2, grain=1))  # W2 shows the mark
    assert "take_edict_reward" in marked.allowed()  # an Edict owed: its reward first
    marked.push(TakeEdictReward(slot=0, augustales=3, reward=Grant(gain=Gains(augustales=3))))
    marked.push(PlayerEdict(slot=0, choice={"T": "add"}, replacement=0))
    assert marked.state.player.walls == 2


def test_a_great_structure_on_a_site_adds_its_augustales(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = building(make_setup)
    game.push(Build(structure="wall", site="W5", great="great_wall_b", stone=2, grain=2))
    assert game.state.player.augustales == 30 - 4


def test_a_board_that_could_not_be_printed_is_refused() -> None:
    data = BOARD.model_dump(mode="json")
    data["sites"][5]["joins"] = ["T1", "T1"]
    with pytest.raises(ValueError, match="Wall W1 must join two different Tower sites"):
        CastleBoard.model_validate(data)
    data = BOARD.model_dump(mode="json")
    data["start"] = ["T1", "W3"]
    with pytest.raises(ValueError, match="the setup piece on W3 has no neighbour"):
        CastleBoard.model_validate(data)


def test_a_saved_game_of_schema_2_resumes_and_keeps_its_typed_builds() -> None:
    document = json.loads((DATA / "schema2_game.json").read_text(encoding="utf-8"))
    assert document["schema_version"] == 2
    game = SoloGame.from_document(document)
    assert game.state.player.sites is None and game.setup.ruleset.castle_board is None
    assert game.state.player.structures == 5
    assert game.to_document()["schema_version"] == SCHEMA_VERSION
    # Its pending Build goes on the old way: a site is refused, the typed cost taken.
    with pytest.raises(RuleError, match="name no site"):
        game.push(Build(structure="tower", site="T3", great="great_tower_b", grain=1))
    game.push(Build(structure="tower", great="great_tower_b", grain=1, closes=("augustales",)))
    assert "augustales" in game.state.player.closed_sides


def test_b13_counts_the_setup_tower_and_wall(make_setup: Callable[..., GameSetup]) -> None:
    # One Keep built: three Structures with the setup pieces, so B13 gives 1 VP.
    game = on_board(
        make_setup,
        keeps=1,
        sites=("T1", "W1", "K2"),
        keep_covers=("slot",),
        advanced_cards=("B13",),
    )
    game.push(PlayCard(slot=0, face_up=True, card_id="B13"))
    while game.state.obligation is not None and game.state.obligation.does == "resolve":
        game.push(Resolve())
    assert game.state.player.vp == 1
