"""Shared fixtures for the engine tests: small factories for setups, games and card faces.

The helpers are fixtures (not an importable module) so the engine tests need no package
``__init__`` and cannot clash with the other test folders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from solo_deck import (
    CardFace,
    DeckDefinition,
    GameSetup,
    Ruleset,
    SoloGame,
    load_default_deck,
    load_ruleset,
    parse_edict,
)

# Three Active and three Next tiles used by most game tests. They are chosen so that the
# first Frederick edicts change the palace visibly and no tile is the same as another.
ACTIVE = ("2T", "1W 1K", "2G 1A")
NEXT = ("1S", "1C", "1P")

GameFactory = Callable[..., SoloGame]
SetupFactory = Callable[..., GameSetup]


def _setup(
    *,
    active: Sequence[str] = ACTIVE,
    next_: Sequence[str] = NEXT,
    pile: int = 18,
    mode: str = "virtual",
    seed: int = 1,
    deck: DeckDefinition | None = None,
    ruleset: Ruleset | None = None,
    **extra: Any,
) -> GameSetup:
    a = tuple(parse_edict(t) for t in active)
    n = tuple(parse_edict(t) for t in next_)
    return GameSetup(
        active_edicts=(a[0], a[1], a[2]),
        next_edicts=(n[0], n[1], n[2]),
        edict_pile=pile,
        deck_mode=mode,
        seed=seed,
        deck=deck or load_default_deck(),
        ruleset=ruleset or load_ruleset(),
        **extra,
    )


@pytest.fixture
def make_setup() -> SetupFactory:
    """``make_setup(active=..., next_=..., pile=..., mode=..., seed=...)`` → GameSetup."""
    return _setup


@pytest.fixture
def make_game() -> GameFactory:
    """``make_game(...)`` → a fresh SoloGame; keyword arguments as for ``make_setup``."""

    def factory(**kwargs: Any) -> SoloGame:
        return SoloGame(_setup(**kwargs))

    return factory


@pytest.fixture
def face_of() -> Callable[[str], CardFace]:
    """The face of a card of the packaged default deck, by id (``S01``…``S16``)."""
    deck = load_default_deck()
    return lambda card_id: deck.card(card_id).face


@pytest.fixture
def ruleset_with() -> Callable[..., Ruleset]:
    """A copy of the packaged ruleset with some values replaced:
    ``ruleset_with(("scoring", "most_structures_rule", "more_than"), ...)``."""

    def factory(*changes: tuple[str, str, Any]) -> Ruleset:
        data = load_ruleset().model_dump()
        for section, key, value in changes:
            data[section][key]["value"] = value
        return Ruleset.model_validate(data)

    return factory
