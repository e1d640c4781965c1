"""Edict tiles and their short notation (``2T 1K``, ``2G 1A``...)."""

# i18n: sentences are Text
from __future__ import annotations

import re
from enum import StrEnum

from pydantic import Field, model_validator

from solo_deck.errors import EdictParseError
from solo_deck.model.base import FrozenModel
from solo_deck.text import Text, joined, t, term


class EdictKind(StrEnum):
    """An icon kind on an Edict tile, by its notation letter."""

    GRAIN = "G"
    STONE = "S"
    AUGUSTALES = "A"
    TOWER = "T"
    WALL = "W"
    KEEP = "K"
    COURT = "C"
    PATH = "P"

    @property
    def field(self) -> str:
        """The matching field name on :class:`Edict` and on ``Palace``."""
        return _FIELDS[self]

    def label(self, count: int = 1) -> Text:
        """``"1 Tower"``, ``"2 Towers"``, ``"1 Treasury step"``..."""
        return t("{n} {icon}", n=count, icon=_LABELS[self].counted(count))

    @property
    def noun(self) -> Text:
        """The kind's name, e.g. ``Tower``."""
        return _LABELS[self].counted(1)


_FIELDS = {
    EdictKind.GRAIN: "grain",
    EdictKind.STONE: "stone",
    EdictKind.AUGUSTALES: "treasury",
    EdictKind.TOWER: "towers",
    EdictKind.WALL: "walls",
    EdictKind.KEEP: "keeps",
    EdictKind.COURT: "allies",
    EdictKind.PATH: "specialist",
}
_LABELS = {
    EdictKind.GRAIN: term("Grain", "resource"),
    EdictKind.STONE: term("Stone", "resource"),
    EdictKind.AUGUSTALES: term("Treasury step", "edict icon", plural="Treasury steps"),
    EdictKind.TOWER: term("Tower", "structure", plural="Towers"),
    EdictKind.WALL: term("Wall", "structure", plural="Walls"),
    EdictKind.KEEP: term("Keep", "structure", plural="Keeps"),
    EdictKind.COURT: term("Court Ally", "edict icon", plural="Court Allies"),
    EdictKind.PATH: term("Specialist step", "edict icon", plural="Specialist steps"),
}
VALID_LETTERS = t(
    "G Grain, S Stone, A Augustales, T Tower, W Wall, K Keep, C Court ally, P Path A step"
)
"""The notation's letters, in words (the letters stay: they are the notation)."""
MAX_PER_KIND = 3


class Edict(FrozenModel):
    """The icons on one Edict tile: a count of 0–3 per kind, at least one icon in all.

    >>> str(Edict(towers=2, keeps=1))
    '2T 1K'
    """

    grain: int = Field(default=0, ge=0, le=MAX_PER_KIND)
    stone: int = Field(default=0, ge=0, le=MAX_PER_KIND)
    treasury: int = Field(default=0, ge=0, le=MAX_PER_KIND)
    towers: int = Field(default=0, ge=0, le=MAX_PER_KIND)
    walls: int = Field(default=0, ge=0, le=MAX_PER_KIND)
    keeps: int = Field(default=0, ge=0, le=MAX_PER_KIND)
    allies: int = Field(default=0, ge=0, le=MAX_PER_KIND)
    specialist: int = Field(default=0, ge=0, le=MAX_PER_KIND)

    @model_validator(mode="after")
    def _not_empty(self) -> Edict:
        if not self.items():
            raise ValueError("an Edict shows at least one icon")
        return self

    def count(self, kind: EdictKind) -> int:
        """How many icons of ``kind`` the tile shows."""
        return int(getattr(self, kind.field))

    def items(self) -> list[tuple[EdictKind, int]]:
        """The kinds present with their counts, in notation order."""
        counts = self.__dict__
        return [(kind, counts[field]) for kind, field in _KIND_FIELDS if counts[field]]

    def kinds(self) -> list[EdictKind]:
        """The kinds present, in notation order."""
        return [kind for kind, _ in self.items()]

    def __str__(self) -> str:
        return " ".join(f"{n}{kind.value}" for kind, n in self.items())

    def describe(self) -> Text:
        """Words, e.g. ``2 Towers + 1 Keep``."""
        return joined([kind.label(n) for kind, n in self.items()], " + ")


