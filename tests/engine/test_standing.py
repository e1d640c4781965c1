"""Where you stand: the lab's table as packaged data, the Wilson and t intervals, your
standing in a configuration and the setting suggested next."""

from __future__ import annotations

import fnmatch
import math
import tomllib
from importlib import resources
from pathlib import Path

import pytest

import solo_deck
from solo_deck import (
    CONFIGURATIONS,
    TITLE_KEYS,
    Configuration,
    LabTable,
    load_lab_table,
    suggest_setting,
    where_you_stand,
    wilson_interval,
)
from solo_deck.data.lab_table import LAB_TABLE_FILE
from solo_deck.insight.standing import Z95, chance_to_reach, mean_interval, t_quantile

ROOT = Path(__file__).resolve().parents[2]


# --- the lab's table ------------------------------------------------------------------------


def test_the_table_ships_as_package_data() -> None:
    """The file is read through the package, and the package data settings take it in."""
    assert resources.files("solo_deck.data").joinpath(LAB_TABLE_FILE).is_file()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["solo_deck.data"]
    assert any(fnmatch.fnmatch(LAB_TABLE_FILE, pattern) for pattern in patterns)


def test_the_table_says_where_it_comes_from() -> None:
    source = load_lab_table().source
    assert source.command == "stupor-solo lab --games 1000 --json"
    assert (source.seed, source.engine_version, source.date) == (1, "0.1.0", "2026-11-29")
    assert source.boards == "packaged" and source.games_per_configuration == 1000


def test_every_configuration_has_the_three_bots_of_the_run() -> None:
    table = load_lab_table()
    assert len(table.rows) == len(CONFIGURATIONS) * 3
    for c in CONFIGURATIONS:
        rows = table.rows_of(c.house, c.difficulty, c.easier_solo)
        assert [row.bot for row in rows] == ["random", "greedy", "plan"]
        assert table.row(c.house, c.difficulty, c.easier_solo, "coach") is None


def test_each_row_adds_up() -> None:
    for row in load_lab_table().rows:
        assert row.games == 1000
        assert set(row.titles) == set(TITLE_KEYS.values())
        assert math.isclose(sum(row.titles.values()), 1, abs_tol=1e-6)
        low, high = row.ci95
        assert math.isclose((low + high) / 2, row.mean, abs_tol=0.002)
        half = Z95 * row.sd / math.sqrt(row.games)
        assert math.isclose(high - low, 2 * half, abs_tol=0.002)


def test_a_bad_table_is_refused_by_name() -> None:
    good = load_lab_table().model_dump(mode="json")
    good["results"]["rows"][0]["mean"] = 99.0
    with pytest.raises(ValueError, match="outside its interval"):
        LabTable.model_validate(good)


# --- the intervals --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 5, 0.0362, 0.6245),
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), a textbook example
    ],
)
def test_wilson_interval_gives_known_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(0, 0)
    with pytest.raises(ValueError):
        wilson_interval(6, 5)


def test_t_quantiles_meet_the_normal_one() -> None:
    assert t_quantile(4) == 2.776
    assert t_quantile(31) == pytest.approx(2.040, abs=1e-3)
    assert t_quantile(120) == pytest.approx(1.980, abs=1e-3)
    assert all(t_quantile(n) > t_quantile(n + 1) for n in range(1, 200))
    mean, (low, high) = mean_interval([50])
    assert mean == low == high == 50


# --- where you stand ------------------------------------------------------------------------


def test_where_you_stand_counts_each_title_or_better() -> None:
    mine = Configuration("Wittelsbach", "hard", True)
    you = where_you_stand(mine, [29, 30, 49, 50, 79, 80])
    assert [(r.title, r.min_score, r.reached) for r in you.at_least] == [
        ("Knight", 30, 5),
        ("Feudal lord", 50, 3),
        ("Duke", 80, 1),
    ]
    feudal = you.at_least[1]
    assert (feudal.low, feudal.high) == wilson_interval(3, 6)
    assert [bot.bot for bot in you.bots] == ["random", "greedy", "plan"]
    greedy = load_lab_table().row("Wittelsbach", "hard", True, "greedy")
    assert greedy is not None and you.bots[1].mean == greedy.mean
    assert you.ci95[0] < you.mean < you.ci95[1]


def test_a_house_the_lab_did_not_play_has_no_bots() -> None:
    you = where_you_stand(Configuration("Altavilla", "easy", False), [40, 50, 60, 70, 80])
    assert you.bots == () and you.games == 5


