"""A game's setup: the choices made before the first turn and what the table shows then,
and the state it gives before the first event (:func:`initial_state`)."""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, model_validator

from solo_deck.data.loaders import load_default_deck, load_ruleset, workplace_tiles
from solo_deck.model.base import FrozenModel
from solo_deck.model.board import Board, MarketTile
from solo_deck.model.card_piles import CardPiles
from solo_deck.model.city_bonus import CityTileId
from solo_deck.model.deck import DeckMode, SoloDeck
from solo_deck.model.edict import Edict
from solo_deck.model.edict_row import EdictRow
from solo_deck.model.grants import Grant
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.palace import Palace
from solo_deck.model.player import PlayerState
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import DeckDefinition
from solo_deck.model.state import GameState
from solo_deck.model.voyage import Voyage
from solo_deck.model.workplaces import space_key
from solo_deck.rules.workplace_area import area_in_use, partner_tile
from solo_deck.text import t

Difficulty = Literal["easy", "medium", "hard"]

STORED = "stored"
"""Validation context key: ``{STORED: True}`` reads a saved setup, which keeps a Workplace
tile pair a new setup refuses (games begun before the check must still load)."""

DIFFICULTY_MARKETS: dict[str, str] = {
    "easy": t("5 blue Market tiles"),
    "medium": t("3 blue + 2 red Market tiles"),
    "hard": t("5 red Market tiles"),
}


class GameSetup(FrozenModel):
    """Everything a game starts from. With the event log it fully determines the game.

    ``seed`` drives every shuffle of the virtual solo deck; ``ruleset`` and ``deck`` are
    stored whole so an old game replays the same even after the packaged data changes.

    What the table shows at setup may be entered here, or left out and asked for when it
    first matters: ``workplaces`` (space such as ``A3`` → Workplace tile id),
    ``edict_token_spaces`` (where the two Workplace Edict tokens lie, both or none; ``None``:
    not said, asked when a Specialist arrives; empty: no token in play),
    ``city_tiles`` (path → the City Bonus tiles in its City), ``edict_rewards`` (the reward
    under Active I–III; ``None`` keeps the ruleset's) and ``markets`` (the Market tile at
    each port, in ring order).

    ``start`` and ``start_log`` are set only for a game carried over from an older saved
    format: its position then, and the log lines that led there.
    """

    difficulty: Difficulty = "medium"
    easier_solo: bool = False
    house: str = Field(default="Savoy", min_length=1, max_length=40)
    deck_mode: DeckMode = "virtual"
    seed: int = Field(default=0, ge=0, lt=2**63)
    active_edicts: tuple[Edict, Edict, Edict]
    next_edicts: tuple[Edict, Edict, Edict]
    edict_pile: int = Field(ge=0, le=60)
    port_allies: tuple[str | None, ...] = ()
    port_cards: tuple[str | None, ...] = ()
    workplaces: dict[str, str] = Field(default_factory=dict)
    edict_token_spaces: tuple[str, ...] | None = None
    city_tiles: dict[str, tuple[CityTileId, ...]] = Field(default_factory=dict)
    edict_rewards: tuple[Grant | None, Grant | None, Grant | None] = (None, None, None)
    markets: tuple[MarketTile | None, ...] = ()
    deck: DeckDefinition = Field(default_factory=load_default_deck)
    ruleset: Ruleset = Field(default_factory=load_ruleset)
    start: GameState | None = None
    start_log: tuple[str, ...] = ()
    cards_by_name: bool = True
    """The engine follows your Action cards by name (False: a game saved before it did,
    which keeps their counts only and replays as it was recorded)."""

    @model_validator(mode="after")
    def _fits(self, info: ValidationInfo) -> GameSetup:
        ports = len(self.ruleset.voyage.ports.value)
        if len(self.port_allies) > ports or len(self.port_cards) > ports:
            raise ValueError(f"there are only {ports} ports")
        if len(self.markets) > ports:
            raise ValueError(f"there are only {ports} ports (markets)")
        known = [a for a in self.port_allies if a]
        if len(set(known)) != len(known):
            raise ValueError("the same Ally cannot lie face up in two ports")
        self._check_board()
        if not (info.context or {}).get(STORED):
            self._check_tile_pairs()
        return self

    def _check_board(self) -> None:
        limits = PlayerLimits.from_ruleset(self.ruleset)
        spaces = {
            space_key(path, space): (path, space) for path, space in limits.workplace_spaces()
        }
        catalogue = workplace_tiles()
        for key, tile in self.workplaces.items():
            if key not in spaces:
                raise ValueError(f"{key} is not a Countryside or Village space")
            if tile not in catalogue:
                raise ValueError(f"{tile!r} is not a Workplace tile")
            area = limits.area(*spaces[key])
            if catalogue[tile].area != area:
                raise ValueError(
                    f"{key} is a {area} space; {tile} is a {catalogue[tile].area} tile"
                )
        tiles = list(self.workplaces.values())
        if len(set(tiles)) != len(tiles):
            raise ValueError("each Workplace tile lies on one space only")
        tokens = self.edict_token_spaces
        if tokens is not None:
            if any(key not in spaces for key in tokens) or len(set(tokens)) != len(tokens):
                raise ValueError("Edict tokens lie on distinct Countryside or Village spaces")
            if 0 < len(tokens) < limits.edict_tokens or len(tokens) > limits.edict_tokens:
                raise ValueError(
                    f"name the spaces of all {limits.edict_tokens} Workplace Edict tokens, or "
                    "none (then the app asks when a Specialist arrives)"
                )
        for path, city in self.city_tiles.items():
            if path not in limits.path_areas:
                raise ValueError(f"there is no Path {path}")
            if len(city) > limits.city_tiles_per_city:
                raise ValueError(
                    f"a solo game puts {limits.city_tiles_per_city} City Bonus tile(s) in each City"
                )

    def _check_tile_pairs(self) -> None:
        """Both Workplaces of one physical tile lie on its two spaces (the check a promotion
        makes when a tile is named in play). A saved game is read as it was stored (see
        :data:`STORED`): one begun before this check keeps its board."""
        area = area_in_use(self.ruleset)
        where = {tile: key for key, tile in self.workplaces.items()}
        catalogue = workplace_tiles()
        for key, tile in self.workplaces.items():
            partner, other = area.partner(key), partner_tile(tile)
            if partner is None:
                continue
            label, other_label = catalogue[tile].label, catalogue[other].label
            held = self.workplaces.get(partner)
            if held is not None and held != other:
                raise ValueError(
                    f"{min(key, partner)} and {max(key, partner)} are one tile: {label} lies "
                    f"on {key}, so {partner} holds {other_label}, not {catalogue[held].label}"
                )
            if other in where and where[other] != partner:
                raise ValueError(
                    f"{other_label} shares its tile with {label} on {key}, so it lies on "
                    f"{partner}, not {where[other]}"
                )

    def reward_grants(self) -> tuple[Grant, Grant, Grant]:
        """The reward under Active I–III: as entered, else as the ruleset says."""
        ruled = self.ruleset.edicts.rewards()
        given = self.edict_rewards
        return (given[0] or ruled[0], given[1] or ruled[1], given[2] or ruled[2])

    @staticmethod
    def default_edict_pile(easier_solo: bool, ruleset: Ruleset | None = None) -> int:
        """An estimate of the pile after setup, only for a hint: the player counts it (the
        easier game's 3 marked tiles are shuffled in, so they add 3)."""
        edicts = (ruleset or load_ruleset()).edicts
        return edicts.pile_after_setup.value + (
            edicts.easier_solo_extra_tiles.value if easier_solo else 0
        )


