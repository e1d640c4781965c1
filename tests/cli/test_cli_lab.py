"""``stupor-solo lab``: the simulated games of each configuration with each bot, their
filters, the same numbers on any number of processes, the JSON, the table, the CSV file,
the boards played on, and every bad option refused with exit code 2."""

from __future__ import annotations

import csv
import io
import json
import pathlib
from typing import Any

import pytest

import solo_deck
from companion import __version__
from companion.paths import SETTINGS_FILE
from companion.storage import SettingsStore
from solo_deck import (
    BOARDS,
    BOT_NAMES,
    CONFIGURATIONS,
    DEFAULT_BOTS,
    HOUSES,
    TITLE_KEYS,
    GameEndReason,
    checked_board,
    correct_board,
)
from tests.cli.conftest import Run

SMALL = ("lab", "--games", "2", "--house", "savoy", "--market", "easy", "--easier")
"""One configuration, two games with each bot."""


def lab_json(run: Run, *argv: str, **where: Any) -> dict[str, Any]:
    """``stupor-solo lab ... --json``, which must succeed and print one JSON object only
    (``folder=``: as ``run`` takes it)."""
    result = run(*argv, "--json", **where)
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert isinstance(document, dict)
    return document


def test_the_json_object_and_each_summary(run: Run) -> None:
    document = lab_json(run, *SMALL, "--jobs", "1")
    assert set(document) == {
        "configurations",
        "seed",
        "engine_version",
        "board",
        "games_per_configuration",
    }
    assert document["seed"] == 1
    assert document["engine_version"] == __version__
    assert document["board"] == "packaged"
    assert document["games_per_configuration"] == 2
    summaries = document["configurations"]
    assert [s["bot"] for s in summaries] == list(DEFAULT_BOTS)
    for summary in summaries:
        assert set(summary) == {
            "house",
            "market",
            "easier",
            "bot",
            "games",
            "mean",
            "ci95",
            "titles",
            "rounds_mean",
            "end_triggers",
        }
        assert (summary["house"], summary["market"], summary["easier"]) == ("Savoy", "easy", True)
        assert summary["games"] == 2
        low, high = summary["ci95"]
        assert low <= summary["mean"] <= high
        assert list(summary["titles"]) == list(TITLE_KEYS.values())
        assert sum(summary["titles"].values()) == pytest.approx(1.0)
        assert set(summary["end_triggers"]) == {reason.value for reason in GameEndReason}
        assert all(0 <= share <= 1 for share in summary["end_triggers"].values())
        assert summary["rounds_mean"] > 0


def test_without_a_filter_every_configuration_is_played_in_the_engines_order(run: Run) -> None:
    document = lab_json(run, "lab", "--games", "1", "--bot", "random", "--jobs", "2")
    played = [(s["house"], s["market"], s["easier"]) for s in document["configurations"]]
    assert len(played) == 24
    assert played == [(c.house, c.difficulty, c.easier_solo) for c in CONFIGURATIONS]
    assert {s["bot"] for s in document["configurations"]} == {"random"}
    assert all(s["games"] == 1 for s in document["configurations"])


@pytest.mark.parametrize("typed", ["di-romano", "Di Romano", "di_romano", "DI-ROMANO"])
def test_a_house_may_be_typed_in_any_case_with_a_hyphen_or_underscore(run: Run, typed: str) -> None:
    document = lab_json(
        run, "lab", "--games", "1", "--bot", "random", "--market", "hard", "--house", typed
    )
    assert [(s["house"], s["market"], s["easier"]) for s in document["configurations"]] == [
        ("Di Romano", "hard", False),
        ("Di Romano", "hard", True),
    ]


def test_filters_repeat_and_combine_in_the_engines_order(run: Run) -> None:
    document = lab_json(
        run,
        "lab",
        "--games",
        "1",
        "--house",
        "hohenstaufen",
        "--house",
        "Savoy",
        "--market",
        "hard",
        "--market",
        "easy",
        "--no-easier",
        "--bot",
        "plan",
        "--bot",
        "random",
        "--bot",
        "plan",
    )
    rows = [(s["house"], s["market"], s["easier"], s["bot"]) for s in document["configurations"]]
    assert rows == [
        (house, market, False, bot)
        for house in ("Savoy", "Hohenstaufen")
        for market in ("easy", "hard")
        for bot in ("random", "plan")
    ]


