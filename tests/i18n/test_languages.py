"""Choosing the language: --lang, [ui] language, the locale, else English; a clear word
for an unknown language in the configuration."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.language import chosen_language
from companion.config import parse_config


def test_option_then_config_then_locale(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[ui]\nlanguage = "de"\n', encoding="utf-8")
    env = {"LANG": "fr_FR.UTF-8"}
    assert chosen_language(["--lang", "it", "--config", str(config)], env) == "it"
    assert chosen_language(["--config", str(config)], env) == "de"
    assert chosen_language(["--config", str(tmp_path / "none.toml")], env) == "fr"
    assert chosen_language(["--config", str(tmp_path / "none.toml")], {}) == "en"


def test_unknown_language_in_config_is_said_clearly() -> None:
    config, problems = parse_config(b'[ui]\nlanguage = "es"\n')
    assert config.ui.language is None
    assert len(problems) == 1
    assert "[ui] language is 'es'" in problems[0]
    assert '"it", "de", "fr"' in problems[0]


def test_help_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("uso: stupor-solo")
    assert "mostra questo aiuto ed esci" in out
    assert "elenca le partite concluse" in out


@pytest.mark.parametrize(("language", "words"), [("de", "Aufruf:"), ("fr", "usage :")])
def test_help_in_german_and_french(
    capsys: pytest.CaptureFixture[str], language: str, words: str
) -> None:
    assert main(["--lang", language, "--help"]) == 0
    assert capsys.readouterr().out.startswith(words)


def test_unknown_lang_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "xx", "--help"]) == 2
    assert "--lang" in capsys.readouterr().err
