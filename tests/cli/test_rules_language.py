"""``stupor-solo --lang it rules torre``: the Reference at the command line finds an entry
by the edition's word and names it as the edition prints it, the English term beside it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.cli import main
from companion.i18n import use_language


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize(
    ("language", "word", "first_line", "source"),
    [
        ("it", "torre", "Torre (Tower) · Struttura", "Fonte: "),
        ("de", "Türme", "Turm (Tower) · Bauwerk", "Quelle: "),
        ("fr", "donjon", "Donjon (Keep) · Structure", "Source : "),
    ],
)
def test_rules_finds_the_editions_word(
    capsys: pytest.CaptureFixture[str], language: str, word: str, first_line: str, source: str
) -> None:
    assert main(["--lang", language, "rules", word]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == first_line
    assert any(line.startswith(source) for line in out)


def test_in_english_an_edition_word_finds_the_english_entry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "en", "rules", "torre"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Tower · Structure"
    assert out[2] == "Source: rulebook — look up: player setup"


def test_json_output_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "rules", "--json", "torre"]) == 0
    assert '"name": "Tower"' in capsys.readouterr().out