def with_ports(ruleset: Ruleset, names: list[str], start: str | None = None) -> Ruleset:
    """The ruleset with the Voyage ports as your board shows them, clockwise (and the
    start port, Roma unless given). Travel costs, Frederick's moves and the odds follow it.

    >>> ruleset = with_ports(load_ruleset(), ["Roma", "Tunis", "Alexandria"])
    >>> ruleset.voyage.ports.value
    ['Roma', 'Tunis', 'Alexandria']
    """
    voyage = ruleset.voyage
    data = voyage.model_dump()
    data["ports"] = {"value": list(names), "source": "player: entered at setup"}
    data["start_port"] = {
        "value": start or voyage.start_port.value,
        "source": voyage.start_port.source,
    }
    return ruleset.model_copy(update={"voyage": type(voyage).model_validate(data)})


def initial_state(setup: GameSetup) -> GameState:
    """The state before the first event (for a game carried over from an older format,
    the position it was carried over at)."""
    if setup.start is not None:
        return setup.start
    rules = setup.ruleset
    limits = PlayerLimits.from_ruleset(rules)
    voyage_rules = rules.voyage
    ports = voyage_rules.ports.value
    advanced = voyage_rules.advanced_cards_level_a.value + voyage_rules.advanced_cards_level_b.value
    placed = len(ports) * voyage_rules.card_spaces_per_port.value
    player = PlayerState.initial(rules, house=setup.house)
    return GameState(
        palace=Palace.initial(rules),
        edicts=EdictRow(active=setup.active_edicts, next=setup.next_edicts, pile=setup.edict_pile),
        deck=SoloDeck.new(
            setup.deck,
            setup.deck_mode,
            setup.seed,
            crowns_to_reshuffle=rules.rounds.crowns_to_reshuffle.value,
        ),
        voyage=Voyage.initial(
            ports,
            start=voyage_rules.start_port.value,
            advanced_pile=max(0, advanced - placed),
            card_spaces=voyage_rules.card_spaces_per_port.value,
            ally_spaces=voyage_rules.ally_spaces_per_port.value,
            card_ids=list(setup.port_cards),
            ally_ids=list(setup.port_allies),
        ),
        player=player,
        hand=limits.hand_size if player.sites is not None else None,
        cards=CardPiles(by_name=setup.cards_by_name),
        board=Board.initial(
            limits,
            ports=len(ports),
            rewards=setup.reward_grants(),
            tiles=setup.workplaces,
            token_spaces=setup.edict_token_spaces,
            city_tiles=setup.city_tiles,
            markets=setup.markets,
        ),
    )
