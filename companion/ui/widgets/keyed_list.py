""":class:`KeyedList`: a dialog's list in which every line has a key of its own, shown at
the line's start (``T2``, ``W3``, ``1``…). Typing a line's whole key chooses that line at
once, as Enter on it would; typing the start of several keys highlights the first of them
and waits for the next key. Arrows and Enter work as in any list; a tap only highlights
a line (a :class:`~companion.ui.widgets.dialog_list.DialogList`).

Keys are matched without case, so ``t2`` finds ``T2``. A key that matches no line goes on
to the screen, so a list never eats a letter it does not show. A key that matches only
lines that cannot be chosen (greyed) chooses nothing and says why in a notice; it leaves no
line highlighted, so the next key (Enter, ctrl+s) cannot record another line by mistake.

A line may name its Reference ``topic`` (``castle-site:T2``): F1 on the highlighted line
opens that entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from textual import events
from textual.widgets.option_list import Option

from companion.i18n import _, shown
from companion.ui.widgets.dialog_list import DialogList


class KeyedLine(NamedTuple):
    """One line of a :class:`KeyedList`: its key, its text, whether it can be chosen, the
    id its option carries (what the dialog reads back from the line chosen), the
    Reference topic F1 opens on it (``None``: the option id, if the Reference knows it)
    and, for a line that cannot be chosen, why not (said when its key is typed)."""

    key: str
    text: str
    disabled: bool = False
    option_id: str | None = None
    topic: str | None = None
    why: str = ""


def refusal(line: KeyedLine) -> str:
    """What a greyed line's key says: the line's key and why it cannot be chosen.

    >>> refusal(KeyedLine("b", "Build", True, why="no free slot gives Build"))
    'b cannot be chosen now: no free slot gives Build.'
    >>> refusal(KeyedLine("W5", "Wall", True))
    'W5 cannot be chosen now: Wall.'
    """
    why = shown(line.why or line.text).strip().rstrip(".")
    return _("{key} cannot be chosen now: {why}.").format(key=line.key, why=why)


def keyed_prompt(line: KeyedLine, width: int) -> str:
    """The line as the list shows it: the key padded to ``width``, then the text.

    >>> keyed_prompt(KeyedLine("T2", "Tower · 1 Stone"), 3)
    'T2   Tower · 1 Stone'
    """
    return f"{line.key:<{width}}  {line.text}"


def matches(keys: Sequence[str], typed: str) -> list[int]:
    """The indexes of ``keys`` that begin with ``typed`` (any case).

    >>> matches(["T2", "T3", "T3B", "W2"], "t3")
    [1, 2]
    """
    typed = typed.casefold()
    return [i for i, key in enumerate(keys) if key.casefold().startswith(typed)]


class KeyedList(DialogList):
    """A list of :class:`KeyedLine` (see the module). ``keys`` are the lines' keys."""

    def __init__(
        self, lines: Sequence[KeyedLine] = (), *, id: str | None = None, compact: bool = False
    ) -> None:
        super().__init__(id=id, compact=compact, markup=False)
        self.keys: list[str] = []
        self.topics: list[str | None] = []
        self.lines: list[KeyedLine] = []
        self._typed = ""
        self._pending = list(lines)

    def on_mount(self) -> None:
        if self._pending:
            self.set_lines(self._pending)
            self._pending = []

    def set_lines(self, lines: Sequence[KeyedLine]) -> None:
        """Show ``lines`` (nothing highlighted: the dialog says which line it opens on)."""
        width = max((len(line.key) for line in lines), default=0)
        self.lines = list(lines)
        self.keys = [line.key for line in lines]
        self.topics = [line.topic for line in lines]
        self._typed = ""
        self.clear_options()
        self.add_options(
            [
                Option(keyed_prompt(line, width), id=line.option_id, disabled=line.disabled)
                for line in lines
            ]
        )

    def reference_topic(self) -> str | None:
        """The Reference topic of the highlighted line (what F1 opens)."""
        index = self.highlighted
        return self.topics[index] if index is not None and index < len(self.topics) else None

    def open_on(self, index: int | None) -> None:
        """Highlight line ``index`` if it can be chosen, else the first that can."""
        enabled = [i for i in range(self.option_count) if not self.get_option_at_index(i).disabled]
        self.highlighted = index if index in enabled else (enabled[0] if enabled else None)

    def _enabled(self, found: list[int]) -> list[int]:
        return [i for i in found if not self.get_option_at_index(i).disabled]

    def answer(self, typed: str) -> tuple[int | None, bool]:
        """The line highlighted after ``typed`` (``None``: no line that can be chosen
        begins so) and whether that line is chosen at once (its whole key, and no other
        line's key begins so)."""
        found = self._enabled(matches(self.keys, typed))
        if not found:
            return None, False
        whole = self.keys[found[0]].casefold() == typed.casefold()
        return found[0], whole and len(found) == 1

    def on_key(self, event: events.Key) -> None:
        """A key typed: extend what was typed, or start again from this key."""
        character = event.character
        if not event.is_printable or character is None or not character.strip():
            self._typed = ""
            return
        typed = self._typed + character
        if not matches(self.keys, typed):
            typed = character
        found = matches(self.keys, typed)
        if not found:
            self._typed = ""
            return
        event.stop()
        event.prevent_default()
        index, at_once = self.answer(typed)
        if index is None:
            self._refuse(typed, found)
            return
        self.highlighted = index
        self._typed = "" if at_once else typed
        if at_once:
            self.action_select()

    def _refuse(self, typed: str, greyed: list[int]) -> None:
        """``typed`` begins only greyed lines' keys: say why the line cannot be chosen,
        and leave no line highlighted (what was highlighted is not what was asked for)."""
        self._typed = ""
        self.highlighted = None
        whole = [i for i in greyed if self.keys[i].casefold() == typed.casefold()]
        self.notify(refusal(self.lines[(whole or greyed)[0]]), severity="warning", timeout=4)
