"""``stupor-solo review`` judges each of your turns (issue 38): ``turns`` in the JSON, the
three costliest in the table, ``--budget`` and ``--no-turns``, the same output every run."""

from __future__ import annotations

import json
import pathlib

import pytest

from tests.cli.conftest import Run
from tests.judged_game import TURNS, finish_game, finish_scripted_game
from tests.scripted_game import TOTAL

KEYS = {"round", "turn", "played", "best", "expected_loss"}


def test_review_json_has_every_turn_judged_the_same_each_run(data: pathlib.Path, run: Run) -> None:
    record_id = finish_scripted_game(data)
    first = run("review", record_id, "--json", "--budget", "4")
    assert first.code == 0, first.err
    assert first.err == ""  # no progress bar: standard error is not a terminal
    turns = json.loads(first.out)["turns"]
    assert len(turns) == TURNS
    for turn in turns:
        assert set(turn) == KEYS
        assert isinstance(turn["round"], int) and isinstance(turn["turn"], int)
        assert isinstance(turn["played"], str) and turn["played"]
        assert isinstance(turn["best"], str) and turn["best"]
        loss = turn["expected_loss"]
        assert isinstance(loss, (int, float)) and not isinstance(loss, bool) and loss >= 0
    assert [(t["round"], t["turn"]) for t in turns] == sorted(
        (t["round"], t["turn"]) for t in turns
    )
    assert any(t["expected_loss"] > 0 for t in turns)
    again = run("review", "latest", "--json", "--budget", "4")
    assert again.out == first.out


def test_review_table_ends_with_the_three_costliest_turns(data: pathlib.Path, run: Run) -> None:
    finish_scripted_game(data)
    result = run("review", "--budget", "4")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    heading = lines.index(f"Costliest turns (of {TURNS} judged):")
    costliest = lines[heading + 1 :]
    assert len(costliest) == 3
    shown = json.loads(run("review", "--json", "--budget", "4").out)["turns"]
    ranked = sorted(shown, key=lambda t: -t["expected_loss"])[:3]
    for line, turn in zip(costliest, ranked, strict=True):
        assert line.startswith(f"  Round {turn['round']}, turn {turn['turn']}, ")
        assert turn["played"] in line and "the Coach's best: " in line


def test_no_turns_skips_the_judge(data: pathlib.Path, run: Run) -> None:
    finish_scripted_game(data)
    shown = json.loads(run("review", "--json", "--no-turns").out)
    assert "turns" not in shown and shown["final"]["total"] == TOTAL
    assert "Costliest" not in run("review", "--no-turns").out


def test_a_game_whose_turns_the_coach_cannot_weigh_has_an_empty_list(
    data: pathlib.Path, run: Run
) -> None:
    finish_game(data, ())  # kept before your first turn: nothing to weigh
    assert json.loads(run("review", "--json", "--budget", "4").out)["turns"] == []
    assert "Costliest turns: none." in run("review", "--budget", "4").out


@pytest.mark.parametrize("budget", ["0", "10001", "two", "-1"])
def test_a_wrong_budget_is_a_usage_error(data: pathlib.Path, run: Run, budget: str) -> None:
    finish_scripted_game(data)
    result = run("review", "--budget", budget)
    assert result.code == 2 and "--budget must be a whole number" in result.err


def test_a_game_without_a_document_still_says_why(data: pathlib.Path, run: Run) -> None:
    from companion.storage import HistoryStore
    from tests.records import game_record

    HistoryStore(data).add(game_record(id="quick1", source="quick"))
    result = run("review", "quick1", "--json", "--budget", "4")
    assert result.code == 1 and "no review" in result.err and result.out == ""
