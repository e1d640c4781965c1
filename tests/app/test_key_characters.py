"""Keys' characters and captions answered without Unicode's name table
(:mod:`companion.ui.framework.key_characters`), the same as Textual's own answers."""

from __future__ import annotations

import inspect
import string
import sys
import unicodedata
from pathlib import Path
from types import FrameType

import pytest
import textual.keys
import textual.screen
from textual.app import App
from textual.binding import Binding

from companion.ui.app import StuporSoloApp
from companion.ui.framework.key_characters import (
    NAMED_KEYS,
    binding_caption,
    key_caption,
    key_to_character,
)
from companion.ui.keys.game import KEYMAPS
from tests.app.pilot_helpers import SIZE, open_table, press_and_settle


def _bound_keys() -> set[str]:
    """Every key name the app binds, each key of a comma-separated binding apart."""
    keys: set[str] = set()
    for _, table in KEYMAPS.values():
        for key in table:
            keys.update(part.strip() for part in key.key.split(","))
    return keys


KEYS = sorted(
    {*NAMED_KEYS, *string.printable.strip(), *_bound_keys()}
    | {f"{mod}+{key}" for mod in ("ctrl", "shift", "alt", "ctrl+shift") for key in "asz?"}
    | {f"ctrl+{key}" for key in ("f1", "tab", "question_mark", "home", "space")}
)


def test_the_binding_chain_still_asks_the_name_we_answer() -> None:
    """Textual's screens look up keys' characters by this module-level name."""
    chain = vars(textual.screen.Screen)["_binding_chain"].fget
    assert "key_to_character(" in inspect.getsource(chain)


def test_the_app_binds_keys_of_every_kind_this_file_checks() -> None:
    bound = _bound_keys()
    assert any(len(key) == 1 for key in bound)
    assert any(key in NAMED_KEYS for key in bound)
    assert any("+" in key for key in bound)


@pytest.mark.parametrize("key", KEYS)
def test_a_key_types_the_character_textual_says(key: str) -> None:
    assert key_to_character(key) == textual.keys.key_to_character(key)


@pytest.mark.parametrize("key", KEYS)
def test_a_key_caption_is_the_one_textual_shows(key: str) -> None:
    binding = Binding(key, "noop", "noop")
    assert binding_caption(binding) == App().get_key_display(binding)
    if "+" not in key[1:]:
        assert key_caption(key) == textual.keys.format_key(key)


def test_a_binding_with_its_own_caption_keeps_it(tmp_path: Path) -> None:
    binding = Binding("p", "noop", "noop", key_display="P!")
    assert binding_caption(binding) == "P!"
    app = StuporSoloApp(tmp_path, use_lock=False, insight=False)
    assert app.get_key_display(binding) == "P!"
    assert app.get_key_display(Binding("ctrl+s", "noop", "noop")) == "^s"


async def test_the_table_looks_up_no_unicode_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's own functions would look up each key's Unicode name; the process then
    keeps about 0.7 MB of that table resident (issue 39)."""
    looked_up: list[str] = []
    lookup = unicodedata.lookup

    def counted(name: str) -> str:
        frame: FrameType | None = sys._getframe(1)
        while frame is not None and frame.f_code.co_name != "_press_keys":
            frame = frame.f_back  # the Pilot turns the names it presses into keys so
        if frame is None:
            looked_up.append(name)
        return lookup(name)

    monkeypatch.setattr(unicodedata, "lookup", counted)
    textual.keys.format_key.cache_clear()
    textual.keys.key_to_character.cache_clear()
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        assert vars(textual.screen)["key_to_character"] is key_to_character
        await press_and_settle(pilot, "question_mark", "escape", "l", "escape")
        assert app.screen.focused is not None  # the binding chain asks for characters
    assert looked_up == []
