"""Key names to characters and to what the footer shows, without reading Unicode's table
of character names.

Textual turns a key name into its character (``textual.keys.key_to_character``, "tab" to
a tab) and into the footer's caption (``App.get_key_display``, by ``format_key``) by
looking the name up with ``unicodedata.lookup``. Each lookup, found or not, reads pages of
the name table spread over ``unicodedata``'s shared library: the Table's thirty keys made
the process keep some 0.7 MB of it resident that nothing else needs (``python -m
benchmarks --only memory``: 65.0 and 64.8 MB with the lookups, 64.3 and 64.1 without;
issue 39). The screen asks for the character of every key bound around the focused
widget (``Screen._binding_chain``), the footer for the caption of every key it shows.

So the keys whose answer is known are answered here: a one-character key is its own
character and its own caption (Unicode names no character with a single letter), and the
named keys (those of :class:`textual.keys.Keys`, the punctuation) have their characters in
:data:`NAMED_KEYS`. The Help screen reads its keys the same way (:func:`key_caption`).
``tests/app/test_key_characters.py`` checks both against Textual's own functions for
every key the app binds and every key Textual names. Any other name goes to Textual.

>>> key_to_character("p"), key_to_character("tab"), key_to_character("f1")
('p', '\\t', None)
>>> key_caption("question_mark"), key_caption("escape"), key_caption("tab")
('?', 'esc', 'tab')
"""

from __future__ import annotations

from typing import Any, Final

import textual.screen
from textual.app import App
from textual.binding import Binding
from textual.keys import KEY_DISPLAY_ALIASES, Keys, format_key
from textual.keys import key_to_character as textual_key_to_character

PUNCTUATION_NAMES: Final = """
    exclamation_mark quotation_mark number_sign dollar_sign percent_sign left_parenthesis
    right_parenthesis plus_sign hyphen_minus full_stop less_than_sign equals_sign
    greater_than_sign question_mark commercial_at left_square_bracket reverse_solidus
    right_square_bracket circumflex_accent low_line grave_accent left_curly_bracket
    vertical_line right_curly_bracket
"""
"""The punctuation keys Textual names by their Unicode names, in the order of the
characters in :data:`NAMED_KEYS`."""

NAMED_KEYS: Final[dict[str, str | None]] = {
    **{key.value: None for key in Keys if len(key.value) > 1 and "+" not in key.value},
    "escape": "\x1b",
    "delete": "\x7f",
    "tab": "\t",
    "space": " ",
    "backspace": "\x08",
    **dict(zip(PUNCTUATION_NAMES.split(), '!"#$%()+-.<=>?@[\\]^_`{|}', strict=True)),
}
"""Each key :class:`~textual.keys.Keys` names by a word (no modifier) and each punctuation
key Textual names by its Unicode name (``question_mark``), with its character (``None``:
it types none): the answers Textual's lookup gives for them."""


def key_to_character(key: str) -> str | None:
    """The character ``key`` types (``None`` for none), as Textual's function of that
    name answers, without a lookup for a one-character key or a named one."""
    if len(key) == 1 and key != "+":  # Textual reads a lone "+" as a modifier's
        return key
    if key in NAMED_KEYS:
        return NAMED_KEYS[key]
    return textual_key_to_character(key)


def key_caption(name: str) -> str:
    """How a key name (no modifier) reads, as Textual's ``format_key`` reads it: its
    alias (``esc``), its printable character (``?``), else its name."""
    if name in KEY_DISPLAY_ALIASES:
        return KEY_DISPLAY_ALIASES[name]
    if len(name) == 1:
        return name
    if name in NAMED_KEYS:
        character = NAMED_KEYS[name]
        return character if character is not None and character.isprintable() else name
    return format_key(name)


def binding_caption(binding: Binding) -> str:
    """What the footer shows for ``binding``, as ``App.get_key_display`` shows it: its
    own caption if it has one, else its key's (:func:`key_caption`), ``^`` for ctrl."""
    if binding.key_display:
        return binding.key_display
    modifiers, key = binding.parse_key()
    key = key_caption(key)
    if "ctrl" in modifiers:
        modifiers.remove("ctrl")
        key = f"^{key}"
    return "+".join([*modifiers, key])


def answer_key_characters() -> None:
    """Let the screens' binding chains ask :func:`key_to_character`."""
    setattr(textual.screen, "key_to_character", key_to_character)  # noqa: B010


class PlainKeyCaptions(App[None]):
    """An App whose screens and footers find keys' characters and captions here first."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        answer_key_characters()

    def get_key_display(self, binding: Binding) -> str:
        """Textual's caption for ``binding`` (:func:`binding_caption`)."""
        return binding_caption(binding)
