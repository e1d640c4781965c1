"""Issue 18: the configuration file: loading (good file, unknown key, bad type, a clashing
keymap: each a clear message, never a traceback), ``config --init`` and ``--schema``,
where the file is looked for."""

from __future__ import annotations

import json
import pathlib
import typing

import pytest

from companion.config import (
    DECK_MODE_CHOICES,
    DIFFICULTY_CHOICES,
    HOUSE_CHOICES,
    TITLE_CHOICES,
    BackupPolicy,
    Config,
    NewGameDefaults,
    load_config,
    parse_config,
)
from companion.config.schema import config_schema, example_config
from companion.paths import chosen_config_file
from companion.ui.keys import all_ids
from companion.ui.keys.overrides import SCOPES, check_keymap
from tests.cli.conftest import Run

GOOD = b"""
theme = "nord"

[new_game]
house = "Di Romano"
difficulty = "hard"
deck_mode = "table"
easier_solo = true

[backups]
automatic = false
keep = 3

[bgstats]
player_name = "Ada"
win_title = "Knight"

[keys]
"table.play" = "p"
start.new = "g"
"""


def test_a_good_file_is_read_whole() -> None:
    config, problems = parse_config(GOOD)
    assert problems == []
    assert config.theme == "nord"
    assert config.new_game == NewGameDefaults("Di Romano", "hard", "table", True)
    assert config.backups == BackupPolicy(automatic=False, keep=3)
    assert (config.bgstats.player_name, config.bgstats.win_title) == ("Ada", "Knight")
    assert dict(config.keys) == {"table.play": "p", "start.new": "g"}


def test_no_file_is_the_defaults_without_a_problem(tmp_path: pathlib.Path) -> None:
    loaded = load_config(tmp_path / "none.toml")
    assert loaded.config == Config() and loaded.problems == () and not loaded.exists


def test_an_unknown_key_is_named_and_the_rest_is_kept() -> None:
    config, problems = parse_config(b'colour = "red"\n[backups]\nkepp = 4\nkeep = 2\n')
    assert config.backups.keep == 2
    assert len(problems) == 2
    assert "'colour' is not a setting the program knows" in problems[0]
    assert "[backups] 'kepp'" in problems[1] and "Did you mean keep?" in problems[1]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"theme = 3", "theme is 3; write a text in quotes; the default is used"),
        (b'[backups]\nkeep = "ten"', "[backups] keep is 'ten'; write a whole number from 1"),
        (b"[backups]\nkeep = true", "[backups] keep is true; write a whole number"),
        (b"[backups]\nkeep = 0", "keep is 0; write a whole number from 1 to 999"),
        (b'[backups]\nautomatic = "yes"', "automatic is 'yes'; write true or false"),
        (b'[new_game]\nhouse = "Savy"', "house is 'Savy'; write one of \"Savoy\""),
        (b'[bgstats]\nwin_title = "King"', 'write one of "Serf", "Knight"'),
        (b'[bgstats]\nplayer_name = ""', "player_name is ''; write 1 to 60 characters"),
        (b"new_game = 1", "new_game must be a table"),
    ],
)
def test_a_bad_type_or_value_is_named_with_the_fix(text: bytes, words: str) -> None:
    config, problems = parse_config(text)
    assert len(problems) == 1
    assert words in problems[0], problems[0]
    assert config.backups == BackupPolicy() and config.theme is None


def test_a_file_that_is_not_toml_is_the_defaults_and_says_where(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b'theme = "nord"\n[backups\nkeep = 3\n')
    loaded = load_config(path)
    assert loaded.config == Config()
    assert len(loaded.problems) == 1
    assert "config.toml is not valid TOML" in loaded.problems[0]
    assert "line 2" in loaded.problems[0]
    path.write_bytes(b"\xff\xfe")
    assert "is not UTF-8 text" in load_config(path).problems[0]
    path.unlink()
    path.mkdir()
    assert "is not a file" in load_config(path).problems[0]


def test_a_clashing_keymap_is_reported_by_name_and_left_out() -> None:
    checked = check_keymap({"table.play": "f", "table.log": "L", "start.new": "h"})
    assert checked.keymap == {"table.log": "L"}
    text = "\n".join(checked.problems)
    assert "table.play, table.end_phase and table.final_score would all be 'f' on the Table" in text
    assert "start.new and start.history would both be 'h' on the Start screen" in text


def test_keymap_unknown_id_bad_key_and_priority_keys_are_told() -> None:
    checked = check_keymap({"table.plya": "c", "table.undo": "ctrl+nope", "start.deck": "ctrl+q"})
    assert checked.keymap == {}
    text = "\n".join(checked.problems)
    assert "'table.plya' is not a key binding of the app" in text
    assert "Did you mean table.play?" in text
    assert "'ctrl+nope' is not a key name" in text
    assert "which app.quit takes first everywhere" in text


