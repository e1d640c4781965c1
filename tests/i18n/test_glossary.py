"""The glossary: every term the engine can name is in it, with a form and a source per
edition; the edition words known from reviews are there."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.i18n.extract import engine_terms
from companion.i18n.glossary import EDITIONS, entry, find, glossary, term_in
from solo_deck.data.loaders import load_allies
from solo_deck.model.action_cards import HOUSES
from solo_deck.reference.actions import ACTION_NAMES

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "solo_deck" / "data"


def _data_names() -> set[str]:
    names: set[str] = set()
    for ally in load_allies():
        names |= {ally.name, ally.epithet, ally.kind.value.capitalize()}
    names |= set(HOUSES) | set(ACTION_NAMES.values())
    ruleset = tomllib.loads((DATA / "ruleset.toml").read_text(encoding="utf-8"))
    names |= set(ruleset["voyage"]["ports"]["value"])
    names |= {title["name"] for title in ruleset["scoring"]["titles"]["value"]}
    for file in ("castle.toml", "player_board.toml", "workplace_area.toml"):
        document = tomllib.loads((DATA / file).read_text(encoding="utf-8"))
        for table in document.values():
            if isinstance(table, list):
                names |= {item["name"] for item in table if "name" in item}
    from solo_deck.model.edict import _LABELS  # the Edict icons' names

    names |= {form for label in _LABELS.values() for form in (label.template, label.plural) if form}
    return names


def test_every_term_the_engine_can_name_is_in_the_glossary() -> None:
    missing = sorted(name for name in _data_names() if entry(name) is None)
    assert missing == []


def test_every_term_the_engine_code_names_is_in_the_glossary() -> None:
    missing = sorted(english for english, _ in engine_terms(ROOT) if entry(english) is None)
    assert missing == []


@pytest.mark.parametrize(
    ("english", "language", "form"),
    [
        ("Edicts", "it", "Editti"),
        ("Keep", "it", "Mastio"),
        ("Specialists", "fr", "Spécialistes"),
        ("Workplace area", "fr", "Zone de Labeur"),
        ("Tower", "fr", "Tour"),
        ("Wall", "fr", "Muraille"),
        ("Keep", "fr", "Donjon"),
        ("Augustales", "fr", "Augustes"),
        ("Edicts", "de", "Edikte"),
        ("Specialists", "de", "Fachkräfte"),
        ("Augustales", "de", "Augustalen"),
        ("Towers", "de", "Türme"),
        ("Walls", "de", "Mauern"),
        ("Keep", "de", "Hauptgebäude"),
    ],
)
def test_edition_words_from_reviews(english: str, language: str, form: str) -> None:
    found = entry(english)
    assert found is not None and found.form(language) == form
    assert found.source(language).startswith("edition review:")


def test_every_form_has_a_source() -> None:
    for item in glossary().values():
        for language in EDITIONS:
            assert item.source(language), item.english
            assert item.form(language).strip(), item.english


def test_lookup_by_the_editions_word() -> None:
    assert [found.english for found in find("torre")] == ["Tower"]
    assert "Keep" in [found.english for found in find("donjon")]
    assert term_in("Unknown thing", "it") == "Unknown thing"
