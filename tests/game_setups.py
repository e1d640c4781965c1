"""The game most tests start from: the usual Edict tiles, a board where every tile is
known, a setup made from them, and the quickest way through Frederick's turns.

Engine and app tests both import this module; it uses the engine only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from solo_deck import (
    BOARDS,
    Edict,
    GameSetup,
    GameState,
    Phase,
    Ruleset,
    SoloDeck,
    checked_board,
    correct_board,
    load_default_deck,
    load_ruleset,
    parse_edict,
    with_boards,
)
from solo_deck.events import Event, FrederickTurn, Pass, RevealEdict
from solo_deck.model.deck import DeckMode


def checked_ruleset(marked_ally_space: int | None = None) -> Ruleset:
    """The packaged ruleset with every board checked (the packaged values, all ``yours``):
    the boards of a player who checked them against their box, so no move asks about an
    assumed value; with ``marked_ally_space``, their Player Board's Edict mark is on that
    Ally space (the packaged board marks the first, so the first Summon issues an Edict)."""
    packaged = load_ruleset()
    boards = {field: getattr(packaged, field) for field in BOARDS}
    if marked_ally_space is not None:
        mark = str(marked_ally_space)
        boards["player_board"] = correct_board(boards["player_board"], "marked_ally_space", mark)
    return with_boards(packaged, {field: checked_board(board) for field, board in boards.items()})


# Three Active and three Next tiles used by most game tests. They are chosen so that the
# first Frederick edicts change the palace visibly and no tile is the same as another.
ACTIVE = ("2T", "1W 1K", "2G 1A")
NEXT = ("1S", "1C", "1P")

WORKPLACES = {
    "A1": "countryside-I-A",
    "A2": "countryside-II-A",
    "A3": "village-I-A",
    "A4": "village-II-A",
    "B1": "countryside-I-B",
    "B2": "countryside-II-B",
    "C1": "countryside-I-C",
    "C2": "countryside-II-C",
    "C3": "village-I-C",
    "C4": "village-II-C",
}
"""A Workplace tile on every space of the board."""
CITY_TILES: dict[str, tuple[Any, ...]] = {"A": ("A",), "B": ("F",), "C": ("B",)}
"""The City Bonus tile in each City."""

KNOWN_BOARD: dict[str, Any] = {
    "workplaces": WORKPLACES,
    "edict_token_spaces": (),
    "city_tiles": CITY_TILES,
}
"""Setup keywords where every Workplace tile and City Bonus tile is known and no Edict
token lies on the board, so the engine asks nothing when a Specialist arrives."""


def three_tiles(texts: Sequence[str]) -> tuple[Edict, Edict, Edict]:
    """The three Edict tiles written in ``texts`` (``("2T", "1W 1K", "2G 1A")``)."""
    first, second, third = (parse_edict(text) for text in texts)
    return first, second, third


def edict_setup(
    active: Sequence[str] = ACTIVE,
    next_: Sequence[str] = NEXT,
    *,
    pile: int = 18,
    seed: int = 1,
    **extra: Any,
) -> GameSetup:
    """A setup with these Active and Next tiles, ``pile`` tiles left and ``seed``; other
    setup fields as ``extra`` says."""
    return GameSetup(
        active_edicts=three_tiles(active),
        next_edicts=three_tiles(next_),
        edict_pile=pile,
        seed=seed,
        **extra,
    )


class Pushes(Protocol):
    """A game or a session: its state, and events pushed one by one."""

    @property
    def state(self) -> GameState: ...

    def push(self, event: Event) -> Any: ...


def reveal_drawn(game: Pushes, tile: str = "1G") -> None:
    """Type every Edict tile Frederick's turn drew as ``tile``."""
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict(tile)))


def pass_to_end_phase(game: Pushes) -> None:
    """You pass and Frederick takes the rest of his turns (each tile drawn typed as 1G)."""
    game.push(Pass())
    while game.state.phase is Phase.FREDERICK:
        game.push(FrederickTurn())
        reveal_drawn(game)


DEFAULT_DECK = load_default_deck()
DECK_IDS = [card.id for card in DEFAULT_DECK.cards]
"""The ids of the packaged solo deck's cards, in order (``S01``…``S16``)."""


def deck_left(draw_pile: Sequence[str], crowns: int, mode: DeckMode = "table") -> SoloDeck:
    """The packaged deck with ``draw_pile`` still to draw (in that order), every other card
    discarded and ``crowns`` crowns shown since the last shuffle."""
    return SoloDeck(
        definition=DEFAULT_DECK,
        mode=mode,
        seed=0,
        draw_pile=tuple(draw_pile),
        discard=tuple(c for c in DECK_IDS if c not in draw_pile),
        crowns_since_shuffle=crowns,
    )
