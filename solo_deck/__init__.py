"""``solo_deck``: the pure rules engine of the Stupor Mundi solo companion.

It models a solo game as a setup plus an event log (see :class:`SoloGame`), and knows
Frederick's palace, the edict row, the solo deck, the Voyage ring, ally income and the
final score. It imports no UI or storage code and writes no files.

Importing the package is cheap: each public name is imported from its module on first
use (PEP 562), so a program that needs only a part of the engine, such as the app's Start
screen, does not pay for building every model class at start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solo_deck.compat.legacy_v1 import upgrade_v1
    from solo_deck.data.loaders import (
        load_advanced_cards,
        load_allies,
        load_default_deck,
        load_house_cards,
        load_ruleset,
    )
    from solo_deck.errors import DataFileError, DocumentError, EdictParseError, RuleError
    from solo_deck.game import SoloGame
    from solo_deck.insight.advisor import AdviceRow, AllyChange, edict_advice, what_if
    from solo_deck.insight.forecast import (
        ForecastCancelled,
        RoundsForecast,
        forecast_rounds_left,
        forecast_steps,
    )
    from solo_deck.insight.odds import (
        CardOdds,
        RemovalOdds,
        frederick_ship_distribution,
        next_card_odds,
        removal_before_your_next_turn,
    )
    from solo_deck.insight.round_plan import player_edicts_per_round
    from solo_deck.model.board import Board, MarketTile, Trade
    from solo_deck.model.deck import SoloDeck
    from solo_deck.model.edict import Edict, EdictKind, parse_edict
    from solo_deck.model.edict_row import EdictRow
    from solo_deck.model.gains import Gains
    from solo_deck.model.grants import Grant
    from solo_deck.model.limits import PlayerLimits
    from solo_deck.model.obligations import Obligation
    from solo_deck.model.palace import Direction, Palace, PalaceLimits
    from solo_deck.model.player import PlayerState, Specialist
    from solo_deck.model.ruleset import Ruleset
    from solo_deck.model.solo_cards import CardFace, DeckDefinition, Numeral, ShipMove, SoloCard
    from solo_deck.model.state import GameEndReason, GameState, Phase
    from solo_deck.model.voyage import Voyage
    from solo_deck.rules.income import AllyIncome, AllyIncomeLine, ally_income
    from solo_deck.rules.scoring import ScoreBreakdown, final_score, title_for
    from solo_deck.schema import SCHEMA_VERSION
    from solo_deck.setup import GameSetup, with_ports

_MODULE_OF: dict[str, str] = {
    "Board": "solo_deck.model.board",
    "Gains": "solo_deck.model.gains",
    "Grant": "solo_deck.model.grants",
    "MarketTile": "solo_deck.model.board",
    "Obligation": "solo_deck.model.obligations",
    "PlayerLimits": "solo_deck.model.limits",
    "Trade": "solo_deck.model.board",
    "upgrade_v1": "solo_deck.compat.legacy_v1",
    "with_ports": "solo_deck.setup",
    "AdviceRow": "solo_deck.insight.advisor",
    "AllyChange": "solo_deck.insight.advisor",
    "edict_advice": "solo_deck.insight.advisor",
    "what_if": "solo_deck.insight.advisor",
    "AllyIncome": "solo_deck.rules.income",
    "AllyIncomeLine": "solo_deck.rules.income",
    "ally_income": "solo_deck.rules.income",
    "DataFileError": "solo_deck.errors",
    "load_advanced_cards": "solo_deck.data.loaders",
    "load_allies": "solo_deck.data.loaders",
    "load_default_deck": "solo_deck.data.loaders",
    "load_house_cards": "solo_deck.data.loaders",
    "load_ruleset": "solo_deck.data.loaders",
    "SoloDeck": "solo_deck.model.deck",
    "Edict": "solo_deck.model.edict",
    "EdictKind": "solo_deck.model.edict",
    "EdictParseError": "solo_deck.errors",
    "parse_edict": "solo_deck.model.edict",
    "EdictRow": "solo_deck.model.edict_row",
    "ForecastCancelled": "solo_deck.insight.forecast",
    "RoundsForecast": "solo_deck.insight.forecast",
    "forecast_rounds_left": "solo_deck.insight.forecast",
    "forecast_steps": "solo_deck.insight.forecast",
    "player_edicts_per_round": "solo_deck.insight.round_plan",
    "SCHEMA_VERSION": "solo_deck.schema",
    "DocumentError": "solo_deck.errors",
    "SoloGame": "solo_deck.game",
    "CardOdds": "solo_deck.insight.odds",
    "RemovalOdds": "solo_deck.insight.odds",
    "frederick_ship_distribution": "solo_deck.insight.odds",
    "next_card_odds": "solo_deck.insight.odds",
    "removal_before_your_next_turn": "solo_deck.insight.odds",
    "Direction": "solo_deck.model.palace",
    "Palace": "solo_deck.model.palace",
    "PalaceLimits": "solo_deck.model.palace",
    "RuleError": "solo_deck.errors",
    "PlayerState": "solo_deck.model.player",
    "Specialist": "solo_deck.model.player",
    "Ruleset": "solo_deck.model.ruleset",
    "ScoreBreakdown": "solo_deck.rules.scoring",
    "final_score": "solo_deck.rules.scoring",
    "title_for": "solo_deck.rules.scoring",
    "GameSetup": "solo_deck.setup",
    "CardFace": "solo_deck.model.solo_cards",
    "DeckDefinition": "solo_deck.model.solo_cards",
    "Numeral": "solo_deck.model.solo_cards",
    "ShipMove": "solo_deck.model.solo_cards",
    "SoloCard": "solo_deck.model.solo_cards",
    "GameEndReason": "solo_deck.model.state",
    "GameState": "solo_deck.model.state",
    "Phase": "solo_deck.model.state",
    "Voyage": "solo_deck.model.voyage",
}
"""Which module defines each public name."""


def __getattr__(name: str) -> object:
    """Import a public name from its module the first time it is asked for."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


__all__ = [
    "SCHEMA_VERSION",
    "AdviceRow",
    "AllyChange",
    "AllyIncome",
    "AllyIncomeLine",
    "Board",
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
    "ForecastCancelled",
    "Gains",
    "GameEndReason",
    "GameSetup",
    "GameState",
    "Grant",
    "MarketTile",
    "Numeral",
    "Obligation",
    "Palace",
    "PalaceLimits",
    "Phase",
    "PlayerLimits",
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
    "Trade",
    "Voyage",
    "ally_income",
    "edict_advice",
    "final_score",
    "forecast_rounds_left",
    "forecast_steps",
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
    "upgrade_v1",
    "what_if",
    "with_ports",
]