_KIND_FIELDS = tuple((kind, kind.field) for kind in EdictKind)
"""Each kind with its field, in notation order (:meth:`Edict.items` runs at every Edict)."""

_TOKEN = re.compile(r"([0-9]+)?([A-Za-z])")
_SEPARATORS = re.compile(r"[\s,+]+")


def parse_edict(text: str) -> Edict:
    """Read edict notation: a count (1–3, default 1) before each letter.

    Case and spaces do not matter: ``"2T 1K"``, ``"2t1k"`` and ``"2T, K"`` are the same tile.

    >>> parse_edict("2t1k")
    Edict(grain=0, stone=0, treasury=0, towers=2, walls=0, keeps=1, allies=0, specialist=0)

    Raises :class:`EdictParseError` (a ``ValueError``) that quotes the bad part.
    """
    if not isinstance(text, str):
        raise EdictParseError(
            t("edict notation must be text, not {type}", type=type(text).__name__)
        )
    compact = _SEPARATORS.sub("", text)
    if not compact:
        raise EdictParseError(
            t(
                "the edict is empty; write counts and letters like 2T 1K ({letters})",
                letters=VALID_LETTERS,
            )
        )
    counts: dict[EdictKind, int] = {}
    position = 0
    while position < len(compact):
        match = _TOKEN.match(compact, position)
        if match is None:
            bad = compact[position:]
            raise EdictParseError(
                t(
                    "cannot read {bad!r} in {text!r}: write a count and a letter, like 2T "
                    "(letters: {letters})",
                    bad=bad,
                    text=text.strip(),
                    letters=VALID_LETTERS,
                )
            )
        digits, letter = match.groups()
        try:
            kind = EdictKind(letter.upper())
        except ValueError:
            raise EdictParseError(
                t(
                    "{part!r} in {text!r}: {letter!r} is not an edict letter (letters: {letters})",
                    part=match.group(0),
                    text=text.strip(),
                    letter=letter,
                    letters=VALID_LETTERS,
                )
            ) from None
        count = (
            int(digits)
            if digits is not None and len(digits) <= 3
            else (1 if digits is None else 999)
        )
        if not 1 <= count <= MAX_PER_KIND:
            raise EdictParseError(
                t(
                    "{part!r} in {text!r}: a tile shows 1 to {most} icons of a kind "
                    "(letters: {letters})",
                    part=match.group(0),
                    text=text.strip(),
                    most=MAX_PER_KIND,
                    letters=VALID_LETTERS,
                )
            )
        if kind in counts:
            raise EdictParseError(
                t(
                    "{icon} ({letter}) appears twice in {text!r}: write it once with its count, "
                    "like 2{letter} (letters: {letters})",
                    icon=kind.noun,
                    letter=kind.value,
                    text=text.strip(),
                    letters=VALID_LETTERS,
                )
            )
        counts[kind] = count
        position = match.end()
    return Edict(**{kind.field: n for kind, n in counts.items()})


_LAST_COUNT = re.compile(r"[0-9]+$")


def awaits_letter(text: str) -> bool:
    """True when ``text`` is notation being typed: it ends with a count whose letter is
    not typed yet, and what comes before that count reads.

    >>> awaits_letter("2"), awaits_letter("2T 1"), awaits_letter("2T"), awaits_letter("x2")
    (True, True, False, False)
    """
    if not isinstance(text, str):
        return False
    compact = _SEPARATORS.sub("", text)
    match = _LAST_COUNT.search(compact)
    if match is None or not 1 <= int(match.group()[:4]) <= MAX_PER_KIND:
        return False
    head = compact[: match.start()]
    if not head:
        return True
    try:
        parse_edict(head)
    except EdictParseError:
        return False
    return True
