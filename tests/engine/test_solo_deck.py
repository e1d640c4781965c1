"""The solo deck: a seeded virtual deck, the table's deck keyed in, and the crown reshuffle."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from solo_deck import CardFace, DeckDefinition, Numeral, RuleError, ShipMove, SoloCard, SoloDeck
from solo_deck.data.loaders import load_default_deck
from solo_deck.model.deck import _order

DEFAULT = load_default_deck()
ALL_IDS = sorted(card.id for card in DEFAULT.cards)


def deck_with(crowns: set[str], base: DeckDefinition = DEFAULT) -> DeckDefinition:
    """The default deck with crowns exactly on the given card ids."""
    cards = tuple(card.model_copy(update={"crown": card.id in crowns}) for card in base.cards)
    return base.model_copy(update={"cards": cards})


def accounted(deck: SoloDeck) -> bool:
    return sorted(deck.draw_pile + deck.discard) == ALL_IDS


# --- virtual mode ----------------------------------------------------------------------


def test_virtual_deck_is_a_seeded_permutation_of_the_sixteen_cards() -> None:
    deck = SoloDeck.new(DEFAULT, "virtual", seed=7)
    assert sorted(deck.draw_pile) == ALL_IDS
    assert deck.discard == ()
    assert SoloDeck.new(DEFAULT, "virtual", seed=7).draw_pile == deck.draw_pile
    # Different seeds give different orders (16! orders, so a clash would be a bug).
    orders = {SoloDeck.new(DEFAULT, "virtual", seed=s).draw_pile for s in range(20)}
    assert len(orders) == 20


def test_virtual_flip_takes_the_top_card_into_the_discard() -> None:
    deck = SoloDeck.new(DEFAULT, "virtual", seed=3)
    top = deck.draw_pile[0]
    after, card = deck.flip()
    assert card.id == top
    assert after.draw_pile == deck.draw_pile[1:]
    assert after.discard == (top,)
    assert accounted(after)


def test_virtual_flip_with_a_wrong_face_is_refused() -> None:
    deck = SoloDeck.new(DEFAULT, "virtual", seed=3)
    top = DEFAULT.card(deck.draw_pile[0])
    other = next(c for c in DEFAULT.cards if c.face != top.face)
    with pytest.raises(RuleError, match=f"the next virtual card is {top.id}"):
        deck.flip(other.face)
    assert deck.flip(top.face)[1].id == top.id


def test_flip_card_in_virtual_mode_must_be_the_top_card() -> None:
    deck = SoloDeck.new(DEFAULT, "virtual", seed=3)
    second = deck.draw_pile[1]
    with pytest.raises(RuleError, match="the next virtual card is"):
        deck.flip_card(second)
    assert deck.flip_card(deck.draw_pile[0])[1].id == deck.draw_pile[0]


def test_flip_card_refuses_a_card_already_flipped() -> None:
    deck, _ = SoloDeck.new(DEFAULT, "table", seed=0).flip_card("S05")
    with pytest.raises(RuleError, match="S05 is not in the draw pile"):
        deck.flip_card("S05")


# --- crowns ------------------------------------------------------------------------------


def test_crowns_reshuffle_all_sixteen_at_the_end_of_the_turn_revealing_the_second_crown() -> None:
    definition = deck_with({"S01", "S03"})
    deck = SoloDeck.new(definition, "table", seed=0)
    deck, _ = deck.flip_card("S01")  # 1st crown
    deck, reshuffled = deck.end_turn()
    assert not reshuffled and deck.crowns_since_shuffle == 1
    deck, _ = deck.flip_card("S02")
    deck, reshuffled = deck.end_turn()
    assert not reshuffled
    deck, _ = deck.flip_card("S03")  # 2nd crown: shuffle at the END of this turn
    assert deck.reshuffle_pending
    # During the turn the 2nd crown card is still face up in the discard.
    assert deck.discard == ("S01", "S02", "S03")
    deck, reshuffled = deck.end_turn()
    assert reshuffled
    # All 16, including the card flipped on that turn, are back in a fresh deck.
    assert sorted(deck.draw_pile) == ALL_IDS
    assert deck.discard == ()
    assert deck.crowns_since_shuffle == 0
    assert deck.shuffles == 1


def test_after_the_reshuffle_the_next_virtual_flip_comes_from_a_fresh_order() -> None:
    definition = deck_with(set())
    first_order = _order(definition, "virtual", 11, 0)
    crowns = set(first_order[:2])
    definition = deck_with(crowns)
    deck = SoloDeck.new(definition, "virtual", seed=11)
    assert deck.draw_pile == first_order
    deck, _ = deck.flip()
    deck, _ = deck.end_turn()
    deck, _ = deck.flip()
    deck, reshuffled = deck.end_turn()
    assert reshuffled
    fresh = _order(definition, "virtual", 11, 1)
    assert deck.draw_pile == fresh
    assert fresh != first_order
    assert deck.flip()[1].id == fresh[0]


def test_one_crown_is_not_enough() -> None:
    deck = SoloDeck.new(deck_with({"S01"}), "table", seed=0)
    for card_id in ("S01", "S02", "S03"):
        deck, _ = deck.flip_card(card_id)
        deck, reshuffled = deck.end_turn()
        assert not reshuffled
    assert deck.discard == ("S01", "S02", "S03")


def test_crowns_to_reshuffle_is_configurable() -> None:
    deck = SoloDeck.new(deck_with({"S01", "S02"}), "table", seed=0, crowns_to_reshuffle=3)
    for card_id in ("S01", "S02"):
        deck, _ = deck.flip_card(card_id)
        assert not deck.end_turn()[1]


def test_an_exhausted_deck_without_enough_crowns_reshuffles_on_the_next_flip() -> None:
    deck = SoloDeck.new(deck_with(set()), "virtual", seed=5)
    for _ in range(16):
        deck, _ = deck.flip()
        deck, reshuffled = deck.end_turn()
        assert not reshuffled
    assert deck.draw_pile == () and accounted(deck)
    deck, card = deck.flip()
    assert deck.shuffles == 1
    assert card.id == _order(deck.definition, "virtual", 5, 1)[0]
    assert len(deck.discard) == 1 and accounted(deck)


# --- table mode ----------------------------------------------------------------------------


def test_table_flip_books_an_unseen_card_with_the_face_shown() -> None:
    deck = SoloDeck.new(DEFAULT, "table", seed=0)
    face = DEFAULT.card("S09").face
    after, card = deck.flip(face)
    assert card.face == face
    assert card.id == "S09"
    assert "S09" in after.discard and "S09" not in after.draw_pile
    assert accounted(after)


def test_table_flip_books_each_of_several_identical_faces_once() -> None:
    base = DEFAULT
    twin = base.card("S09").model_copy(update={"id": "S10"})
    cards = tuple(twin if c.id == "S10" else c for c in base.cards)
    definition = base.model_copy(update={"cards": cards})
    deck = SoloDeck.new(definition, "table", seed=0)
    face = twin.face
    deck, first = deck.flip(face)
    deck, second = deck.flip(face)
    assert {first.id, second.id} == {"S09", "S10"}
    with pytest.raises(RuleError) as info:
        deck.flip(face)
    assert face.short() in str(info.value)


def test_table_flip_of_a_face_with_no_unseen_match_names_the_unseen_faces() -> None:
    deck = SoloDeck.new(DEFAULT, "table", seed=0)
    deck, _ = deck.flip(DEFAULT.card("S09").face)
    with pytest.raises(RuleError) as info:
        deck.flip(DEFAULT.card("S09").face)
    message = str(info.value)
    assert f"no unseen card shows {DEFAULT.card('S09').face.short()}" in message
    unseen_faces = {c.face.short() for c in deck.unseen_cards()}
    for text in unseen_faces:
        assert text in message
    # A face that is not in the deck at all is refused the same way.
    stranger = CardFace(move=ShipMove.STAY, removes_card=True, removes_ally=True, crown=True)
    with pytest.raises(RuleError, match="unseen faces"):
        deck.flip(stranger)


def test_table_flip_needs_the_face() -> None:
    with pytest.raises(RuleError, match="key in the face"):
        SoloDeck.new(DEFAULT, "table", seed=0).flip()


def test_table_draw_pile_is_in_definition_order_and_flip_card_takes_any_unseen_card() -> None:
    deck = SoloDeck.new(DEFAULT, "table", seed=99)
    assert list(deck.draw_pile) == [c.id for c in DEFAULT.cards]
    deck, card = deck.flip_card("S12")
    assert card.id == "S12"
    assert "S12" not in deck.draw_pile


def test_remaining_composition_counts_unseen_faces() -> None:
    deck = SoloDeck.new(DEFAULT, "table", seed=0)
    full = deck.remaining_composition()
    assert sum(full.values()) == 16
    deck, card = deck.flip_card("S01")
    after = deck.remaining_composition()
    assert full - after == Counter({card.face: 1})


# --- deck definitions ----------------------------------------------------------------------


def test_a_deck_definition_needs_exactly_sixteen_cards() -> None:
    with pytest.raises(ValidationError, match="16 cards"):
        DeckDefinition(name="short", provisional=True, cards=DEFAULT.cards[:15])


def test_a_deck_definition_needs_unique_ids() -> None:
    cards = (*DEFAULT.cards[:15], DEFAULT.cards[0])
    with pytest.raises(ValidationError, match="repeated: S01"):
        DeckDefinition(name="dup", provisional=True, cards=cards)


def test_deck_state_must_account_for_every_card() -> None:
    deck = SoloDeck.new(DEFAULT, "virtual", seed=1)
    with pytest.raises(ValidationError, match="either in the draw pile or discarded"):
        SoloDeck.model_validate({**deck.model_dump(), "draw_pile": deck.draw_pile[1:]})


def test_card_lookup_and_face() -> None:
    card = DEFAULT.card("S11")
    assert isinstance(card, SoloCard)
    assert card.face == CardFace(
        move=ShipMove.STAY, removes_card=False, removes_ally=True, edict=Numeral.III, crown=True
    )
    # The summary names the ship move first, then what the card removes, its Edict, a crown.
    assert card.face.short().endswith(" · ally · Edict III · crown")
    # Each ship move has its own label; the default deck shows three of them (its ship moves
    # at most 1 space), a deck you enter may show the longer moves.
    labels = {CardFace(move=m, removes_card=False, removes_ally=False).short() for m in ShipMove}
    assert len(labels) == len(ShipMove) == 6
    moves = {c.face.short().split(" · ")[0] for c in DEFAULT.cards}
    assert moves == {"ship +1", "ship stays", "ship to yours"}
    far = SoloCard(id="X1", move=ShipMove.MOVE3, removes_card=True, removes_ally=False)
    assert far.face.short() == "ship +3 · card · no edict"
    assert [m.steps for m in ShipMove] == [1, 2, 3, 4, 0, None]
    assert DEFAULT.card("S07").face.short().endswith(" · card · no edict")
    with pytest.raises(KeyError):
        DEFAULT.card("S99")


def test_numerals() -> None:
    assert [n.position for n in Numeral] == [0, 1, 2]
    assert Numeral.from_index(4) is Numeral.II


@pytest.mark.parametrize("mode", ["virtual", "table"])
def test_flip_card_of_an_unknown_id_is_a_rule_error_even_on_an_empty_pile(mode: str) -> None:
    deck = SoloDeck.new(deck_with(set()), mode, seed=2)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="S99 is not in the draw pile"):
        deck.flip_card("S99")
    for card_id in list(deck.draw_pile):
        deck, _ = deck.flip_card(card_id)
    assert deck.draw_pile == ()
    with pytest.raises(RuleError, match="S99"):
        deck.flip_card("S99")
