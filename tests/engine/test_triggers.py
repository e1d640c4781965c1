"""Every kind of triggered effect: what it leaves pending, in which order, and that nothing
else may happen until it is met (or declined where the rules allow)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import Phase, RuleError, SoloGame, Specialist, parse_edict
from solo_deck.events import (
    Build,
    BuyCard,
    CastleIncome,
    ChooseCityBonus,
    Decline,
    DropResources,
    FrederickTurn,
    Pass,
    PlaceWorkplace,
    PlayCard,
    PlayerEdict,
    Promote,
    Resolve,
    RevealEdict,
    SummonAlly,
    TakeEdictReward,
    VisitMarket,
)
from solo_deck.model.board import MarketTile, Trade
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from solo_deck.model.limits import PlayerLimits
from solo_deck.rules.triggers import hand_size

Setup = Callable[..., Any]

RICH = {"grain": 1, "stone": 2, "augustales": 30, "towers": 3, "walls": 3}
"""Enough to pay for most things: 3 Towers host 3 Allies, 3 Walls store 5 resources."""


def kinds(game: SoloGame) -> list[tuple[str, str]]:
    """The pending obligations as (kind, what meets it)."""
    return [(duty.kind, duty.does) for duty in game.state.pending]


def assert_blocked(game: SoloGame) -> None:
    """Nothing but the first obligation (and corrections) may happen."""
    allowed = game.allowed()
    for kind in ("play_card", "pass", "travel", "frederick_turn", "castle_income", "end_round"):
        assert kind not in allowed
    first = game.state.obligation
    assert first is not None
    with pytest.raises(RuleError, match="first: "):
        game.push(Pass())


def assert_waits_for(game: SoloGame, expected: list[tuple[str, str]], text: str) -> None:
    """The pending obligations are ``expected`` (see :func:`kinds`), the first one reads
    ``text``, and it blocks the rest (:func:`assert_blocked`)."""
    assert kinds(game) == expected
    assert game.state.pending[0].text == text
    assert_blocked(game)


def promote_by_card(game: SoloGame, slot: int = 0, **promote: Any) -> None:
    """Play a face-down card in ``slot`` for its Promote action, then promote."""
    game.push(PlayCard(slot=slot, face_up=False, actions=("promote",)))
    game.push(Promote(**promote))


def issue_edict(game: SoloGame, slot: int = 0, tile: str = "1S") -> None:
    """Issue Active ``slot`` adding its first kind (Active I of the test tiles is 2T)."""
    row = game.state.edicts.active[slot]
    assert row is not None
    game.push(PlayerEdict(slot=slot, choice=dict.fromkeys(row.kinds(), "add"), replacement=slot))
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict(tile)))


# --- main_action -------------------------------------------------------------------------------


def test_main_action_a_face_down_card_owes_its_action(game_with: Callable[..., SoloGame]) -> None:
    game = game_with()
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    assert_waits_for(
        game, [("main_action", "build")], "Build a Structure (your face-down card in slot 1)"
    )
    assert "build" in game.allowed() and "promote" not in game.allowed()
    with pytest.raises(RuleError, match="first: Build a Structure"):
        game.push(Promote(specialist=0, path="A"))
    game.push(Decline())
    assert game.state.phase is Phase.FREDERICK


# --- issue_edict and edict_reward ------------------------------------------------------------


def test_issue_edict_every_keep_then_its_reward(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", cover="both_actions", stone=2))
    assert kinds(game) == [("issue_edict", "edict")]  # the cover's note was applied
    assert game.state.pending[-1].text == "You built a Keep: issue an Edict (Active I, II or III)"
    assert not game.state.pending[-1].optional
    assert_blocked(game)
    assert game.why_not("decline") is not None
    issue_edict(game, slot=1)
    assert kinds(game) == [("edict_reward", "edict_reward")]
    assert game.state.obligation is not None
    assert game.state.obligation.text == (
        "Take the reward under Active II: +1 resource of your choice"
    )
    assert_blocked(game)
    with pytest.raises(RuleError, match="from the space you issued: Active II"):
        game.push(TakeEdictReward(slot=0, stone=1))
    with pytest.raises(RuleError, match="take 1 resource"):
        game.push(TakeEdictReward(slot=1, stone=2))
    game.push(TakeEdictReward(slot=1, stone=1))
    assert game.state.player.stone == 1
    assert game.state.phase is Phase.FREDERICK


def test_issue_edict_a_marked_tower_or_wall_only(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="tower", stone=1))
    assert game.state.phase is Phase.FREDERICK  # no mark: nothing owed
    game.push(FrederickTurn())
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict("1G")))
    game.push(PlayCard(slot=1, face_up=False, actions=("build",)))
    game.push(Build(structure="wall", stone=1, edict_mark=True))
    assert_waits_for(
        game, [("issue_edict", "edict")], "You built a Wall: issue an Edict (Active I, II or III)"
    )


def test_issue_edict_an_ally_on_the_marked_space_once(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH | {"grain": 3}, port_allies=("tento",))
    game.push(PlayCard(slot=0, face_up=False, actions=("summon",)))
    game.push(SummonAlly(ally_id="tento", grain=2, edict_mark=True))
    assert_waits_for(
        game, [("issue_edict", "edict")], "Your Ally stands on the marked space: issue an Edict"
    )
    assert game.state.player.marked_allies == 1


def test_issue_edict_a_second_marked_ally_is_refused(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH | {"marked_allies": 1}, port_allies=("tento",))
    game.push(PlayCard(slot=0, face_up=False, actions=("summon",)))
    with pytest.raises(RuleError, match="marked Ally space already holds an Ally"):
        game.push(SummonAlly(ally_id="tento", edict_mark=True))


def test_issue_edict_a_workplace_token_the_first_time_only(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH, edict_token_spaces=("A1", "C4"))
    assert game.state.board.tokens_left == 2
    promote_by_card(game, specialist=0, path="A")
    assert_waits_for(
        game,
        [("issue_edict", "edict")],
        "Edict token on A1: issue an Edict (the token leaves the game)",
    )
    assert game.state.board.tokens_left == 1
    assert game.state.board.space("A", 1).token is False
    assert game.state.board.space("C", 4).token is True
    issue_edict(game)
    game.push(Decline())
    game.push(FrederickTurn())
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict("1G")))
    promote_by_card(game, slot=1, specialist=1, path="A")
    assert game.state.pending == ()  # the token is gone: nothing more


def test_issue_edict_city_bonus_b(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH | {"specialists": (Specialist(path="C", space=4),)})
    promote_by_card(game, specialist=0, grain=1)
    assert kinds(game) == [("city_bonus", "city_bonus")]
    assert_blocked(game)
    with pytest.raises(RuleError, match="tile A is not in the City of Path C"):
        game.push(ChooseCityBonus(tile="A"))
    vp = game.state.player.vp
    game.push(ChooseCityBonus(tile="B"))
    assert game.state.player.vp == vp + 3  # applied by itself: plain numbers
    assert kinds(game) == [("issue_edict", "edict")]
    assert game.log[-1].endswith("City Bonus B: +3 VP")
    assert game.state.player.city_tiles == ("B",)
    assert game.state.board.city("C").tiles == ()


def test_issue_edict_great_wall_a(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    with pytest.raises(RuleError, match="costs 3 Augustales, not 1"):
        game.push(Build(structure="wall", great="great_wall_a", augustales=1))
    game.push(Build(structure="wall", great="great_wall_a", stone=1))
    assert game.state.player.augustales == 27
    assert_waits_for(game, [("issue_edict", "edict")], "Great Wall A: issue an Edict")


def test_edict_reward_with_no_active_tile_left_take_any_one(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH)
    state = game.state
    empty_row = state.edicts.model_copy(update={"active": (None, None, None)})
    game = SoloGame(
        game.setup.model_copy(update={"start": state.model_copy(update={"edicts": empty_row})})
    )
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", cover="slot", stone=2))
    assert kinds(game)[-1] == ("issue_edict", "edict")
    while game.state.obligation is not None and game.state.obligation.kind != "issue_edict":
        game.push(Resolve())
    assert "player_edict" not in game.allowed()
    assert "take_edict_reward" in game.allowed()
    game.push(TakeEdictReward(slot=1, grain=1))
    assert game.state.player.grain == 2


def test_edict_reward_unknown_is_asked_once_then_remembered(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", cover="slot", stone=2))
    issue_edict(game, slot=0)
    assert game.state.obligation is not None
    assert (
        game.state.obligation.text == "Take the reward under Active I: tell what is printed there"
    )
    with pytest.raises(RuleError, match="tell what reward is printed under Active I"):
        game.push(TakeEdictReward(slot=0, augustales=3))
    three = Grant(gain=Gains(augustales=3))
    game.push(TakeEdictReward(slot=0, augustales=3, reward=three))
    assert game.state.board.edict_rewards[0] == three
    assert game.state.player.augustales == 33


# --- side_bonus and market_visit -------------------------------------------------------------


def test_side_bonus_plain_income_is_applied_and_said(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH | {"grain": 0})
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="wall", stone=1, closes=("vp",)))
    assert game.state.player.vp == 1
    assert game.state.player.closed_sides == ("vp",)
    assert "VP side: +1 VP" in game.log[-1]


def test_side_bonus_market_side_owes_a_visit(game_with: Callable[..., SoloGame]) -> None:
    rates = MarketTile(sell=Trade(resource="grain", amount=1, augustales=3))
    game = game_with(player=RICH, markets=(rates,))
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="tower", stone=1, closes=("market", "grain")))
    assert_waits_for(
        game,
        [("side_bonus", "market"), ("side_bonus", "auto")],
        "Market side: visit the Market in Roma",
    )
    game.push(VisitMarket(sells=1))
    assert game.state.player.augustales == 33
    assert game.state.player.grain == 1  # sold 1, then the Grain side's 1 came after


def test_market_visit_from_castle_income_in_the_end_phase(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH | {"closed_sides": ("market", "stone")})
    game.push(Pass())
    while game.state.phase is Phase.FREDERICK:
        game.push(FrederickTurn())
        for position in game.state.awaiting_reveal:
            game.push(RevealEdict(position=position, edict=parse_edict("1G")))
    game.push(CastleIncome())
    assert kinds(game) == [("market_visit", "market"), ("market_visit", "auto")]
    assert "ally_income" not in game.allowed()
    with pytest.raises(RuleError, match="tell what its tile shows"):
        game.push(VisitMarket(buys=1))
    game.push(Decline())
    assert game.state.player.stone == 3
    assert "ally_income" in game.allowed()


# --- great_structure_bonus ---------------------------------------------------------------------


def test_great_keep_two_promotions(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    with pytest.raises(RuleError, match="type the Augustales this Great Structure costs"):
        game.push(Build(structure="keep", great="great_keep", cover="hand", stone=2))
    game.push(Build(structure="keep", great="great_keep", cover="hand", stone=2, augustales=5))
    assert kinds(game) == [
        ("keep_cover", "resolve"),
        ("great_structure_bonus", "promote"),
        ("great_structure_bonus", "promote"),
        ("issue_edict", "edict"),
    ]
    assert_blocked(game)
    game.push(Resolve())  # the larger hand's cards drawn first
    game.push(Promote(specialist=0, path="A"))
    game.push(Promote(specialist=0))  # the same Specialist twice is allowed
    assert game.state.player.specialists[0] == Specialist(path="A", space=2)


def test_great_tower_a_buys_the_card_at_its_usual_cost(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH, port_cards=("A7",))
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="tower", great="great_tower_a", stone=1))
    assert kinds(game) == [("great_structure_bonus", "purchase")]
    with pytest.raises(RuleError, match="the card in Roma is A7, not A1"):
        game.push(BuyCard(card_id="A1"))
    with pytest.raises(RuleError, match="name the card you removed"):
        game.push(BuyCard(card_id="A7"))
    game.push(BuyCard(card_id="A7", removes="common-grain"))
    assert game.state.player.advanced_cards == ("A7",)
    assert kinds(game) == [("card_effect", "resolve")]


def test_great_tower_b_summons_without_grain(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH, port_allies=("tento",))
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="tower", great="great_tower_b", stone=1))
    assert kinds(game) == [("great_structure_bonus", "summon")]
    with pytest.raises(RuleError, match="costs no Grain"):
        game.push(SummonAlly(ally_id="tento", grain=1))
    game.push(SummonAlly(ally_id="tento"))
    assert game.state.player.allies == ("tento",)


def test_great_wall_b_promotes_without_grain(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="wall", great="great_wall_b", stone=1))
    assert game.state.player.augustales == 26
    assert kinds(game) == [("great_structure_bonus", "promote")]
    with pytest.raises(RuleError, match="costs no Grain"):
        game.push(Promote(specialist=0, path="A", grain=1))
    game.push(Promote(specialist=0, path="A"))


def test_build_order_side_workplace_great_cover_edict(game_with: Callable[..., SoloGame]) -> None:
    # Noa's example in the rulebook, with a Workplace added: costs, then the side, then the
    # Workplace, then the Great Structure, then the Edict of the marked space.
    game = game_with(player=RICH | {"specialists": (Specialist(path="A", space=3),)})
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(
        Build(
            structure="wall",
            great="great_wall_b",
            stone=2,
            grain=1,
            edict_mark=True,
            closes=("market",),
        )
    )
    assert [duty.source for duty in game.state.pending] == [
        "Market side",
        "Village I A",
        "Great Wall B",
        "Wall site",
    ]


# --- keep_cover -------------------------------------------------------------------------------


def test_keep_cover_hand_draws_two_and_raises_the_hand(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", cover="hand", stone=2))
    assert_waits_for(
        game,
        [("keep_cover", "resolve"), ("issue_edict", "edict")],
        "Keep cover: draw 2 cards (your hand size is now 7)",
    )
    game.push(Resolve())
    assert kinds(game) == [("issue_edict", "edict")]


def test_keep_cover_slot_opens_the_sixth_slot(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", cover="slot", stone=2))
    assert "Keep cover: take the Card Slot tile off — 6 cards a round from now on" in game.log[-1]
    assert kinds(game) == [("issue_edict", "edict")]


def test_keep_cover_both_actions_from_the_next_turn(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", cover="both_actions", stone=2))
    assert not game.state.player.both_actions_ready
    issue_edict(game)
    game.push(Decline())
    assert game.state.player.both_actions_ready
    game.push(FrederickTurn())
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict("1G")))
    game.push(PlayCard(slot=1, face_up=False, actions=("build", "promote")))
    assert kinds(game) == [("main_action", "build"), ("main_action", "promote")]


# --- card_effect -------------------------------------------------------------------------------


def test_card_effect_a_bought_card_acts_at_once(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH | {"grain": 0, "stone": 0})
    game.push(PlayCard(slot=0, face_up=False, actions=("purchase",)))
    game.push(BuyCard(card_id="A1"))
    assert game.state.player.augustales == 27
    assert_waits_for(game, [("card_effect", "resolve")], "A1 bought: +2 Grain")
    game.push(Resolve())
    assert game.state.player.grain == 2


def test_card_effect_face_up_with_choices(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH | {"advanced_cards": ("A2",), "grain": 0, "stone": 0})
    game.push(PlayCard(slot=0, face_up=True, card_id="A2"))
    assert game.state.pending[0].text == "A2 played: pay 1 Augustalis for 1 Grain, up to 3 times"
    with pytest.raises(RuleError, match="0 to 3 times, not 4"):
        game.push(Resolve(times=4))
    game.push(Resolve(times=2))
    assert (game.state.player.grain, game.state.player.augustales) == (2, 28)


def test_card_effect_then_its_action(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH | {"advanced_cards": ("A8",)})
    game.push(PlayCard(slot=0, face_up=True, card_id="A8"))
    game.push(Resolve())
    assert kinds(game) == [("card_effect", "promote")]
    assert game.state.pending[0].text == "A8 played: promote a Specialist"


def test_card_effect_unknown_card_is_told_once(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH, house="Di Romano")
    game.push(PlayCard(slot=0, face_up=True, card_id="di-romano-1"))
    assert game.state.pending[0].text == "House card played: not in our data: tell what it does"
    with pytest.raises(RuleError, match="tell what this effect does"):
        game.push(Resolve())
    told = Grant(gain=Gains(vp=2))
    game.push(Resolve(effect=told))
    assert game.state.player.vp == 2
    assert game.state.board.card_effect("di-romano-1") == told


# --- city_bonus, name_workplace, draw_cards, workplace_bonus, store_resources ------------------


def test_city_bonus_a_coins_then_a_choice_of_resources(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH | {"walls": 5, "specialists": (Specialist(path="A", space=4),)})
    promote_by_card(game, specialist=0, grain=1)
    game.push(ChooseCityBonus(tile="A"))
    assert kinds(game) == [("city_bonus", "resolve")]
    assert game.state.pending[0].text == (
        "City Bonus A: +6 Augustales, +3 resources of your choice"
    )
    with pytest.raises(RuleError, match="take 3 resource"):
        game.push(Resolve(grain=1))
    game.push(Resolve(grain=1, stone=2))
    player = game.state.player
    assert (player.grain, player.stone, player.augustales) == (1, 4, 36)


def test_name_workplace_when_a_specialist_first_arrives(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH, workplaces={}, edict_token_spaces=None)
    promote_by_card(game, specialist=0, path="C")
    assert_waits_for(
        game,
        [("name_workplace", "name_workplace")],
        "Path C space 1: which Workplace tile is there and does it hold an Edict token?",
    )
    with pytest.raises(RuleError, match="C1 is a countryside space; Village I A is a village"):
        game.push(PlaceWorkplace(path="C", space=1, tile="village-I-A"))
    with pytest.raises(RuleError, match="name the space your Specialist reached: C1"):
        game.push(PlaceWorkplace(path="A", space=1, tile="countryside-I-A"))
    game.push(PlaceWorkplace(path="C", space=1, tile="countryside-II-A", token=True))
    assert kinds(game) == [("issue_edict", "edict"), ("draw_cards", "resolve")]
    assert game.state.board.space("C", 1).tile == "countryside-II-A"


def test_draw_cards_and_a_larger_hand_while_a_specialist_stays(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH | {"specialists": (Specialist(path="A", space=1),)})
    limits = PlayerLimits.from_ruleset(game.setup.ruleset)
    assert hand_size(game.state, limits) == 5
    promote_by_card(game, specialist=0)
    assert kinds(game) == [("draw_cards", "resolve")]
    assert game.state.pending[0].text == (
        "Countryside II A: draw 1 card (your hand size is 6 while a Specialist stays there)"
    )
    assert hand_size(game.state, limits) == 6


def test_workplace_bonus_applies_only_from_where_you_stood(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH | {"specialists": (Specialist(path="A", space=3),)})
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="tower", stone=1))
    assert game.state.player.vp == 3
    assert game.log[-1] == (
        "You built a Tower (towers 4/5), paid 1 Stone — Village I A: +3 VP; "
        "your turn 1 is over; Frederick is next"
    )


def test_store_resources_beyond_the_warehouse(game_with: Callable[..., SoloGame]) -> None:
    game = game_with(player=RICH | {"grain": 2, "stone": 3, "walls": 3})
    assert (
        game.state.player.storage(
            __import__("solo_deck.model.limits").model.limits.PlayerLimits.from_ruleset()
        )
        == 5
    )
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="wall", closes=("grain",), stone=1, grain=0))
    # 2 Grain + 2 Stone + the side's Grain = 5, and 4 Walls hold 6: fine.
    assert game.state.pending == ()
    game.push(FrederickTurn())
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict("1G")))
    game.push(PlayCard(slot=1, face_up=False, actions=("purchase",)))
    game.push(BuyCard(card_id="A1"))
    game.push(Resolve())  # +2 Grain: 7 resources, room for 6
    assert kinds(game) == [("store_resources", "drop")]
    duty = game.state.obligation
    assert duty is not None and duty.text.startswith("Your warehouse holds 6 resources")
    assert_blocked(game)
    assert game.why_not("decline") is not None
    with pytest.raises(RuleError, match="put back exactly 1"):
        game.push(DropResources(grain=2))
    game.push(DropResources(stone=1))
    assert game.state.player.resources == 6
