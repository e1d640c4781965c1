"""Loading the packaged rules data, validated, with errors that name the file and field."""

# i18n: sentences are Text
from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from solo_deck.data.worded import WORDED, worded
from solo_deck.errors import DataFileError
from solo_deck.model.action_cards import AdvancedCard, HouseCard
from solo_deck.model.allies import Ally
from solo_deck.model.castle import GreatStructure, KeepCover, SideIncomeRule
from solo_deck.model.castle_board import CastleBoard
from solo_deck.model.city_bonus import CityBonusTile
from solo_deck.model.player_board import PlayerBoard
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import DeckDefinition
from solo_deck.model.voyage_board import VoyageBoard
from solo_deck.model.workplace_area import WorkplaceArea
from solo_deck.model.workplaces import WorkplaceTile
from solo_deck.text import t

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


def describe_validation_error(exc: ValidationError, prefix: str = "") -> str:
    """One line per problem: ``field.path: message``."""
    lines = []
    for err in exc.errors():
        where = ".".join(str(part) for part in err["loc"]) or "(top level)"
        lines.append(f"{prefix}{where}: {err['msg']}")
    return "; ".join(lines)


def _read(name: str) -> dict[str, Any]:
    try:
        text = resources.files("solo_deck.data").joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise DataFileError(t("{file}: the file is missing", file=_label(name))) from exc
    return parse_toml(text, _label(name))


def parse_toml(text: str, label: str) -> dict[str, Any]:
    """Parse TOML text; errors name ``label``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(
            t("{file}: not valid TOML ({problem})", file=label, problem=str(exc))
        ) from exc
    except RecursionError:
        raise DataFileError(
            t("{file}: nested too deeply to be one of the data files", file=label)
        ) from None


def validate_document(model: type[M], data: Any, label: str) -> M:
    """Validate ``data`` as ``model``; a failure names ``label`` and each bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DataFileError(
            t("{file}: {problems}", file=label, problems=describe_validation_error(exc))
        ) from exc


def _validate_list(model: type[T], data: dict[str, Any], key: str, label: str) -> tuple[T, ...]:
    if key not in data:
        raise DataFileError(t("{file}: no [[{key}]] entries", file=label, key=key))
    try:
        return tuple(TypeAdapter(tuple[model, ...]).validate_python(data[key]))  # type: ignore[valid-type]
    except ValidationError as exc:
        problems = describe_validation_error(exc, prefix=key + ".")
        raise DataFileError(t("{file}: {problems}", file=label, problems=problems)) from exc


@cache
def load_ruleset() -> Ruleset:
    """The packaged ruleset with the packaged Castle, Player and Voyage Boards and the
    Workplace Area (cached; models are immutable)."""
    data = _read("ruleset.toml")
    data["castle_board"] = load_castle_board()
    data["player_board"] = load_player_board()
    data["voyage_board"] = load_voyage_board()
    data["workplace_area"] = load_workplace_area()
    return validate_document(Ruleset, data, _label("ruleset.toml"))


@cache
def load_allies() -> tuple[Ally, ...]:
    """The 20 Ally tiles."""
    return _unique_entries(Ally, "allies.toml", "ally")


@cache
def allies_by_id() -> dict[str, Ally]:
    """The Ally tiles keyed by id."""
    return _by_id(load_allies())


@cache
def load_advanced_cards() -> tuple[AdvancedCard, ...]:
    """The 32 Advanced Action cards, A1–A16 then B1–B16."""
    return _unique_entries(AdvancedCard, "advanced_cards.toml", "card")


@cache
def advanced_cards_by_id() -> dict[str, AdvancedCard]:
    """The Advanced Action cards keyed by id (A1–A16, B1–B16)."""
    return _by_id(load_advanced_cards())


@cache
def load_house_cards() -> tuple[HouseCard, ...]:
    """The House starting cards (the common ones and each House's two unique ones)."""
    return _unique_entries(HouseCard, "house_cards.toml", "card")


@cache
def house_cards_by_id() -> dict[str, HouseCard]:
    """The House cards keyed by id (``common-grain``, ``savoy-purchase``...)."""
    return _by_id(load_house_cards())


def house_cards_of(house: str) -> tuple[HouseCard, ...]:
    """The cards a House starts with: the common ones and its own two."""
    return tuple(card for card in load_house_cards() if card.house in ("common", house))


