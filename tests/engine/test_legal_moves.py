"""Issue 37: every legal move, listed by the engine (``SoloGame.legal_moves``), beside the
gate that judges it; hidden outcomes weighed from what is public; and the two gate
discrepancies the generator found."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from solo_deck import GameSetup, SoloGame, parse_edict
from solo_deck.data.assumed import load_assumptions
from solo_deck.events import (
    EVENT_TYPES,
    Build,
    FrederickTurn,
    NameCard,
    NameHand,
    PlayCard,
    Promote,
    RevealEdict,
)
from solo_deck.model.player import Specialist
from solo_deck.model.state import Phase
from solo_deck.play.bots import RandomBot
from solo_deck.play.simulate import new_game, play_out
from solo_deck.play.table import CONFIGURATIONS, Configuration
from solo_deck.rules.gate import allowed_types, refusal
from solo_deck.rules.legal import ALWAYS_TOLD, CORRECTIONS
from solo_deck.setup import initial_state

TILES = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))


def board_game(**changes: Any) -> SoloGame:
    """A game on the packaged boards whose start state is changed by ``changes``."""
    setup = GameSetup(active_edicts=TILES, next_edicts=TILES, edict_pile=18, seed=2)
    state = initial_state(setup)
    player = state.player.model_copy(update=changes.pop("player", {}))
    start = state.model_copy(update={"player": player, **changes})
    return SoloGame(setup.model_copy(update={"start": start}))


def test_the_first_turn_lists_every_play_and_voyage() -> None:
    game = board_game()
    moves = game.legal_moves()
    plays = [m.event for m in moves if isinstance(m.event, PlayCard)]
    # 5 free slots, each giving two main actions face down (one card unnamed), and each of
    # the 6 distinct House cards face up in each slot.
    face_down = [p for p in plays if not p.face_up]
    face_up = [p for p in plays if p.face_up]
    assert len(face_down) == 10 and {p.card_id for p in face_down} == {None}
    assert len(face_up) == 5 * 6
    travel = sorted(m.event.port for m in moves if m.event.type == "travel")
    assert travel == [1, 2, 3, 4]  # 6 Augustales pay for every step beyond the first


def test_a_travel_you_cannot_pay_is_not_listed() -> None:
    game = board_game(player={"augustales": 1})
    travel = sorted(m.event.port for m in game.legal_moves() if m.event.type == "travel")
    assert travel == [1, 2]  # the first step free, the second for the one coin


def test_a_named_hand_names_its_face_down_card() -> None:
    game = board_game()
    game.push(NameHand(cards=("common-draw", "common-draw", "common-grain", "common-stone")))
    game.push(NameHand(cards=("savoy-purchase",)))
    face_down = {
        m.event.card_id
        for m in game.legal_moves()
        if isinstance(m.event, PlayCard) and not m.event.face_up
    }
    assert face_down == {"common-draw", "common-grain", "common-stone", "savoy-purchase"}


def test_the_outcomes_of_a_hidden_fact_add_up_to_one() -> None:
    game = board_game()
    by_fact: dict[str, Fraction] = {}
    for move in game.legal_moves():
        if not move.decision:
            assert move.fact is not None and move.chance is not None
            by_fact[move.fact] = by_fact.get(move.fact, Fraction(0)) + move.chance
    assert by_fact and set(by_fact.values()) == {Fraction(1)}


def test_a_tile_drawn_is_one_of_those_not_seen() -> None:
    game = new_game(Configuration(), seed=4)
    while not game.state.awaiting_reveal:
        play_out_one(game)
    tiles = [(m.event, m.chance) for m in game.legal_moves() if isinstance(m.event, RevealEdict)]
    row = game.state.edicts
    seen = Counter(t for t in (*row.active, *row.next, *row.issued) if t is not None)
    box = Counter(parse_edict(t) for t in load_assumptions().edict_tiles.standard)
    expected = box - seen
    assert {event.edict for event, _ in tiles} == set(expected)
    for event, chance in tiles:
        assert chance == Fraction(expected[event.edict], sum(expected.values()))


def test_a_card_turned_up_is_of_the_level_the_pile_holds_there() -> None:
    game = new_game(Configuration(), seed=4)
    voyage = game.state.voyage
    emptied = voyage.take_card(0)[0]  # the card at Roma gone...
    refilled, _, _ = emptied.reorganise()  # ...and refilled, unnamed, from the pile
    start = game.state.model_copy(update={"voyage": refilled})
    game = SoloGame(game.setup.model_copy(update={"start": start}))
    names = [(m.event, m.chance) for m in game.legal_moves() if isinstance(m.event, NameCard)]
    assert names and all((event.card_id or "").startswith("A") for event, _ in names)
    assert sum(chance or 0 for _, chance in names) == 1


def test_frederick_in_table_mode_shows_one_of_the_unseen_faces() -> None:
    setup = GameSetup(
        active_edicts=TILES, next_edicts=TILES, edict_pile=18, seed=2, deck_mode="table"
    )
    state = initial_state(setup).model_copy(update={"phase": Phase.FREDERICK})
    game = SoloGame(setup.model_copy(update={"start": state}))
    flips = [(m.event, m.chance) for m in game.legal_moves() if isinstance(m.event, FrederickTurn)]
    faces = Counter(card.face for card in state.deck.unseen_cards())
    assert {event.face for event, _ in flips} == set(faces)
    assert all(
        event.face is not None and chance == Fraction(faces[event.face], 16)
        for event, chance in flips
    )


@pytest.mark.parametrize("seed", range(6))
def test_allowed_types_asks_only_what_a_phase_can_allow(seed: int) -> None:
    """The gate's quick path (only the types a phase and a queue can allow) gives what
    asking every type gives, on every state of a random game."""
    game = new_game(CONFIGURATIONS[seed], seed)

    def same(game: SoloGame) -> None:
        every = {k for k in EVENT_TYPES if refusal(game.state, k, game.ruleset) is None}
        assert allowed_types(game.state, game.ruleset) == every

    play_out(game, RandomBot(), random.Random(seed), same)


def test_promote_is_not_offered_into_a_city_you_hold() -> None:
    """Found by the generator: the gate lit Promote when the only Specialist able to step
    would enter a City another of your Specialists holds."""
    specialists = (
        Specialist(path="A", space=5),
        Specialist(path="B", space=3),
        Specialist(path="B", space=2),
    )
    game = board_game(player={"specialists": specialists, "grain": 0})
    game.push(PlayCard(slot=2, face_up=False, actions=("promote",)))
    assert "promote" not in game.allowed()
    assert game.why_not("promote") == "no Specialist can move further: decline it"
    assert {m.event.type for m in game.legal_moves()} - ALWAYS_TOLD - {"name_hand"} == {"decline"}
    with pytest.raises(ValueError, match="no Specialist can move further: decline it"):
        game.push(Promote(specialist=2))


def test_a_build_paid_in_coins_you_lack_is_not_offered() -> None:
    """Found by the generator: the gate lit a Build paid with Augustales instead of
    resources (B14: 7 Augustales) when you had too few Augustales."""
    games = {}
    for coins in (7, 6):
        game = board_game(player={"augustales": coins, "advanced_cards": ("B14",)})
        game.push(NameHand(cards=("B14",)))
        game.push(PlayCard(slot=0, face_up=True, card_id="B14"))
        games[coins] = game
    assert "build" in games[7].allowed()
    games[7].push(Build(structure="tower", site="T2"))
    assert games[7].state.player.augustales == 0 and games[7].state.player.towers == 2
    poor = games[6]
    assert "build" not in poor.allowed()
    assert poor.why_not("build") == "this Build costs 7 Augustales and you have 6: decline it"
    with pytest.raises(ValueError, match="this Build costs 7 Augustales and you have 6"):
        poor.push(Build(structure="tower", site="T2"))


def test_every_listed_move_is_accepted_and_every_allowed_type_listed() -> None:
    for seed in range(3):
        game = new_game(CONFIGURATIONS[seed * 7], seed)

        def agree(game: SoloGame) -> None:
            moves = game.legal_moves()
            kinds = {m.event.type for m in moves} - ALWAYS_TOLD
            assert kinds == game.allowed() - CORRECTIONS - ALWAYS_TOLD
            for move in moves:
                game.preview(move.event)

        play_out(game, RandomBot(), random.Random(seed), agree)


def play_out_one(game: SoloGame) -> None:
    """One move: a hidden outcome (the first), else the first decision."""
    moves = game.legal_moves()
    hidden = [m for m in moves if not m.decision]
    game.push((hidden or list(moves))[0].event)


def test_a_purchase_paid_with_a_card_is_not_offered_with_nothing_to_remove() -> None:
    """Found by the gate's random walks once cards had places: a Purchase paid with an
    Action card was lit with an empty hand and an empty discard pile (round 1)."""
    setup = GameSetup(
        active_edicts=TILES, next_edicts=TILES, edict_pile=18, seed=2, port_cards=("A7",)
    )
    start = initial_state(setup).model_copy(update={"hand": 1})
    game = SoloGame(setup.model_copy(update={"start": start}))
    game.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    assert game.state.hand == 0 and game.state.cards.discard == 0
    assert "buy_card" not in game.allowed()
    assert game.why_not("buy_card") == (
        "A7 costs one of your Action cards, and your hand and discard pile are empty: decline it"
    )
    assert {m.event.type for m in game.legal_moves() if m.decision} == {"decline"}
