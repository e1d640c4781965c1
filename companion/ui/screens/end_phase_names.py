"""The End Phase's "who was turned up": one key names each Ally the reorganisation turned
face up.

Every Ally that can lie in the space shown (the engine's :func:`~solo_deck.ally_candidates`)
is listed with a letter of its own, taken from its name where it can be; pressing that
letter names the Ally at the port marked ▸ and moves the mark to the next port left to name.
A digit marks another port (``0`` leaves the marked one unnamed). The letters of the
screen's own keys (castle income, ally income, reorganise, end of the round…) are never
given to an Ally, so they always reach the screen. Nothing is recorded while you name:
the names are recorded when the round ends (:meth:`AllyNaming.events`), so a wrong letter
is put right by pressing the right one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.widgets import Button, Label

from companion.i18n import N_, _
from companion.i18n.words import edition
from companion.ui.wording import worded
from solo_deck import allies_by_id, ally_candidates, ally_name
from solo_deck.events import NameAlly

if TYPE_CHECKING:
    from solo_deck import GameState

Space = tuple[int, int]
"""A port and one of its Ally spaces."""
NOT_NAMED = N_("not named yet")
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def plain(name: str) -> str:
    """``name`` in lower-case letters without accents (``Gisèle`` → ``gisele``).

    >>> plain("Gisèle")
    'gisele'
    """
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if ch.isascii() and ch.isalpha()).lower()


def ally_keys(names: Sequence[tuple[str, str]], reserved: Iterable[str]) -> dict[str, str]:
    """A letter for each ``(id, name)``, none of them ``reserved``: the first letter of the
    name where it is free, else a later letter of the name, else any free letter (in the
    order given; ``names`` beyond the free letters get none).

    >>> ally_keys([("tento", "Tento"), ("theophilos", "Theophilos")], "acer")
    {'tento': 't', 'theophilos': 'h'}
    """
    free = [ch for ch in LETTERS if ch not in set(reserved)]
    keys: dict[str, str] = {}
    for wanted in (lambda name: plain(name)[:1], plain, lambda name: LETTERS):
        for ally_id, name in names:
            if ally_id in keys:
                continue
            letter = next((ch for ch in wanted(name) if ch in free), None)
            if letter is not None:
                keys[ally_id] = letter
                free.remove(letter)
    return {ally_id: keys[ally_id] for ally_id, _name in names if ally_id in keys}


def short_title(ally_id: str) -> str:
    """``Gisela``, or ``Gregoria 2`` for a name printed on two tiles."""
    name = ally_name(ally_id)
    same = [other for other in allies_by_id().values() if other.name == name]
    return f"{name} {ally_id.rsplit('-', 1)[-1]}" if len(same) > 1 else name


class AllyNaming(Vertical):
    """The ports whose Ally was just turned up (the one being named marked ▸) and, below,
    every Ally that can lie there with its letter. ``reserved``: the screen's letters."""

    DEFAULT_CSS = """
    AllyNaming { height: auto; }
    AllyNaming #naming-ports { height: auto; }
    AllyNaming .naming-port {
        width: 100%; height: 1; content-align: left middle; text-align: left;
    }
    AllyNaming #ally-keys { grid-size: 4; grid-gutter: 0 1; height: auto; }
    AllyNaming #ally-keys > Button {
        width: 100%; height: 1; content-align: left middle; text-align: left;
    }
    """

    def __init__(self, reserved: Iterable[str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.reserved = frozenset(reserved)
        self.spaces: tuple[Space, ...] = ()
        self.names: dict[Space, str | None] = {}
        """The Ally named for each space (``None``: not named), recorded at the round's end."""
        self.marked = 0
        self.keys: dict[str, str] = {}
        """The letter of each Ally offered for the marked space."""
        self._state: GameState | None = None

    def compose(self) -> ComposeResult:
        yield Label(self._how(), id="naming-how", classes="muted")
        yield Vertical(id="naming-ports")
        yield Grid(id="ally-keys")

    def _how(self) -> str:
        """How to name, for the device the app is shown on."""
        return worded(
            self,
            _(
                "Who was turned up? The letter beside a name names the Ally at the port "
                "marked ▸ (a digit marks another port; 0: not named). They are recorded when "
                "the round ends."
            ),
            _(
                "Who was turned up? Tap a name to name the Ally at the port marked ▸ (tap a "
                "port to mark it). They are recorded when the round ends."
            ),
        )

    def relabel(self) -> None:
        """Word the hint and the ports again in the language in use."""
        self.query_one("#naming-how", Label).update(self._how())
        self._draw()

    def show(self, state: GameState, spaces: tuple[Space, ...]) -> None:
        """Offer ``spaces`` to name in ``state`` (what was named so far stays while the
        spaces are the same)."""
        self._state = state
        if spaces != self.spaces:
            self.spaces = spaces
            ports = state.voyage.ports
            self.names = {(p, s): ports[p].allies[s].face_up_id for p, s in spaces}
            self.marked = next((i for i, sp in enumerate(spaces) if not self.names[sp]), 0)
        self.display = bool(spaces)
        self._draw()

    def restore(self, names: dict[tuple[int, int], str | None]) -> None:
        """Name again what was named before the screen was left (same spaces only)."""
        if self.spaces and set(names) == set(self.spaces):
            self.names = dict(names)
            self.marked = next((i for i, sp in enumerate(self.spaces) if not names[sp]), 0)
            self._draw()

    # --- what can be named ----------------------------------------------------------------

    def candidates(self, space: Space) -> list[str]:
        """The Allies that can lie in ``space``: the engine's, less those named for the
        other spaces here; by name."""
        assert self._state is not None
        taken = {name for other, name in self.names.items() if other != space and name}
        offered = [a for a in ally_candidates(self._state, *space) if a not in taken]
        return sorted(offered, key=lambda ally_id: (short_title(ally_id), ally_id))

    def _all_keys(self) -> dict[str, str]:
        """A letter for every Ally that can lie in any of the spaces, by name: the same
        letter whichever port is marked."""
        assert self._state is not None
        every = {a for space in self.spaces for a in ally_candidates(self._state, *space)}
        ordered = sorted(every, key=lambda ally_id: (short_title(ally_id), ally_id))
        return ally_keys([(a, short_title(a)) for a in ordered], self.reserved)

    def events(self) -> list[NameAlly]:
        """The names to record (those that differ from what the game holds)."""
        if self._state is None:
            return []
        ports = self._state.voyage.ports
        return [
            NameAlly(port=port, space=space, ally_id=name)
            for (port, space), name in self.names.items()
            if name != ports[port].allies[space].face_up_id
        ]

    # --- keys and taps --------------------------------------------------------------------

    def press(self, character: str | None) -> bool:
        """Take a key meant for the naming; ``False`` when it is not one."""
        if not self.spaces or character is None:
            return False
        if character == "0":
            self.names[self.spaces[self.marked]] = None
        elif character.isdigit() and 1 <= int(character) <= len(self.spaces):
            self.marked = int(character) - 1
        elif character in self.keys.values():
            ally_id = next(a for a, key in self.keys.items() if key == character)
            self.name_marked(ally_id)
            return True
        else:
            return False
        self._draw()
        return True

    def name_marked(self, ally_id: str) -> None:
        """Name the Ally at the marked port; mark the next port left to name."""
        self.names[self.spaces[self.marked]] = ally_id
        later = [i for i, space in enumerate(self.spaces) if not self.names[space]]
        self.marked = next((i for i in later if i > self.marked), self.marked)
        self._draw()

    @on(Button.Pressed, ".naming-port")
    def _port_tapped(self, event: Button.Pressed) -> None:
        event.stop()
        self.marked = int(event.button.name or 0)
        self._draw()

    @on(Button.Pressed, ".ally-key")
    def _ally_tapped(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.name:
            self.name_marked(event.button.name)

    # --- drawing ---------------------------------------------------------------------------

    def _draw(self) -> None:
        """Mark the port being named and list, with their letters, the Allies that can
        lie there (the buttons are made again only when the ports or the Allies change)."""
        if self._state is None or not self.spaces:
            return
        ports = self._state.voyage.ports
        box = self.query_one("#naming-ports", Vertical)
        texts = []
        for number, space in enumerate(self.spaces):
            mark = "▸" if number == self.marked else " "
            name = self.names[space]
            named = short_title(name) if name else _(NOT_NAMED)
            texts.append(f"{mark} {number + 1}  {edition(ports[space[0]].name)}: {named}")
        rows = list(box.query(".naming-port").results(Button))
        if len(rows) == len(texts):
            for row, text in zip(rows, texts, strict=True):
                row.label = text
        else:
            box.remove_children()
            box.mount_all(
                unfocused(Button(text, name=str(n), classes="naming-port", compact=True))
                for n, text in enumerate(texts)
            )
        offered = set(self.candidates(self.spaces[self.marked]))
        keys = {a: key for a, key in self._all_keys().items() if a in offered}
        if keys != self.keys:
            self.keys = keys
            grid = self.query_one("#ally-keys", Grid)
            grid.remove_children()
            grid.mount_all(
                unfocused(
                    Button(f"{key}  {short_title(a)}", name=a, classes="ally-key", compact=True)
                )
                for a, key in keys.items()
            )


def unfocused(button: Button) -> Button:
    """``button``, one line high and left out of the Tab order (a tap still presses it):
    the keys name."""
    button.can_focus = False
    button.compact = True
    return button
