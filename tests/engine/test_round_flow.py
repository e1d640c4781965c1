"""A round: your turns, Frederick's at most 5 actions, the End Phase and the game end."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from solo_deck import (
    CardFace,
    EdictKind,
    GameEndReason,
    Phase,
    RuleError,
    SoloGame,
    parse_edict,
)
from solo_deck.deck import _order
from solo_deck.events import (
    Build,
    BuyCard,
    CastleIncome,
    Correct,
    EndRound,
    EndTurn,
    FrederickTurn,
    Gain,
    Pass,
    PlayerEdict,
    Promote,
    Reorganise,
    RevealEdict,
    ScoreAllyIncome,
    Travel,
)

Factory = Callable[..., SoloGame]


def frederick(game: SoloGame, face: CardFace | None = None) -> None:
    """Frederick's turn, then type any Edict tile it drew."""
    game.push(FrederickTurn(face=face))
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict("1G")))


def finish_round(game: SoloGame) -> None:
    """The End Phase in the rulebook's order: castle income, ally income, reorganisation."""
    game.push(CastleIncome())
    game.push(ScoreAllyIncome())
    game.push(Reorganise())
    game.push(EndRound())


# --- turns -------------------------------------------------------------------------------------


def test_a_round_alternates_you_and_frederick(make_game: Factory) -> None:
    game = make_game()
    assert (game.state.round, game.state.phase, game.state.turn) == (1, Phase.PLAYER, 1)
    game.push(EndTurn())
    assert game.state.phase is Phase.FREDERICK
    frederick(game)
    assert game.state.phase is Phase.PLAYER
    assert (game.state.player_turns, game.state.frederick_actions, game.state.turn) == (1, 1, 2)
    assert game.state.last_frederick is not None
    assert game.state.last_frederick.action_number == 1


def test_round_frederick_takes_at_most_five_actions(make_game: Factory) -> None:
    game = make_game()
    for _ in range(5):
        game.push(EndTurn())
        frederick(game)
    assert game.state.frederick_actions == 5
    report = game.state.last_frederick
    assert report is not None and report.action_number == 5
    assert report.steps[-1] == "Frederick has taken his 5 actions for this round"
    assert game.state.phase is Phase.PLAYER
    with pytest.raises(RuleError, match="not Frederick's turn"):
        game.push(FrederickTurn())


def test_round_frederick_refuses_a_sixth_action_even_in_his_phase(make_game: Factory) -> None:
    game = make_game()
    game.push(EndTurn())
    game.push(Correct(target="frederick_actions", value=5))
    with pytest.raises(RuleError, match="already taken 5 actions"):
        game.push(FrederickTurn())


def test_round_after_your_sixth_turn_goes_to_the_end_phase_without_a_flip(
    make_game: Factory,
) -> None:
    game = make_game()
    for _ in range(5):
        game.push(EndTurn())
        frederick(game)
    deck_before = game.state.deck
    game.push(EndTurn())  # your 6th turn (the Keep that frees the last card slot)
    assert game.state.phase is Phase.END_PHASE
    assert game.state.player_turns == 6
    assert game.state.deck == deck_before
    assert game.log[-1] == "You ended turn 6 (your last turn this round: on to the End Phase)"
    with pytest.raises(RuleError, match="not Frederick's turn"):
        game.push(FrederickTurn())


def test_your_turn_with_frederick_out_of_actions_stays_with_you(make_game: Factory) -> None:
    game = make_game()
    game.push(Correct(target="frederick_actions", value=5))
    game.push(EndTurn())
    assert game.state.phase is Phase.PLAYER
    assert "Frederick has no actions left" in game.log[-1]


def test_pass_lets_frederick_finish_his_five_actions_then_end_phase(make_game: Factory) -> None:
    game = make_game()
    game.push(EndTurn())
    frederick(game)
    game.push(Pass())
    assert game.state.passed
    assert game.log[-1] == "You passed; Frederick still takes 4 action(s)"
    for expected in (2, 3, 4):
        assert game.state.phase is Phase.FREDERICK
        frederick(game)
        assert game.state.frederick_actions == expected
    assert game.state.phase is Phase.FREDERICK
    frederick(game)
    assert game.state.frederick_actions == 5
    assert game.state.phase is Phase.END_PHASE
    with pytest.raises(RuleError, match="your turn"):
        game.push(EndTurn())