def test_the_same_seed_gives_the_same_numbers_on_one_or_two_processes(run: Run) -> None:
    filters = ("lab", "--games", "3", "--house", "wittelsbach", "--market", "medium")
    alone = lab_json(run, *filters, "--jobs", "1")
    shared = lab_json(run, *filters, "--jobs", "2", "--seed", "1")  # 1 is the default seed
    assert alone == shared
    other = lab_json(run, *filters, "--jobs", "2", "--seed", "2")
    assert other["seed"] == 2
    assert other["configurations"] != alone["configurations"]


def test_the_table_has_a_header_a_row_per_configuration_and_bot_and_a_footer(
    run: Run,
) -> None:
    result = run(*SMALL, "--jobs", "1")
    assert result.code == 0, result.err
    lines = result.lines
    assert lines[0] == (
        f"Lab: seed 1, engine {__version__}, 2 games of each configuration with each bot, "
        "on the packaged boards"
    )
    rows = [line for line in lines if line.startswith("Savoy easy yes")]
    assert [row.split()[3] for row in rows] == list(DEFAULT_BOTS)
    document = lab_json(run, *SMALL, "--jobs", "1")
    for row, summary in zip(rows, document["configurations"], strict=True):
        cells = row.split()
        assert cells[4] == "2"
        assert f"{cells[5]} {cells[6]} {cells[7]}".startswith(f"{summary['mean']:.1f} ± ")
        shares = [f"{100 * summary['titles'][key]:.0f}%" for key in TITLE_KEYS.values()]
        assert cells[8:12] == shares
    assert lines[-1].startswith("6 games in ") and "games/s, 1 process)" in lines[-1]
    assert "\x1b[" not in result.out  # not a terminal: plain text
    for header in ("House", "Market", "Easier", "Bot", "Games", "Serf", "Knight", "Duke"):
        assert header in result.out


def test_the_csv_file_has_a_row_per_configuration_and_bot(run: Run, tmp_path: pathlib.Path) -> None:
    target = tmp_path / "lab.csv"
    result = run(*SMALL, "--csv", str(target), "--json")
    assert result.code == 0, result.err
    assert "wrote 3 rows to" in result.err
    document = json.loads(result.out)
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    triggers = [reason.value for reason in GameEndReason]
    assert list(rows[0]) == [
        "house",
        "market",
        "easier",
        "bot",
        "games",
        "mean",
        "ci95_low",
        "ci95_high",
        "serf",
        "knight",
        "feudal_lord",
        "duke",
        "rounds_mean",
        *triggers,
    ]
    assert len(rows) == 3
    for row, summary in zip(rows, document["configurations"], strict=True):
        assert (row["house"], row["market"], row["easier"], row["bot"]) == (
            "Savoy",
            "easy",
            "true",
            summary["bot"],
        )
        assert int(row["games"]) == 2
        assert float(row["mean"]) == summary["mean"]
        assert [float(row["ci95_low"]), float(row["ci95_high"])] == summary["ci95"]
        assert sum(float(row[key]) for key in TITLE_KEYS.values()) == pytest.approx(1.0)
        assert float(row["rounds_mean"]) == summary["rounds_mean"]
        assert {key: float(row[key]) for key in triggers} == summary["end_triggers"]


