"""A round: your turns (a card per slot), Frederick's at most 5 actions, the End Phase and the
game end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import (
    CardFace,
    GameEndReason,
    Phase,
    RuleError,
    SoloGame,
    parse_edict,
)
from solo_deck.events import (
    Build,
    BuyCard,
    CastleIncome,
    ChooseCityBonus,
    Correct,
    Decline,
    EndRound,
    FrederickTurn,
    Gain,
    Pass,
    PlayCard,
    PlayerEdict,
    Promote,
    Reorganise,
    Resolve,
    RevealEdict,
    ScoreAllyIncome,
    TakeEdictReward,
    Travel,
)
from solo_deck.model.deck import _order
from solo_deck.model.state import FrederickReport

Factory = Callable[..., SoloGame]


def phase(game: SoloGame) -> Phase:
    """The phase now (a call, so a type checker does not carry an earlier check over)."""
    return game.state.phase


def ended(game: SoloGame) -> tuple[GameEndReason, ...]:
    """The game-end reasons now."""
    return game.state.game_end


def report(game: SoloGame) -> FrederickReport:
    """Frederick's last turn (there must be one)."""
    last = game.state.last_frederick
    assert last is not None
    return last


def keep_with_slot_cover(game: SoloGame, turns: Any) -> None:
    """Your first turn: build the Keep whose cover frees the sixth card slot, issue its
    Edict and let its reward go."""
    game.push(Correct(target="player.grain", value=0))
    game.push(Correct(target="player.stone", value=3))
    turns.play(game, "build")
    game.push(Build(structure="keep", cover="slot", stone=3))
    game.push(PlayerEdict(slot=0, choice={"T": "add"}, replacement=0))
    game.push(RevealEdict(position=0, edict=parse_edict("1G")))
    game.push(Decline())


def buy_card(game: SoloGame, turns: Any, card_id: str) -> None:
    """A face-down card's purchase of Advanced card ``card_id``, whose effect, offered at
    once, is let go."""
    turns.play(game, "purchase")
    game.push(BuyCard(card_id=card_id))
    game.push(Decline())


def leave_a_card_space_empty(game: SoloGame, turns: Any) -> None:
    """The Advanced pile emptied, then a card bought: Reorganisation cannot refill its space."""
    game.push(Correct(target="voyage.advanced_pile", value=0))
    buy_card(game, turns, "A1")


# --- turns -------------------------------------------------------------------------------------


def test_a_round_alternates_you_and_frederick(make_game: Factory, turns: Any) -> None:
    game = make_game()
    assert (game.state.round, game.state.phase, game.state.turn) == (1, Phase.PLAYER, 1)
    turns.idle_turn(game)
    assert phase(game) is Phase.FREDERICK
    assert game.log[-1] == "You declined: Visit the Market (your face-down card in slot 1) — " + (
        "your turn 1 is over; Frederick is next"
    )
    turns.frederick(game)
    assert phase(game) is Phase.PLAYER
    assert (game.state.player_turns, game.state.frederick_actions, game.state.turn) == (1, 1, 2)
    assert game.state.last_frederick is not None
    assert game.state.last_frederick.action_number == 1


