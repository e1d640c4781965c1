"""``solo_deck``: the pure rules engine of the Stupor Mundi solo companion.

It models a solo game as a setup plus an event log (see :class:`SoloGame`), and knows
Frederick's palace, the edict row, the solo deck, the Voyage ring, ally income and the
final score. It imports no UI or storage code and writes no files.
"""

from solo_deck.ally_income import AllyIncome, AllyIncomeLine, ally_income
from solo_deck.data_files import (
    DataFileError,
    load_advanced_cards,
    load_allies,
    load_default_deck,
    load_house_cards,
    load_ruleset,
)
from solo_deck.deck import SoloDeck
from solo_deck.edict import Edict, EdictKind, EdictParseError, parse_edict
from solo_deck.edict_row import EdictRow
from solo_deck.game import SCHEMA_VERSION, DocumentError, SoloGame
from solo_deck.palace import Direction, Palace, PalaceLimits, RuleError
from solo_deck.player import PlayerState, Specialist
from solo_deck.ruleset import Ruleset
from solo_deck.scoring import ScoreBreakdown, final_score, title_for
from solo_deck.setup import GameSetup
from solo_deck.solo_cards import CardFace, DeckDefinition, Numeral, ShipMove, SoloCard
from solo_deck.state import GameEndReason, GameState, Phase
from solo_deck.voyage import Voyage

__all__ = [
    "SCHEMA_VERSION",
    "AllyIncome",
    "AllyIncomeLine",
    "CardFace",
    "DataFileError",
    "DeckDefinition",
    "Direction",
    "DocumentError",
    "Edict",
    "EdictKind",
    "EdictParseError",
    "EdictRow",
    "GameEndReason",
    "GameSetup",
    "GameState",
    "Numeral",
    "Palace",
    "PalaceLimits",
    "Phase",
    "PlayerState",
    "RuleError",
    "Ruleset",
    "ScoreBreakdown",
    "ShipMove",
    "SoloCard",
    "SoloDeck",
    "SoloGame",
    "Specialist",
    "Voyage",
    "ally_income",
    "final_score",
    "load_advanced_cards",
    "load_allies",
    "load_default_deck",
    "load_house_cards",
    "load_ruleset",
    "parse_edict",
    "title_for",
]