def test_pass_after_frederick_has_acted_five_times_goes_straight_to_end_phase(
    make_game: Factory,
) -> None:
    game = make_game()
    for _ in range(5):
        game.push(EndTurn())
        frederick(game)
    game.push(Pass())
    assert game.state.phase is Phase.END_PHASE
    assert game.log[-1] == "You passed; on to the End Phase"


def test_player_events_are_refused_outside_your_turn(make_game: Factory) -> None:
    game = make_game()
    game.push(EndTurn())
    for event in (EndTurn(), Pass(), Travel(port=1), Build(structure="tower")):
        with pytest.raises(RuleError, match="Frederick's turn"):
            game.push(event)
    # A Gain (a correction of your supplies) is fine at any time.
    game.push(Gain(vp=1, reason="castle bonus"))
    assert game.log[-1] == "You: +1 VP (castle bonus)"


def test_a_drawn_edict_tile_must_be_typed_before_play_goes_on(
    make_game: Factory, face_of: Callable[[str], CardFace]
) -> None:
    game = make_game(mode="table")
    game.push(EndTurn())
    game.push(FrederickTurn(face=face_of("S09")))
    assert game.state.awaiting_reveal == (0,)
    with pytest.raises(RuleError, match="first type the new Next I Edict tile"):
        game.push(EndTurn())
    game.push(RevealEdict(position=0, edict=parse_edict("2K")))
    assert game.log[-1] == "New Next I tile: 2K"
    game.push(EndTurn())


# --- crowns in a game ------------------------------------------------------------------------


def test_crowns_second_crown_reshuffles_at_the_end_of_that_frederick_turn(
    make_game: Factory, face_of: Callable[[str], CardFace]
) -> None:
    game = make_game(mode="table", pile=0)
    game.push(EndTurn())
    game.push(FrederickTurn(face=face_of("S02")))  # crown 1
    assert not game.state.last_frederick.reshuffled  # type: ignore[union-attr]
    assert "Crown: 1 of 2 since the last shuffle" in game.log[-1]
    game.push(EndTurn())
    game.push(FrederickTurn(face=face_of("S04")))  # crown 2: the whole turn is resolved first
    report = game.state.last_frederick
    assert report is not None and report.reshuffled
    assert report.steps[-1] == "Shuffle all 16 solo cards into a new deck (end of this turn)"
    assert any(step.startswith("Issue Edict I") for step in report.steps)
    assert game.state.deck.discard == ()
    assert len(game.state.deck.draw_pile) == 16
    # The two crown cards may be flipped again at once: they are back in the deck.
    game.push(EndTurn())
    game.push(FrederickTurn(face=face_of("S02")))


def test_crowns_virtual_next_flip_after_reshuffle_comes_from_a_fresh_order(
    make_game: Factory,
) -> None:
    game = make_game(seed=4)
    flips: list[str] = []
    while game.state.deck.shuffles == 0:
        if game.state.phase is Phase.END_PHASE:
            finish_round(game)
        game.push(EndTurn())
        if game.state.phase is Phase.FREDERICK:
            frederick(game)
            flips.append(game.state.last_frederick.card_id)  # type: ignore[union-attr]
    crowned = [c for c in flips if game.setup.deck.card(c).crown]
    assert len(crowned) == 2 and flips[-1] == crowned[-1]
    fresh = _order(game.setup.deck, "virtual", 4, 1)
    if game.state.phase is Phase.END_PHASE:
        finish_round(game)
    game.push(EndTurn())
    frederick(game)
    assert game.state.last_frederick.card_id == fresh[0]  # type: ignore[union-attr]


# --- End Phase -----------------------------------------------------------------------------------


def to_end_phase(game: SoloGame) -> None:
    game.push(Correct(target="frederick_actions", value=5))
    game.push(Pass())
    assert game.state.phase is Phase.END_PHASE


def test_end_phase_steps_in_order(make_game: Factory) -> None:
    game = make_game()
    to_end_phase(game)
    with pytest.raises(RuleError, match="record the castle income, then score the ally"):
        game.push(EndRound())
    game.push(CastleIncome(vp=1, augustales=3))
    with pytest.raises(RuleError, match="already entered"):
        game.push(CastleIncome(vp=1))
    with pytest.raises(RuleError, match="score the ally income before ending the round"):
        game.push(EndRound())
    game.push(ScoreAllyIncome())
    with pytest.raises(RuleError, match="reorganise the Voyage board"):
        game.push(EndRound())
    game.push(Reorganise())
    with pytest.raises(RuleError, match="already reorganised"):
        game.push(Reorganise())
    assert game.state.player.vp == 1 and game.state.player.augustales == 9
    assert game.log[-1] == "Reorganisation: refilled 0 card space(s) (11 left in the pile)"
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