def test_with_five_slots_your_fifth_card_lets_frederick_finish_the_round(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    for _ in range(4):
        turns.idle_turn(game)
        turns.frederick(game)
    turns.idle_turn(game)  # the fifth card fills your last free slot
    assert game.state.passed and game.state.phase is Phase.FREDERICK
    assert game.log[-1].endswith("no card slot left: Frederick takes his remaining actions")
    turns.frederick(game)
    assert game.state.frederick_actions == 5
    assert report(game).steps[-1] == ("Frederick has taken his 5 actions for this round")
    turns.assert_round_over(game)


def test_round_frederick_refuses_a_sixth_action_even_in_his_phase(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    turns.idle_turn(game)
    game.push(Correct(target="frederick_actions", value=5))
    with pytest.raises(RuleError, match="already taken 5 actions"):
        game.push(FrederickTurn())


def test_with_the_slot_cover_your_sixth_turn_ends_the_round_without_a_flip(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    keep_with_slot_cover(game, turns)
    for _ in range(5):
        turns.frederick(game)
        if game.state.phase is Phase.PLAYER and game.state.player_turns < 5:
            turns.idle_turn(game)
    assert (game.state.phase, game.state.player_turns, game.state.frederick_actions) == (
        Phase.PLAYER,
        5,
        5,
    )
    deck_before = game.state.deck
    turns.idle_turn(game)  # your 6th card, in the slot the Keep cover freed
    turns.assert_round_over(game)
    assert game.state.player_turns == 6
    assert game.state.deck == deck_before
    assert game.log[-1].endswith("your turn 6 is over; no card slot left: on to the End Phase")


def test_your_turn_with_frederick_out_of_actions_stays_with_you(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    game.push(Correct(target="frederick_actions", value=5))
    turns.idle_turn(game)
    assert phase(game) is Phase.PLAYER
    assert "Frederick has no actions left" in game.log[-1]


def test_pass_lets_frederick_finish_his_five_actions_then_end_phase(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    turns.idle_turn(game)
    turns.frederick(game)
    game.push(Pass())
    assert game.state.passed
    assert game.log[-1] == "You passed; Frederick still takes 4 actions"
    for expected in (2, 3, 4):
        assert phase(game) is Phase.FREDERICK
        turns.frederick(game)
        assert game.state.frederick_actions == expected
    turns.frederick(game)
    assert game.state.frederick_actions == 5
    assert phase(game) is Phase.END_PHASE
    with pytest.raises(RuleError, match="your turn"):
        game.push(PlayCard(slot=2, face_up=False, actions=("build",)))


def test_pass_after_frederick_has_acted_five_times_goes_straight_to_end_phase(
    make_game: Factory,
) -> None:
    game = make_game()
    game.push(Correct(target="frederick_actions", value=5))
    game.push(Pass())
    assert phase(game) is Phase.END_PHASE
    assert game.log[-1] == "You passed; on to the End Phase"


def test_pass_only_at_the_start_of_your_turn(make_game: Factory, turns: Any) -> None:
    game = make_game()
    turns.play(game, "build")
    with pytest.raises(RuleError, match="first: Build a Structure"):
        game.push(Pass())


def test_player_events_are_refused_outside_your_turn(make_game: Factory, turns: Any) -> None:
    game = make_game()
    turns.idle_turn(game)
    for event in (
        PlayCard(slot=1, face_up=False, actions=("build",)),
        Pass(),
        Travel(port=1),
        Build(structure="tower"),
    ):
        with pytest.raises(RuleError, match="now it is Frederick's turn"):
            game.push(event)
    # A Gain (a correction of your supplies) is fine at any time.
    game.push(Gain(vp=1, reason="castle bonus"))
    assert game.log[-1] == "You: +1 VP (castle bonus)"


def test_a_drawn_edict_tile_must_be_typed_before_play_goes_on(
    make_game: Factory, face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table")
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S09")))
    assert game.state.awaiting_reveal == (0,)
    assert game.allowed() == {"reveal_edict", "correct", "name_ally", "name_card"}
    with pytest.raises(RuleError, match="first type the new Next I Edict tile"):
        turns.play(game, "build")
    game.push(RevealEdict(position=0, edict=parse_edict("2K")))
    assert game.log[-1] == "New Next I tile: 2K"
    turns.idle_turn(game)


# --- card slots --------------------------------------------------------------------------------


def test_a_slot_takes_one_card_a_round_and_the_sixth_is_locked(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    with pytest.raises(RuleError, match="slot 6 is under the Card Slot tile"):
        game.push(PlayCard(slot=5, face_up=False, actions=("build",)))
    turns.play(game, "build", slot=2)
    game.push(Decline())
    turns.frederick(game)
    with pytest.raises(RuleError, match="slot 3 already holds a card this round"):
        game.push(PlayCard(slot=2, face_up=False, actions=("build",)))
    assert [card.slot for card in game.state.player.played] == [2]
    turns.play_round(game)
    assert game.state.player.played == ()  # the End Phase gave your cards back


def test_one_card_per_turn_and_travel_only_before_it(make_game: Factory, turns: Any) -> None:
    game = make_game()
    game.push(Travel(port=1))
    with pytest.raises(RuleError, match="already sailed this turn"):
        game.push(Travel(port=2))
    turns.play(game, "build")
    with pytest.raises(RuleError, match="first: Build a Structure"):
        game.push(Travel(port=2))
    game.push(Decline())
    turns.frederick(game)
    game.push(Travel(port=2))  # a new turn, a new voyage
    assert game.state.voyage.player == 2


def test_face_down_gives_one_main_action_two_only_with_the_cover(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    with pytest.raises(RuleError, match="both main actions need the Keep cover"):
        game.push(PlayCard(slot=0, face_up=False, actions=("build", "promote")))
    with pytest.raises(ValueError, match="one main action"):
        PlayCard(slot=0, face_up=False, actions=())


def test_face_up_plays_a_house_card_or_an_advanced_card_you_own(
    make_game: Factory, turns: Any
) -> None:
    game = make_game(house="Savoy")
    with pytest.raises(RuleError, match="neither one of House Savoy's cards"):
        game.push(PlayCard(slot=0, face_up=True, card_id="hohenstaufen-voyage"))
    with pytest.raises(RuleError, match="nor an Advanced card you own"):
        game.push(PlayCard(slot=0, face_up=True, card_id="A7"))
    game.push(PlayCard(slot=0, face_up=True, card_id="common-augustales"))
    assert game.state.obligation is not None
    assert game.state.obligation.text == "House card played: +3 Augustales"
    game.push(Resolve())
    assert game.state.player.augustales == 9
    assert phase(game) is Phase.FREDERICK


# --- crowns in a game ------------------------------------------------------------------------


def test_crowns_second_crown_reshuffles_at_the_end_of_that_frederick_turn(
    make_game: Factory, face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table", pile=0)
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S02")))  # crown 1
    assert not report(game).reshuffled
    assert "Crown: 1 of 2 since the last shuffle" in game.log[-1]
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S04")))  # crown 2: the whole turn is resolved first
    last = report(game)
    assert last.reshuffled
    assert last.steps[-1] == "Shuffle all 16 solo cards into a new deck (end of this turn)"
    assert any(step.startswith("Issue Edict I") for step in last.steps)
    assert game.state.deck.discard == ()
    assert len(game.state.deck.draw_pile) == 16
    # The two crown cards may be flipped again at once: they are back in the deck.
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S02")))


def test_crowns_virtual_next_flip_after_reshuffle_comes_from_a_fresh_order(
    make_game: Factory, turns: Any
) -> None:
    game = make_game(seed=4)
    flips: list[str] = []
    while game.state.deck.shuffles == 0:
        if game.state.phase is Phase.END_PHASE:
            turns.finish_round(game)
        elif game.state.phase is Phase.PLAYER:
            turns.idle_turn(game)
        else:
            turns.frederick(game)
            flips.append(report(game).card_id)
    crowned = [c for c in flips if game.setup.deck.card(c).crown]
    assert len(crowned) == 2 and flips[-1] == crowned[-1]
    fresh = _order(game.setup.deck, "virtual", 4, 1)
    while game.state.phase is not Phase.FREDERICK:
        if game.state.phase is Phase.END_PHASE:
            turns.finish_round(game)
        else:
            turns.idle_turn(game)
    turns.frederick(game)
    assert report(game).card_id == fresh[0]


# --- End Phase -----------------------------------------------------------------------------------


def test_end_phase_steps_in_order(make_game: Factory, turns: Any) -> None:
    game = make_game()
    turns.to_end_phase(game)
    # no side is closed: the (empty) castle income may be taken, but is not required
    with pytest.raises(RuleError, match="round: score the ally income, then reorganise"):
        game.push(EndRound())
    game.push(CastleIncome())
    assert game.log[-1] == "Castle income: no side of your castle is closed yet"
    with pytest.raises(RuleError, match="already taken"):
        game.push(CastleIncome())
    with pytest.raises(RuleError, match="before ending the round: score the ally income"):
        game.push(EndRound())
    game.push(ScoreAllyIncome())
    with pytest.raises(RuleError, match="reorganise the Voyage board"):
        game.push(EndRound())
    game.push(Reorganise())
    with pytest.raises(RuleError, match="already reorganised"):
        game.push(Reorganise())
    assert game.log[-1] == "Reorganisation: refilled 0 card spaces (11 left in the pile)"
    game.push(EndRound())
    state = game.state
    assert (state.round, state.phase, state.player_turns, state.frederick_actions) == (
        2,
        Phase.PLAYER,
        0,
        0,
    )
    assert not state.passed and state.last_frederick is None
    assert state.end_phase.ally_income is None and not state.end_phase.reorganised
    assert not state.end_phase.castle_income
    assert game.log[-1] == "Round 1 ended; round 2 begins"


def test_ally_income_is_refused_before_the_castle_income(make_game: Factory, turns: Any) -> None:
    game = make_game()
    game.push(Correct(target="player.walls", value=2))
    game.push(Correct(target="player.towers", value=2))
    turns.play(game, "build")
    game.push(Build(structure="tower", closes=("vp",)))  # a closed side: it has an income
    turns.to_end_phase(game)
    before, events, log = game.state, list(game.events), list(game.log)
    with pytest.raises(RuleError, match="take the castle income first") as refused:
        game.push(ScoreAllyIncome())
    assert "before ally income" in str(refused.value)
    assert game.state == before
    assert (list(game.events), list(game.log)) == (events, log)
    assert "ally_income" not in game.allowed()
    # Reorganisation does not depend on the incomes.
    game.push(Reorganise())
    game.push(CastleIncome())
    assert "ally_income" in game.allowed()
    game.push(ScoreAllyIncome())
    game.push(EndRound())
    assert game.state.round == 2


def test_end_phase_events_are_refused_during_the_round(make_game: Factory) -> None:
    game = make_game()
    for event in (ScoreAllyIncome(), CastleIncome(), Reorganise(), EndRound()):
        with pytest.raises(RuleError, match="belongs to the End Phase"):
            game.push(event)


def test_reorganisation_refills_what_frederick_and_you_took(
    make_game: Factory, face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table")
    buy_card(game, turns, "A8")
    turns.frederick(game, face_of("S07"))  # move1 · card (Alexandria) · no edict
    turns.to_end_phase(game)
    pile = game.state.voyage.advanced_pile
    turns.income_and_reorganise(game)
    assert game.state.voyage.advanced_pile == pile - 2
    assert game.state.voyage.empty_card_spaces() == []
    assert game.log[-1].startswith("Reorganisation: refilled 2 card spaces")


# --- game end --------------------------------------------------------------------------------


def test_game_end_castle_complete_is_checked_only_at_the_end_of_the_round(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    turns.complete_castle(game, keeps=2)
    turns.play(game, "build")
    game.push(Build(structure="keep", cover="both_actions", stone=1))
    game.push(PlayerEdict(slot=1, choice={"W": "remove", "K": "add"}, replacement=1))
    game.push(RevealEdict(position=1, edict=parse_edict("1S")))
    game.push(TakeEdictReward(slot=1, grain=1))  # Active II: a resource of your choice
    assert game.state.player.castle_complete()
    # Play goes on until the end of the round.
    assert phase(game) is Phase.FREDERICK and ended(game) == ()
    turns.frederick(game)
    turns.to_end_phase(game)
    turns.income_and_reorganise(game)
    assert ended(game) == ()
    game.push(EndRound())
    assert phase(game) is Phase.GAME_OVER and game.state.game_over
    assert ended(game) == (GameEndReason.CASTLE_COMPLETE,)
    assert game.log[-1] == "Round 1 ended. The game is over: your castle is complete"


def test_game_end_active_edict_space_cannot_be_refilled(
    make_game: Factory, face_of: Callable[[str], CardFace], turns: Any
) -> None:
    game = make_game(mode="table", pile=0)
    for i in range(3):
        game.push(Correct(target=f"edicts.next.{i}", value=None))
    turns.idle_turn(game)
    turns.frederick(game, face_of("S10"))
    assert game.state.edicts.unfillable
    assert phase(game) is Phase.PLAYER
    turns.to_end_phase(game)
    turns.finish_round(game)
    assert ended(game) == (GameEndReason.EDICT_SPACE_EMPTY,)
    assert "an Active Edict space could not be refilled" in game.log[-1]


def test_game_end_advanced_cards_short_at_reorganisation(make_game: Factory, turns: Any) -> None:
    game = make_game()
    leave_a_card_space_empty(game, turns)
    turns.to_end_phase(game)
    turns.income_and_reorganise(game)
    assert game.state.end_phase.cards_short == 1
    assert "1 space stays empty: the game ends after this round" in game.log[-1]
    game.push(EndRound())
    assert ended(game) == (GameEndReason.ADVANCED_CARDS_SHORT,)


def test_game_end_reports_every_reason(make_game: Factory, turns: Any) -> None:
    game = make_game(pile=0)
    for i in range(3):
        game.push(Correct(target=f"edicts.next.{i}", value=None))
    game.push(Correct(target="voyage.advanced_pile", value=0))
    turns.complete_castle(game, keeps=2)
    game.push(Correct(target="player.augustales", value=20))
    turns.play(game, "build")
    game.push(Build(structure="keep", cover="hand"))
    game.push(Resolve())  # drew the Keep cover's 2 cards
    game.push(PlayerEdict(slot=0, choice={"T": "add"}, replacement=None))
    game.push(Decline())
    turns.frederick(game)
    buy_card(game, turns, "A1")
    turns.to_end_phase(game)
    turns.finish_round(game)
    assert ended(game) == (
        GameEndReason.CASTLE_COMPLETE,
        GameEndReason.EDICT_SPACE_EMPTY,
        GameEndReason.ADVANCED_CARDS_SHORT,
    )
    assert game.log[-1] == (
        "Round 1 ended. The game is over: your castle is complete; an Active Edict space could "
        "not be refilled; the Advanced card pile could not refill every card space"
    )


def test_no_trigger_means_a_new_round(make_game: Factory, turns: Any) -> None:
    game = make_game()
    turns.to_end_phase(game)
    turns.finish_round(game)
    assert game.state.round == 2 and ended(game) == ()


def test_after_the_game_only_corrections_remain(make_game: Factory, turns: Any) -> None:
    game = make_game()
    leave_a_card_space_empty(game, turns)
    turns.to_end_phase(game)
    turns.finish_round(game)
    assert game.state.game_over
    assert game.allowed() == {"correct", "gain", "name_ally", "name_card"}
    for event in (
        PlayCard(slot=0, face_up=False, actions=("build",)),
        ScoreAllyIncome(),
        EndRound(),
        FrederickTurn(),
    ):
        with pytest.raises(RuleError, match="the game is over"):
            game.push(event)
    game.push(Correct(target="player.vp", value=42))
    assert game.state.player.vp == 42


# --- your actions --------------------------------------------------------------------------------


def test_build_pays_and_respects_the_castle(make_game: Factory, turns: Any) -> None:
    game = make_game()
    turns.play(game, "build")
    game.push(Build(structure="tower", stone=1, grain=1))
    player = game.state.player
    assert (player.towers, player.stone, player.grain, player.augustales) == (2, 0, 0, 6)
    assert game.log[-1].startswith("You built a Tower (towers 2/5), paid 1 Grain, 1 Stone")
    turns.frederick(game)
    turns.play(game, "build")
    with pytest.raises(RuleError, match="only 0 Stone"):
        game.push(Build(structure="wall", stone=1))
    with pytest.raises(RuleError, match="costs 0 Augustales, not 2"):
        game.push(Build(structure="wall", augustales=2))
    game.push(Correct(target="player.keeps", value=3))
    with pytest.raises(RuleError, match="all 3 of your keeps are already built"):
        game.push(Build(structure="keep", cover="hand"))


def test_promote_keeps_a_specialist_on_its_path(
    make_game: Factory, turns: Any, known_board: dict[str, Any]
) -> None:
    game = make_game(**known_board)
    turns.play(game, "promote")
    with pytest.raises(RuleError, match="choose the path"):
        game.push(Promote(specialist=0))
    game.push(Promote(specialist=0, path="B"))
    turns.frederick(game)
    turns.play(game, "promote")
    game.push(Promote(specialist=0, grain=1))
    assert game.log[-1].startswith("You promoted Specialist 1 to Path B space 2, paid 1 Grain")
    turns.frederick(game)
    turns.play(game, "promote")
    with pytest.raises(RuleError, match="cannot change path"):
        game.push(Promote(specialist=0, path="A"))
    game.push(Promote(specialist=0))
    assert game.state.obligation is not None and game.state.obligation.kind == "city_bonus"
    assert game.state.player.furthest_column() == 5  # Path B's City is the City column


def test_only_one_of_your_specialists_may_reach_a_path_city(
    make_game: Factory, turns: Any, known_board: dict[str, Any]
) -> None:
    game = make_game(**known_board)
    game.push(Correct(target="frederick_actions", value=5))  # your turns follow each other

    def promote(**kwargs: Any) -> None:
        if game.state.phase is Phase.END_PHASE:  # five cards played: on to the next round
            turns.finish_round(game)
            game.push(Correct(target="frederick_actions", value=5))
        turns.play(game, "promote")
        game.push(Promote(**kwargs))

    for _ in range(3):
        promote(specialist=0, path="B")
    assert game.why_not("decline") == (
        "this cannot be declined: Your Specialist reached the City of Path B: take its City "
        "Bonus tile"
    )
    game.push(ChooseCityBonus(tile="F"))
    game.push(Decline())  # the free Keep City Bonus F offers
    promote(specialist=1, path="B")
    promote(specialist=1)
    turns.finish_round(game)
    turns.play(game, "promote")
    with pytest.raises(RuleError, match="already in the City of Path B"):
        game.push(Promote(specialist=1))
    # Another path's City is still open.
    game.push(Promote(specialist=2, path="C"))
    assert game.state.player.specialists[2].space == 1


def test_gain_needs_something_cannot_go_negative_nor_overfill_the_warehouse(
    make_game: Factory,
) -> None:
    game = make_game()
    with pytest.raises(RuleError, match="every amount is 0"):
        game.push(Gain())
    with pytest.raises(RuleError, match="only 1 Grain, not 2"):
        game.push(Gain(grain=-2))
    with pytest.raises(RuleError, match="your warehouse holds 3 resources"):
        game.push(Gain(stone=2))
    game.push(Gain(grain=-1, augustales=3, stone=1))
    assert game.log[-1] == "You: -1 Grain, +1 Stone, +3 Augustales"