def _table(greedy_means: dict[Configuration, float], sd: float = 10.0) -> LabTable:
    """A lab table of the greedy bot alone, with these means."""
    rows = [
        {
            "house": c.house,
            "market": c.difficulty,
            "easier": c.easier_solo,
            "bot": "greedy",
            "games": 100,
            "mean": mean,
            "ci95": [mean - 1, mean + 1],
            "sd": sd,
            "titles": {},
        }
        for c, mean in greedy_means.items()
    ]
    source = load_lab_table().source.model_dump()
    return LabTable.model_validate({"source": source, "results": {"rows": rows}})


EASY = Configuration("Savoy", "easy", True)
MEDIUM = Configuration("Wittelsbach", "medium", False)
HARD = Configuration("Di Romano", "hard", False)


def test_the_suggestion_is_the_setting_nearest_to_half() -> None:
    table = _table({EASY: 60.0, MEDIUM: 50.0, HARD: 40.0})
    # Your games in the medium setting: mean 55, 5 above the greedy bot's 50.
    played = {MEDIUM: [45, 50, 55, 60, 65]}
    suggestion = suggest_setting(played, "Feudal lord", table)
    assert suggestion is not None
    assert suggestion.offset == pytest.approx(5.0)
    assert suggestion.spread == pytest.approx(math.sqrt(62.5))
    # predicted means: easy 65, medium 55, hard 45; Feudal lord at 50: hard is nearest to half
    assert suggestion.configuration == HARD
    assert suggestion.chance == pytest.approx(chance_to_reach(50, 45, suggestion.spread))
    assert [c.configuration for c in suggestion.chances] == [HARD, MEDIUM, EASY]
    assert suggestion.chance_in(MEDIUM) == pytest.approx(chance_to_reach(50, 55, 7.9057), 1e-3)
    assert suggestion.line() == (
        "Di Romano, hard, standard (the hardest setting): about 28 % of your games would "
        "reach Feudal lord"
    )
    # aiming at Knight (30), every setting is above half: the hardest is nearest
    knight = suggest_setting(played, "Knight", table)
    assert knight is not None and knight.configuration == HARD
    # aiming at Duke (80), every setting is below half: the easiest is nearest
    upper = suggest_setting({MEDIUM: [60, 65, 70, 75, 80]}, "Duke", table)
    assert upper is not None and upper.configuration == EASY
    assert upper.line().startswith("Savoy, easy, easier (the easiest setting): about")


def test_a_middle_setting_can_win() -> None:
    table = _table({EASY: 60.0, MEDIUM: 50.0, HARD: 40.0})
    suggestion = suggest_setting({HARD: [38, 42, 40, 41, 39]}, "Feudal lord", table)
    assert suggestion is not None
    assert suggestion.configuration == MEDIUM
    assert "(the" not in suggestion.line()
    assert suggestion.chance == pytest.approx(chance_to_reach(50, 50, suggestion.spread))


def test_too_few_games_or_the_lowest_title_give_no_suggestion() -> None:
    table = _table({EASY: 60.0, MEDIUM: 50.0})
    assert suggest_setting({MEDIUM: [50, 51, 52, 53]}, "Feudal lord", table) is None
    assert suggest_setting({MEDIUM: [50] * 5}, "Serf", table) is None
    assert suggest_setting({MEDIUM: [50] * 5}, "Emperor", table) is None
    stranger = Configuration("Altavilla", "easy", False)
    assert suggest_setting({stranger: [50] * 9}, "Knight", table) is None


def test_equal_scores_fall_back_on_the_bots_spread() -> None:
    table = _table({EASY: 60.0, MEDIUM: 50.0}, sd=8.0)
    suggestion = suggest_setting({MEDIUM: [50] * 5}, "Feudal lord", table)
    assert suggestion is not None and suggestion.spread == 0
    assert suggestion.chance_in(MEDIUM) == pytest.approx(chance_to_reach(50, 50, 8.0))


def test_a_table_without_the_greedy_bot_gives_no_suggestion() -> None:
    document = load_lab_table().model_dump(mode="json")
    document["results"]["rows"] = [r for r in document["results"]["rows"] if r["bot"] != "greedy"]
    table = LabTable.model_validate(document)
    assert suggest_setting({MEDIUM: [50] * 5}, "Feudal lord", table) is None
    assert len(where_you_stand(MEDIUM, [50] * 5, table).bots) == 2


def test_the_face_exports_the_figures() -> None:
    for name in ("where_you_stand", "suggest_setting", "wilson_interval", "load_lab_table"):
        assert name in solo_deck.__all__
