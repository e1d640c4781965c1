"""The Reference's own words in the language in use (issue 42): an entry's title, summary
and details are the engine's sentences rendered in that language, a translated title
keeps the English beside it, and the search reads every entry in that language and in
English (a word only the Italian text has finds its entry; the English words still do).
What a script reads (``rules --json``) stays English."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Static

from companion.cli import main
from companion.i18n import use_language
from companion.reference import entry_for, entry_lines, entry_name, find
from companion.ui.app import StuporSoloApp
from companion.ui.views.reference import entry_text, line_label
from solo_deck import ReferenceEntry
from tests.app.pilot_helpers import SIZE
from tests.app.test_language_reference import open_reference, type_search

TOWER_ITALIAN = "Torri; ognuna ospita un Alleato in più."
"""The end of the Tower's summary in Italian (the number before it is the ruleset's)."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def _entry(topic: str) -> ReferenceEntry:
    found = entry_for(topic)
    assert found is not None, topic
    return found


def test_the_italian_tower_entry_speaks_italian() -> None:
    use_language("it")
    lines = entry_lines(_entry("structure:tower"))
    assert lines[0] == "Torre (Tower) · Struttura"
    assert lines[1].startswith("Il tuo castello ha posto per ")
    assert lines[1].endswith(TOWER_ITALIAN)
    shown = entry_text(_entry("structure:tower")).plain
    assert shown.startswith("Torre (Tower)\n") and TOWER_ITALIAN in shown


def test_every_line_of_a_rule_is_rendered_not_english() -> None:
    entry = _entry("rule:your-hand")
    english = entry_lines(entry)
    use_language("de")
    german = entry_lines(entry)
    assert german[0] == "Deine Hand (Your hand) · Regel"
    assert len(german) == len(english)
    assert all(ours != theirs for ours, theirs in zip(german, english, strict=True))
    assert "Nachziehstapel" in "\n".join(german)


def test_english_is_the_entry_s_own_text() -> None:
    for topic in ("structure:tower", "rule:travel", "ally:tento", "advanced-card:A12"):
        entry = _entry(topic)
        assert entry_lines(entry) == entry.text().splitlines()


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "Your turn"),
        ("it", "Il tuo turno (Your turn)"),
        ("de", "Dein Zug (Your turn)"),
        ("fr", "Votre tour (Your turn)"),
    ],
)
def test_a_translated_title_keeps_the_english_beside_it(language: str, title: str) -> None:
    use_language(language)
    assert entry_name(_entry("rule:your-turn")) == title


def test_a_name_that_is_the_same_in_every_language_is_shown_once() -> None:
    use_language("it")
    assert entry_name(_entry("ally:tento")) == "Tento"
    assert line_label(_entry("A12")).startswith("A12 · Carta Avanzata · ")


@pytest.mark.parametrize(
    ("language", "typed", "key"),
    [
        ("it", "torre", "structure:tower"),
        ("it", "tower", "structure:tower"),
        ("it", "magazzino", "rule:warehouse"),
        ("it", "warehouse", "rule:warehouse"),
        ("de", "Lager", "rule:warehouse"),
        ("fr", "entrepôt", "rule:warehouse"),
        ("fr", "tour de frédéric", "frederick-s-turn:frederick-turn"),
    ],
)
def test_the_search_reads_the_language_and_english(language: str, typed: str, key: str) -> None:
    use_language(language)
    assert find(typed)[0].key == key


def test_a_word_only_in_a_translated_body_finds_its_entry() -> None:
    assert find("ospita") == []  # no English text has it
    use_language("it")
    found = [entry.key for entry in find("ospita")]
    assert "structure:tower" in found
    tower = _entry("structure:tower")
    assert "ospita" not in tower.name.casefold()  # found by its body, not its name


def test_rules_in_italian_prints_the_tower_in_italian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for typed in ("torre", "tower"):
        assert main(["--data-dir", str(tmp_path), "--lang", "it", "rules", typed]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0] == "Torre (Tower) · Struttura"
        assert lines[1].endswith(TOWER_ITALIAN)
    assert main(["--data-dir", str(tmp_path), "--lang", "it", "rules", "--json", "torre"]) == 0
    first = json.loads(capsys.readouterr().out)[0]
    assert first["name"] == "Tower" and first["summary"] == _entry("structure:tower").summary


async def test_the_reference_screen_shows_the_tower_in_italian(tmp_path: Path) -> None:
    use_language("it")
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_reference(app, pilot)
        await type_search(pilot, "ospita")
        keys = [line.key for line in screen.lines]
        assert "structure:tower" in keys
        screen.show_entry(keys.index("structure:tower"))
        shown = str(screen.query_one("#reference-entry", Static).render())
        assert shown.startswith("Torre (Tower)") and TOWER_ITALIAN in shown
