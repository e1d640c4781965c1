"""Loading the packaged rules data, validated, with errors that name the file and field."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from solo_deck.action_cards import AdvancedCard, HouseCard
from solo_deck.allies import Ally
from solo_deck.castle import GreatStructure, KeepCover, SideIncomeRule
from solo_deck.city_bonus import CityBonusTile
from solo_deck.errors import DataFileError
from solo_deck.ruleset import Ruleset
from solo_deck.solo_cards import DeckDefinition
from solo_deck.workplaces import WorkplaceTile

M = TypeVar("M", bound=BaseModel)


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
        raise DataFileError(f"solo_deck/data/{name}: the file is missing") from exc
    return parse_toml(text, f"solo_deck/data/{name}")


def parse_toml(text: str, label: str) -> dict[str, Any]:
    """Parse TOML text; errors name ``label``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{label}: not valid TOML ({exc})") from exc


def validate_document(model: type[M], data: Any, label: str) -> M:
    """Validate ``data`` as ``model``; a failure names ``label`` and each bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DataFileError(f"{label}: {describe_validation_error(exc)}") from exc


def _validate_list(model: type[M], data: dict[str, Any], key: str, label: str) -> tuple[M, ...]:
    if key not in data:
        raise DataFileError(f"{label}: no [[{key}]] entries")
    try:
        return tuple(TypeAdapter(tuple[model, ...]).validate_python(data[key]))  # type: ignore[valid-type]
    except ValidationError as exc:
        raise DataFileError(f"{label}: {describe_validation_error(exc, prefix=key + '.')}") from exc


@cache
def load_ruleset() -> Ruleset:
    """The packaged ruleset (cached; models are immutable)."""
    return validate_document(Ruleset, _read("ruleset.toml"), "solo_deck/data/ruleset.toml")


@cache
def load_allies() -> tuple[Ally, ...]:
    """The 20 Ally tiles."""
    label = "solo_deck/data/allies.toml"
    return _unique(_validate_list(Ally, _read("allies.toml"), "ally", label), label)


@cache
def allies_by_id() -> dict[str, Ally]:
    """The Ally tiles keyed by id."""
    return {ally.id: ally for ally in load_allies()}


@cache
def load_advanced_cards() -> tuple[AdvancedCard, ...]:
    """The 32 Advanced Action cards, A1–A16 then B1–B16."""
    label = "solo_deck/data/advanced_cards.toml"
    cards = _validate_list(AdvancedCard, _read("advanced_cards.toml"), "card", label)
    return _unique(cards, label)


@cache
def advanced_cards_by_id() -> dict[str, AdvancedCard]:
    """The Advanced Action cards keyed by id (A1–A16, B1–B16)."""
    return {card.id: card for card in load_advanced_cards()}


@cache
def load_house_cards() -> tuple[HouseCard, ...]:
    """The House starting cards (the common ones and each House's two unique ones)."""
    label = "solo_deck/data/house_cards.toml"
    return _unique(_validate_list(HouseCard, _read("house_cards.toml"), "card", label), label)


@cache
def house_cards_by_id() -> dict[str, HouseCard]:
    """The House cards keyed by id (``common-grain``, ``savoy-purchase``...)."""
    return {card.id: card for card in load_house_cards()}


def house_cards_of(house: str) -> tuple[HouseCard, ...]:
    """The cards a House starts with: the common ones and its own two."""
    return tuple(card for card in load_house_cards() if card.house in ("common", house))


@cache
def great_structures() -> dict[str, GreatStructure]:
    """The five Great Structures keyed by id (``great_keep``, ``great_tower_a``...)."""
    label = "solo_deck/data/castle.toml"
    greats = _unique(_validate_list(GreatStructure, _read("castle.toml"), "great", label), label)
    return {great.id: great for great in greats}


@cache
def keep_covers() -> dict[str, KeepCover]:
    """The three Keep Cover tiles keyed by id (``hand``, ``slot``, ``both_actions``)."""
    label = "solo_deck/data/castle.toml"
    covers = _unique(_validate_list(KeepCover, _read("castle.toml"), "keep_cover", label), label)
    return {cover.id: cover for cover in covers}


@cache
def side_incomes() -> dict[str, SideIncomeRule]:
    """What each closed-side income gives, keyed by income (``stone``... ``market``)."""
    label = "solo_deck/data/castle.toml"
    sides = _validate_list(SideIncomeRule, _read("castle.toml"), "side", label)
    incomes = [side.income for side in sides]
    if len(set(incomes)) != len(incomes):
        raise DataFileError(f"{label}: each side income is listed once")
    return {side.income: side for side in sides}


@cache
def workplace_tiles() -> dict[str, WorkplaceTile]:
    """The 16 Workplace abilities keyed by id (``countryside-I-A``... ``village-II-D``)."""
    label = "solo_deck/data/workplaces.toml"
    tiles = _unique(_validate_list(WorkplaceTile, _read("workplaces.toml"), "tile", label), label)
    return {tile.id: tile for tile in tiles}


@cache
def city_bonus_tiles() -> dict[str, CityBonusTile]:
    """The six City Bonus tiles keyed by letter (A–F)."""
    label = "solo_deck/data/city_bonus.toml"
    tiles = _unique(_validate_list(CityBonusTile, _read("city_bonus.toml"), "tile", label), label)
    return {tile.id: tile for tile in tiles}


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


H = TypeVar("H", bound=_HasId)


def _unique(items: tuple[H, ...], label: str) -> tuple[H, ...]:
    ids = [item.id for item in items]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise DataFileError(f"{label}: ids must be unique; repeated: {', '.join(repeated)}")
    return items


@cache
def load_default_deck() -> DeckDefinition:
    """The packaged solo deck definition (marked provisional)."""
    label = "solo_deck/data/solo_deck.toml"
    return validate_document(DeckDefinition, _read("solo_deck.toml"), label)