def test_ally_income_is_refused_before_the_castle_income(make_game: Factory) -> None:
    game = make_game()
    to_end_phase(game)
    before, events, log = game.state, list(game.events), list(game.log)
    with pytest.raises(RuleError, match="record the castle income first") as refused:
        game.push(ScoreAllyIncome())
    assert "before ally income" in str(refused.value)
    assert "enter 0s if your castle gave nothing" in str(refused.value)
    assert game.state == before
    assert (list(game.events), list(game.log)) == (events, log)
    # Reorganisation does not depend on the incomes.
    game.push(Reorganise())
    with pytest.raises(RuleError, match="record the castle income first"):
        game.push(ScoreAllyIncome())
    game.push(CastleIncome())
    game.push(ScoreAllyIncome())
    game.push(EndRound())
    assert game.state.round == 2


def test_end_phase_events_are_refused_during_the_round(make_game: Factory) -> None:
    game = make_game()
    for event in (ScoreAllyIncome(), CastleIncome(), Reorganise(), EndRound()):
        with pytest.raises(RuleError, match="belongs to the End Phase"):
            game.push(event)


def test_reorganisation_refills_what_frederick_and_you_took(
    make_game: Factory, face_of: Callable[[str], CardFace]
) -> None:
    game = make_game(mode="table")
    game.push(BuyCard(augustales=2, card_id="A8"))
    game.push(EndTurn())
    frederick(game, face_of("S07"))  # move1 · card (Alexandria) · no edict
    to_end_phase(game)
    pile = game.state.voyage.advanced_pile
    game.push(CastleIncome())
    game.push(ScoreAllyIncome())
    game.push(Reorganise())
    assert game.state.voyage.advanced_pile == pile - 2
    assert game.state.voyage.empty_card_spaces() == []
    assert game.log[-1].startswith("Reorganisation: refilled 2 card space(s)")


# --- game end --------------------------------------------------------------------------------


def test_game_end_castle_complete_is_checked_only_at_the_end_of_the_round(
    make_game: Factory,
) -> None:
    game = make_game()
    for target, value in (("player.towers", 5), ("player.walls", 5), ("player.keeps", 2)):
        game.push(Correct(target=target, value=value))
    game.push(Build(structure="keep", stone=1))
    assert game.state.player.castle_complete()
    # Play goes on until the end of the round.
    assert game.state.phase is Phase.PLAYER and game.state.game_end == ()
    game.push(EndTurn())
    frederick(game)
    to_end_phase(game)
    game.push(CastleIncome())
    game.push(ScoreAllyIncome())
    game.push(Reorganise())
    assert game.state.game_end == ()
    game.push(EndRound())
    assert game.state.phase is Phase.GAME_OVER and game.state.game_over
    assert game.state.game_end == (GameEndReason.CASTLE_COMPLETE,)
    assert game.log[-1] == "Round 1 ended. The game is over: your castle is complete"


def test_game_end_active_edict_space_cannot_be_refilled(
    make_game: Factory, face_of: Callable[[str], CardFace]
) -> None:
    game = make_game(mode="table", pile=0)
    for i in range(3):
        game.push(Correct(target=f"edicts.next.{i}", value=None))
    game.push(EndTurn())
    frederick(game, face_of("S10"))
    assert game.state.edicts.unfillable
    assert game.state.phase is Phase.PLAYER
    to_end_phase(game)
    finish_round(game)
    assert game.state.game_end == (GameEndReason.EDICT_SPACE_EMPTY,)
    assert "an Active Edict space could not be refilled" in game.log[-1]


def test_game_end_advanced_cards_short_at_reorganisation(make_game: Factory) -> None:
    game = make_game()
    game.push(Correct(target="voyage.advanced_pile", value=0))
    game.push(BuyCard(augustales=3))
    to_end_phase(game)
    game.push(CastleIncome())
    game.push(ScoreAllyIncome())
    game.push(Reorganise())
    assert game.state.end_phase.cards_short == 1
    assert "1 space(s) stay empty: the game ends after this round" in game.log[-1]
    game.push(EndRound())
    assert game.state.game_end == (GameEndReason.ADVANCED_CARDS_SHORT,)


