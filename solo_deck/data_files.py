"""Loading the packaged rules data, validated, with errors that name the file and field."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from solo_deck.allies import Ally
from solo_deck.cards import AdvancedCard, HouseCard
from solo_deck.errors import DataFileError
from solo_deck.ruleset import Ruleset
from solo_deck.solo_cards import DeckDefinition

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
    allies = _validate_list(Ally, _read("allies.toml"), "ally", label)
    ids = [a.id for a in allies]
    if len(set(ids)) != len(ids):
        raise DataFileError(f"{label}: ally ids must be unique")
    return allies


@cache
def allies_by_id() -> dict[str, Ally]:
    """The Ally tiles keyed by id."""
    return {ally.id: ally for ally in load_allies()}


@cache
def load_advanced_cards() -> tuple[AdvancedCard, ...]:
    """The 32 Advanced Action cards, A1–A16 then B1–B16."""
    label = "solo_deck/data/advanced_cards.toml"
    return _validate_list(AdvancedCard, _read("advanced_cards.toml"), "card", label)


@cache
def load_house_cards() -> tuple[HouseCard, ...]:
    """The House starting cards (the common ones and each House's two unique ones)."""
    label = "solo_deck/data/house_cards.toml"
    return _validate_list(HouseCard, _read("house_cards.toml"), "card", label)


@cache
def load_default_deck() -> DeckDefinition:
    """The packaged solo deck definition (marked provisional)."""
    label = "solo_deck/data/solo_deck.toml"
    return validate_document(DeckDefinition, _read("solo_deck.toml"), label)
