"""A game's setup: the choices made before the first turn and the tiles dealt."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from solo_deck.data_files import load_default_deck, load_ruleset
from solo_deck.deck import DeckMode
from solo_deck.edict import Edict
from solo_deck.model_base import FrozenModel
from solo_deck.ruleset import Ruleset
from solo_deck.solo_cards import DeckDefinition

Difficulty = Literal["easy", "medium", "hard"]

DIFFICULTY_MARKETS: dict[str, str] = {
    "easy": "5 blue Market tiles",
    "medium": "3 blue + 2 red Market tiles",
    "hard": "5 red Market tiles",
}


class GameSetup(FrozenModel):
    """Everything a game starts from. With the event log it fully determines the game.

    ``seed`` drives every shuffle of the virtual solo deck; ``ruleset`` and ``deck`` are
    stored whole so an old game replays the same even after the packaged data changes.
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
    deck: DeckDefinition = Field(default_factory=load_default_deck)
    ruleset: Ruleset = Field(default_factory=load_ruleset)

    @model_validator(mode="after")
    def _ports_fit(self) -> GameSetup:
        ports = len(self.ruleset.voyage.ports.value)
        if len(self.port_allies) > ports or len(self.port_cards) > ports:
            raise ValueError(f"there are only {ports} ports")
        known = [a for a in self.port_allies if a]
        if len(set(known)) != len(known):
            raise ValueError("the same Ally cannot lie face up in two ports")
        return self

    @staticmethod
    def default_edict_pile(easier_solo: bool, ruleset: Ruleset | None = None) -> int:
        """The assumed pile size after setup (the player counts and corrects it)."""
        edicts = (ruleset or load_ruleset()).edicts
        return edicts.pile_after_setup.value + (
            edicts.easier_solo_extra_tiles.value if easier_solo else 0
        )
