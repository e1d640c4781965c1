"""Form pieces for the dialogs' lists: a Select that searches as you type, and the first
line that may be chosen highlighted when a list opens. Picking a line never moves the focus:
the player moves on with Tab."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.widgets import OptionList

from companion.ui.widgets.touch_select import TouchSelect, TouchSelectOverlay

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


class SearchSelect(TouchSelect[str]):
    """A Select whose list opens at the first key typed and searches as you type (the
    keys never reach the screen's keys); in a browser its lines are three rows tall
    (:class:`TouchSelect`).

    The search is this widget's own, whoever has the focus when a key comes (the Select,
    or the list it has just opened): the key that opens the list is the search's first
    key, an exact id wins over a label that merely holds it, and keys typed faster than
    the list takes the focus find what the same keys typed slowly find."""

    def __init__(
        self,
        options: Iterable[tuple[RenderableType, str]],
        *,
        prompt: str = "Select",
        id: str | None = None,
    ) -> None:
        super().__init__(options, prompt=prompt, id=id, type_to_search=False)
        self._typed = ""
        self._last_key = 0.0

    @property
    def _list(self) -> TouchSelectOverlay:
        return self.query_one(TouchSelectOverlay)

    def on_key(self, event: events.Key) -> None:
        """A key typed on the closed list opens it and starts a search; a key typed on the
        open list (or on its way to it) goes on with the search."""
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


def enabled_options(options: OptionList) -> list[int]:
    """The indexes of the options of ``options`` that may be chosen, in order."""
    return [i for i in range(options.option_count) if not options.get_option_at_index(i).disabled]


def focus_first_enabled(options: OptionList) -> None:
    """Highlight the first option that may be chosen (none when every one is disabled) and
    focus the list."""
    enabled = enabled_options(options)
    options.highlighted = enabled[0] if enabled else None
    options.focus()
