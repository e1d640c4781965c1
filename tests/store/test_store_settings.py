"""SettingsStore: the player's deck, checked cards and the theme an older version kept
there (the app now keeps the theme in the configuration file; it still reads this one)."""

from __future__ import annotations

import json
import pathlib

import pytest

from companion.paths import SETTINGS_FILE
from companion.storage import NewerSchemaError, SettingsStore
from solo_deck import DeckDefinition, load_default_deck


def _older_version_theme(folder: pathlib.Path, theme: str) -> None:
    """Write ``theme`` into the settings file, as an older version of the app did."""
    path = folder / SETTINGS_FILE
    document = json.loads(path.read_text(encoding="utf-8"))
    document["settings"]["1"]["theme"] = theme
    path.write_text(json.dumps(document), encoding="utf-8")


def _own_deck() -> DeckDefinition:
    return load_default_deck().model_copy(update={"name": "My box", "provisional": False})


def test_defaults_when_nothing_is_saved(tmp_path: pathlib.Path) -> None:
    store = SettingsStore(tmp_path)
    assert store.deck() is None
    assert store.verified_cards() == set()
    assert store.theme() is None
    assert list(tmp_path.iterdir()) == []


def test_each_setting_round_trips_without_touching_the_others(tmp_path: pathlib.Path) -> None:
    store = SettingsStore(tmp_path)
    deck = _own_deck()
    store.save_deck(deck)
    store.set_verified(["S03", "S01", "S01"])
    _older_version_theme(tmp_path, "gruvbox")
    reopened = SettingsStore(tmp_path)
    assert reopened.deck() == deck
    assert reopened.verified_cards() == {"S01", "S03"}
    assert reopened.theme() == "gruvbox"
    reopened.save_deck(None)
    assert reopened.theme() == "gruvbox"
    assert reopened.deck() is None
    assert reopened.verified_cards() == {"S01", "S03"}
    raw = json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert raw["settings"]["1"]["schema_version"] == 1


def test_invalid_saved_values_fall_back_with_problems(tmp_path: pathlib.Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(
        json.dumps(
            {
                "settings": {
                    "1": {"schema_version": 1, "deck": {"name": "x"}, "verified_cards": "S01"}
                }
            }
        ),
        encoding="utf-8",
    )
    store = SettingsStore(tmp_path)
    assert store.deck() is None
    assert store.problems and "solo deck" in store.problems[0]
    assert store.verified_cards() == set()
    assert store.problems


def test_a_damaged_settings_file_is_moved_aside(tmp_path: pathlib.Path) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(b"\x00\x01")
    store = SettingsStore(tmp_path)
    assert store.theme() is None
    assert store.notice is not None and "default settings" in store.notice
    assert len(list(tmp_path.glob(f"{SETTINGS_FILE}.corrupt-*"))) == 1
    store.set_verified(["S01"])
    assert store.verified_cards() == {"S01"}


def test_newer_settings_are_refused_and_left_alone(tmp_path: pathlib.Path) -> None:
    path = tmp_path / SETTINGS_FILE
    path.write_text(json.dumps({"settings": {"1": {"schema_version": 9}}}), encoding="utf-8")
    before = path.read_bytes()
    store = SettingsStore(tmp_path)
    with pytest.raises(NewerSchemaError):
        store.theme()
    with pytest.raises(NewerSchemaError):
        store.set_verified(["S01"])
    assert path.read_bytes() == before