@cache
def great_structures() -> dict[str, GreatStructure]:
    """The five Great Structures keyed by id (``great_keep``, ``great_tower_a``...)."""
    return _by_id(_unique_entries(GreatStructure, "castle.toml", "great"))


@cache
def keep_covers() -> dict[str, KeepCover]:
    """The three Keep Cover tiles keyed by id (``hand``, ``slot``, ``both_actions``)."""
    return _by_id(_unique_entries(KeepCover, "castle.toml", "keep_cover"))


@cache
def side_incomes() -> dict[str, SideIncomeRule]:
    """What each closed-side income gives, keyed by income (``stone``... ``market``)."""
    sides = _entries(SideIncomeRule, "castle.toml", "side")
    incomes = [side.income for side in sides]
    if len(set(incomes)) != len(incomes):
        raise DataFileError(
            t("{file}: each side income is listed once", file=_label("castle.toml"))
        )
    return {side.income: side for side in sides}


@cache
def load_castle_board() -> CastleBoard:
    """The packaged Castle Board (sites, costs, marks, sides, covers, setup pieces)."""
    data = _read("castle_board.toml")
    data["sites"] = data.pop("site", [])
    return validate_document(CastleBoard, data, _label("castle_board.toml"))


@cache
def load_player_board() -> PlayerBoard:
    """The packaged Player Board (card slots and their actions, the locked slot)."""
    data = _read("player_board.toml")
    data["slots"] = data.pop("slot", [])
    return validate_document(PlayerBoard, data, _label("player_board.toml"))


@cache
def load_voyage_board() -> VoyageBoard:
    """The packaged Voyage Board's Summon costs (one per open Ally space)."""
    data = _read("voyage_board.toml")
    data["ally_spaces"] = data.pop("ally_space", [])
    return validate_document(VoyageBoard, data, _label("voyage_board.toml"))


@cache
def load_workplace_area() -> WorkplaceArea:
    """The Workplace Area's printed facts: tile pairs, arrow Grain and token spaces."""
    name = "workplace_area.toml"
    return validate_document(WorkplaceArea, _read(name), _label(name))


@cache
def workplace_tiles() -> dict[str, WorkplaceTile]:
    """The 16 Workplace abilities keyed by id (``countryside-I-A``... ``village-II-D``)."""
    return _by_id(_unique_entries(WorkplaceTile, "workplaces.toml", "tile"))


@cache
def city_bonus_tiles() -> dict[str, CityBonusTile]:
    """The six City Bonus tiles keyed by letter (A–F)."""
    return _by_id(_unique_entries(CityBonusTile, "city_bonus.toml", "tile"))


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


H = TypeVar("H", bound=_HasId)


def _label(name: str) -> str:
    return f"solo_deck/data/{name}"


def _entries(model: type[T], name: str, key: str) -> tuple[T, ...]:
    """The ``[[key]]`` entries of the packaged file ``name``, validated as ``model``; the
    fields a player reads (:data:`~solo_deck.data.worded.WORDED`) as sentences."""
    entries = _validate_list(model, _read(name), key, _label(name))
    fields = WORDED.get((name, key), ())
    if not fields:
        return entries
    return tuple(_worded(entry, fields) for entry in entries)


def _worded(entry: T, fields: tuple[str, ...]) -> T:
    """``entry`` with each of ``fields`` a :func:`~solo_deck.data.worded.worded` text (a
    copy: the validated value is the same English, now with its catalogue context)."""
    if not isinstance(entry, BaseModel):
        return entry
    update = {field: worded(getattr(entry, field), field) for field in fields}
    return entry.model_copy(update=update)


def _unique_entries(model: type[H], name: str, key: str) -> tuple[H, ...]:
    """:func:`_entries`, each with an id of its own."""
    return _unique(_entries(model, name, key), _label(name))


def _by_id(items: tuple[H, ...]) -> dict[str, H]:
    return {item.id: item for item in items}


def _unique(items: tuple[H, ...], label: str) -> tuple[H, ...]:
    ids = [item.id for item in items]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise DataFileError(
            t("{file}: ids must be unique; repeated: {ids}", file=label, ids=", ".join(repeated))
        )
    return items


@cache
def load_default_deck() -> DeckDefinition:
    """The packaged solo deck definition (marked provisional)."""
    label = "solo_deck/data/solo_deck.toml"
    return validate_document(DeckDefinition, _read("solo_deck.toml"), label)
