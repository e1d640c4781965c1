"""Your tableau's rules: every Workplace and City Bonus effect in the data, capacities, the
Market, castle income from closed sides, and the rules decisions the audit asked for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import (
    GameSetup,
    Palace,
    RuleError,
    ShipMove,
    SoloGame,
    Specialist,
    load_ruleset,
    parse_edict,
)
from solo_deck.data.loaders import city_bonus_tiles, load_default_deck, workplace_tiles
from solo_deck.events import (
    Build,
    BuyCard,
    ChooseCityBonus,
    Decline,
    Gain,
    PlayCard,
    Promote,
    Resolve,
    SummonAlly,
    Travel,
    VisitMarket,
)
from solo_deck.model.board import MarketTile, Trade
from solo_deck.model.edict import EdictKind
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.palace import Direction
from solo_deck.model.solo_cards import DeckDefinition
from solo_deck.rules.triggers import hand_size, workplace_discount
from solo_deck.setup import initial_state, with_ports
from tests.scores import score

RICH = {"grain": 1, "stone": 2, "augustales": 30, "towers": 3, "walls": 3}
SPACE = {"countryside": ("A", 1), "village": ("A", 3)}
"""Where a test puts a Workplace tile of each area, with a Specialist of yours on it."""


def standing_on(make_setup: Callable[..., GameSetup], tile: str, **kwargs: Any) -> SoloGame:
    """A game where ``tile`` lies under one of your Specialists (and you are well off)."""
    area = workplace_tiles()[tile].area
    path, space = SPACE[area]
    setup = make_setup(workplaces={f"{path}{space}": tile}, edict_token_spaces=(), **kwargs)
    state = initial_state(setup)
    player = state.player.model_copy(
        update=RICH | {"specialists": (Specialist(path=path, space=space), Specialist())}
    )
    return SoloGame(setup.model_copy(update={"start": state.model_copy(update={"player": player})}))


def build(game: SoloGame, structure: str, **kwargs: Any) -> None:
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    if structure == "keep":
        kwargs.setdefault("cover", "hand")
    game.push(Build(structure=structure, **kwargs))


# --- Workplaces -----------------------------------------------------------------------------


def test_sixteen_workplace_abilities_one_unknown() -> None:
    tiles = workplace_tiles()
    assert len(tiles) == 16
    assert {t.area for t in tiles.values()} == {"countryside", "village"}
    unknown = [t.id for t in tiles.values() if t.effect.trigger == "none"]
    assert unknown == ["village-II-D"]
    assert tiles["village-II-D"].source.startswith("unknown")


BUILD_GAINS = [
    ("countryside-I-C", "tower", {"augustales": 30 + 4}),
    ("countryside-I-C", "wall", {"augustales": 30}),
    ("countryside-II-B", "wall", {"grain": 1 + 1}),
    ("countryside-II-B", "tower", {"grain": 1}),
    ("countryside-II-D", "tower", {"augustales": 32}),
    ("countryside-II-D", "keep", {"augustales": 32}),
    ("village-I-A", "tower", {"vp": 3}),
    ("village-I-A", "wall", {"vp": 3}),
    ("village-I-A", "keep", {"vp": 0}),
    ("village-II-A", "keep", {"vp": 4}),
    ("village-II-A", "tower", {"vp": 0}),
    ("village-II-D", "tower", {"vp": 0, "augustales": 30}),
]


@pytest.mark.parametrize(("tile", "structure", "expected"), BUILD_GAINS)
def test_workplace_build_gains(
    make_setup: Callable[..., GameSetup], tile: str, structure: str, expected: dict[str, int]
) -> None:
    game = standing_on(make_setup, tile)
    build(game, structure, stone=0)
    player = game.state.player
    assert {key: getattr(player, key) for key in expected} == expected


def test_workplace_village_ii_c_a_resource_of_your_choice_and_2_vp(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = standing_on(make_setup, "village-II-C")
    build(game, "tower", stone=1)
    assert game.state.player.vp == 2
    assert game.state.obligation is not None
    assert game.state.obligation.text == "Village II C: take 1 Grain or Stone"
    game.push(Resolve(stone=1))
    assert game.state.player.stone == 2


def test_workplace_discounts_are_known_for_the_dialogs(
    make_setup: Callable[..., GameSetup],
) -> None:
    keep = standing_on(make_setup, "village-II-B")
    assert workplace_discount(keep.state, "build", "keep").stone == 1
    assert workplace_discount(keep.state, "build", "tower").stone == 0
    summon = standing_on(make_setup, "village-I-C")
    assert workplace_discount(summon.state, "summon").grain == 1


def test_workplace_summon_gives_2_vp(make_setup: Callable[..., GameSetup]) -> None:
    game = standing_on(make_setup, "countryside-I-A", port_allies=("tento",))
    game.push(PlayCard(slot=0, face_up=False, actions=("summon",)))
    game.push(SummonAlly(ally_id="tento", grain=1))
    assert game.state.player.vp == 2


def test_workplace_purchase_discount_and_vp(make_setup: Callable[..., GameSetup]) -> None:
    cheap = standing_on(make_setup, "countryside-I-D")
    cheap.push(PlayCard(slot=0, face_up=False, actions=("purchase",)))
    with pytest.raises(RuleError, match="A1 costs 1 Augustales now, not 3"):
        cheap.push(BuyCard(card_id="A1", augustales=3))
    cheap.push(BuyCard(card_id="A1"))
    assert cheap.state.player.augustales == 29
    rewarded = standing_on(make_setup, "village-I-B")
    rewarded.push(PlayCard(slot=0, face_up=False, actions=("purchase",)))
    rewarded.push(BuyCard(card_id="A1"))
    rewarded.push(Decline())  # A1's own effect
    assert rewarded.state.player.vp == 3  # the Workplace's VP come after the card's effect


def test_workplace_travel_two_free_steps(make_setup: Callable[..., GameSetup]) -> None:
    game = standing_on(make_setup, "countryside-II-C")
    game.push(Travel(port=2))
    assert game.state.player.augustales == 30
    other = standing_on(make_setup, "countryside-I-A")
    other.push(Travel(port=2))
    assert other.state.player.augustales == 29


def test_workplace_hand_size_while_a_specialist_stands_there(
    make_setup: Callable[..., GameSetup],
) -> None:
    limits = PlayerLimits.from_ruleset()
    assert hand_size(standing_on(make_setup, "countryside-II-A").state, limits) == 6
    assert hand_size(standing_on(make_setup, "countryside-I-A").state, limits) == 5


MARKET = MarketTile(
    sell=Trade(resource="grain", amount=1, augustales=3),
    buy=Trade(resource="stone", amount=1, augustales=2),
)


def test_workplace_market_extra_trade_and_coins(make_setup: Callable[..., GameSetup]) -> None:
    extra = standing_on(make_setup, "countryside-I-B", markets=(MARKET,))
    extra.push(PlayCard(slot=0, face_up=False, actions=("market",)))
    extra.push(VisitMarket(buys=2))
    assert extra.state.player.stone == 4
    coins = standing_on(make_setup, "village-I-D", markets=(MARKET,))
    coins.push(PlayCard(slot=0, face_up=False, actions=("market",)))
    with pytest.raises(RuleError, match="one sale and one purchase"):
        coins.push(VisitMarket(buys=2))
    coins.push(VisitMarket(sells=1, buys=1))
    assert coins.state.player.augustales == 30 + 3 - 2 + 3


# --- City Bonus tiles ---------------------------------------------------------------------------


def reach_city(make_setup: Callable[..., GameSetup], tile: str, **kwargs: Any) -> SoloGame:
    setup = make_setup(city_tiles={"B": (tile,)}, edict_token_spaces=(), **kwargs)
    state = initial_state(setup)
    player = state.player.model_copy(
        update=RICH | {"specialists": (Specialist(path="B", space=2),)}
    )
    game = SoloGame(setup.model_copy(update={"start": state.model_copy(update={"player": player})}))
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=0))
    game.push(ChooseCityBonus(tile=tile))
    return game


def test_six_city_bonus_tiles() -> None:
    assert sorted(city_bonus_tiles()) == ["A", "B", "C", "D", "E", "F"]


def test_city_bonus_c_summons_without_grain(make_setup: Callable[..., GameSetup]) -> None:
    game = reach_city(make_setup, "C", port_allies=("tento",))
    assert game.state.obligation is not None and game.state.obligation.does == "summon"
    with pytest.raises(RuleError, match="costs no Grain"):
        game.push(SummonAlly(ally_id="tento", grain=1))
    game.push(SummonAlly(ally_id="tento"))


@pytest.mark.parametrize(("tile", "structure"), [("D", "tower"), ("E", "wall"), ("F", "keep")])
def test_city_bonus_d_e_f_build_without_resources(
    make_setup: Callable[..., GameSetup], tile: str, structure: str
) -> None:
    game = reach_city(make_setup, tile)
    other = "wall" if structure != "wall" else "tower"
    with pytest.raises(RuleError, match=f"build a {structure.capitalize()} only"):
        game.push(Build(structure=other))
    cover = {"cover": "hand"} if structure == "keep" else {}
    with pytest.raises(RuleError, match="costs no Stone or Grain"):
        game.push(Build(structure=structure, stone=1, **cover))
    game.push(Build(structure=structure, **cover))
    assert game.state.player.built(structure) == 1 + {"tower": 3, "wall": 3, "keep": 0}[structure]


def test_city_bonus_great_structure_still_costs_its_augustales(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = reach_city(make_setup, "D")
    game.push(Build(structure="tower", great="great_tower_b"))
    assert game.state.player.augustales == 27


def test_city_bonus_none_left_means_nothing(make_setup: Callable[..., GameSetup]) -> None:
    setup = make_setup(city_tiles={"B": ()}, edict_token_spaces=())
    state = initial_state(setup)
    player = state.player.model_copy(update={"specialists": (Specialist(path="B", space=2),)})
    game = SoloGame(setup.model_copy(update={"start": state.model_copy(update={"player": player})}))
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=0))
    assert game.state.pending == ()


# --- capacities ---------------------------------------------------------------------------------


def test_ally_capacity_one_plus_one_per_tower_built(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game(port_allies=("tento", "gisela"))
    limits = PlayerLimits.from_ruleset(game.setup.ruleset)
    assert game.state.player.ally_spaces(limits) == 1
    assert limits.ally_spaces(towers=5) == 5
    turns.play(game, "summon")
    game.push(SummonAlly(ally_id="tento", grain=1))
    turns.frederick(game)
    game.push(Travel(port=1)) if game.state.voyage.player != 1 else None
    turns.play(game, "summon")
    assert game.why_not("summon_ally") == (
        "your Player Board has no free Ally space (build a Tower for another): decline it"
    )


def test_storage_three_plus_one_per_wall_built() -> None:
    limits = PlayerLimits.from_ruleset()
    assert (limits.storage(walls=1), limits.storage(walls=5)) == (3, 7)
    rules = load_ruleset().player
    for value in (rules.ally_spaces_start, rules.ally_spaces_per_tower, rules.storage_start):
        assert value.source.startswith("draft v19")


def test_gain_beyond_the_warehouse_is_refused_with_the_rule(
    make_game: Callable[..., SoloGame],
) -> None:
    game = make_game()
    with pytest.raises(RuleError, match=r"warehouse holds 3 resources \(3 \+ 1 per Wall built\)"):
        game.push(Gain(grain=2))


# --- the Market ---------------------------------------------------------------------------------


def test_market_rates_are_told_once_and_remembered(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game()
    turns.play(game, "market")
    with pytest.raises(RuleError, match="first visit to the Market in Roma"):
        game.push(VisitMarket(sells=1))
    game.push(VisitMarket(sells=1, rates=MARKET))
    assert game.state.board.markets[0] == MARKET
    assert game.log[-1].startswith("Market in Roma: sold 1 Grain for 3 Augustales")
    turns.frederick(game)
    game.push(Travel(port=0)) if game.state.voyage.player != 0 else None
    turns.play(game, "market")
    other = MarketTile(sell=Trade(resource="stone", amount=2, augustales=5))
    with pytest.raises(RuleError, match="the Market in Roma is known"):
        game.push(VisitMarket(sells=1, rates=other))
    game.push(VisitMarket(buys=1))  # known now: no need to tell it again
    fresh = make_game()
    turns.play(fresh, "market")
    with pytest.raises(RuleError, match="the Market in Roma sells you nothing"):
        fresh.push(VisitMarket(buys=1, rates=MarketTile(sell=MARKET.sell)))


# --- castle income ------------------------------------------------------------------------------


def test_castle_income_every_closed_side_each_end_phase(
    make_setup: Callable[..., GameSetup],
) -> None:
    setup = make_setup()
    state = initial_state(setup)
    player = state.player.model_copy(
        update={
            "walls": 3,
            "towers": 3,
            "grain": 0,
            "stone": 0,
            "closed_sides": ("vp", "stone", "augustales"),
        }
    )
    game = SoloGame(setup.model_copy(update={"start": state.model_copy(update={"player": player})}))
    from solo_deck.events import CastleIncome, Correct, Pass

    game.push(Correct(target="frederick_actions", value=5))
    game.push(Pass())
    game.push(CastleIncome())
    assert (game.state.player.vp, game.state.player.stone, game.state.player.augustales) == (
        1,
        1,
        7,
    )
    assert game.log[-1] == (
        "Castle income from 3 closed sides — VP side: +1 VP; Stone side: +1 Stone; "
        "Augustalis side: +1 Augustalis"
    )


# --- rules decisions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "theirs", "bonus"),
    [
        ("always", 20, 4),
        ("at_least_as_many", 10, 4),
        ("at_least_as_many", 11, 0),
        ("more_than", 10, 0),
        ("more_than", 9, 4),
    ],
)
def test_most_structures_rule_is_a_setup_choice(
    ruleset_with: Callable[..., Any], rule: str, theirs: int, bonus: int
) -> None:
    ruleset = ruleset_with(("scoring", "most_structures_rule", rule))
    scored = score(ruleset=ruleset, structures=10, frederick_structures=theirs)
    assert scored.most_structures_bonus == bonus


def test_most_structures_default_is_always_and_says_why() -> None:
    rule = load_ruleset().scoring.most_structures_rule
    assert rule.value == "always"
    assert rule.source.startswith("interpretation") and "Frederick scores nothing" in rule.source


def test_solo_cards_may_move_two_to_four_spaces(make_setup: Callable[..., GameSetup]) -> None:
    deck = load_default_deck().model_dump()
    deck["cards"][0]["move"] = "move2"
    definition = DeckDefinition.model_validate(deck)
    game = SoloGame(make_setup(deck=definition, mode="table"))
    game.push(PlayCard(slot=0, face_up=False, actions=("market",)))
    game.push(Decline())
    from solo_deck.events import FrederickTurn

    game.push(FrederickTurn(face=definition.cards[0].face))
    assert game.state.voyage.frederick == 2
    assert "Move Frederick's ship 2 spaces: Roma → Tunis" in game.log[-1]
    assert ShipMove.MOVE4.steps == 4


def test_edict_pile_is_counted_not_assumed() -> None:
    pile = load_ruleset().edicts.pile_after_setup
    assert pile.source.startswith("assumed") and "you count your pile at setup" in pile.source
    assert GameSetup.default_edict_pile(True) == GameSetup.default_edict_pile(False) + 3


def test_voyage_ports_as_your_board_shows_them(make_setup: Callable[..., GameSetup]) -> None:
    ruleset = with_ports(load_ruleset(), ["Roma", "Venezia", "Tunis", "Acre", "Alexandria"])
    game = SoloGame(make_setup(ruleset=ruleset))
    assert [port.name for port in game.state.voyage.ports][1] == "Venezia"
    game.push(Travel(port=3))
    assert game.state.player.augustales == 4
    assert game.log[-1].startswith("You sailed Roma → Acre (3 spaces, paid 2 Augustales)")
    assert ruleset.voyage.ports.source == "player: entered at setup"
    with pytest.raises(ValueError, match="start_port"):
        with_ports(load_ruleset(), ["Venezia", "Tunis"])


def test_an_edict_neither_way_fits_moves_as_far_as_it_can_and_says_so() -> None:
    palace = Palace.initial()  # 1 Keep of 3
    edict = parse_edict("3K")
    assert palace.legal_directions(EdictKind.KEEP, 3) == [Direction.ADD, Direction.REMOVE]
    added = palace.player_changes(edict, {EdictKind.KEEP: Direction.ADD})[0]
    removed = palace.player_changes(edict, {EdictKind.KEEP: Direction.REMOVE})[0]
    assert (added.after, removed.after) == (3, 0)
    assert added.describe() == (
        "add 2 Keeps (3/3; neither way fits all 3, so the track stops at its end)"
    )
    fits = palace.player_changes(parse_edict("1K"), {EdictKind.KEEP: Direction.ADD})[0]
    assert not fits.neither_fits


def test_frederick_piece_counts_come_from_the_v19_draft() -> None:
    caps = load_ruleset().palace_caps
    for value in (caps.towers_max, caps.walls_max, caps.keeps_max, caps.allies_max):
        assert value.source.startswith("draft v19")


def test_edict_token_spaces_are_both_named_or_none(make_setup: Callable[..., GameSetup]) -> None:
    with pytest.raises(ValueError, match="name the spaces of all 2 Workplace Edict tokens"):
        make_setup(edict_token_spaces=("A1",))
    both = SoloGame(make_setup(edict_token_spaces=("A1", "C2")))
    assert both.state.board.tokens_left == 2
    assert [s.key for s in both.state.board.workplaces if s.token] == ["A1", "C2"]
    unsaid = SoloGame(make_setup())
    assert unsaid.state.board.tokens_unlocated() == 2