def test_game_end_reports_every_reason(make_game: Factory) -> None:
    game = make_game(pile=0)
    for i in range(3):
        game.push(Correct(target=f"edicts.next.{i}", value=None))
    game.push(Correct(target="voyage.advanced_pile", value=0))
    for target, value in (("player.towers", 5), ("player.walls", 5), ("player.keeps", 3)):
        game.push(Correct(target=target, value=value))
    game.push(PlayerEdict(slot=0, choice={EdictKind.TOWER: "add"}, replacement=None))
    game.push(BuyCard())
    to_end_phase(game)
    finish_round(game)
    assert game.state.game_end == (
        GameEndReason.CASTLE_COMPLETE,
        GameEndReason.EDICT_SPACE_EMPTY,
        GameEndReason.ADVANCED_CARDS_SHORT,
    )
    assert game.log[-1] == (
        "Round 1 ended. The game is over: your castle is complete; an Active Edict space could "
        "not be refilled; the Advanced card pile could not refill every card space"
    )


def test_no_trigger_means_a_new_round(make_game: Factory) -> None:
    game = make_game()
    to_end_phase(game)
    finish_round(game)
    assert game.state.round == 2 and game.state.game_end == ()


def test_after_the_game_only_corrections_remain(make_game: Factory) -> None:
    game = make_game()
    game.push(Correct(target="voyage.advanced_pile", value=0))
    game.push(BuyCard())
    to_end_phase(game)
    finish_round(game)
    assert game.state.game_over
    for event in (EndTurn(), ScoreAllyIncome(), EndRound(), FrederickTurn()):
        with pytest.raises(RuleError, match="the game is over"):
            game.push(event)
    game.push(Correct(target="player.vp", value=42))
    assert game.state.player.vp == 42


# --- your actions --------------------------------------------------------------------------------


def test_build_pays_and_respects_the_castle(make_game: Factory) -> None:
    game = make_game()
    game.push(Build(structure="tower", stone=1, grain=1, augustales=2))
    player = game.state.player
    assert (player.towers, player.stone, player.grain, player.augustales) == (2, 0, 0, 4)
    assert game.log[-1] == "You built a Tower (towers 2), paid 1 Grain + 1 Stone + 2 Augustales"
    with pytest.raises(RuleError, match="only 0 Stone"):
        game.push(Build(structure="wall", stone=1))
    game.push(Correct(target="player.keeps", value=3))
    with pytest.raises(RuleError, match="all 3 of your keeps are already built"):
        game.push(Build(structure="keep"))


def test_promote_keeps_a_specialist_on_its_path(make_game: Factory) -> None:
    game = make_game()
    with pytest.raises(RuleError, match="choose the path"):
        game.push(Promote(specialist=0))
    game.push(Promote(specialist=0, path="B"))
    game.push(Promote(specialist=0, grain=1))
    assert game.log[-1] == "You promoted Specialist 1 to Path B space 2, paid 1 Grain"
    with pytest.raises(RuleError, match="cannot change path"):
        game.push(Promote(specialist=0, path="A"))
    game.push(Promote(specialist=0))
    with pytest.raises(RuleError, match="end of Path B"):
        game.push(Promote(specialist=0))
    assert game.state.player.furthest_specialist == 3


def test_only_one_of_your_specialists_may_reach_a_path_city(make_game: Factory) -> None:
    game = make_game()
    for _ in range(3):
        game.push(Promote(specialist=0, path="B"))
    game.push(Promote(specialist=1, path="B"))
    game.push(Promote(specialist=1))
    with pytest.raises(RuleError, match="already in the City of Path B"):
        game.push(Promote(specialist=1))
    # Another path's City is still open.
    for _ in range(5):
        game.push(Promote(specialist=2, path="C"))
    assert game.state.player.specialists[2].space == 5


def test_gain_needs_something_and_cannot_go_negative(make_game: Factory) -> None:
    game = make_game()
    with pytest.raises(RuleError, match="every amount is 0"):
        game.push(Gain())
    with pytest.raises(RuleError, match="only 1 Grain, not 2"):
        game.push(Gain(grain=-2))
    game.push(Gain(grain=-1, augustales=3, stone=2))
    assert game.log[-1] == "You: -1 Grain, +2 Stone, +3 Augustales"
