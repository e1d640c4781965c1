"""Issue 40: the readings decided again from the retail text, one test each (the decision
and the passage it rests on are in :data:`companion.rules_decisions.RULES_DECISIONS`).

Where a reading keeps an order other than the printed one, the test shows why that is safe:
the two orders cannot end differently."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion.rules_decisions import RULES_DECISIONS
from solo_deck import GameSetup, Phase, RuleError, SoloGame
from solo_deck.data.loaders import allies_by_id, load_house_cards, workplace_tiles
from solo_deck.events import Build, BuyCard, PlayCard, Promote, Resolve, SummonAlly
from solo_deck.model.allies import AllyKind
from solo_deck.play.roster import bot_named
from solo_deck.play.simulate import new_game, play_one
from solo_deck.play.table import CONFIGURATIONS
from tests.engine.test_tableau_rules import standing_on

RICH = {"grain": 1, "stone": 2, "augustales": 30, "towers": 3, "walls": 3}


def decision(topic: str) -> tuple[str, str]:
    """The decision's text and the passage it rests on."""
    found = {t: (text, source) for t, text, source in RULES_DECISIONS}
    return found[topic]


@pytest.mark.parametrize("seed", range(3))
def test_reading_the_hand_refill_after_income_ends_as_the_printed_order(seed: int) -> None:
    """Castle income, ally income and the reorganisation never read or change your hand or
    your piles, so drawing before them (the printed order) or after (the engine's) is one."""
    game = new_game(CONFIGURATIONS[seed], seed)
    bot, rng = bot_named("greedy"), random.Random(seed)
    end_phases = 0
    while not game.state.game_over and end_phases < 2:
        if game.state.phase is Phase.END_PHASE:
            end_phases += 1
            cards, hand = game.state.cards, game.state.hand
            while "end_round" not in game.allowed():
                play_one(game, bot, rng)
                assert (game.state.cards, game.state.hand) == (cards, hand)
        play_one(game, bot, rng)
    assert end_phases == 2
    text, source = decision("Refilling your hand")
    assert "End Phase" in source and "both orders end the same" in text


def test_reading_sigeberht_is_a_loyalist_by_what_his_condition_reads() -> None:
    allies = allies_by_id()
    sigeberht = allies["sigeberht"]
    assert sigeberht.kind is AllyKind.LOYALIST
    # what every Loyalist reads: Frederick alone; no Independent does
    loyal = {a.condition.kind for a in allies.values() if a.kind is AllyKind.LOYALIST}
    independent = {a.condition.kind for a in allies.values() if a.kind is AllyKind.INDEPENDENT}
    assert sigeberht.condition.kind in loyal and sigeberht.condition.kind not in independent
    # 20 tiles (Gregoria and Sebastian twice): 10 and 10 as the v19 draft says
    tiles = {kind: sum(a.kind is kind for a in allies.values()) for kind in AllyKind}
    assert tiles == {AllyKind.LOYALIST: 10, AllyKind.INDEPENDENT: 10}
    assert "appendix, Allies" in decision("Sigeberht")[1]


def test_reading_great_tower_a_buys_with_the_workplace_discount(
    make_setup: Callable[..., GameSetup],
) -> None:
    """Great Tower A's Purchase at the card's usual price, less Countryside I D's 2."""
    game = standing_on(make_setup, "countryside-I-D", port_cards=("A1",))
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="tower", great="great_tower_a", stone=1))
    coins = game.state.player.augustales
    with pytest.raises(RuleError, match="A1 costs 1 Augustales now, not 3"):
        game.push(BuyCard(card_id="A1", augustales=3))
    game.push(BuyCard(card_id="A1"))
    assert game.state.player.augustales == coins - 1  # A1's printed 3, less 2
    assert "Countryside I D" in decision("Discounts on a Build")[0]


def test_reading_the_great_keep_s_bonus_comes_after_its_keep_cover(
    game_with: Callable[..., SoloGame],
) -> None:
    game = game_with(player=RICH)
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", great="great_keep", cover="hand", stone=2, augustales=5))
    pending = [o.kind for o in game.state.pending]
    assert pending == [
        "keep_cover",
        "great_structure_bonus",
        "great_structure_bonus",
        "issue_edict",
    ]
    game.push(Resolve())  # the larger hand's two cards, drawn before any promotion
    assert "draw 2" in game.log[-1], game.log[-1]
    assert game.state.pending[0].kind == "great_structure_bonus"
    game.push(Promote(specialist=0, path="A"))
    assert "'Finally'" in decision("Great Keep")[1]


def test_reading_village_ii_d_is_applied_by_hand() -> None:
    tile = workplace_tiles()["village-II-D"]
    assert tile.effect.trigger == "none" and tile.source.startswith("unknown")
    assert "Village II D" in decision("Workplace abilities")[0]


def test_reading_the_cards_under_di_romano_are_wittelsbach_s() -> None:
    by_house: dict[str, list[str]] = {}
    for card in load_house_cards():
        by_house.setdefault(card.house, []).append(card.id)
    assert sorted(by_house["Wittelsbach"]) == [
        "wittelsbach-mixed-build",
        "wittelsbach-reserve-coins",
    ]
    assert all(c.startswith("di-romano-") for c in by_house["Di Romano"])
    assert "House Action cards" in decision("Houses")[1]


def test_reading_a_summon_s_workplace_vp_then_its_edict(
    make_setup: Callable[..., GameSetup],
) -> None:
    """The Workplace's +2 VP is paid with the Summon; the marked space's Edict waits after
    it, and what the Edict does cannot take the 2 VP back."""
    game = standing_on(make_setup, "countryside-I-A", port_allies=("tento",))
    game.push(PlayCard(slot=0, face_up=False, actions=("summon",)))
    game.push(SummonAlly(ally_id="tento", grain=1, edict_mark=True))
    assert game.state.player.vp == 2
    assert [o.kind for o in game.state.pending] == ["issue_edict"]
    assert "changes no count" in decision("Summon bonus and the marked space")[0]
