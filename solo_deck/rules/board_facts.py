"""What a Specialist finds on the board, told by the table the first time it matters: the
Workplace tile (and Edict token) on a space, the City Bonus tile taken in a City."""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.loaders import city_bonus_tiles, workplace_tiles
from solo_deck.errors import RuleError
from solo_deck.events import ChooseCityBonus, PlaceWorkplace
from solo_deck.model.state import GameState
from solo_deck.model.workplaces import space_key
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.triggers import arrival_obligations, grant_obligations
from solo_deck.rules.workplace_area import board_known, fill_tile
from solo_deck.text import Text, named, t


def place_workplace(state: GameState, event: PlaceWorkplace, ctx: Context) -> Outcome:
    """Name the Workplace tile on a space (and whether an Edict token lies there); what
    your Specialist finds there follows."""
    first = ctx.first
    key = space_key(event.path, event.space)
    if first is not None and first.space is not None and first.space != key:
        raise RuleError(t("name the space your Specialist reached: {space}", space=first.space))
    board = state.board
    if event.token_spaces is not None:
        board = board.with_tokens_on(event.token_spaces)
    entry = board.space(event.path, event.space)
    tile = workplace_tiles().get(event.tile)
    if tile is None:
        raise RuleError(t("{tile!r} is not a Workplace tile", tile=event.tile))
    area = ctx.limits.area(event.path, event.space)
    if tile.area != area:
        raise RuleError(_wrong_area(key, area, tile.label, tile.area))
    if entry.tile is not None and entry.tile != event.tile:
        known = workplace_tiles()[entry.tile].label
        raise RuleError(
            t("{key} is known to hold {known} (correct it with Fix)", key=key, known=known)
        )
    elsewhere = [s.key for s in board.workplaces if s.tile == event.tile and s.key != key]
    if elsewhere:
        raise RuleError(
            t("{tile} already lies on {elsewhere}", tile=tile.label, elsewhere=elsewhere[0])
        )
    if board.token_known(entry):
        if bool(entry.token) != event.token:
            known = (
                t("{key} holds an Edict token", key=key)
                if entry.token
                else t(
                    "every Edict token is accounted for elsewhere, so none lies on {key}", key=key
                )
            )
            raise RuleError(known)
    elif event.token and board.tokens_unlocated() < 1:
        raise RuleError(t("every Workplace Edict token is accounted for"))
    board = board.with_space(entry.model_copy(update={"tile": event.tile, "token": event.token}))
    if board_known(state):
        board = fill_tile(board, ctx.ruleset, key, event.tile)
    state = state.model_copy(update={"board": board})
    arrived = board.space(event.path, event.space)
    duties = arrival_obligations(arrived, state.player, ctx.limits)
    if arrived.token:
        cleared = board.with_space(arrived.model_copy(update={"token": False}))
        cleared = cleared.model_copy(update={"tokens_left": board.tokens_left - 1})
        state = state.model_copy(update={"board": cleared})
    label = named(tile.label, "workplace tile")
    line = (
        t(
            "Path {path} space {space} holds {tile} with an Edict token",
            path=event.path,
            space=event.space,
            tile=label,
        )
        if event.token
        else t(
            "Path {path} space {space} holds {tile}", path=event.path, space=event.space, tile=label
        )
    )
    return state, line, duties


def choose_city_bonus(state: GameState, event: ChooseCityBonus, ctx: Context) -> Outcome:
    """Take a City Bonus tile in the City your Specialist reached; its bonus follows."""
    first = ctx.first
    assert first is not None and first.space is not None
    path = first.space
    board = state.board
    city = board.city(path)
    if city.tiles is not None:
        if event.tile is None and city.tiles:
            raise RuleError(
                t("take one of the tiles in the City: {tiles}", tiles=", ".join(city.tiles))
            )
        if event.tile is not None and event.tile not in city.tiles:
            lying = ", ".join(city.tiles) or "none"
            raise RuleError(
                t(
                    "tile {tile} is not in the City of Path {path} (there: {lying})",
                    tile=event.tile,
                    path=path,
                    lying=lying,
                )
            )
    if event.tile is None:
        board = board.with_city(city.model_copy(update={"tiles": ()}))
        return (
            state.model_copy(update={"board": board}),
            t("No City Bonus tile was left in the City of Path {path}", path=path),
            [],
        )
    remaining = list(city.tiles or ())
    if event.tile in remaining:
        remaining.remove(event.tile)
    left = tuple(remaining)
    board = board.with_city(city.model_copy(update={"tiles": left}))
    player = state.player.model_copy(update={"city_tiles": (*state.player.city_tiles, event.tile)})
    tile = city_bonus_tiles()[event.tile]
    duties = grant_obligations(
        tile.grant, "city_bonus", t("City Bonus {tile}", tile=tile.id), confirm=False
    )
    new_state = state.model_copy(update={"board": board, "player": player})
    return (
        new_state,
        t("You took City Bonus tile {tile}: {effect}", tile=tile.id, effect=tile.text),
        duties,
    )


def _wrong_area(key: str, area: str, tile: str, tile_area: str) -> Text:
    """The refusal of a Workplace tile laid on a space of another area (whole sentences:
    an area's name is an adjective that agrees with its noun in many languages)."""
    if area == "city":
        if tile_area == "village":
            return t("{key} is a city space; {tile} is a village tile", key=key, tile=tile)
        return t("{key} is a city space; {tile} is a countryside tile", key=key, tile=tile)
    if area == "village":
        return t("{key} is a village space; {tile} is a countryside tile", key=key, tile=tile)
    return t("{key} is a countryside space; {tile} is a village tile", key=key, tile=tile)
