"""A simulated table: the solo setups the lab plays, dealt from a seed.

A configuration is what a player chooses before a game (:class:`Configuration`: the House,
the Market difficulty and the easier solo game); :func:`deal` lays out everything the table
would show at setup, at random but the same for the same seed: the six Edict tiles and the
bag's size, the Allies and Advanced cards at the ports, the Workplace tiles, the City Bonus
tiles, the Market tiles on the sides the difficulty shows, and the rewards. What a real
table would reveal later (a tile drawn, a card drawn, an Ally or card turned up) is dealt
as play goes by :mod:`solo_deck.play.simulate`, from the hidden outcomes the engine lists
(:func:`solo_deck.rules.legal.legal_moves`).

Where our sources do not print a component (the Edict tiles, the Market tiles, two
rewards), the assumed values of :mod:`solo_deck.model.assumptions` stand in; every other
value is the packaged board data.

>>> setup = deal(Configuration(house="Savoy", difficulty="hard", easier_solo=True), seed=7)
>>> setup.edict_pile, len([a for a in setup.port_allies if a]), setup.house
(21, 5, 'Savoy')
>>> deal(Configuration(), seed=7) == deal(Configuration(), seed=7)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product

from solo_deck.data.assumed import load_assumptions
from solo_deck.data.loaders import (
    load_advanced_cards,
    load_allies,
    load_default_deck,
    load_ruleset,
    workplace_tiles,
)
from solo_deck.model.action_cards import HOUSES
from solo_deck.model.board import MarketTile
from solo_deck.model.city_bonus import CITY_TILE_IDS, CityTileId
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.rules.workplace_area import area_in_use
from solo_deck.setup import Difficulty, GameSetup

DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")
RED_SIDES = {"easy": 0, "medium": 2, "hard": 5}
"""How many of the five Market tiles show their red side at each difficulty."""


@dataclass(frozen=True, order=True)
class Configuration:
    """A solo setup's choices: the House you lead, the Market tiles' difficulty and the
    easier solo game (3 more Edict tiles in the bag)."""

    house: str = "Savoy"
    difficulty: Difficulty = "medium"
    easier_solo: bool = False

    def describe(self) -> str:
        """``Savoy, medium, easier``."""
        easier = "easier" if self.easier_solo else "standard"
        return f"{self.house}, {self.difficulty}, {easier}"


CONFIGURATIONS: tuple[Configuration, ...] = tuple(
    Configuration(house, difficulty, easier)
    for house, difficulty, easier in product(HOUSES, DIFFICULTIES, (False, True))
)
"""Every solo configuration: 4 Houses x 3 Market difficulties x the easier game or not."""


def deal(configuration: Configuration, seed: int, ruleset: Ruleset | None = None) -> GameSetup:
    """The setup of a simulated game: ``configuration`` laid out at random from ``seed``
    (the same seed, the same table) on ``ruleset``'s boards (the packaged ones by
    default)."""
    rules = ruleset or load_ruleset()
    rng = random.Random(f"stupor-solo table:{seed}")
    assumptions = load_assumptions()
    tiles = list(assumptions.tiles(configuration.easier_solo))
    rng.shuffle(tiles)
    ports = len(rules.voyage.ports.value)
    allies = [ally.id for ally in load_allies()]
    rng.shuffle(allies)
    level_a = [card.id for card in load_advanced_cards() if card.level == "A"]
    rng.shuffle(level_a)
    rewards = assumptions.reward(0), None, assumptions.reward(2)
    return GameSetup(
        difficulty=configuration.difficulty,
        easier_solo=configuration.easier_solo,
        house=configuration.house,
        seed=rng.randrange(2**62),
        active_edicts=(tiles[0], tiles[1], tiles[2]),
        next_edicts=(tiles[3], tiles[4], tiles[5]),
        edict_pile=len(tiles) - 6,
        port_allies=tuple(allies[:ports]),
        port_cards=tuple(level_a[:ports]),
        workplaces=_workplaces(rules, rng),
        edict_token_spaces=tuple(area_in_use(rules).tokens.spaces),
        city_tiles=_city_tiles(rules, rng),
        edict_rewards=rewards,
        markets=_markets(configuration.difficulty, ports, rng),
        deck=load_default_deck(),
        ruleset=rules,
    )


def _workplaces(rules: Ruleset, rng: random.Random) -> dict[str, str]:
    """A tile of the right area on each pair of spaces, its level I Workplace on the first
    space and its level II on the second."""
    limits = PlayerLimits.from_ruleset(rules)
    letters: dict[str, list[str]] = {}
    for tile in workplace_tiles().values():
        if tile.level == "I" and f"{tile.area}-II-{tile.letter}" in workplace_tiles():
            letters.setdefault(tile.area, []).append(tile.letter)
    for choices in letters.values():
        rng.shuffle(choices)
    placed: dict[str, str] = {}
    for pair in area_in_use(rules).tile:
        first, second = pair.spaces
        area = limits.area(first[0], int(first[1:]))
        letter = letters[area].pop()
        placed[first] = f"{area}-I-{letter}"
        placed[second] = f"{area}-II-{letter}"
    return placed


def _city_tiles(rules: Ruleset, rng: random.Random) -> dict[str, tuple[CityTileId, ...]]:
    """One City Bonus tile (of the box's two of each letter) in each City."""
    limits = PlayerLimits.from_ruleset(rules)
    box = [tile for tile in CITY_TILE_IDS for _ in range(2)]
    rng.shuffle(box)
    each = limits.city_tiles_per_city
    return {
        path: tuple(box[i * each : (i + 1) * each])
        for i, path in enumerate(sorted(limits.path_areas))
    }


def _markets(difficulty: Difficulty, ports: int, rng: random.Random) -> tuple[MarketTile, ...]:
    """One Market tile per port, one of the six left out, each on the side the difficulty
    asks (at medium, two of the five at random show red)."""
    assumptions = load_assumptions().markets
    order = list(range(len(assumptions.blue)))
    rng.shuffle(order)
    chosen = order[:ports]
    red = set(rng.sample(range(ports), min(ports, RED_SIDES[difficulty])))
    return tuple(
        (assumptions.red if place in red else assumptions.blue)[tile]
        for place, tile in enumerate(chosen)
    )


__all__ = ["CONFIGURATIONS", "DIFFICULTIES", "Configuration", "deal"]