def test_an_existing_csv_file_is_kept_without_force(
    run: Run, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("companion.cli.support.stdin_is_tty", lambda: False)
    target = tmp_path / "lab.csv"
    target.write_text("mine", encoding="utf-8")
    result = run(*SMALL, "--csv", str(target))
    assert result.code == 2
    assert "exists: add --force to replace it" in result.err
    assert result.out == ""  # refused before a game was played
    assert target.read_text(encoding="utf-8") == "mine"
    result = run(*SMALL, "--csv", str(target), "--force")
    assert result.code == 0, result.err
    assert target.read_text(encoding="utf-8").startswith("house,market,easier,bot,")


def test_on_a_terminal_replacing_the_csv_file_is_asked_first(
    run: Run, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("companion.cli.support.stdin_is_tty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda *prompt: "n")
    target = tmp_path / "lab.csv"
    target.write_text("mine", encoding="utf-8")
    result = run(*SMALL, "--csv", str(target))
    assert "exists. Replace it? [y/N]" in result.err
    assert "Nothing was played." in result.err
    assert (result.code, result.out) == (1, "")
    assert target.read_text(encoding="utf-8") == "mine"


def test_a_csv_file_in_the_data_folder_is_refused(run: Run, data: pathlib.Path) -> None:
    result = run(*SMALL, "--csv", str(data / "lab.csv"))
    assert result.code == 2
    assert "is inside the data folder" in result.err
    assert not (data / "lab.csv").exists()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--bot", "smart"), "--bot: no bot 'smart'; choose random, greedy, plan or coach"),
        (("--house", "Hapsburg"), "--house: no House 'Hapsburg'; choose Savoy, Wittelsbach"),
        (("--market", "brutal"), "--market: no Market difficulty 'brutal'; choose easy"),
        (("--games", "0"), "--games must be a whole number from 1 to 100000, not '0'"),
        (("--games", "100001"), "--games must be a whole number from 1 to 100000"),
        (("--games", "ten"), "--games must be a whole number from 1 to 100000, not 'ten'"),
        (("--games", "2.5"), "--games must be a whole number"),
        (("--jobs", "0"), "--jobs must be a whole number from 1 to 256, not '0'"),
        (("--jobs", "257"), "--jobs must be a whole number from 1 to 256"),
        (("--seed", "-1"), "--seed must be a whole number from 0 to 4294967295, not '-1'"),
        (("--seed", "x" * 5000), "--seed must be a whole number from 0 to 4294967295, not 'xxx"),
        (("--csv", "-"), "--csv needs a file name"),
        (("--games",), "argument --games: expected one argument"),
        (("--easier", "--no-easier", "--fast"), "unrecognized arguments: --fast"),
    ],
)
def test_a_bad_option_is_named_with_what_it_allows(
    run: Run, argv: tuple[str, ...], said: str
) -> None:
    result = run("lab", *argv)
    assert result.code == 2
    assert said in result.err
    assert "Traceback" not in result.err
    assert result.out == ""
    assert max(len(line) for line in result.err.splitlines()) < 500


def test_the_help_lists_the_bots_and_the_houses(run: Run) -> None:
    result = run("lab", "--help")
    assert result.code == 0
    text = " ".join(result.out.split())
    for name in (*BOT_NAMES, *HOUSES, "easy", "medium", "hard", "--no-easier", "--csv"):
        assert name in text
    assert "lab" in run("--help").out


def test_the_player_s_checked_board_is_played_on(
    run: Run, data: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = checked_board(correct_board(BOARDS["castle_board"].packaged(), "T3.cost", "2 grain"))
    SettingsStore(data).save_checked_board("castle_board", mine)
    handed: list[Any] = []
    real = solo_deck.lab_tasks

    def spy(*args: Any, **kwargs: Any) -> Any:
        handed.append(kwargs["ruleset"])
        return real(*args, **kwargs)

    monkeypatch.setattr(solo_deck, "lab_tasks", spy)
    document = lab_json(run, *SMALL, "--bot", "greedy", "--jobs", "2")
    assert document["board"] == "yours"
    assert handed[0] is not None and handed[0].castle_board == mine
    assert lab_json(run, *SMALL, "--bot", "greedy", "--jobs", "1") == document
    assert "on your checked boards" in run(*SMALL, "--bot", "greedy").lines[0]
    handed.clear()
    assert lab_json(run, *SMALL, "--bot", "greedy", folder=data / "new")["board"] == "packaged"
    assert handed == [None]  # the packaged boards travel as None
    assert not (data / "new").exists()  # the lab only reads


def test_unreadable_settings_mean_the_packaged_boards_and_are_left_as_they_are(
    run: Run, data: pathlib.Path
) -> None:
    (data / SETTINGS_FILE).write_text("{not json", encoding="utf-8")
    document = lab_json(run, *SMALL, "--bot", "random")
    assert document["board"] == "packaged"
    result = run(*SMALL, "--bot", "random")
    assert "your checked boards could not be read" in result.err
    assert "playing on the packaged boards" in result.err
    assert (data / SETTINGS_FILE).read_text(encoding="utf-8") == "{not json"
    assert [p.name for p in data.iterdir()] == [SETTINGS_FILE]


def test_ctrl_c_stops_the_games_with_exit_code_130(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(task: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(solo_deck, "play_task", interrupted)
    result = run(*SMALL, "--jobs", "1")
    assert result.code == 130
    assert result.err.strip() == "stupor-solo: interrupted"
    assert result.out == ""


def test_ctrl_c_while_the_processes_play_shuts_them_down(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    import concurrent.futures

    shut: list[dict[str, Any]] = []
    real_shutdown = concurrent.futures.ProcessPoolExecutor.shutdown

    def shutdown(self: concurrent.futures.ProcessPoolExecutor, **kwargs: Any) -> None:
        shut.append(kwargs)
        real_shutdown(self, **kwargs)

    def as_completed(futures: Any) -> Any:
        raise KeyboardInterrupt
        yield  # a generator, like the real one

    monkeypatch.setattr(concurrent.futures.ProcessPoolExecutor, "shutdown", shutdown)
    monkeypatch.setattr(concurrent.futures, "as_completed", as_completed)
    result = run(*SMALL, "--jobs", "2")
    assert result.code == 130
    assert "Traceback" not in result.err
    assert shut == [{"wait": False, "cancel_futures": True}]


def test_an_engine_failure_is_a_message_not_a_traceback(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(task: Any) -> Any:
        raise RuntimeError("no such tile")

    monkeypatch.setattr(solo_deck, "play_task", broken)
    result = run(*SMALL, "--bot", "plan", "--jobs", "1")
    assert result.code == 1
    assert (
        "game 1 of Savoy, easy, easier with the plan bot could not be played: "
        "RuntimeError: no such tile"
    ) in result.err
    assert "Traceback" not in result.err


def test_check_plays_the_same_games_checking_every_event(run: Run) -> None:
    filters = ("lab", "--games", "1", "--house", "savoy", "--market", "hard", "--no-easier")
    checked = lab_json(run, *filters, "--check", "--jobs", "1")
    plain_run = lab_json(run, *filters, "--jobs", "1")
    assert checked["configurations"] == plain_run["configurations"]


def test_a_large_seed_plays_games_of_its_own(run: Run) -> None:
    filters = ("lab", "--games", "2", "--bot", "random", "--house", "savoy", "--market", "easy")
    small = lab_json(run, *filters, "--seed", "1")
    large = lab_json(run, *filters, "--seed", "1000001")
    assert small["configurations"] != large["configurations"]


def test_the_coach_plays_only_when_asked_with_its_budget_in_the_output(run: Run) -> None:
    assert "coach" in BOT_NAMES and "coach" not in DEFAULT_BOTS
    one = ("lab", "--games", "1", "--house", "savoy", "--market", "medium", "--no-easier")
    document = lab_json(run, *one, "--bot", "coach", "--bot", "greedy", "--budget", "2")
    assert document["coach_budget"] == 2
    assert [s["bot"] for s in document["configurations"]] == ["greedy", "coach"]
    assert "coach_budget" not in lab_json(run, *one, "--bot", "greedy")
    table = run(*one, "--bot", "coach", "--budget", "1")
    assert table.code == 0, table.err
    assert "the coach: 1 rollouts a turn" in table.out


@pytest.mark.parametrize("budget", ["0", "10001", "many", "-3"])
def test_a_bad_budget_is_refused_with_its_range(run: Run, budget: str) -> None:
    result = run("lab", "--bot", "coach", "--budget", budget, "--games", "1")
    assert result.code == 2
    assert "--budget" in result.err and "10000" in result.err
