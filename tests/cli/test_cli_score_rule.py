"""Issue 25, item 4: ``stupor-solo score`` plays one most-Structures rule, chosen by
``--most-structures-rule``, else by ``[rules] most_structures`` in the configuration, else
the engine's; it needs Frederick's Structures only when the rule compares castles, and its
bonus line names the rule."""

from __future__ import annotations

import json
import pathlib

import pytest

import companion.cli.support as cli_support
from companion.config import MOST_STRUCTURES_CHOICES
from companion.paths import HISTORY_FILE
from companion.storage import HistoryStore
from solo_deck import MOST_STRUCTURES_RULES, load_ruleset
from tests.cli.conftest import Run

COUNTS = ("--vp", "40", "--structures", "12", "--grain", "1", "--stone", "1", "--augustales", "8")
"""A game of 40 + 12 + 2 = 54 VP before the bonus."""


def _bonus(run: Run, *args: str) -> int:
    result = run(*args, "--json")
    assert result.code == 0, result.err
    return int(json.loads(result.out)["most_structures_bonus"])


def _config(tmp_path: pathlib.Path, rule: str) -> str:
    path = tmp_path / "config.toml"
    path.write_text(f'[rules]\nmost_structures = "{rule}"\n', encoding="utf-8")
    return str(path)


def test_the_configuration_knows_the_engines_rules() -> None:
    assert MOST_STRUCTURES_CHOICES == MOST_STRUCTURES_RULES


@pytest.mark.parametrize(
    ("rule", "frederick", "bonus"),
    [
        ("at_least_as_many", 13, 0),
        ("at_least_as_many", 12, 4),
        ("more_than", 12, 0),
        ("more_than", 11, 4),
        ("always", 13, 4),
    ],
)
def test_the_flag_chooses_the_rule(run: Run, rule: str, frederick: int, bonus: int) -> None:
    args = (*COUNTS, "--frederick-structures", str(frederick), "--most-structures-rule", rule)
    assert _bonus(run, "score", *args) == bonus


def test_without_the_flag_the_configurations_rule_applies(run: Run, tmp_path: pathlib.Path) -> None:
    config = _config(tmp_path, "at_least_as_many")
    args = (*COUNTS, "--frederick-structures", "13")
    assert _bonus(run, "--config", config, "score", *args) == 0
    # The flag wins over the file.
    assert _bonus(run, "--config", config, "score", *args, "--most-structures-rule", "always") == 4


def test_without_flag_or_setting_the_engines_rule_applies(run: Run) -> None:
    engine_rule = load_ruleset().scoring.most_structures_rule.value
    result = run("score", *COUNTS, "--frederick-structures", "13")
    assert result.code == 0
    assert f"rule {engine_rule}" in result.out


def test_the_bonus_line_names_the_rule(run: Run) -> None:
    compared = run(
        "score",
        *COUNTS,
        "--frederick-structures",
        "13",
        "--most-structures-rule",
        "at_least_as_many",
    )
    assert "Most Structures bonus (rule at_least_as_many: your 12 vs Frederick's 13) 0" in (
        compared.lines
    )
    always = run("score", *COUNTS, "--most-structures-rule", "always")
    assert "Most Structures bonus (rule always: yours in solo) 4" in always.lines


def test_frederick_is_needed_only_when_the_rule_compares(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_support, "stdin_is_tty", lambda: False)
    assert _bonus(run, "score", *COUNTS, "--most-structures-rule", "always") == 4
    result = run("score", *COUNTS, "--most-structures-rule", "more_than", "--json")
    assert result.code == 2
    assert "missing --frederick-structures" in result.err
    assert "the more_than rule compares your castle with Frederick's" in result.err
    assert result.out == ""


def test_on_a_terminal_frederick_is_asked_for_only_when_the_rule_compares(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def answer(*prompt: str) -> str:
        asked.append("x")
        return "11"

    monkeypatch.setattr(cli_support, "stdin_is_tty", lambda: True)
    monkeypatch.setattr("builtins.input", answer)
    result = run("score", *COUNTS, "--most-structures-rule", "always", "--json")
    assert result.code == 0 and asked == []
    assert "Frederick" not in result.err
    result = run("score", *COUNTS, "--most-structures-rule", "more_than", "--json")
    assert result.code == 0 and asked == ["x"]
    assert "Structures in Frederick's castle (--frederick-structures): " in result.err
    assert json.loads(result.out)["most_structures_bonus"] == 4  # 12 > 11


def test_a_bad_setting_is_reported_and_the_engines_rule_used(
    run: Run, tmp_path: pathlib.Path
) -> None:
    config = _config(tmp_path, "sometimes")
    result = run("--config", config, "score", *COUNTS, "--frederick-structures", "13", "--json")
    assert result.code == 0
    assert "[rules] most_structures is 'sometimes'" in result.err
    assert json.loads(result.out)["most_structures_bonus"] == 4


def test_an_unknown_rule_on_the_command_line_exits_2(run: Run) -> None:
    result = run("score", *COUNTS, "--most-structures-rule", "never")
    assert result.code == 2
    assert "invalid choice: 'never'" in result.err


def test_a_saved_game_without_frederick_keeps_it_unknown(run: Run, data: pathlib.Path) -> None:
    result = run("score", *COUNTS, "--most-structures-rule", "always", "--save")
    assert result.code == 0, result.err
    assert (data / HISTORY_FILE).exists()
    (record,) = HistoryStore(data).all()
    assert record.frederick_structures is None
    assert record.score.total == 58
