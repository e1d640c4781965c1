"""A board as a list of facts to check against the box, whatever the board.

Each :class:`BoardFact` names one printed value of a board (a site's Stone cost, whether it
shows the Edict mark, …), shows it as text, says where it comes from and where it lives in
the board's document (``path``), and how a correction is typed (``kind``). A board joins
the check by giving its list of facts (see :mod:`solo_deck.model.castle_facts`); reading a
correction, marking a board checked and telling whether it is still assumed work the same
for every board.

>>> fact = BoardFact(key="T2.stone", place="Tower T2", label="Stone", value="1",
...                  source="assumed", path=("sites", 1, "cost", "stone"),
...                  source_path=("sites", 1, "source"), kind="count")
>>> parse_fact(fact, " 2 ")
2
>>> parse_fact(fact, "lots")
Traceback (most recent call last):
...
solo_deck.model.board_facts.BoardRefused: Stone: type a whole number from 0 to 9
"""

# i18n: sentences are Text
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal

from solo_deck.model.base import FrozenModel
from solo_deck.text import KeptText, t

FactKind = Literal["count", "amount", "flag", "choice", "sites", "cost"]
"""How a fact is typed: ``count`` a whole number 0–9, ``amount`` 1–9, ``flag`` yes or no,
``cost`` Stone and Grain (``2 Stone, 1 Grain``, ``1G``, ``free``),
``choice`` one of :attr:`BoardFact.choices` (``size`` different ones when set, such as a
card slot's two actions), ``sites`` space names (``size`` of them when set)."""

YOURS = "yours"
"""The source of every value of a board the player checked against their box."""

CHECKED_PREFIXES = ("rulebook", YOURS)
"""Sources that need no check: the retail rulebook prints the value, or the player checked
it. Anything else (``assumed``, ``draft v19``, ``unknown``) keeps a board provisional."""

_YES = {"yes", "y", "true", "1", "x"}
_NO = {"no", "n", "false", "0", "-", "—"}
_RANGES = {"count": (0, 9), "amount": (1, 9)}
_COST_PART = re.compile(r"(\d+)\s*(stone|grain|s|g)\b")
_RESOURCES = {"s": "stone", "stone": "stone", "g": "grain", "grain": "grain"}


class BoardRefused(ValueError):
    """A correction the board does not take; the message says why, in words."""


class BoardFact(FrozenModel):
    """One printed value of a board, as the check screen walks it."""

    key: str
    """Stable name of the fact (``T2.stone``)."""
    place: KeptText
    """Where on the board it is printed (``Tower T2``)."""
    label: KeptText
    """What the value is (``Stone``)."""
    value: str
    """The value as text, the way a correction is typed."""
    source: str
    """Where the value comes from (``rulebook: …``, ``assumed: …``, ``yours``)."""
    path: tuple[str | int, ...]
    """Where the value lives in the board's document (``model_dump(mode="json")``)."""
    source_path: tuple[str | int, ...]
    """Where the source of that value lives in the document."""
    kind: FactKind
    choices: tuple[str, ...] = ()
    size: int | None = None

    @property
    def hint(self) -> str:
        """What may be typed, in words."""
        if self.kind in _RANGES:
            low, high = _RANGES[self.kind]
            return t("a whole number from {low} to {high}", low=low, high=high)
        if self.kind == "flag":
            return t("yes or no")
        if self.kind == "cost":
            return t("a cost like 2 Stone, 1 Grain (or free)")
        choices = ", ".join(self.choices)
        if self.kind == "choice" and self.size is None:
            return t("one of: {choices}", choices=choices)
        if self.kind == "choice":
            return t("{n} different ones of: {choices}", n=self.size, choices=choices)
        if self.size:
            return t("{n} names, like {example}", n=self.size, example=self.example)
        return t("names, like {example}", example=self.example)

    @property
    def example(self) -> str:
        """Two names of the board's kind, as a hint (``T1 W1``, ``A1 A2``)."""
        first = self.value.split()[:2]
        return " ".join(first) if len(first) == 2 else "T1 W1"


