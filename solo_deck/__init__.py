"""``solo_deck``: the pure rules engine of the Stupor Mundi solo companion.

It models a solo game as a setup plus an event log (see :class:`SoloGame`), and knows
Frederick's palace, the edict row, the solo deck, the Voyage ring, ally income and the
final score. It imports no UI or storage code and writes no files.
"""

from solo_deck.advisor import AdviceRow, AllyChange, edict_advice, what_if
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
from solo_deck.forecast import RoundsForecast, forecast_rounds_left, player_edicts_per_round
from solo_deck.game import SCHEMA_VERSION, DocumentError, SoloGame
from solo_deck.odds import (
    CardOdds,
    RemovalOdds,
    frederick_ship_distribution,
    next_card_odds,
    removal_before_your_next_turn,
)
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
    "AdviceRow",
    "AllyChange",
    "AllyIncome",
    "AllyIncomeLine",
    "CardFace",
    "CardOdds",
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
    "RemovalOdds",
    "RoundsForecast",
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
    "edict_advice",
    "final_score",
    "forecast_rounds_left",
    "frederick_ship_distribution",
    "load_advanced_cards",
    "load_allies",
    "load_default_deck",
    "load_house_cards",
    "load_ruleset",
    "next_card_odds",
    "parse_edict",
    "player_edicts_per_round",
    "removal_before_your_next_turn",
    "title_for",
    "what_if",
]
