"""The boards a player checks against their box once, and what the check does to them.

:data:`BOARDS` lists each board by the :class:`~solo_deck.model.ruleset.Ruleset` field that
carries it in a game (the Castle Board, the Player Board, the Voyage Board and the
Workplace Area): its title, its model, the packaged board and its facts. Another board
joins the check with one more entry (a ruleset field, a loader and a facts function); the
rest here works for every board:

- :func:`correct_board` applies one correction, refusing what the board's model refuses;
- :func:`checked_board` marks every value ``yours``;
- :func:`read_board` reads a stored board, refusing a damaged one in words;
- :func:`with_boards` puts the boards in use into a ruleset for a new game.

>>> board = BOARDS["castle_board"].packaged()
>>> corrected = correct_board(board, "T2.cost", "2 Stone, 1 Grain")
>>> corrected.site("T2").cost.stone, corrected.site("T2").cost.grain, corrected.site("T2").source
(2, 1, 'yours')
>>> correct_board(board, "W1.joins", "T1 T1")
Traceback (most recent call last):
...
solo_deck.model.board_facts.BoardRefused: Wall W1 must join two different Tower sites
"""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from solo_deck.data.loaders import (
    describe_validation_error,
    load_castle_board,
    load_player_board,
    load_ruleset,
    load_voyage_board,
    load_workplace_area,
)
from solo_deck.model.base import FrozenModel
from solo_deck.model.board_fact_lists import player_facts, voyage_facts, workplace_facts
from solo_deck.model.board_facts import (
    YOURS,
    BoardFact,
    BoardRefused,
    all_yours,
    parse_fact,
    with_value,
)
from solo_deck.model.castle_board import CastleBoard
from solo_deck.model.castle_facts import castle_facts
from solo_deck.model.player_board import PlayerBoard
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.voyage_board import VoyageBoard
from solo_deck.model.workplace_area import WorkplaceArea
from solo_deck.text import term


@dataclass(frozen=True)
class BoardKind:
    """One board the player can check: the ruleset field that carries it, its title, its
    model, the packaged board and the facts the check walks."""

    field: str
    title: str
    model: type[FrozenModel]
    packaged: Callable[[], Any]
    facts: Callable[[Any], tuple[BoardFact, ...]]


BOARDS: dict[str, BoardKind] = {
    "castle_board": BoardKind(
        field="castle_board",
        title=term("Castle Board", "board"),
        model=CastleBoard,
        packaged=load_castle_board,
        facts=castle_facts,
    ),
    "player_board": BoardKind(
        field="player_board",
        title=term("Player Board", "board"),
        model=PlayerBoard,
        packaged=load_player_board,
        facts=player_facts,
    ),
    "voyage_board": BoardKind(
        field="voyage_board",
        title=term("Voyage Board", "board"),
        model=VoyageBoard,
        packaged=load_voyage_board,
        facts=voyage_facts,
    ),
    "workplace_area": BoardKind(
        field="workplace_area",
        title=term("Workplace Area", "board"),
        model=WorkplaceArea,
        packaged=load_workplace_area,
        facts=workplace_facts,
    ),
}
"""Every board the player can check, by its ruleset field, in the order the app lists them."""


def board_kind(board: FrozenModel) -> BoardKind:
    """The entry of :data:`BOARDS` for ``board``."""
    for kind in BOARDS.values():
        if isinstance(board, kind.model):
            return kind
    raise KeyError(type(board).__name__)


def fact_field(board: FrozenModel) -> str:
    """The ruleset field that carries ``board``."""
    return board_kind(board).field


def _fitting(field: str, board: Any) -> Any:
    """``board`` when it fits the packaged ruleset (its site counts, the setup pieces),
    else :class:`BoardRefused` with the reason."""
    with_boards(load_ruleset(), {field: board})
    return board


def board_facts(board: FrozenModel) -> tuple[BoardFact, ...]:
    """The facts of ``board`` in the order the check walks them."""
    return board_kind(board).facts(board)


def _validated(model: type[FrozenModel], document: Any) -> Any:
    try:
        return model.model_validate(document)
    except ValidationError as exc:
        reasons = [str(e["msg"]).removeprefix("Value error, ") for e in exc.errors()]
        raise BoardRefused("; ".join(reasons)) from exc


def correct_board(board: FrozenModel, key: str, text: str) -> Any:
    """``board`` with the fact ``key`` set to what ``text`` says, that value's source now
    ``yours``. Raises :class:`BoardRefused` with the reason when the text is not such a
    value or the board could not be printed so (``board`` itself never changes)."""
    facts = {fact.key: fact for fact in board_facts(board)}
    if key not in facts:
        raise BoardRefused(f"the board has no fact {key!r}")  # i18n: not for a player
    fact = facts[key]
    value = parse_fact(fact, text)
    document = with_value(board.model_dump(mode="json"), fact.path, value)
    document = with_value(document, fact.source_path, YOURS)
    return _fitting(fact_field(board), _validated(type(board), document))


def checked_board(board: FrozenModel) -> Any:
    """``board`` with every value's source ``yours``: the player checked it against their
    box (a checked board is no longer provisional)."""
    return type(board).model_validate(all_yours(board.model_dump(mode="json")))


def read_board(field: str, raw: object) -> Any:
    """The stored board of ``field`` (``raw`` as the settings hold it); raises
    :class:`BoardRefused` saying what is wrong with damaged data (a board that does not
    fit the ruleset too, such as one without sites).

    >>> read_board("castle_board", {"sites": []})
    Traceback (most recent call last):
    ...
    solo_deck.model.board_facts.BoardRefused: start: Field required; start_source: Field required
    >>> read_board("castle_board", {"sites": [], "start": [], "start_source": "yours"})
    Traceback (most recent call last):
    ...
    solo_deck.model.board_facts.BoardRefused: the Castle Board has 0 tower sites, not 5
    """
    if field not in BOARDS:
        raise BoardRefused(f"no board is called {field!r}")  # i18n: not for a player
    try:
        board = BOARDS[field].model.model_validate(raw)
    except ValidationError as exc:
        raise BoardRefused(describe_validation_error(exc)) from exc
    return _fitting(field, board)


def with_boards(ruleset: Ruleset, boards: Mapping[str, FrozenModel]) -> Ruleset:
    """``ruleset`` carrying ``boards`` (by ruleset field) instead of its own; raises
    :class:`BoardRefused` when a board does not fit the ruleset (such as a site count)."""
    document = ruleset.model_dump(mode="json")
    for field, board in boards.items():
        document[field] = board.model_dump(mode="json")
    return _validated(Ruleset, document)  # type: ignore[no-any-return]
