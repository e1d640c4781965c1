"""Exact odds of Frederick's next card, his ship, and removals at a port, by hand."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo_deck import (
    DeckDefinition,
    GameState,
    Numeral,
    Phase,
    RuleError,
    ShipMove,
    SoloDeck,
    SoloGame,
)
from solo_deck.data.loaders import load_default_deck
from solo_deck.insight.odds import (
    frederick_ship_distribution,
    frederick_turns_before_your_next_turn,
    next_card_odds,
    removal_before_your_next_turn,
)
from solo_deck.model.deck import DeckMode
from solo_deck.model.player import PlayedCard
from solo_deck.model.voyage import CardSpace
from tests.game_setups import deck_left

DEFAULT = load_default_deck()
ALL_IDS = [card.id for card in DEFAULT.cards]
# The default deck (provisional faces), as the hand computations below read it:
#   S02 ship +1 · card · Edict II · crown      S04 ship +1 · ally · Edict I · crown
#   S09 ship stays · Edict I                    S13 ship to yours · card · ally · crown
#   S16 ship to yours · Edict III
FIVE = ("S02", "S04", "S09", "S13", "S16")


def five_left(mode: DeckMode = "table", order: tuple[str, ...] = FIVE) -> SoloDeck:
    """The deck with exactly FIVE unseen: S11 (the only other crown) has shown."""
    return deck_left(order, 1, mode)


def state_with(
    game: SoloGame,
    deck: SoloDeck,
    *,
    frederick: int = 1,
    player: int = 3,
    phase: Phase = Phase.PLAYER,
    **update: object,
) -> GameState:
    voyage = game.state.voyage.with_frederick_at(frederick).with_player_at(player)
    return game.state.model_copy(update={"deck": deck, "voyage": voyage, "phase": phase, **update})


# --- the next card ---------------------------------------------------------------------------


def test_five_known_cards_left_give_the_hand_computed_odds() -> None:
    odds = next_card_odds(five_left())
    assert odds.cards == 5 and not odds.from_new_deck and odds.crowns_seen == 1
    # ship: S02 S04 move 1; S09 stays; S13 S16 join your ship
    assert (odds.move1, odds.stay, odds.to_player) == (F(2, 5), F(1, 5), F(2, 5))
    assert odds.move_further == 0  # the default deck never moves his ship 2 spaces or more
    # removals: card S02 S13; Ally S04 S13
    assert (odds.removes_card, odds.removes_ally) == (F(2, 5), F(2, 5))
    # edicts: I S04 S09; II S02; III S16; none S13
    assert (odds.edict_i, odds.edict_ii, odds.edict_iii, odds.no_edict) == (
        F(2, 5),
        F(1, 5),
        F(1, 5),
        F(1, 5),
    )
    # crowns S02 S04 S13, and one crown has shown: each of them is the 2nd → shuffle
    assert odds.crown == F(3, 5)
    assert odds.reshuffle == F(3, 5)
    assert odds.edict(Numeral.II) == F(1, 5) and odds.edict(None) == F(1, 5)
    assert odds.move(ShipMove.TO_PLAYER) == F(2, 5)
    assert float(odds.crown) == pytest.approx(0.6)
    assert [f.count for f in odds.faces] == [1] * 5
    assert sum(f.probability for f in odds.faces) == 1


def test_flipping_in_table_mode_reaches_the_same_odds() -> None:
    deck = SoloDeck.new(DEFAULT, "table", seed=0)
    for card_id in ALL_IDS:
        if card_id not in FIVE:
            deck, _ = deck.flip(DEFAULT.card(card_id).face)
    assert deck.crowns_since_shuffle == 1 and len(deck.draw_pile) == 5
    assert next_card_odds(deck) == next_card_odds(five_left())


def test_only_the_composition_counts_not_the_mode_or_the_hidden_order() -> None:
    table = next_card_odds(five_left("table"))
    for order in itertools.islice(itertools.permutations(FIVE), 0, None, 17):
        virtual = next_card_odds(five_left("virtual", order))
        assert virtual == table
        # faces are listed in definition order, never in draw order (that would leak it)
        assert [f.face for f in virtual.faces] == [DEFAULT.card(c).face for c in FIVE]


def test_reshuffle_chance_when_one_crown_has_shown() -> None:
    deck = SoloDeck.new(DEFAULT, "table", seed=0)
    fresh = next_card_odds(deck)
    assert (fresh.crown, fresh.reshuffle) == (F(4, 16), F(0))  # a first crown shuffles nothing
    deck, _ = deck.flip(DEFAULT.card("S13").face)  # a crown
    odds = next_card_odds(deck)
    assert odds.cards == 15 and odds.crowns_seen == 1
    assert (odds.crown, odds.reshuffle) == (F(3, 15), F(3, 15))
    deck, _ = deck.flip(DEFAULT.card("S01").face)  # no crown
    assert next_card_odds(deck).reshuffle == F(3, 14)


def test_a_single_crown_rule_makes_every_crown_a_shuffle() -> None:
    deck = SoloDeck.new(DEFAULT, "table", seed=0, crowns_to_reshuffle=1)
    odds = next_card_odds(deck)
    assert odds.reshuffle == odds.crown == F(1, 4)


def far_deck() -> DeckDefinition:
    """The default deck with S01 moving 2 spaces, S02 3 and S03 4 (a deck you entered)."""
    far = {"S01": ShipMove.MOVE2, "S02": ShipMove.MOVE3, "S03": ShipMove.MOVE4}
    cards = tuple(
        card.model_copy(update={"move": far.get(card.id, card.move)}) for card in DEFAULT.cards
    )
    return DEFAULT.model_copy(update={"cards": cards})


def test_longer_ship_moves_count_as_moving_further() -> None:
    odds = next_card_odds(SoloDeck.new(far_deck(), "table", seed=0))
    # S04-S08 still move 1; S01-S03 move 2, 3 and 4.
    assert (odds.move1, odds.move_further) == (F(5, 16), F(3, 16))
    assert odds.move(ShipMove.MOVE3) == F(1, 16) and odds.move(ShipMove.MOVE1) == F(5, 16)
    assert odds.move1 + odds.move_further + odds.stay + odds.to_player == 1


def test_a_pending_shuffle_or_an_empty_pile_draws_from_all_sixteen() -> None:
    full = next_card_odds(SoloDeck.new(DEFAULT, "table", seed=0))
    pending = five_left().model_copy(update={"crowns_since_shuffle": 2})
    assert pending.reshuffle_pending
    empty = SoloDeck(
        definition=DEFAULT, mode="virtual", seed=0, draw_pile=(), discard=tuple(ALL_IDS)
    )
    for deck in (pending, empty):
        odds = next_card_odds(deck)
        assert odds.from_new_deck and odds.cards == 16 and odds.crowns_seen == 0
        assert odds.model_copy(update={"from_new_deck": False}) == full


def test_the_default_deck_from_the_start() -> None:
    odds = next_card_odds(SoloDeck.new(DEFAULT, "virtual", seed=5))
    assert (odds.move1, odds.stay, odds.to_player) == (F(1, 2), F(1, 4), F(1, 4))
    assert (odds.removes_card, odds.removes_ally) == (F(1, 2), F(3, 8))
    assert odds.edict_i == odds.edict_ii == odds.edict_iii == odds.no_edict == F(1, 4)


@settings(max_examples=40, deadline=None)
@given(unseen=st.sets(st.sampled_from(ALL_IDS), min_size=1), crowns=st.integers(0, 1))
def test_odds_are_counts_over_the_unseen_cards(unseen: set[str], crowns: int) -> None:
    pile = tuple(c for c in ALL_IDS if c in unseen)
    deck = deck_left(pile, crowns)
    odds = next_card_odds(deck)
    cards = [DEFAULT.card(c) for c in pile]
    n = len(cards)
    assert odds.move1 + odds.move_further + odds.stay + odds.to_player == 1
    assert odds.edict_i + odds.edict_ii + odds.edict_iii + odds.no_edict == 1
    assert odds.removes_card == F(sum(c.removes_card for c in cards), n)
    assert odds.crown == F(sum(c.crown for c in cards), n)
    assert odds.reshuffle == (odds.crown if crowns == 1 else 0)


# --- Frederick's ship -----------------------------------------------------------------------


def test_ship_distribution_after_the_next_card(make_game: Callable[..., SoloGame]) -> None:
    game = make_game(mode="table")
    state = state_with(game, five_left(), frederick=1, player=3)
    assert frederick_ship_distribution(state) == {1: F(1, 5), 2: F(2, 5), 3: F(2, 5)}
    # ships together: "stay" and "to your ship" land in the same port
    together = state_with(game, five_left(), frederick=4, player=4)
    assert frederick_ship_distribution(together) == {0: F(2, 5), 4: F(3, 5)}
    # Longer moves go round the ring: from port 4, S01 (2) ends in 1, S02 (3) in 2, S03 (4)
    # in 3.
    fresh = SoloDeck.new(far_deck(), "table", seed=0)
    far = frederick_ship_distribution(state_with(game, fresh, frederick=4, player=4))
    assert (far[1], far[2], far[3]) == (F(1, 16), F(1, 16), F(1, 16))
    assert far[0] == F(5, 16)  # the 5 cards that still move 1


# --- removals at a port ---------------------------------------------------------------------


def test_removal_odds_at_each_port_for_one_frederick_turn(
    make_game: Callable[..., SoloGame],
) -> None:
    state = state_with(make_game(mode="table"), five_left(), frederick=1, player=3)
    assert frederick_turns_before_your_next_turn(state) == 1
    # Port 2 (his ship +1): S02 takes the card, S04 the Ally.
    odds = removal_before_your_next_turn(state, 2)
    assert (odds.card, odds.ally, odds.either) == (F(1, 5), F(1, 5), F(2, 5))
    assert odds.port_name == "Tunis" and odds.frederick_turns == 1
    # Port 3 (your ship): S13 takes both, S16 nothing.
    odds = removal_before_your_next_turn(state, "barcelona")
    assert (odds.card, odds.ally, odds.either) == (F(1, 5), F(1, 5), F(1, 5))
    # Port 1 (he stays): S09 removes nothing. Port 0: he cannot get there.
    for port in (0, 1):
        odds = removal_before_your_next_turn(state, port)
        assert (odds.card, odds.ally, odds.either) == (F(0), F(0), F(0))


def test_nothing_there_means_nothing_to_lose(make_game: Callable[..., SoloGame]) -> None:
    state = state_with(make_game(mode="table"), five_left(), frederick=1, player=3)
    voyage, _ = state.voyage.take_card(2)
    voyage, _ = voyage.take_ally(2)
    odds = removal_before_your_next_turn(state.model_copy(update={"voyage": voyage}), 2)
    assert not odds.card_present and not odds.ally_present
    assert (odds.card, odds.ally, odds.either) == (F(0), F(0), F(0))
    assert odds.card_space is None and odds.ally_space is None


def played(*slots: int) -> tuple[PlayedCard, ...]:
    return tuple(PlayedCard(slot=slot, face_up=False, actions=("market",)) for slot in slots)


def test_no_frederick_turn_before_your_next_turn(make_game: Callable[..., SoloGame]) -> None:
    game = make_game(mode="table")
    base = state_with(game, five_left(), frederick=1, player=3)
    cases = {
        "you passed": base.model_copy(update={"passed": True}),
        "his actions used": base.model_copy(update={"frederick_actions": 5}),
        "end phase": base.model_copy(update={"phase": Phase.END_PHASE}),
        "game over": base.model_copy(update={"phase": Phase.GAME_OVER}),
    }
    for name, state in cases.items():
        assert frederick_turns_before_your_next_turn(state) == 0, name
        assert removal_before_your_next_turn(state, 2).either == F(0), name
    assert frederick_turns_before_your_next_turn(base.model_copy(update={"phase": Phase.FREDERICK}))
    passed = base.model_copy(
        update={"phase": Phase.FREDERICK, "passed": True, "frederick_actions": 2}
    )
    assert frederick_turns_before_your_next_turn(passed) == 3


def test_your_last_card_slot_lets_frederick_take_all_his_actions(
    make_game: Callable[..., SoloGame],
) -> None:
    # Rulebook (solo): with no card slot left your round is over, and Frederick takes his
    # remaining actions before the End Phase; your next turn is in the next round.
    game = make_game(mode="table")
    base = state_with(game, five_left(), frederick=1, player=3, frederick_actions=1)
    player = base.player
    last_slot = base.model_copy(
        update={"player": player.model_copy(update={"played": played(0, 1, 2, 3)})}
    )
    assert frederick_turns_before_your_next_turn(last_slot) == 4
    # The card of that turn already down: still all of them.
    down = player.model_copy(update={"played": played(0, 1, 2, 3, 4)})
    on_it = base.model_copy(update={"player": down, "card_played": True})
    assert frederick_turns_before_your_next_turn(on_it) == 4
    # With the Card Slot tile off (the slot Keep cover) a sixth slot is left: one action.
    opened = player.model_copy(
        update={"played": played(0, 1, 2, 3), "keeps": 1, "keep_covers": ("slot",)}
    )
    assert frederick_turns_before_your_next_turn(base.model_copy(update={"player": opened})) == 1
    # Earlier in the round, one action between your turns.
    assert frederick_turns_before_your_next_turn(base) == 1
    # Two of his turns can only add to the one-turn chance at his ship +1 port.
    two = removal_before_your_next_turn(last_slot, 2)
    assert two.frederick_turns == 4 and two.card > removal_before_your_next_turn(base, 2).card


def brute_force_two_turns(state: GameState, port: int) -> tuple[F, F]:
    """Independent enumeration of Frederick's next two cards (with the crown shuffle)."""
    deck = state.deck
    ring = len(state.voyage.ports)
    card_p = ally_p = F(0)
    for first in deck.draw_pile:
        c1 = DEFAULT.card(first)
        if deck.crowns_since_shuffle + c1.crown >= deck.crowns_to_reshuffle:
            seconds = ALL_IDS  # shuffled at the end of the first turn
        else:
            seconds = [c for c in deck.draw_pile if c != first]
        for second in seconds:
            weight = F(1, len(deck.draw_pile)) * F(1, len(seconds))
            ship = state.voyage.frederick
            card = ally = False
            for c in (c1, DEFAULT.card(second)):
                steps = c.move.steps
                ship = state.voyage.player if steps is None else (ship + steps) % ring
                card |= ship == port and c.removes_card
                ally |= ship == port and c.removes_ally
            card_p += weight * card
            ally_p += weight * ally
    return card_p, ally_p


