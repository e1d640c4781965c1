""" "Where you stand" on the Statistics screen: the line before five games share a
configuration, the rates and the suggested setting after, a House of your own, stored text
shown as text, and the note when your boards differ from the packaged ones."""

from __future__ import annotations

import doctest
from pathlib import Path

from textual.widgets import Static

import companion.history.standing
from companion.config import CoachOptions, Config, LoadedConfig
from companion.history.standing import boards_differing, standing_lines
from companion.history.stats import career_stats
from companion.storage import HistoryRecord, HistoryStore, SettingsStore
from companion.ui.app import StuporSoloApp
from companion.ui.screens.history.statistics import StatisticsScreen
from solo_deck import (
    BOARDS,
    Configuration,
    ScoreBreakdown,
    checked_board,
    correct_board,
    load_lab_table,
    suggest_setting,
    title_for,
    wilson_interval,
)
from tests.app.history_helpers import open_statistics
from tests.app.pilot_helpers import SIZE
from tests.app.sample_history import sample_record

SCORES = (44, 52, 61, 38, 57, 49)
"""The final scores of the games played in one configuration."""


def _games(count: int, house: str = "Savoy") -> list[HistoryRecord]:
    """``count`` games of ``house``, medium, standard, scoring :data:`SCORES` in turn (and
    two quick entries that recorded no configuration)."""
    games = []
    for number, total in zip(range(7, 7 + count), SCORES, strict=False):
        record = sample_record(number).model_dump()
        record.update(house=house, difficulty="medium", easier_solo=False)
        record["score"] = ScoreBreakdown(
            vp_track=total - 10,
            structures=10,
            most_structures_bonus=0,
            resources_vp=0,
            total=total,
            title=title_for(total),
        ).model_dump()
        games.append(HistoryRecord.model_validate(record))
    return [*games, sample_record(6), sample_record(25)]


def _app(folder: Path, aim: str = "Feudal lord") -> StuporSoloApp:
    config = LoadedConfig(Config(coach=CoachOptions(aim_title=aim)))
    return StuporSoloApp(folder, config=config)


def _standing_text(screen: StatisticsScreen) -> str:
    return str(screen.query_one("#stats-standing", Static).render())


async def test_before_five_games_one_line_says_how_many_more(tmp_path: Path) -> None:
    HistoryStore(tmp_path).add_many(_games(4))
    async with _app(tmp_path).run_test(size=SIZE) as pilot:
        screen = await open_statistics(pilot)
        assert screen.query_one("#stats-standing-panel").display
        assert screen.query_one("#stats-standing-panel").border_title == "Where you stand"
        text = _standing_text(screen)
        assert "1 more game in Savoy, medium, standard." in text
        assert len(text.splitlines()) == 1
        assert "Next:" not in text


async def test_after_five_games_the_rates_and_a_suggested_setting(tmp_path: Path) -> None:
    HistoryStore(tmp_path).add_many(_games(6))
    mine = Configuration("Savoy", "medium", False)
    async with _app(tmp_path).run_test(size=SIZE) as pilot:
        screen = await open_statistics(pilot)
        lines = _standing_text(screen).splitlines()
        assert lines[0] == "Savoy, medium, standard · 6 games"
        assert lines[1].startswith("  Mean     you 50.2 (")
        table = load_lab_table()  # the packaged lab table's three bots, best first
        bots = [table.row("Savoy", "medium", False, bot) for bot in ("greedy", "plan", "random")]
        shown = " · ".join(f"{row.bot} bot {row.mean:.1f}" for row in bots if row is not None)
        assert lines[2].strip() == shown and shown.count("bot") == 3
        low, high = wilson_interval(3, 6)
        assert lines[4].split() == [
            "Feudal",
            "lord",
            "or",
            "better",
            "3",
            "of",
            "6",
            "50",
            "%",
            f"({100 * low:.0f}–{100 * high:.0f}",
            "%)",
        ]
        assert [line.split()[0] for line in lines[3:6]] == ["Reached", "Feudal", "Duke"]
        suggestion = suggest_setting({mine: list(SCORES)}, "Feudal lord")
        assert suggestion is not None
        assert f"Next: {suggestion.line()}." in lines
        assert any("Your aim is Feudal lord ([coach] aim_title)" in line for line in lines)
        assert not any("differ" in line for line in lines)


async def test_a_house_of_your_own_is_shown_as_text(tmp_path: Path) -> None:
    house = "[b]Altavilla[/b]"
    HistoryStore(tmp_path).add_many(_games(5, house=house))
    async with _app(tmp_path, aim="Duke").run_test(size=SIZE) as pilot:
        screen = await open_statistics(pilot)
        text = _standing_text(screen)
        assert f"{house}, medium, standard · 5 games" in text
        assert f"the lab has no figures for House {house}" in text
        assert "No suggested setting" in text


async def test_your_own_boards_are_noted(tmp_path: Path) -> None:
    HistoryStore(tmp_path).add_many(_games(5))
    castle = correct_board(BOARDS["castle_board"].packaged(), "T2.cost", "2 Stone, 1 Grain")
    SettingsStore(tmp_path).save_checked_board("castle_board", castle)
    async with _app(tmp_path).run_test(size=SIZE) as pilot:
        screen = await open_statistics(pilot)
        text = _standing_text(screen)
        assert "Your Castle Board differs from the packaged boards the lab played on" in text


def test_a_board_checked_as_packaged_is_the_packaged_board() -> None:
    packaged = BOARDS["castle_board"].packaged()
    corrected = correct_board(packaged, "T2.cost", "2 Stone, 1 Grain")
    assert boards_differing({"castle_board": checked_board(packaged)}) == []
    assert boards_differing({"castle_board": corrected}) == ["Castle Board"]


def test_the_boards_are_asked_only_when_a_section_shows() -> None:
    def boards() -> list[str]:
        return ["Castle Board", "Voyage Board"]

    def never() -> list[str]:
        raise AssertionError("no section: the boards are not read")

    lines = [line.text for line in standing_lines(career_stats(_games(5)), "Duke", boards)]
    assert any(t.startswith("Your Castle Board and Voyage Board differ from") for t in lines)
    assert len(standing_lines(career_stats(_games(4)), "Duke", never)) == 1


def test_games_without_a_configuration_are_left_out() -> None:
    stats = career_stats(_games(6))
    assert stats.by_configuration == {("Savoy", "medium", False): list(SCORES)}
    lines = standing_lines(career_stats([sample_record(6)]), "Duke")
    assert len(lines) == 1 and "records its House" in lines[0].text


def test_the_nearest_other_configuration_is_named_once() -> None:
    others = [
        game.model_copy(update={"id": f"other-{game.id}", "difficulty": "hard"})
        for game in _games(2)[:2]
    ]
    lines = [line.text for line in standing_lines(career_stats(_games(6) + others), "Duke")]
    assert "Not yet: 3 more games in Savoy, hard, standard." in lines
    assert lines[0] == "Savoy, medium, standard · 6 games"
    assert lines.count("Not yet: 3 more games in Savoy, hard, standard.") == 1


def test_a_house_in_another_case_meets_the_labs() -> None:
    stats = career_stats(_games(5, house="savoy"))
    assert standing_lines(stats, "Serf")[0].text == "Savoy, medium, standard · 5 games"
    assert "Every game reaches Serf" in standing_lines(stats, "Serf")[-2].text


def test_docstring_examples() -> None:
    result = doctest.testmod(companion.history.standing, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
