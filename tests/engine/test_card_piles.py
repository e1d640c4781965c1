"""Issue 37: your Action cards as cards. The engine follows them by name where the table
said so and by count elsewhere: draw pile, hand, discard pile, slots, removed."""

from __future__ import annotations

from collections import Counter

import pytest

from solo_deck import GameSetup, RuleError, SoloGame, load_ruleset, parse_edict
from solo_deck.data.loaders import house_cards_of
from solo_deck.events import (
    BuyCard,
    CastleIncome,
    Correct,
    Decline,
    EndRound,
    FrederickTurn,
    NameCard,
    NameHand,
    PlayCard,
    Reorganise,
    Resolve,
    RevealEdict,
    ScoreAllyIncome,
)
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.state import Phase
from solo_deck.rules.hand import draw_count, owned_cards, pool, unknown_in

TILES = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
LIMITS = PlayerLimits.from_ruleset(load_ruleset())


def new_game(**changes: object) -> SoloGame:
    setup = GameSetup(active_edicts=TILES, next_edicts=TILES, edict_pile=18, seed=3, house="Savoy")
    return SoloGame(setup.model_copy(update=changes))


def frederick(game: SoloGame) -> None:
    """Frederick's turn, and the Next tile he drew typed in."""
    game.push(FrederickTurn())
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict("1G")))


def savoy_cards() -> Counter[str]:
    return Counter({card.id: card.copies for card in house_cards_of("Savoy")})


def test_a_new_game_knows_counts_but_no_names() -> None:
    state = new_game().state
    assert state.hand == 5 and draw_count(state) == 5 and state.cards.discard == 0
    assert pool(state) == savoy_cards()  # every card unplaced: 5 in hand, 5 in the pile
    assert unknown_in(state) == {"hand": 5, "draw": 5, "discard": 0, "slots": 0}


def test_naming_the_hand_tells_the_draw_pile_too() -> None:
    game = new_game()
    hand = ("common-draw", "common-draw", "common-grain", "common-stone", "savoy-purchase")
    game.push(NameHand(cards=hand))
    state = game.state
    assert state.cards.hand_known == tuple(sorted(hand))
    # Only the draw pile still holds unnamed cards: they are the rest of the House's ten.
    rest = savoy_cards() - Counter(hand)
    assert Counter(state.cards.draw_known) == rest and pool(state) == Counter()


def test_a_card_cannot_be_named_twice_or_beyond_the_hand() -> None:
    game = new_game()
    game.push(NameHand(cards=("common-draw", "common-draw")))
    with pytest.raises(RuleError, match="cannot be in your hand: your 2 copies are 2 in your hand"):
        game.push(NameHand(cards=("common-draw",)))
    with pytest.raises(RuleError, match="3 cards of your hand are not known by name, not 4"):
        game.push(NameHand(cards=("common-grain",) * 4))
    with pytest.raises(RuleError, match="A7 cannot be in your hand: you own no A7"):
        game.push(NameHand(cards=("A7",)))


def test_a_face_up_card_must_be_in_your_hand() -> None:
    game = new_game()
    for slot in (0, 1):  # both copies played face up, and Frederick's turns between
        game.push(PlayCard(slot=slot, face_up=True, card_id="common-augustales"))
        game.push(Resolve())
        frederick(game)
    with pytest.raises(RuleError, match="not in your hand: your 2 copies are 2 in your slots"):
        game.push(PlayCard(slot=2, face_up=True, card_id="common-augustales"))
    assert game.state.hand == 3


def test_an_unnamed_face_down_card_forgets_the_names_of_the_hand() -> None:
    game = new_game()
    game.push(NameHand(cards=("common-draw",)))
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    assert game.state.cards.hand_known == ()  # the card gone may have been that one
    game.push(Decline())
    assert game.state.player.played[0].card_id is None
    named = new_game()
    named.push(NameHand(cards=("common-draw",)))
    named.push(PlayCard(slot=0, face_up=False, actions=("build",), card_id="common-grain"))
    assert named.state.cards.hand_known == ("common-draw",)


def test_a_purchase_cannot_remove_a_card_from_an_empty_discard_pile() -> None:
    game = new_game(port_cards=("A7",))  # A7 costs an Action card
    game.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    with pytest.raises(RuleError, match=r"your discard pile is empty, so .* of your hand instead"):
        game.push(BuyCard(card_id="A7", removes="common-grain"))
    game.push(BuyCard(card_id="A7", removes="common-grain", from_hand=True))
    state = game.state
    assert state.cards.removed == ("common-grain",)
    assert owned_cards(state)["common-grain"] == 1 and owned_cards(state)["A7"] == 1
    assert "A7" in state.cards.hand_known  # bought: into your hand, by name


