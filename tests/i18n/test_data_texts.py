"""The rules data's words a player reads (issue 42): a card's effect, a tile's text, the
rulebook section to look up and the rules decisions are sentences of the catalogue,
English as the data writes it, rendered in the language in use."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.i18n import shown, use_language
from companion.i18n.extract import extract
from companion.i18n.render import render
from companion.reference import all_entries, entry_for, entry_lines
from companion.rules_decisions import RULES_DECISIONS
from companion.ui.screens.modals.terms import port_name
from companion.ui.screens.setup.choices import setup_checklist
from solo_deck.data.loaders import (
    advanced_cards_by_id,
    city_bonus_tiles,
    great_structures,
    house_cards_by_id,
    keep_covers,
    workplace_tiles,
)
from solo_deck.data.names import ally_label, ally_title
from solo_deck.data.worded import DATA_CONTEXT, WORDED
from solo_deck.text import Text

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "solo_deck" / "data"


@pytest.fixture(scope="module")
def template() -> set[tuple[str | None, str]]:
    return {message.key for message in extract(ROOT)}


def _data_texts(value: object) -> Iterator[Text]:
    """Every data text in ``value`` (a sentence, its values, theirs…)."""
    if isinstance(value, Text):
        if value.context and value.context.startswith(f"{DATA_CONTEXT}:"):
            yield value
        for inner in value.values.values():
            yield from _data_texts(inner)


def test_every_worded_field_of_the_data_files_is_in_the_template(
    template: set[tuple[str | None, str]],
) -> None:
    """Read from the files themselves: every effect and text a player reads."""
    count = 0
    for (name, table), fields in WORDED.items():
        data = tomllib.loads((DATA / name).read_text(encoding="utf-8"))
        for item in data[table]:
            for field in fields:
                assert (f"{DATA_CONTEXT}:{field}", item[field]) in template, (name, item["id"])
                count += 1
    assert count >= 70


def test_the_loaders_hand_out_the_worded_fields_as_sentences_of_the_template(
    template: set[tuple[str | None, str]],
) -> None:
    loaded = [
        *(card.effect for card in advanced_cards_by_id().values()),
        *(card.effect for card in house_cards_by_id().values()),
        *(tile.text for tile in workplace_tiles().values()),
        *(tile.text for tile in city_bonus_tiles().values()),
        *(great.text for great in great_structures().values()),
        *(cover.text for cover in keep_covers().values()),
    ]
    for text in loaded:
        assert isinstance(text, Text)
        assert str.__str__(text) == text.template  # the English, byte for byte
        assert (text.context, text.template) in template


def test_every_data_text_the_reference_shows_is_in_the_template(
    template: set[tuple[str | None, str]],
) -> None:
    """Summaries, details and the section to look up, of every entry (decisions too)."""
    found = [
        text
        for entry in all_entries()
        for part in (entry.name, entry.summary, *entry.details, entry.section)
        for text in _data_texts(part)
    ]
    assert len({text.context for text in found}) == 3  # effect, text, section
    missing = {(t.context, t.template) for t in found} - template
    assert not missing


def test_rules_decisions_are_messages_of_the_template(
    template: set[tuple[str | None, str]],
) -> None:
    for topic, decision, source in RULES_DECISIONS:
        for text in (topic, decision, source):
            assert (None, text) in template


def test_ally_titles_and_labels_keep_their_english() -> None:
    assert ally_title("gregoria-2") == "Gregoria (tile 2)"
    assert ally_label("gisela") == "Gisela — Saxon princess, Loyalist"
    assert isinstance(ally_label("gisela"), Text)


def test_a_card_effect_and_a_workplace_text_read_in_italian() -> None:
    effect = advanced_cards_by_id()["A1"].effect
    workplace = workplace_tiles()["countryside-I-A"].text
    assert render(effect, "en") == "Gain 2 Grain."
    assert render(effect, "it") == "Guadagna 2 Grano."
    assert render(workplace, "it") != str.__str__(workplace)
    assert "Alleato" in render(workplace, "it")


def test_the_reference_reads_a_card_and_its_section_in_italian() -> None:
    entry = entry_for("A1")
    assert entry is not None
    english = entry_lines(entry)
    use_language("it")
    lines = entry_lines(entry)
    assert lines[1] == "Guadagna 2 Grano."
    assert "appendice" in lines[-1]
    use_language("en")
    assert entry_lines(entry) == english
    assert shown(entry.summary) == "Gain 2 Grain."


@pytest.mark.parametrize(("language", "port"), [("de", "Rom"), ("fr", "Rome"), ("it", "Roma")])
def test_the_setup_checklist_names_the_start_port_as_the_table_does(
    language: str, port: str
) -> None:
    use_language(language)
    ships = [step for step in setup_checklist("medium", False, "virtual") if port in step]
    assert len(ships) == 1, "one step names the ships' start port"
    assert port_name("Roma") == port
    assert f" {port}." in ships[0] and (port == "Roma" or "Roma" not in ships[0])