def parse_fact(fact: BoardFact, text: str) -> Any:
    """The value ``text`` gives ``fact``, as the board's document holds it; raises
    :class:`BoardRefused` (saying what may be typed) when it is not such a value.

    >>> flag = BoardFact(key="K1.edict", place="Keep K1", label="Edict mark", value="yes",
    ...                  source="assumed", path=(), source_path=(), kind="flag")
    >>> parse_fact(flag, "No")
    False
    >>> two = BoardFact(key="slot1.actions", place="Card slot 1", label="Face-down actions",
    ...                 value="build summon", source="assumed", path=(), source_path=(),
    ...                 kind="choice", choices=("build", "summon", "market"), size=2)
    >>> parse_fact(two, "Market, build")
    ['market', 'build']
    >>> parse_fact(two, "build build")
    Traceback (most recent call last):
    ...
    solo_deck.model.board_facts.BoardRefused: Face-down actions: type 2 different ones of: \
build, summon, market
    """
    word = text.strip()
    low = word.lower()
    refused = BoardRefused(t("{fact}: type {hint}", fact=fact.label, hint=fact.hint))
    if fact.kind in _RANGES:
        lowest, highest = _RANGES[fact.kind]
        if not (word.isascii() and word.isdigit()) or not lowest <= int(word) <= highest:
            raise refused
        return int(word)
    if fact.kind == "flag":
        if low in _YES | _NO:
            return low in _YES
        raise refused
    if fact.kind == "cost":
        return parse_cost(low, refused)
    if fact.kind == "choice" and fact.size is None:
        if low in fact.choices:
            return low
        raise refused
    if fact.kind == "choice":
        words = low.replace(",", " ").split()
        if len(words) != fact.size or len(set(words)) != len(words):
            raise refused
        if any(w not in fact.choices for w in words):
            raise refused
        return words
    names = word.upper().replace(",", " ").split()
    if not names or (fact.size is not None and len(names) != fact.size):
        raise refused
    return names


def parse_cost(text: str, refused: BoardRefused) -> dict[str, int]:
    """Stone and Grain from ``2 stone, 1 grain``, ``1g 2s``, ``free`` or ``0`` (each 0 to 9,
    each named once); raises ``refused`` for anything else.

    >>> parse_cost("2 stone, 1 grain", BoardRefused())
    {'stone': 2, 'grain': 1}
    >>> parse_cost("free", BoardRefused())
    {'stone': 0, 'grain': 0}
    """
    cost = {"stone": 0, "grain": 0}
    if text.strip() in ("free", "0", "nothing", "-"):
        return cost
    named: set[str] = set()
    for amount, word in _COST_PART.findall(text):
        resource = _RESOURCES[word]
        if resource in named or int(amount) > 9:
            raise refused
        named.add(resource)
        cost[resource] = int(amount)
    leftover = _COST_PART.sub("", text).replace(",", " ").replace("and", " ").strip()
    if not named or leftover:
        raise refused
    return cost


def with_value(document: Any, path: tuple[str | int, ...], value: Any) -> Any:
    """A copy of ``document`` with ``value`` at ``path`` (the document is left as it was).

    >>> with_value({"a": [{"b": 1}]}, ("a", 0, "b"), 2)
    {'a': [{'b': 2}]}
    """
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        items = list(document)
        items[head] = with_value(items[head], rest, value)
        return items
    return {**document, head: with_value(document[head], rest, value)}


def _sources(document: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """The path of every source in ``document`` (a key ``source`` or ``…_source``)."""
    if isinstance(document, Mapping):
        found = []
        for key, value in document.items():
            if isinstance(value, str) and (key == "source" or str(key).endswith("_source")):
                found.append((*path, key))
            else:
                found += _sources(value, (*path, key))
        return found
    if isinstance(document, list | tuple):
        return [p for i, item in enumerate(document) for p in _sources(item, (*path, i))]
    return []


def all_yours(document: Mapping[str, Any]) -> Any:
    """``document`` with every source set to :data:`YOURS` (the board was checked).

    >>> all_yours({"sites": [{"id": "T1", "source": "assumed"}], "start_source": "x"})
    {'sites': [{'id': 'T1', 'source': 'yours'}], 'start_source': 'yours'}
    """
    for path in _sources(document):
        document = with_value(document, path, YOURS)
    return document


def still_assumed(board: FrozenModel) -> bool:
    """True while some value of ``board`` comes neither from the rulebook nor from the
    player's check (the app calls such a board provisional).

    >>> from solo_deck.data.loaders import load_castle_board
    >>> board = load_castle_board()
    >>> still_assumed(board)
    True
    >>> still_assumed(type(board).model_validate(all_yours(board.model_dump(mode="json"))))
    False
    """
    document = board.model_dump(mode="json")
    for path in _sources(document):
        value: Any = document
        for part in path:
            value = value[part]
        if not str(value).startswith(CHECKED_PREFIXES):
            return True
    return False
