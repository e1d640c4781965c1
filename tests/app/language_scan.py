"""Reading what a running app shows, as a player reads it, for the tests in each language.

:func:`screen_blocks` turns the screen (the SVG screenshot, :func:`svg_lines`) into blocks
of text: each row is cut at the frames and bars drawn around panels, dialogs and buttons,
and a piece of row that continues the one above it (same columns) is joined to it, so a
sentence wrapped over three lines of What to do is one block.

:func:`untranslated` is the pseudo-locale's runtime check (it complements the static
collector, :mod:`companion.i18n.collect`, which sees only literals passed to known calls):
in ``qps`` every catalogued message is accented and between « », so a run of two or more
plain English words outside « » is a string that never went through the catalogue.

What may stay English (:data:`ALLOWED`, plus the names a test passes: a player's or a
game's name the player typed) is kept small:

- ``Stupor Mundi``: the game's name, printed so on every edition's box;
- the glossary's terms with no form in any edition (the Allies' names, some Houses):
  written as in English in every edition (:func:`same_in_every_edition`);
- key names (``ctrl+s``, ``esc``, ``enter``, ``tab``, ``space``, ``F1``…): what the
  keyboard says, not words to translate (Textual draws them, lower case, in every footer);
- tokens with a digit (``B13``, ``2T 1W``, ``1/7``, ``18``) and roman numerals (``I``…
  ``IV``, the Edict rows): ids and numbers, the same in every language;
- single letters (a list line's key, ``p``; a lone article cannot make a run alone).

A token with a letter outside ASCII (``Plàý``, ``Frédéric``) is translated text: it ends a
run, as « » do.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.geometry import Region
from textual.screen import ModalScreen

from tests.browser.served import svg_lines

FRAME = re.compile(r"[\u2500-\u259f\u2800-\u28ff▊▎▏▕▔▁]+")
"""Box-drawing and block characters: the frames and bars that cut a row into pieces."""

ALLOWED = ("Stupor Mundi",)
"""Words that stay English in every language (see the module)."""

KEY_NAMES = frozenset(
    {"ctrl", "shift", "alt", "esc", "enter", "tab", "space", "backspace", "delete", "home"}
    | {"end", "pageup", "pagedown", "up", "down", "left", "right", "insert"}
    | {f"f{n}" for n in range(1, 13)}
)
"""Key names as footers and buttons print them (``ctrl+s`` is split at ``+``)."""

ROMAN = re.compile(r"[IVX]+")
WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
"""A plain English word (``Frederick's`` is one)."""
EDGES = "()[]{},.:;!?\"'—–-…·/|<>*+="


@dataclass(frozen=True)
class Block:
    """Text shown in one place (a panel, a dialog's line, a button): its first row and
    column and its rows joined by spaces."""

    row: int
    column: int
    text: str


def _pieces(row: str) -> list[tuple[int, int, str]]:
    """The pieces of ``row`` between frames: (start, end, text), ``end`` -1 for a piece
    with no frame after it (the row's end)."""
    found = []
    start = 0
    for frame in [*FRAME.finditer(row), None]:
        end = -1 if frame is None else frame.start()
        text = row[start:] if frame is None else row[start:end]
        if text.strip():
            found.append((start, end, text))
        if frame is not None:
            start = frame.end()
    return found


def blocks(lines: list[str]) -> list[Block]:
    """``lines`` (a screen's rows) as blocks of text (see the module)."""
    done: list[Block] = []
    open_: dict[tuple[int, int], tuple[int, list[str]]] = {}
    for number, row in enumerate(lines):
        now: dict[tuple[int, int], tuple[int, list[str]]] = {}
        for start, end, text in _pieces(row):
            first, parts = open_.pop((start, end), (number, []))
            parts.append(text.strip())
            now[(start, end)] = (first, parts)
        done += [
            Block(first, start, " ".join(parts)) for (start, _), (first, parts) in open_.items()
        ]
        open_ = now
    done += [Block(first, start, " ".join(parts)) for (start, _), (first, parts) in open_.items()]
    return sorted(done, key=lambda block: (block.row, block.column))


def screen_areas(app: App[Any]) -> list[list[str]]:
    """The rows of text the app shows now, top to bottom, as one area; with a dialog
    open, one area per part of the dialog's screen (the dialog, its footer): the screen
    under it, dimmed, was read before the dialog opened."""
    lines = svg_lines(app.export_screenshot())
    screen = app.screen
    if not isinstance(screen, ModalScreen) or not screen.children:
        return [lines]
    boxes = [child.region for child in screen.children if child.display]
    return [[line[box.x : box.right] for line in lines[box.y : box.bottom]] for box in boxes]


def screen_blocks(app: App[Any]) -> list[Block]:
    """What the app shows now, as blocks (see the module)."""
    return [block for area in screen_areas(app) for block in blocks(area)]


def _flat(text: str) -> str:
    return " ".join(text.split())


def shows(app: App[Any], message: str) -> bool:
    """Whether ``message`` (its markup and fields' values as shown) is on the screen, whole,
    in one block (wrapped lines joined)."""
    wanted = _flat(message)
    return any(wanted in _flat(block.text) for block in screen_blocks(app))


def _outside_marks(text: str) -> list[str]:
    """The parts of ``text`` outside « » (a « left open runs to the end)."""
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    for char in text:
        if char == "«":
            if depth == 0:
                parts.append("".join(current))
                current = []
            depth += 1
        elif char == "»" and depth:
            depth -= 1
        elif depth == 0:
            current.append(char)
    parts.append("".join(current))
    return parts


def _kind(token: str) -> str:
    """``word`` (plain English), ``kept`` (a key, an id, a number, a letter: neither ends
    nor makes a run) or ``foreign`` (translated text: ends a run)."""
    bare = token.strip(EDGES)
    if not bare:
        return "kept"
    if any(ch.isalpha() and not ch.isascii() for ch in bare):
        return "foreign"
    if any(ch.isdigit() for ch in bare) or "^" in bare or "+" in bare or "_" in bare:
        return "kept"
    if bare.lower() in KEY_NAMES or len(bare) == 1 or ROMAN.fullmatch(bare):
        return "kept"
    return "word" if WORD.fullmatch(bare) else "kept"


def same_in_every_edition() -> tuple[str, ...]:
    """The glossary's terms that no edition words otherwise (an Ally's name)."""
    from companion.i18n.glossary import glossary

    return tuple(entry.english for entry in glossary().values() if not entry.forms)


def english_runs(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """Every run of two or more plain English words in ``text`` outside « » (keys, ids,
    numbers and letters between them do not end a run; translated words do)."""
    names = sorted({*ALLOWED, *same_in_every_edition(), *allowed}, key=len, reverse=True)
    for number, name in enumerate(names):  # a kept token each, put back in what is found
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", f"\x00{number}\x00", text)
    runs: list[str] = []
    for part in _outside_marks(text):
        words: list[str] = []
        pending: list[str] = []
        for token in [*part.split(), None]:
            kind = "foreign" if token is None else _kind(token)
            if kind == "word" and token is not None:
                words += [*pending, token]
                pending = []
            elif kind == "kept" and words and token is not None:
                pending.append(token)
            else:
                if sum(_kind(w) == "word" for w in words) >= 2:
                    runs.append(" ".join(words))
                words, pending = [], []
    return [re.sub("\x00(\\d+)\x00", lambda m: names[int(m[1])], run) for run in runs]


def untranslated(app: App[Any], allowed: Iterable[str] = ()) -> list[str]:
    """The runs of plain English the screen shows (see :func:`english_runs`), once each,
    in reading order: in ``qps``, text that never went through the catalogue."""
    names = tuple(allowed)
    found: list[str] = []
    for block in screen_blocks(app):
        for run in english_runs(block.text, names):
            if run not in found:
                found.append(run)
    return found


def region_lines(app: App[Any], region: Region) -> list[str]:
    """The rows of text the app shows in ``region`` (of the screen)."""
    lines = svg_lines(app.export_screenshot())
    box = region.intersection(Region(0, 0, *app.size))
    return [line[box.x : box.right].ljust(box.width) for line in lines[box.y : box.bottom]]


def cut(lines: list[str]) -> list[str]:
    """The blocks of ``lines`` (see :func:`blocks`) whose « » do not pair up: a pseudo
    message cut at an edge, by an ellipsis or by a widget drawn over it."""
    return [block.text for block in blocks(lines) if block.text.count("«") != block.text.count("»")]