def test_the_end_phase_discards_the_slots_and_refills_from_the_draw_pile() -> None:
    game = new_game()
    game.push(PlayCard(slot=0, face_up=True, card_id="common-grain"))
    game.push(Resolve())
    while game.state.phase is not Phase.END_PHASE:
        state = game.state
        if state.phase is Phase.FREDERICK:
            frederick(game)
        elif state.pending:
            game.push(Decline())
        else:
            slot = state.player.free_slots(LIMITS)[0]
            actions = {0: "build", 1: "market", 2: "promote", 3: "build", 4: "promote"}
            game.push(PlayCard(slot=slot, face_up=False, actions=(actions[slot],)))
    for event in (CastleIncome(), ScoreAllyIncome(), Reorganise()):
        if event.type in game.allowed():
            game.push(event)
    for port, at in enumerate(game.state.voyage.ports):
        if at.cards[0].present and at.cards[0].card_id is None:
            game.push(NameCard(port=port, card_id=f"B{port + 1}"))
    game.push(EndRound())
    state = game.state
    # The five cards played went to the discard pile, the hand drew the five left in the
    # draw pile, and the empty draw pile took the discard pile at once.
    assert state.hand == 5 and state.player.played == ()
    assert state.cards.discard == 0 and draw_count(state) == 5
    assert "common-grain" in state.cards.draw_known  # played face up: known by name


def test_an_empty_draw_pile_takes_the_discard_pile_at_once() -> None:
    game = new_game()
    game.push(PlayCard(slot=0, face_up=True, card_id="common-draw"))
    game.push(Resolve())  # draw 4 of the 5 left in the draw pile
    state = game.state
    assert state.hand == 8 and draw_count(state) == 1
    frederick(game)
    game.push(PlayCard(slot=1, face_up=True, card_id="common-draw"))
    game.push(Resolve())  # one card left, then nothing: the discard pile is empty
    assert game.state.hand == 8 and draw_count(game.state) == 0
    assert pool(game.state) == Counter() or unknown_in(game.state)["draw"] == 0


def test_a_schema_4_game_keeps_counting_only() -> None:
    game = new_game(port_cards=("A7",))
    game.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    document = game.to_document()
    document["schema_version"] = 4  # saved before the cards had names
    document["setup"].pop("cards_by_name")
    document["events"].append(
        {"type": "buy_card", "space": 0, "card_id": "A7", "removes": "common-grain"}
    )
    old = SoloGame.from_document(document)
    assert not old.setup.cards_by_name and old.state.cards.by_name is False
    assert old.state.player.advanced_cards == ("A7",)  # replays as recorded
    assert "name_hand" not in old.allowed()


def test_a_card_played_face_up_is_not_named_again_elsewhere() -> None:
    """Found by self-play: the piles were put in order before the card reached its slot,
    so for a moment it looked unplaced and was named a second time, in the draw pile."""
    game = new_game()
    hand = ("common-draw", "common-draw", "common-grain", "common-stone", "savoy-purchase")
    game.push(NameHand(cards=hand))  # the draw pile is known too: the other five
    game.push(PlayCard(slot=0, face_up=True, card_id="common-grain"))
    state = game.state
    assert state.cards.draw_known.count("common-grain") == 1  # the other copy, not this one
    assert state.player.played[0].card_id == "common-grain"
    named = state.cards.known() + Counter(c.card_id for c in state.player.played if c.card_id)
    assert named == owned_cards(state) and pool(state) == Counter()


def test_correcting_the_hand_moves_cards_from_or_to_the_draw_pile() -> None:
    game = new_game()
    game.push(Correct(target="hand", value=7))  # two more came from the draw pile
    assert game.state.hand == 7 and draw_count(game.state) == 3
    with pytest.raises(RuleError, match=r"you own 10 cards: .* your hand holds at most 10"):
        game.push(Correct(target="hand", value=11))
    game.push(NameHand(cards=("common-draw",)))
    game.push(Correct(target="hand", value=0))  # the name goes with the cards
    assert game.state.hand == 0 and game.state.cards.hand_known == ()
    assert draw_count(game.state) == 10 and Counter(game.state.cards.draw_known) == savoy_cards()
