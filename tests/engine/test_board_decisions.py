"""Issue 25, item 3: the decisions where the rules text is open, for the Workplace Area and
the hand (each listed in companion/rules_decisions.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solo_deck import GameSetup, SoloGame, load_ruleset
from solo_deck.events import BuyCard, Decline, PlayCard, PlayerEdict, Promote, Resolve
from solo_deck.model.player import Specialist
from solo_deck.rules.triggers import edict_to_issue
from solo_deck.setup import initial_state
from tests.engine.conftest import frederick


def on_board(
    make_setup: Callable[..., GameSetup], setup: dict[str, Any] | None = None, **player: Any
) -> SoloGame:
    made = make_setup(ruleset=load_ruleset(), **(setup or {}))
    state = initial_state(made)
    changed = state.player.model_copy(update=player)
    return SoloGame(made.model_copy(update={"start": state.model_copy(update={"player": changed})}))


def test_a_bought_cards_action_then_village_i_b_then_your_hand(
    make_setup: Callable[..., GameSetup],
) -> None:
    # Decision: the bought card's action may be used at once (or declined); Village I B's
    # +3 VP follow it; the card then lies in your hand, playable this round.
    on_vib = (Specialist(path="C", space=3), Specialist(), Specialist())
    game = on_board(
        make_setup,
        {"workplaces": {"C3": "village-I-B"}},
        specialists=on_vib,
        augustales=10,
        grain=0,
    )
    game.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    game.push(BuyCard(card_id="A1"))
    assert game.state.obligation is not None and game.state.obligation.card_id == "A1"
    game.push(Resolve())  # A1's +2 Grain at once
    assert game.state.player.vp == 3  # then Village I B
    assert game.state.hand == 5  # 5 - 1 played + 1 bought
    frederick(game)
    game.push(PlayCard(slot=1, face_up=True, card_id="A1"))  # the bought card, same round
    assert game.state.hand == 4


def test_a_cards_own_gain_pays_its_next_step(make_setup: Callable[..., GameSetup]) -> None:
    # Decision: A9's Grain is in your supply before its promotion, so it pays the arrow.
    on_a3 = (Specialist(path="A", space=3), Specialist(), Specialist())
    game = on_board(make_setup, specialists=on_a3, grain=0, advanced_cards=("A9",))
    game.push(PlayCard(slot=0, face_up=True, card_id="A9"))
    game.push(Resolve())  # +1 Grain
    assert game.state.player.grain == 1
    game.push(Promote(specialist=0))  # the arrow into A4 asks 1 Grain
    assert game.state.player.grain == 0
    assert game.state.player.specialists[0] == Specialist(path="A", space=4)


def test_fredericks_specialist_takes_no_edict_token(make_setup: Callable[..., GameSetup]) -> None:
    # Decision: his Specialist moves on Path A only and leaves the Workplace tokens where
    # they are (they wait for one of yours).
    setup = make_setup(active=("1P", "1W 1K", "2G 1A"), edict_token_spaces=("A2", "C3"))
    start = initial_state(setup)
    duty = edict_to_issue("issue an Edict", "test")
    game = SoloGame(
        setup.model_copy(update={"start": start.model_copy(update={"pending": (duty,)})})
    )
    game.push(PlayerEdict(slot=0, choice={"P": "add"}, replacement=0))
    assert game.state.palace.specialist == 2  # on A2, where a token lies
    assert game.state.board.space("A", 2).token is True
    assert game.state.board.tokens_left == 2


def test_a_bought_card_can_be_declined_and_still_joins_the_hand(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = on_board(make_setup, augustales=10)
    game.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    game.push(BuyCard(card_id="A1"))
    game.push(Decline())
    assert game.state.hand == 5 and game.state.player.grain == 1
