"""The README example and the engine's docstring examples run as written."""

from __future__ import annotations

import doctest
import importlib
import pathlib
import pkgutil
import re

import pytest

import solo_deck

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_readme_engine_example_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "the README has no python example"
    namespace: dict[str, object] = {"print": lambda *args: None}
    exec(compile(blocks[0], "README.md", "exec"), namespace)


def test_readme_gives_the_two_setup_commands_that_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```bash\n(.*?)\n```", readme, re.S)
    assert len(commands) >= 2
    assert commands[0].endswith("stupor-solo")
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("title", "language"), [("Italiano", "it"), ("Deutsch", "de"), ("Français", "fr")]
)
def test_readme_has_a_section_per_language_with_the_two_setup_commands(
    title: str, language: str
) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = re.findall(r"```bash\n(.*?)\n```", readme, re.S)[:2]
    section = readme.split(f"\n### {title}\n", 1)[1].split("\n#", 1)[0]
    assert re.findall(r"```bash\n(.*?)\n```", section, re.S) == setup
    assert f"--lang {language}" in section and f'language = "{language}"' in section


def test_readme_configuration_example_is_valid() -> None:
    from companion.config import parse_config
    from companion.ui.keys.overrides import check_keymap

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", readme, re.S)
    assert len(blocks) == 1
    config, problems = parse_config(blocks[0].encode())
    assert problems == []
    assert check_keymap(config.keys).problems == []
    assert config.bgstats.win_title == "Feudal lord" and len(config.keys) == 3
    assert config.ui.language == "it"


MODULES = sorted(m.name for m in pkgutil.walk_packages(solo_deck.__path__, "solo_deck."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
