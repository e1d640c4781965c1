""":class:`TouchSelect`: a Select whose open list a finger can hit in a browser, and whose
search finds what a player types, however fast.

Textual's Select draws its open list itself (a ``SelectOverlay``, an OptionList it makes
in ``compose``), so the dialogs' Selects showed one-row lines in a browser. Here the list
is a ``SelectOverlay`` that pads its lines as :class:`TouchOptionList` does: in a browser
every line has a blank row above and below its text (three rows, one line: a tap on any of
them picks it, and the highlight covers all three); in a terminal nothing changes.

Textual's own type-to-search lives in the open list and starts again whenever the list
takes the focus, so a key that comes before the focus has moved (typed ahead) was lost,
and it finds the first label that holds the text anywhere (``13`` finds A13 before B13).
Here the list does not search; the Select does, whoever has the focus when a key comes
(the Select or its open list): an exact id wins (:func:`search`), a search goes on from
key to key until a pause between two keys (by the keys' own times) or a key that finds
nothing, and Enter, up and down that reach the Select before its open list has the focus
act on the list. What the Select holds and shows closed is Textual's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.widgets import Select

from companion.ui.framework.textual_internals import SelectCurrent, SelectOverlay, SelectType
from companion.ui.widgets.touch_list import TouchOptionList

if TYPE_CHECKING:
    from textual.app import ComposeResult

SEARCH_PAUSE = 1.5
"""Seconds between two keys (by the time each was typed, not when the app read it) after
which the second starts a new search."""
OPEN_LIST_KEYS = ("enter", "down", "up")
"""Keys that act on the open list, as they would there, when they reach the Select before
the list it has just opened has the focus (typed ahead)."""


def search(labels: Sequence[str], typed: str) -> int | None:
    """The index of the label ``typed`` finds (any case): a label whose first word is
    ``typed`` (an exact id: ``B13``, ``A7``), else the first that begins so, else the first
    with a word that begins so, else the one holding it earliest; ``None``: none holds it.

    >>> cards = ["A1 · 5 Augustales", "A13 · 3 Stone", "B1 · 4 Grain", "B13 · 1 card"]
    >>> search(cards, "b13"), search(cards, "13"), search(cards, "a1"), search(cards, "B1")
    (3, 1, 0, 2)
    >>> search(["Gregoria (tile 1)", "Gisela"], "gis"), search(["Ann", "Gisela"], "sel")
    (1, 1)
    >>> search(["Grain", "Stone"], "card") is None
    True
    """
    wanted = typed.casefold()
    if not wanted:
        return None
    best: tuple[int, int, int] | None = None
    for index, label in enumerate(labels):
        text = label.casefold()
        words = text.split()
        if words and words[0] == wanted:
            rank = (0, 0, index)
        elif text.startswith(wanted):
            rank = (1, 0, index)
        elif any(word.startswith(wanted) for word in words):
            rank = (2, 0, index)
        elif wanted in text:
            rank = (3, text.index(wanted), index)
        else:
            continue
        best = rank if best is None else min(best, rank)
    return None if best is None else best[2]


def _plain(prompt: object) -> str:
    return prompt.plain if isinstance(prompt, Text) else str(prompt)


class TouchSelectOverlay(SelectOverlay, TouchOptionList):
    """A Select's open list with three-row lines in a browser (TouchOptionList's lines,
    SelectOverlay's keys and messages); its Select searches for it."""

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """A letter typed in the open list is its Select's search, not a screen key."""
        return character is not None and character.isprintable()


class TouchSelect(Select[SelectType]):
    """A Select whose open list has three-row lines in a browser and whose search loses
    no key (see the module)."""

    OPENS_ON_A_KEY = False
    """Whether a letter typed on the closed Select opens it and starts the search (else
    the letter goes on to the screen's keys)."""

    _typed = ""
    _last_key = 0.0

    def compose(self) -> ComposeResult:
        # Select.compose, with the touch list in place of Textual's SelectOverlay
        yield SelectCurrent(self.prompt)
        yield TouchSelectOverlay(type_to_search=False).data_bind(compact=Select.compact)

    def reword(self, options: Sequence[tuple[str, SelectType]], prompt: str | None = None) -> None:
        """Word the options (and, unless ``None``, the prompt) again in the language in use
        (a language switch): the same values, so the value chosen stays, and no
        ``Changed`` is posted."""
        value = self.value
        with self.prevent(Select.Changed):
            if prompt is not None:
                self.prompt = prompt
            self.set_options(options)
            self.value = value
        # the face shows the new words even where the value did not change on the way
        face = next((text for text, held in options if held == value), Select.NULL)
        self.query_one(SelectCurrent).update(face)

    @property
    def _list(self) -> TouchSelectOverlay:
        return self.query_one(TouchSelectOverlay)

    def on_key(self, event: events.Key) -> None:
        """A key typed on the open list (or on its way to it) goes on with the search; on
        the closed list, with :attr:`OPENS_ON_A_KEY`, it opens the list and starts one."""
        listing = self._list
        if event.key in OPEN_LIST_KEYS and self.expanded and not listing.has_focus:
            event.stop()
            event.prevent_default()
            actions = {
                "enter": listing.action_select,
                "down": listing.action_cursor_down,
                "up": listing.action_cursor_up,
            }
            actions[event.key]()
            return
        if not event.is_printable or event.character is None:
            return
        if not self.expanded and not self.OPENS_ON_A_KEY:
            return
        event.stop()
        event.prevent_default()
        if not self.expanded:
            self._typed = ""
            self.action_show_overlay()
        elif event.time - self._last_key > SEARCH_PAUSE:
            self._typed = ""
        self._last_key = event.time
        self._find(event.character)

    def _find(self, character: str) -> None:
        """Go on with the search with ``character`` (or start again from it when the
        longer search finds nothing) and highlight what it finds."""
        listing = self._list
        labels = [
            "" if index == 0 and self.prompt == text else text
            for index, text in enumerate(
                _plain(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)
            )
        ]
        typed = self._typed + character
        found = search(labels, typed)
        if found is None:
            typed = character
            found = search(labels, typed)
        self._typed = typed if found is not None else ""
        if found is not None:
            listing.highlighted = found
            listing.scroll_to_highlight()
