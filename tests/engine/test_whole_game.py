"""A whole game through the engine alone, your side recorded only through cards played and
what they trigger (no Gain or Correct), checked against a total worked out by hand.

The game and its running totals are in tests/scripted_game.py (the app test plays the same
game by keys)."""

from __future__ import annotations

from solo_deck import GameEndReason, Phase, SoloGame, final_score
from solo_deck.events import CastleIncome
from solo_deck.rules.scoring import final_counts
from tests.scripted_game import (
    ALEXANDRIA_MARKET,
    FINAL_CASTLE,
    FINAL_SUPPLY,
    ROUND_1,
    SCRIPT,
    THREE_AUGUSTALES,
    TITLE,
    TOTAL,
    tableau_setup,
)


def test_a_scripted_game_ends_with_the_hand_computed_score() -> None:
    game = SoloGame(tableau_setup())
    for index, event in enumerate(SCRIPT):
        game.push(event)
        if index == ROUND_1.index(CastleIncome()) - 1:  # the last card of round 1 resolved
            assert game.state.phase is Phase.END_PHASE
        if index == len(ROUND_1) - 1:
            assert (game.state.round, game.state.player.vp) == (2, 1)

    state = game.state
    assert state.phase is Phase.GAME_OVER
    assert state.game_end == (GameEndReason.EDICT_SPACE_EMPTY,)
    player = state.player
    assert (player.vp, player.grain, player.stone, player.augustales) == FINAL_SUPPLY
    assert (player.towers, player.walls, player.keeps) == FINAL_CASTLE
    assert player.greats == ("great_tower_b",)
    assert player.keep_covers == ("slot", "hand")
    assert player.closed_sides == ("grain", "stone")  # T2 closes W1, T3 closes W2
    assert player.allies == ("castellan", "tento")
    assert player.advanced_cards == ()  # both face-up cards of round 2 are House cards
    assert state.hand == 1  # 5, five played, the cover's 2 drawn, the sixth played
    assert player.city_tiles == ("F",)
    assert state.board.edict_rewards[0] == THREE_AUGUSTALES
    assert state.board.markets[1] == ALEXANDRIA_MARKET
    palace = state.palace
    assert (palace.towers, palace.walls, palace.keeps, palace.allies) == (4, 3, 2, 3)
    assert (palace.grain, palace.stone, palace.treasury, palace.specialist) == (3, 2, 9, 2)

    score = final_score(**final_counts(state), ruleset=game.setup.ruleset)
    assert (score.total, score.title) == (TOTAL, TITLE)
    # Nothing of your side was typed as a correction.
    assert not [e for e in game.events if e.type in ("gain", "correct")]
    # Replaying the document gives the same game.
    again = SoloGame.from_document(game.to_document())
    assert again.state == state and again.log == game.log
