"""``review``: where a game's VP came from, round by round (issue 28)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo_deck import GameReview, SoloGame, review, total_by_source
from solo_deck.events import Correct, Gain
from tests.random_games import setup_for, walk
from tests.scripted_game import SCRIPT, TOTAL, play_in_engine, tableau_setup


def test_the_scripted_game_gives_the_hand_computed_vp_by_source_per_round() -> None:
    result = review(play_in_engine())
    # Round 1: Castellan's ally income, 1 VP. Round 2: ally income Castellan 1 + Tento 3
    # (no Workplace of the script gives VP: the Specialist goes along Path B).
    assert [(r.round, r.vp_by_source, r.complete) for r in result.rounds] == [
        (1, {"ally_income": 1}, True),
        (2, {"ally_income": 4}, True),
    ]
    assert [r.vp_after for r in result.rounds] == [1, 1 + 4]
    assert result.final is not None and result.final.total == TOTAL
    assert result.vp_by_source == {
        "ally_income": 1 + 4,
        "structures": 7,
        "most_structures_bonus": 4,
        "resources": 2,
    }
    assert sum(result.vp_by_source.values()) == TOTAL


def test_the_round_closes_with_your_side_and_fredericks_palace_as_they_stood() -> None:
    game = play_in_engine()
    first = review(game).rounds[0]
    # Round 1 ends with a Pass (an empty hand): 1 Grain, 2 Stone, 3 Augustales as the
    # script's comments run them (the Grain side's income after 0 G, 2 S from the reward).
    assert (first.grain, first.stone, first.augustales) == (1, 2, 3)
    assert (first.towers, first.walls, first.keeps, first.allies) == (2, 1, 1, ("castellan",))
    # Frederick after round 1: the Edict II added a Wall and a Keep (3 W, 2 K).
    assert (first.palace.walls, first.palace.keeps) == (3, 2)


def test_each_edict_issued_is_set_beside_the_advisors_first_choice() -> None:
    edicts = review(play_in_engine()).edicts
    assert [e.round for e in edicts] == [1, 2]
    assert edicts[0].issued.startswith("Edict II (1W 1K)")
    assert all(e.difference >= 0 for e in edicts)


def test_a_game_in_progress_has_an_open_last_round_and_no_final_score() -> None:
    game = SoloGame(tableau_setup())
    for event in SCRIPT[:30]:
        game.push(event)
    result = review(game)
    assert result.final is None
    assert result.rounds[-1].complete is False
    assert result.rounds[-1].round == game.state.round


def test_vp_typed_by_hand_is_its_own_source_and_a_loss_counts_against_it() -> None:
    game = SoloGame(tableau_setup())
    game.push(Gain(vp=4))
    game.push(Correct(target="player.vp", value=1))
    assert review(game).rounds[0].vp_by_source == {"by_hand": 1}


def test_review_is_deterministic() -> None:
    assert review(play_in_engine()) == review(play_in_engine())


def _sums_hold(result: GameReview, game: SoloGame) -> None:
    before = 0
    for row in result.rounds:
        assert sum(row.vp_by_source.values()) == row.vp_gained == row.vp_after - before
        before = row.vp_after
    assert before == game.state.player.vp
    if result.final is not None:
        assert sum(result.vp_by_source.values()) == result.final.total
    assert total_by_source(r.vp_by_source for r in result.rounds) == {
        s: vp for s, vp in result.vp_by_source.items() if s not in result.end_by_source()
    }


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(1, 400))
def test_the_sources_of_every_round_add_up_to_its_vp_on_random_games(seed: int, steps: int) -> None:
    game = walk(setup_for(seed), seed, steps, lambda _: None)
    _sums_hold(review(game), game)


def test_the_sums_hold_on_random_finished_games() -> None:
    finished = 0
    for seed in range(40):
        game = walk(setup_for(seed), seed, 1500, lambda _: None)
        finished += game.state.game_over
        _sums_hold(review(game), game)
    assert finished >= 3
