"""The Workplace Area's printed facts applied: the Grain a promotion pays for the arrow it
crosses, and the Workplace tile that fills both spaces of one Countryside or Village tile.

A game saved before the board was data (``PlayerState.sites is None``) keeps the Grain it
was recorded with: the engine checks arrows only on a board it knows.

>>> from solo_deck.data.loaders import load_workplace_area
>>> partner_tile("village-I-A")
'village-II-A'
>>> arrow_label("A", 4)
'the arrow into A4'
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.loaders import load_workplace_area, workplace_tiles
from solo_deck.errors import RuleError
from solo_deck.model.board import Board
from solo_deck.model.grants import ActionTerms
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.model.workplace_area import WorkplaceArea
from solo_deck.model.workplaces import space_key
from solo_deck.text import joined, t


def board_known(state: GameState) -> bool:
    """True when the game plays on the board data (a game of today's schema)."""
    return state.player.sites is not None


def area_in_use(ruleset: Ruleset) -> WorkplaceArea:
    """The Workplace Area a game plays on: its own (checked or corrected), else the
    packaged one (a game saved before the area could be checked)."""
    return ruleset.workplace_area or load_workplace_area()


def arrow_label(path: str, into: int) -> str:
    """``the arrow into A4`` (``into`` 1: the arrow onto the board)."""
    return t("the arrow into {space}", space=space_key(path, into))


def promote_grain(
    state: GameState, ruleset: Ruleset, path: str, into: int, terms: ActionTerms
) -> int:
    """The Grain a promotion to space ``into`` of ``path`` pays: the arrow's printed Grain,
    none when the action says so (a Great Wall's free promotion)."""
    if terms.free_grain:
        return 0
    return area_in_use(ruleset).arrow_grain(path, into)


def check_promote_grain(
    state: GameState, ruleset: Ruleset, path: str, into: int, typed: int | None, terms: ActionTerms
) -> int:
    """The Grain this promotion pays. On a known board it is the arrow's; a typed amount
    must match it and the player must hold it. A game saved before the board was data pays
    what was typed."""
    if not board_known(state):
        if terms.free_grain and typed:
            raise RuleError(t("this promotion costs no Grain"))
        return typed or 0
    due = promote_grain(state, ruleset, path, into, terms)
    label = arrow_label(path, into)
    if typed is not None and typed != due:
        if terms.free_grain:
            why = t(
                "this promotion costs {due} Grain (this promotion is free), not {typed}",
                due=due,
                typed=typed,
            )
        elif due == 0:
            why = t(
                "this promotion costs {due} Grain: {arrow} shows no Grain to pay here, not {typed}",
                due=due,
                arrow=label,
                typed=typed,
            )
        else:
            why = t(
                "this promotion costs {due} Grain: {arrow} shows {due} Grain to pay, not {typed}",
                due=due,
                arrow=label,
                typed=typed,
            )
        raise RuleError(why)
    if due > state.player.grain:
        raise RuleError(
            t(
                "{label} shows {due} Grain and you have {grain}: promote "
                "another Specialist, or gather Grain first",
                label=label,
                due=due,
                grain=state.player.grain,
            )
        )
    return due


def promote_cost(
    state: GameState, ruleset: Ruleset, path: str, into: int, terms: ActionTerms
) -> int | None:
    """What a front end shows for a promotion to ``into`` of ``path``: the Grain the board
    asks, or ``None`` when the game predates the board data (the player types it)."""
    return promote_grain(state, ruleset, path, into, terms) if board_known(state) else None


def can_pay_arrow(
    state: GameState, ruleset: Ruleset, path: str, into: int, terms: ActionTerms
) -> bool:
    """True when you hold the Grain of the arrow into ``into`` (always, off the board data)."""
    if not board_known(state):
        return True
    return promote_grain(state, ruleset, path, into, terms) <= state.player.grain


def promote_shortfall(
    state: GameState,
    ruleset: Ruleset,
    movable: list[int],
    terms: ActionTerms,
    limits: PlayerLimits,
) -> str | None:
    """Why none of the ``movable`` Specialists can pay its next arrow (``None``: one can;
    a Specialist beside the board may enter any path)."""
    costs = []
    for index in movable:
        specialist = state.player.specialists[index]
        paths = [specialist.path] if specialist.path else sorted(limits.path_areas)
        for path in paths:
            into = specialist.space + 1
            if can_pay_arrow(state, ruleset, path, into, terms):
                return None
            grain = promote_grain(state, ruleset, path, into, terms)
            costs.append(
                t("{arrow} shows {grain} Grain", arrow=arrow_label(path, into), grain=grain)
            )
    return t(
        "you have {grain} Grain and every move costs more ({costs}): gather Grain first",
        grain=state.player.grain,
        costs=joined(costs, "; "),
    )


def likely_token_spaces(state: GameState, ruleset: Ruleset) -> tuple[str, ...]:
    """Where the Workplace Edict tokens still on the board most likely lie, for a front end
    to offer when it asks: the spaces known to hold one, then the printed token spaces of
    the board data not known to be empty, as many as tokens are left."""
    board = state.board
    held = [entry.key for entry in board.workplaces if entry.token is True]
    empty = {entry.key for entry in board.workplaces if entry.token is False}
    printed = [key for key in area_in_use(ruleset).tokens.spaces if key not in empty]
    likely = held + [key for key in printed if key not in held]
    return tuple(likely[: board.tokens_left])


def partner_tile(tile_id: str) -> str:
    """The other Workplace of the same physical tile (level I with level II)."""
    area, level, letter = tile_id.split("-")
    other = "II" if level == "I" else "I"
    return f"{area}-{other}-{letter}"


def fill_tile(board: Board, ruleset: Ruleset, key: str, tile_id: str) -> Board:
    """The board with ``tile_id`` on ``key`` and its other Workplace on the partner space
    of the same tile. :class:`RuleError` when the table already told otherwise."""
    partner = area_in_use(ruleset).partner(key)
    if partner is None:
        return board
    path, space = partner[0], int(partner[1:])
    entry = board.space(path, space)
    other = partner_tile(tile_id)
    if entry.tile is not None and entry.tile != other:
        tiles = workplace_tiles()
        held = tiles[entry.tile].label
        fits = partner_tile(entry.tile)
        fits_label = tiles[fits].label if fits in tiles else fits
        raise RuleError(
            t(
                "{key} and {partner} are one tile and {partner} holds {held}, "
                "so {key} holds {fits_label}: name that (or correct {partner} "
                "with Fix if the table differs)",
                key=key,
                partner=partner,
                held=held,
                fits_label=fits_label,
            )
        )
    taken = [s.key for s in board.workplaces if s.tile == other and s.key != partner]
    if taken:
        raise RuleError(
            t(
                "{workplace_tile} already lies on {taken}, and it shares its "
                "tile with {workplace_tile2}: name the tile on {key} again",
                workplace_tile=workplace_tiles()[other].label,
                taken=taken[0],
                workplace_tile2=workplace_tiles()[tile_id].label,
                key=key,
            )
        )
    return board.with_space(entry.model_copy(update={"tile": other}))
