"""Final score and the solo title."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pydantic import ValidationError

from solo_deck import Ruleset, ScoreBreakdown, load_ruleset, title_for
from tests.scores import TITLE_BOUNDARIES, score

# --- titles --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "title"),
    [*TITLE_BOUNDARIES, (200, "Duke")],
)
def test_titles_and_their_boundaries(total: int, title: str) -> None:
    assert title_for(total) == title


def test_a_negative_score_has_no_title() -> None:
    with pytest.raises(ValueError, match="negative"):
        title_for(-1)


def test_final_score_carries_the_title_of_its_total() -> None:
    # 25 + the most-Structures 4 = 29: a Serf.
    assert score(vp_track=25, frederick_structures=9).title == "Serf"
    # 25 + 1 Structure + 4 = 30: a Knight.
    assert score(vp_track=25, structures=1, frederick_structures=9).title == "Knight"


# --- most Structures -------------------------------------------------------------------------


def test_most_structures_bonus_is_always_yours_by_default() -> None:
    # Frederick scores nothing and no solo rule compares the castles: you, the only player
    # who scores, have the most Structures, so the +4 (no +2 with 2 players) is always yours.
    assert load_ruleset().scoring.most_structures_rule.value == "always"
    for mine, his in ((12, 12), (11, 12), (13, 12), (0, 15)):
        assert score(structures=mine, frederick_structures=his).most_structures_bonus == 4


def test_most_structures_bonus_adapted_rulebook_example(
    ruleset_with: Callable[..., Ruleset],
) -> None:
    # Rulebook: Jack and Noa both have 12 Structures and each score 4; Bernard with 11 scores
    # 2 in a 4-player game. Compared with Frederick's 12 (the at_least_as_many option): a tie
    # shares the +4, and one fewer scores nothing (no +2 with 2 players).
    rules = ruleset_with(("scoring", "most_structures_rule", "at_least_as_many"))

    def bonus(mine: int) -> int:
        return score(structures=mine, frederick_structures=12, ruleset=rules).most_structures_bonus

    assert (bonus(12), bonus(11), bonus(13), bonus(9)) == (4, 0, 4, 0)


def test_most_structures_strict_rule_is_configurable(ruleset_with: Callable[..., Ruleset]) -> None:
    strict = ruleset_with(("scoring", "most_structures_rule", "more_than"))
    tie = score(ruleset=strict, structures=12, frederick_structures=12)
    assert tie.most_structures_bonus == 0
    win = score(ruleset=strict, structures=13, frederick_structures=12)
    assert win.most_structures_bonus == 4
    with pytest.raises(ValidationError, match="always, at_least_as_many, more_than"):
        ruleset_with(("scoring", "most_structures_rule", "sometimes"))


# --- the parts -----------------------------------------------------------------------------


def test_one_vp_per_structure() -> None:
    assert score(structures=7, frederick_structures=9).structures == 7


@pytest.mark.parametrize(
    ("grain", "stone", "augustales", "vp"),
    [
        (0, 0, 5, 0),
        (0, 0, 6, 1),
        (1, 1, 2, 1),  # 2 + 2 + 2 = 6
        (1, 0, 3, 0),  # 2 + 3 = 5
        (3, 3, 0, 2),  # 12 coins
        (0, 0, 17, 2),
    ],
)
def test_grain_and_stone_are_two_augustales_then_one_vp_per_six(
    grain: int, stone: int, augustales: int, vp: int
) -> None:
    assert score(grain=grain, stone=stone, augustales=augustales).resources_vp == vp


def test_docstring_example_total() -> None:
    # 40 on the track + 10 Structures + 4 (always yours, even below his 11) + (8 + 2 + 2) // 6
    # = 2 → 56
    result = score(
        vp_track=40, structures=10, frederick_structures=11, grain=1, stone=1, augustales=8
    )
    assert result == ScoreBreakdown(
        vp_track=40,
        structures=10,
        most_structures_bonus=4,
        resources_vp=2,
        total=56,
        title="Feudal lord",
    )


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3", None])
@pytest.mark.parametrize(
    "field", ["vp_track", "structures", "frederick_structures", "grain", "stone", "augustales"]
)
def test_inputs_must_be_whole_numbers_of_zero_or_more(field: str, bad: object) -> None:
    with pytest.raises(ValueError, match=field):
        score(**{field: bad})