def test_two_turns_after_you_passed_follow_the_deck_exactly(
    make_game: Callable[..., SoloGame],
) -> None:
    state = state_with(
        make_game(mode="table"),
        five_left(),
        frederick=1,
        player=3,
        phase=Phase.FREDERICK,
        passed=True,
        frederick_actions=3,
    )
    assert frederick_turns_before_your_next_turn(state) == 2
    for port in range(5):
        odds = removal_before_your_next_turn(state, port)
        assert (odds.card, odds.ally) == brute_force_two_turns(state, port), port
        assert max(odds.card, odds.ally) <= odds.either <= odds.card + odds.ally
    # A second turn can only add to the one-turn chance at his ship +1 port.
    one_turn = removal_before_your_next_turn(state, 2, frederick_turns=1)
    assert one_turn.card == F(1, 5)
    assert removal_before_your_next_turn(state, 2).card > one_turn.card


def test_override_turns_and_bad_ports(make_game: Callable[..., SoloGame]) -> None:
    state = state_with(make_game(mode="table"), five_left(), frederick=1, player=3)
    assert removal_before_your_next_turn(state, 2, frederick_turns=0).either == 0
    with pytest.raises(RuleError, match="no port called"):
        removal_before_your_next_turn(state, "Atlantis")
    with pytest.raises(RuleError, match="no port number"):
        removal_before_your_next_turn(state, 9)
    with pytest.raises(RuleError, match="no card space"):
        removal_before_your_next_turn(state, 2, card_space=3)


def test_an_empty_first_space_is_skipped(make_game: Callable[..., SoloGame]) -> None:
    state = state_with(make_game(mode="table"), five_left(), frederick=1, player=3)
    port = state.voyage.ports[2]
    two = port.model_copy(update={"cards": (CardSpace(present=False), CardSpace())})
    voyage = state.voyage._with_port(2, two)
    odds = removal_before_your_next_turn(state.model_copy(update={"voyage": voyage}), 2)
    assert odds.card_space == 1 and odds.card == F(1, 5)