def test_keys_moved_together_or_kept_do_not_clash() -> None:
    swap = {"start.new": "h", "start.history": "n", "table.end_phase": "f", "help.close": "?"}
    checked = check_keymap(swap)
    assert checked.problems == []
    assert checked.keymap["help.close"] == "question_mark"


def test_every_binding_is_in_a_clash_scope() -> None:
    scoped = {key.id for _, keys in SCOPES for key in keys}
    assert all_ids() <= scoped


def test_the_choices_are_the_engines() -> None:
    from solo_deck import load_ruleset
    from solo_deck.model.action_cards import HOUSES
    from solo_deck.setup import DIFFICULTY_MARKETS, GameSetup

    assert HOUSE_CHOICES == HOUSES
    assert tuple(DIFFICULTY_MARKETS) == DIFFICULTY_CHOICES
    deck_modes = typing.get_args(GameSetup.model_fields["deck_mode"].annotation)
    assert set(DECK_MODE_CHOICES) == set(deck_modes)
    assert tuple(t.name for t in load_ruleset().scoring.titles.value) == TITLE_CHOICES
    from companion.storage.settings_store import NEW_GAME_CHOICES

    assert NEW_GAME_CHOICES["house"] == HOUSES
    assert NEW_GAME_CHOICES["difficulty"] == DIFFICULTY_CHOICES


def test_the_example_changes_nothing_and_shows_every_setting() -> None:
    text = example_config()
    config, problems = parse_config(text.encode())
    assert problems == [] and config == Config()
    for section, props in config_schema()["properties"].items():
        assert section in text
        for name in props.get("properties", {}) if section != "keys" else ():
            assert f"# {name} = " in text
    uncommented = "\n".join(
        line[2:] if line.startswith("# ") and " = " in line else line for line in text.splitlines()
    )
    config, problems = parse_config(uncommented.encode())
    assert problems == [], problems
    assert config.theme == "textual-dark" and config.new_game.house == "Savoy"


def test_config_init_writes_the_example_once(run: Run, private_config: pathlib.Path) -> None:
    first = run("config", "--init")
    assert first.code == 0 and str(private_config) in first.out
    assert private_config.read_text(encoding="utf-8") == example_config()
    assert private_config.stat().st_mode & 0o777 == 0o600
    private_config.write_text('theme = "nord"\n', encoding="utf-8")
    again = run("config", "--init")
    assert again.code == 2 and "already exists; nothing was written" in again.err
    assert private_config.read_text(encoding="utf-8") == 'theme = "nord"\n'


def test_config_schema_is_json_and_covers_the_file(run: Run) -> None:
    result = run("config", "--schema")
    schema = json.loads(result.out)
    assert schema["additionalProperties"] is False
    props = schema["properties"]
    assert props["backups"]["properties"]["keep"] == {
        "type": "integer",
        "description": "How many copies to keep; the oldest go first.",
        "minimum": 1,
        "maximum": 999,
        "default": 10,
    }
    assert props["new_game"]["properties"]["house"]["enum"] == list(HOUSE_CHOICES)
    assert set(props["keys"]["properties"]) == all_ids()


def test_config_check_prints_problems_and_exits_1(run: Run, private_config: pathlib.Path) -> None:
    private_config.parent.mkdir(parents=True)
    private_config.write_bytes(GOOD)
    good = run("config")
    assert good.code == 0 and "No problem found." in good.out
    assert "[new_game] house = Di Romano" in good.out
    private_config.write_bytes(b'[keys]\n"table.play" = "f"\n[backups]\nkeep = -1\n')
    bad = run("config")
    assert bad.code == 1
    assert "keep is -1" in bad.err and "would all be 'f' on the Table" in bad.err
    assert "Traceback" not in bad.err


def test_where_the_file_is_looked_for(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    option = tmp_path / "option.toml"
    env = tmp_path / "env.toml"
    monkeypatch.setenv("STUPOR_SOLO_CONFIG", str(env))
    assert chosen_config_file(option) == option
    assert chosen_config_file(None) == env
    monkeypatch.delenv("STUPOR_SOLO_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert chosen_config_file("") == tmp_path / "xdg" / "stupor-solo" / "config.toml"


def test_a_command_warns_about_a_bad_file_and_goes_on(
    run: Run, private_config: pathlib.Path
) -> None:
    private_config.parent.mkdir(parents=True)
    private_config.write_bytes(b"[backups\n")
    result = run(
        "score",
        "--vp",
        "40",
        "--structures",
        "1",
        "--frederick-structures",
        "0",
        "--grain",
        "0",
        "--stone",
        "0",
        "--augustales",
        "0",
        "--save",
    )
    assert result.code == 0, result.err
    assert "config.toml is not valid TOML" in result.err
