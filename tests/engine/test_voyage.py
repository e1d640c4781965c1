"""The Voyage ring: travel, Frederick's ship, removals and the reorganisation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from solo_deck import CardFace, Phase, RuleError, ShipMove, SoloGame, Voyage
from solo_deck.events import Decline, FrederickTurn, NameAlly, NameCard, PlayCard, Travel

PORTS = ["Roma", "Alexandria", "Tunis", "Barcelona", "Fifth port"]


def ring(**kwargs: object) -> Voyage:
    return Voyage.initial(PORTS, start="Roma", advanced_pile=11, **kwargs)  # type: ignore[arg-type]


# --- geometry ------------------------------------------------------------------------------


def test_initial_ring_has_both_ships_at_the_start_and_every_space_filled() -> None:
    voyage = ring(card_spaces=2, ally_spaces=1, card_ids=["A1"], ally_ids=["tento"])
    assert voyage.frederick == voyage.player == 0
    assert all(space.present for port in voyage.ports for space in port.cards)
    assert all(a.face_up and a.face_down for port in voyage.ports for a in port.allies)
    assert voyage.ports[0].cards[0].card_id == "A1"
    assert voyage.ports[0].cards[1].card_id is None
    assert voyage.ports[0].allies[0].face_up_id == "tento"
    assert voyage.ports[1].allies[0].face_up_id is None


@pytest.mark.parametrize(("start", "target", "steps"), [(0, 1, 1), (0, 4, 4), (3, 1, 3), (2, 2, 0)])
def test_steps_are_counted_clockwise(start: int, target: int, steps: int) -> None:
    assert ring().with_player_at(start).steps_to(target) == steps


@pytest.mark.parametrize(("steps", "cost"), [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3)])
def test_first_step_is_free_then_one_augustalis_per_step(steps: int, cost: int) -> None:
    assert Voyage.travel_cost(steps) == cost


def test_free_steps_can_be_raised_by_an_ability() -> None:
    assert Voyage.travel_cost(3, free_steps=2) == 1


def test_port_index_is_case_insensitive_and_lists_ports_on_error() -> None:
    assert ring().port_index("  tunis ") == 2
    with pytest.raises(RuleError, match="Roma, Alexandria, Tunis, Barcelona, Fifth port"):
        ring().port_index("Venezia")


def test_a_ship_must_stand_on_the_ring() -> None:
    with pytest.raises(ValidationError, match="a ship must stand"):
        Voyage.model_validate({**ring().model_dump(), "frederick": 5})


# --- Frederick's ship ------------------------------------------------------------------------


def test_frederick_destinations() -> None:
    voyage = ring().with_frederick_at(4).with_player_at(2)
    assert voyage.frederick_destination(ShipMove.MOVE1) == 0  # wraps round
    assert voyage.frederick_destination(ShipMove.STAY) == 4
    assert voyage.frederick_destination(ShipMove.TO_PLAYER) == 2


# --- contents ----------------------------------------------------------------------------------


def test_take_card_empties_the_space_and_a_second_take_finds_nothing() -> None:
    voyage, taken = ring(card_ids=[None, "B3"]).take_card(1)
    assert taken is not None and taken.card_id == "B3"
    assert not voyage.ports[1].cards[0].present
    assert voyage.first_card_space(1) is None
    again, nothing = voyage.take_card(1)
    assert nothing is None and again == voyage
    with pytest.raises(RuleError, match="no card space 2"):
        voyage.take_card(1, 1)


def test_take_ally_uncovers_the_face_down_ally_without_turning_it_up() -> None:
    voyage, taken = ring(ally_ids=["gisela"]).take_ally(0)
    assert taken is not None and taken.face_up_id == "gisela"
    space = voyage.ports[0].allies[0]
    assert (space.face_up, space.face_down) == (False, True)
    assert voyage.first_ally_space(0) is None
    assert voyage.take_ally(0)[1] is None


def test_reorganise_refills_from_the_pile_and_turns_uncovered_allies_up() -> None:
    voyage = ring()
    voyage, _ = voyage.take_card(1)
    voyage, _ = voyage.take_card(3)
    voyage, _ = voyage.take_ally(2)
    assert voyage.empty_card_spaces() == [(1, 0), (3, 0)]
    after, missing, flipped = voyage.reorganise()
    assert missing == 0
    assert after.advanced_pile == 9
    assert after.empty_card_spaces() == []
    assert flipped == [(2, 0)]
    # The ally turned up is the one that lay beneath: nothing is left under it.
    assert (after.ports[2].allies[0].face_up, after.ports[2].allies[0].face_down) == (True, False)
    assert after.ports[2].allies[0].face_up_id is None


def test_reorganise_counts_spaces_the_pile_cannot_fill() -> None:
    voyage = Voyage.initial(PORTS, start="Roma", advanced_pile=1)
    for port in (0, 2, 4):
        voyage, _ = voyage.take_card(port)
    after, missing, _ = voyage.reorganise()
    assert missing == 2
    assert after.advanced_pile == 0
    # The pile fills spaces in ring order.
    assert after.empty_card_spaces() == [(2, 0), (4, 0)]


def test_an_ally_space_with_nothing_beneath_stays_empty_at_reorganisation() -> None:
    voyage = ring()
    voyage, _ = voyage.take_ally(0)
    voyage = voyage.reorganise()[0]
    voyage, _ = voyage.take_ally(0)  # the second tile is taken too
    after, _, flipped = voyage.reorganise()
    assert flipped == []
    assert not after.ports[0].allies[0].face_up


def test_naming_needs_something_there() -> None:
    voyage = ring().name_ally(1, 0, "tento").name_card(1, 0, "A7")
    assert voyage.ports[1].allies[0].face_up_id == "tento"
    assert voyage.ports[1].cards[0].card_id == "A7"
    voyage, _ = voyage.take_card(1)
    voyage, _ = voyage.take_ally(1)
    with pytest.raises(RuleError, match="no Advanced card"):
        voyage.name_card(1, 0, "A7")
    with pytest.raises(RuleError, match="no face-up Ally"):
        voyage.name_ally(1, 0, "tento")


# --- in a game ----------------------------------------------------------------------------------


def test_travel_pays_one_augustalis_per_step_beyond_the_first(
    make_game: Callable[..., SoloGame],
) -> None:
    game = make_game()
    coins = game.state.player.augustales
    game.push(Travel(port=3))  # Roma → Barcelona: 3 steps, 2 paid
    assert game.state.voyage.player == 3
    assert game.state.player.augustales == coins - 2
    assert game.log[-1] == "You sailed Roma → Barcelona (3 spaces, paid 2 Augustales)"


def test_travel_one_step_is_free_and_an_effect_sails_anywhere_for_free(
    make_game: Callable[..., SoloGame],
) -> None:
    game = make_game(house="Hohenstaufen")
    game.push(Travel(port=1))
    assert game.state.player.augustales == 6
    # Hohenstaufen's card: move your ship to any space for free, then visit the Market.
    game.push(PlayCard(slot=0, face_up=True, card_id="hohenstaufen-voyage"))
    assert game.allowed() >= {"travel", "decline"}
    game.push(Travel(port=0))  # 4 spaces clockwise, yet free
    assert (game.state.voyage.player, game.state.player.augustales) == (0, 6)
    assert game.log[-1].endswith("(free: any port)")
    game.push(Decline())  # no Market visit
    assert game.state.phase is Phase.FREDERICK


def test_travel_limits(make_game: Callable[..., SoloGame], turns: Any) -> None:
    game = make_game()
    with pytest.raises(RuleError, match="already in Roma"):
        game.push(Travel(port=0))
    with pytest.raises(RuleError, match="no port number 7"):
        game.push(Travel(port=7))
    game.push(Travel(port=1))
    # Once a turn, before the card.
    with pytest.raises(RuleError, match="already sailed this turn"):
        game.push(Travel(port=2))
    turns.play(game, "market")
    # After the card, only what it leaves (an effect may move your ship for free).
    with pytest.raises(RuleError, match=r"(?i)first: visit the market"):
        game.push(Travel(port=2))
    game.push(Decline())
    turns.frederick(game)
    # From Alexandria, Roma is 4 steps clockwise: allowed (4 is the most).
    game.push(Travel(port=0))
    assert (game.state.voyage.player, game.state.player.augustales) == (0, 3)
    turns.idle_turn(game)
    turns.frederick(game)
    game.push(Travel(port=4))
    assert game.state.player.augustales == 0
    turns.idle_turn(game)
    turns.frederick(game)
    with pytest.raises(RuleError, match="only 0 Augustales"):
        game.push(Travel(port=1))  # 2 steps: 1 Augustalis


def test_travel_more_than_four_spaces_is_refused(
    make_game: Callable[..., SoloGame], ruleset_with: Callable[..., object]
) -> None:
    ports = ["P1", "P2", "P3", "P4", "P5", "P6"]
    rules = ruleset_with(("voyage", "ports", ports), ("voyage", "start_port", "P1"))
    game = make_game(ruleset=rules)
    with pytest.raises(RuleError, match="at most 4 spaces, 5 are needed"):
        game.push(Travel(port=5))


def test_frederick_move1_removes_the_card_at_his_new_port(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table", port_cards=(None, "A5"))
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S01")))  # move1 · card · Edict I
    voyage = game.state.voyage
    assert voyage.frederick == 1
    assert not voyage.ports[1].cards[0].present
    assert voyage.ports[0].cards[0].present
    assert "Move Frederick's ship 1 space: Roma → Alexandria" in game.log[-1]
    assert "Remove the Advanced card in Alexandria (A5) from the game" in game.log[-1]


def test_frederick_joins_your_ship_and_removes_the_ally_there(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table", port_allies=(None, None, "gisela"))
    game.push(Travel(port=2))
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S15")))  # to_player · ally · Edict II
    voyage = game.state.voyage
    assert voyage.frederick == 2
    assert not voyage.ports[2].allies[0].face_up
    assert "Move Frederick's ship to your ship: Roma → Tunis" in game.log[-1]
    assert "Remove the Ally in Tunis (Gisela) from the game" in game.log[-1]


def test_frederick_removal_with_nothing_there_says_so(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table")
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S12")))  # stay · card · no edict
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S13")))  # to_player · card · ally · crown
    assert "Frederick's ship joins yours: it is already in Roma" in game.log[-1]
    assert "No Advanced card in Roma to remove" in game.log[-1]
    assert "Remove the Ally in Roma" in game.log[-1]


def test_naming_events(make_game: Callable[..., SoloGame]) -> None:
    game = make_game()
    game.push(NameAlly(port=3, ally_id="gisele"))
    game.push(NameCard(port=3, card_id="B2"))
    assert game.log[-2:] == (
        "The Ally in Barcelona is Gisèle",
        "The Advanced card in Barcelona is B2",
    )
    with pytest.raises(RuleError, match="no such Ally space"):
        game.push(NameAlly(port=9, ally_id="gisele"))
    with pytest.raises(RuleError, match="no such card space"):
        game.push(NameCard(port=0, space=1, card_id="B2"))


def test_the_reference_says_where_an_ally_frederick_removes_goes(
    make_game: Callable[..., SoloGame], face_of: Callable[[str], CardFace], turns: Any
) -> None:
    """Issue 40, E4: the engine takes the Ally out of the game (his Court does not grow);
    the Reference said it went to his palace."""
    from solo_deck import reference_entries

    game = make_game(mode="table", port_allies=(None, None, "gisela"))
    court = game.state.palace.allies
    game.push(Travel(port=2))
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S15")))  # to_player · ally · Edict II (1W 1K)
    assert game.state.palace.allies == court
    entry = next(e for e in reference_entries() if e.id == "removes_ally")
    assert "palace" not in entry.summary and "out of the game" in entry.summary
