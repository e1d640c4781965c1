"""``solo_deck``: the pure rules engine of the Stupor Mundi solo companion.

It models a solo game as a setup plus an event log (see :class:`SoloGame`), and knows
Frederick's palace, the edict row, the solo deck, the Voyage ring, ally income and the
final score. It imports no UI or storage code and writes no files.

The package holds the engine's parts, each behind this face: ``model/`` (the pure data:
the state and every part of it, the ruleset, the printed components), ``rules/`` (the
fold, private: the gate, each event's handler, what an event triggers, income and
scoring), ``insight/`` (odds, forecast, advisor), ``data/`` (the rules data and its
loaders), ``reference/`` (an entry for every component, written from the data, and its
search) and ``compat/`` (documents of earlier versions); :mod:`solo_deck.game`,
:mod:`solo_deck.events`, :mod:`solo_deck.setup` and :mod:`solo_deck.queries` at the top.
Front ends import the names below (and :mod:`solo_deck.events`), never the subpackages;
``play/`` (the engine playing itself: simulated tables, bots, the lab) is among them.

Importing the package is cheap: each public name is imported from its module on first
use (PEP 562), so a program that needs only a part of the engine, such as the app's Start
screen, does not pay for building every model class at start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solo_deck.compat.legacy_v1 import upgrade_v1 as upgrade_v1
    from solo_deck.data.assumed import load_assumptions as load_assumptions
    from solo_deck.data.boards import BOARDS as BOARDS
    from solo_deck.data.boards import BoardKind as BoardKind
    from solo_deck.data.boards import board_facts as board_facts
    from solo_deck.data.boards import checked_board as checked_board
    from solo_deck.data.boards import correct_board as correct_board
    from solo_deck.data.boards import read_board as read_board
    from solo_deck.data.boards import with_boards as with_boards
    from solo_deck.data.lab_table import LabRow as LabRow
    from solo_deck.data.lab_table import LabTable as LabTable
    from solo_deck.data.lab_table import load_lab_table as load_lab_table
    from solo_deck.data.loaders import advanced_cards_by_id as advanced_cards_by_id
    from solo_deck.data.loaders import allies_by_id as allies_by_id
    from solo_deck.data.loaders import city_bonus_tiles as city_bonus_tiles
    from solo_deck.data.loaders import describe_validation_error as describe_validation_error
    from solo_deck.data.loaders import great_structures as great_structures
    from solo_deck.data.loaders import house_cards_of as house_cards_of
    from solo_deck.data.loaders import keep_covers as keep_covers
    from solo_deck.data.loaders import load_advanced_cards as load_advanced_cards
    from solo_deck.data.loaders import load_allies as load_allies
    from solo_deck.data.loaders import load_default_deck as load_default_deck
    from solo_deck.data.loaders import load_house_cards as load_house_cards
    from solo_deck.data.loaders import load_ruleset as load_ruleset
    from solo_deck.data.loaders import side_incomes as side_incomes
    from solo_deck.data.loaders import workplace_tiles as workplace_tiles
    from solo_deck.data.names import ally_label as ally_label
    from solo_deck.data.names import ally_name as ally_name
    from solo_deck.data.names import ally_title as ally_title
    from solo_deck.data.names import card_name as card_name
    from solo_deck.data.worded import DATA_CONTEXT as DATA_CONTEXT
    from solo_deck.data.worded import SECTION as SECTION
    from solo_deck.data.worded import WORDED as WORDED
    from solo_deck.errors import DataFileError as DataFileError
    from solo_deck.errors import DocumentError as DocumentError
    from solo_deck.errors import EdictParseError as EdictParseError
    from solo_deck.errors import RuleError as RuleError
    from solo_deck.game import SoloGame as SoloGame
    from solo_deck.game import validated_document as validated_document
    from solo_deck.insight.advisor import AdviceRow as AdviceRow
    from solo_deck.insight.advisor import AllyChange as AllyChange
    from solo_deck.insight.advisor import edict_advice as edict_advice
    from solo_deck.insight.advisor import what_if as what_if
    from solo_deck.insight.coach import Coach as Coach
    from solo_deck.insight.coach import CoachAnswer as CoachAnswer
    from solo_deck.insight.coach import CoachLine as CoachLine
    from solo_deck.insight.coach import NoAdvice as NoAdvice
    from solo_deck.insight.coach.judge import JUDGE_BUDGET as JUDGE_BUDGET
    from solo_deck.insight.coach.judge import TurnJudgement as TurnJudgement
    from solo_deck.insight.coach.judge import costliest as costliest
    from solo_deck.insight.coach.judge import judge as judge
    from solo_deck.insight.coach.judge import judge_steps as judge_steps
    from solo_deck.insight.coach.position import why_no_advice as why_no_advice
    from solo_deck.insight.forecast import ForecastCancelled as ForecastCancelled
    from solo_deck.insight.forecast import RoundsForecast as RoundsForecast
    from solo_deck.insight.forecast import forecast_rounds_left as forecast_rounds_left
    from solo_deck.insight.forecast import forecast_steps as forecast_steps
    from solo_deck.insight.odds import CardOdds as CardOdds
    from solo_deck.insight.odds import RemovalOdds as RemovalOdds
    from solo_deck.insight.odds import frederick_ship_distribution as frederick_ship_distribution
    from solo_deck.insight.odds import next_card_odds as next_card_odds
    from solo_deck.insight.odds import (
        removal_before_your_next_turn as removal_before_your_next_turn,
    )
    from solo_deck.insight.review import EdictReview as EdictReview
    from solo_deck.insight.review import GameReview as GameReview
    from solo_deck.insight.review import RoundReview as RoundReview
    from solo_deck.insight.review import next_title as next_title
    from solo_deck.insight.review import review as review
    from solo_deck.insight.review import total_by_source as total_by_source
    from solo_deck.insight.round_plan import player_edicts_per_round as player_edicts_per_round
    from solo_deck.insight.standing import STANDING_MIN_GAMES as STANDING_MIN_GAMES
    from solo_deck.insight.standing import Standing as Standing
    from solo_deck.insight.standing import Suggestion as Suggestion
    from solo_deck.insight.standing import TitleRate as TitleRate
    from solo_deck.insight.standing import suggest_setting as suggest_setting
    from solo_deck.insight.standing import where_you_stand as where_you_stand
    from solo_deck.insight.standing import wilson_interval as wilson_interval
    from solo_deck.insight.vp_sources import source_label as source_label
    from solo_deck.model.action_cards import HOUSES as HOUSES
    from solo_deck.model.assumptions import Assumptions as Assumptions
    from solo_deck.model.board import Board as Board
    from solo_deck.model.board import MarketTile as MarketTile
    from solo_deck.model.board import Trade as Trade
    from solo_deck.model.board import WorkplaceSpace as WorkplaceSpace
    from solo_deck.model.board_facts import BoardFact as BoardFact
    from solo_deck.model.board_facts import BoardRefused as BoardRefused
    from solo_deck.model.board_facts import still_assumed as still_assumed
    from solo_deck.model.city_bonus import CITY_TILE_IDS as CITY_TILE_IDS
    from solo_deck.model.city_bonus import CityTileId as CityTileId
    from solo_deck.model.deck import SoloDeck as SoloDeck
    from solo_deck.model.edict import Edict as Edict
    from solo_deck.model.edict import EdictKind as EdictKind
    from solo_deck.model.edict import awaits_letter as awaits_letter
    from solo_deck.model.edict import parse_edict as parse_edict
    from solo_deck.model.edict_row import EdictRow as EdictRow
    from solo_deck.model.gains import GAIN_FIELDS as GAIN_FIELDS
    from solo_deck.model.gains import Gains as Gains
    from solo_deck.model.gains import amount_label as amount_label
    from solo_deck.model.grants import MAIN_ACTIONS as MAIN_ACTIONS
    from solo_deck.model.grants import ActionTerms as ActionTerms
    from solo_deck.model.grants import CountOf as CountOf
    from solo_deck.model.grants import Grant as Grant
    from solo_deck.model.grants import GrantedAction as GrantedAction
    from solo_deck.model.grants import MainAction as MainAction
    from solo_deck.model.limits import PlayerLimits as PlayerLimits
    from solo_deck.model.moves import Move as Move
    from solo_deck.model.obligations import Obligation as Obligation
    from solo_deck.model.palace import Direction as Direction
    from solo_deck.model.palace import Palace as Palace
    from solo_deck.model.palace import PalaceLimits as PalaceLimits
    from solo_deck.model.player import PlayerState as PlayerState
    from solo_deck.model.player import Specialist as Specialist
    from solo_deck.model.provenance import SOURCE_KINDS as SOURCE_KINDS
    from solo_deck.model.provenance import Sourced as Sourced
    from solo_deck.model.ruleset import MOST_STRUCTURES_RULES as MOST_STRUCTURES_RULES
    from solo_deck.model.ruleset import Ruleset as Ruleset
    from solo_deck.model.solo_cards import CardFace as CardFace
    from solo_deck.model.solo_cards import DeckDefinition as DeckDefinition
    from solo_deck.model.solo_cards import Numeral as Numeral
    from solo_deck.model.solo_cards import ShipMove as ShipMove
    from solo_deck.model.solo_cards import SoloCard as SoloCard
    from solo_deck.model.solo_cards import deck_name as deck_name
    from solo_deck.model.state import GameEndReason as GameEndReason
    from solo_deck.model.state import GameState as GameState
    from solo_deck.model.state import Phase as Phase
    from solo_deck.model.voyage import Voyage as Voyage
    from solo_deck.model.workplaces import WorkplaceTile as WorkplaceTile
    from solo_deck.model.workplaces import space_key as space_key
    from solo_deck.play.bots import Bot as Bot
    from solo_deck.play.checks import Checker as Checker
    from solo_deck.play.checks import InvariantBroken as InvariantBroken
    from solo_deck.play.coach_bot import COACH_BUDGET as COACH_BUDGET
    from solo_deck.play.lab import TITLE_KEYS as TITLE_KEYS
    from solo_deck.play.lab import LabTask as LabTask
    from solo_deck.play.lab import Summary as Summary
    from solo_deck.play.lab import game_seed as game_seed
    from solo_deck.play.lab import lab_tasks as lab_tasks
    from solo_deck.play.lab import merged as merged
    from solo_deck.play.lab import play_task as play_task
    from solo_deck.play.lab import summarize as summarize
    from solo_deck.play.roster import BOT_NAMES as BOT_NAMES
    from solo_deck.play.roster import DEFAULT_BOTS as DEFAULT_BOTS
    from solo_deck.play.roster import bot_named as bot_named
    from solo_deck.play.simulate import GameResult as GameResult
    from solo_deck.play.simulate import GameTooLong as GameTooLong
    from solo_deck.play.simulate import new_game as new_game
    from solo_deck.play.simulate import play_game as play_game
    from solo_deck.play.simulate import play_out as play_out
    from solo_deck.play.table import CONFIGURATIONS as CONFIGURATIONS
    from solo_deck.play.table import DIFFICULTIES as DIFFICULTIES
    from solo_deck.play.table import Configuration as Configuration
    from solo_deck.play.table import deal as deal
    from solo_deck.queries import Capacity as Capacity
    from solo_deck.queries import MarketTrades as MarketTrades
    from solo_deck.queries import Slots as Slots
    from solo_deck.queries import TileDrawn as TileDrawn
    from solo_deck.queries import ally_candidates as ally_candidates
    from solo_deck.queries import capacity as capacity
    from solo_deck.queries import card_price as card_price
    from solo_deck.queries import cards_you_may_hold as cards_you_may_hold
    from solo_deck.queries import cards_you_may_remove as cards_you_may_remove
    from solo_deck.queries import discount as discount
    from solo_deck.queries import hand as hand
    from solo_deck.queries import market_trades as market_trades
    from solo_deck.queries import slots as slots
    from solo_deck.queries import tile_drawn as tile_drawn
    from solo_deck.queries import travel_cost as travel_cost
    from solo_deck.queries import usual_summon_grain as usual_summon_grain
    from solo_deck.queries import why_not_buy as why_not_buy
    from solo_deck.queries import workplaces_in_use as workplaces_in_use
    from solo_deck.reference.entry import REFERENCE_SOURCES as REFERENCE_SOURCES
    from solo_deck.reference.entry import ReferenceEntry as ReferenceEntry
    from solo_deck.reference.entry import main_action_key as main_action_key
    from solo_deck.reference.entry import reference_source as reference_source
    from solo_deck.reference.entry import source_parts as source_parts
    from solo_deck.reference.search import reference_scores as reference_scores
    from solo_deck.reference.search import search_reference as search_reference
    from solo_deck.reference.walk import data_rows as data_rows
    from solo_deck.reference.walk import reference_entries as reference_entries
    from solo_deck.rules.board_check import Unchecked as Unchecked
    from solo_deck.rules.board_check import arrow_unchecked as arrow_unchecked
    from solo_deck.rules.board_check import marked_space_unchecked as marked_space_unchecked
    from solo_deck.rules.board_check import ruleset_in_force as ruleset_in_force
    from solo_deck.rules.board_check import site_cost_unchecked as site_cost_unchecked
    from solo_deck.rules.board_check import summon_cost_unchecked as summon_cost_unchecked
    from solo_deck.rules.card_slots import face_down_offers as face_down_offers
    from solo_deck.rules.card_slots import slot_actions as slot_actions
    from solo_deck.rules.castle_sites import SiteOffer as SiteOffer
    from solo_deck.rules.castle_sites import can_pay as can_pay
    from solo_deck.rules.castle_sites import great_offers as great_offers
    from solo_deck.rules.castle_sites import site_offers as site_offers
    from solo_deck.rules.corrections import correction_targets as correction_targets
    from solo_deck.rules.edict_order import reward_chooses_edict as reward_chooses_edict
    from solo_deck.rules.effects import AllyKindChoice as AllyKindChoice
    from solo_deck.rules.effects import choice_total as choice_total
    from solo_deck.rules.effects import count_of as count_of
    from solo_deck.rules.effects import default_choice as default_choice
    from solo_deck.rules.effects import describe_action as describe_action
    from solo_deck.rules.effects import describe_grant as describe_grant
    from solo_deck.rules.effects import describe_terms as describe_terms
    from solo_deck.rules.effects import grant_gains as grant_gains
    from solo_deck.rules.hand import pool as pool
    from solo_deck.rules.hand import unknown_in as unknown_in
    from solo_deck.rules.idle import idle_actions as idle_actions
    from solo_deck.rules.income import AllyIncome as AllyIncome
    from solo_deck.rules.income import AllyIncomeLine as AllyIncomeLine
    from solo_deck.rules.income import ally_income as ally_income
    from solo_deck.rules.legal import legal_moves as legal_moves
    from solo_deck.rules.scoring import MOST_STRUCTURES_TEXT as MOST_STRUCTURES_TEXT
    from solo_deck.rules.scoring import ScoreBreakdown as ScoreBreakdown
    from solo_deck.rules.scoring import compares_castles as compares_castles
    from solo_deck.rules.scoring import final_counts as final_counts
    from solo_deck.rules.scoring import final_score as final_score
    from solo_deck.rules.scoring import most_structures_line as most_structures_line
    from solo_deck.rules.scoring import most_structures_why as most_structures_why
    from solo_deck.rules.scoring import title_for as title_for
    from solo_deck.rules.scoring import with_most_structures as with_most_structures
    from solo_deck.rules.summon_cost import next_ally_space as next_ally_space
    from solo_deck.rules.summon_cost import summon_cost as summon_cost
    from solo_deck.rules.summon_cost import summon_marks_edict as summon_marks_edict
    from solo_deck.rules.workplace_area import likely_token_spaces as likely_token_spaces
    from solo_deck.rules.workplace_area import promote_cost as promote_cost
    from solo_deck.schema import SCHEMA_VERSION as SCHEMA_VERSION
    from solo_deck.setup import DIFFICULTY_MARKETS as DIFFICULTY_MARKETS
    from solo_deck.setup import GameSetup as GameSetup
    from solo_deck.setup import initial_state as initial_state
    from solo_deck.setup import with_ports as with_ports

_EXPORTS: dict[str, tuple[str, ...]] = {
    "solo_deck.compat.legacy_v1": ("upgrade_v1",),
    "solo_deck.data.assumed": ("load_assumptions",),
    "solo_deck.data.boards": (
        "BOARDS",
        "BoardKind",
        "board_facts",
        "checked_board",
        "correct_board",
        "read_board",
        "with_boards",
    ),
    "solo_deck.data.lab_table": ("LabRow", "LabTable", "load_lab_table"),
    "solo_deck.data.loaders": (
        "advanced_cards_by_id",
        "allies_by_id",
        "city_bonus_tiles",
        "describe_validation_error",
        "great_structures",
        "house_cards_of",
        "keep_covers",
        "load_advanced_cards",
        "load_allies",
        "load_default_deck",
        "load_house_cards",
        "load_ruleset",
        "side_incomes",
        "workplace_tiles",
    ),
    "solo_deck.data.names": ("ally_label", "ally_name", "ally_title", "card_name"),
    "solo_deck.data.worded": ("DATA_CONTEXT", "SECTION", "WORDED"),
    "solo_deck.errors": ("DataFileError", "DocumentError", "EdictParseError", "RuleError"),
    "solo_deck.game": ("SoloGame", "validated_document"),
    "solo_deck.insight.advisor": ("AdviceRow", "AllyChange", "edict_advice", "what_if"),
    "solo_deck.insight.coach": ("Coach", "CoachAnswer", "CoachLine", "NoAdvice"),
    "solo_deck.insight.coach.position": ("why_no_advice",),
    "solo_deck.insight.coach.judge": (
        "JUDGE_BUDGET",
        "TurnJudgement",
        "costliest",
        "judge",
        "judge_steps",
    ),
    "solo_deck.insight.forecast": (
        "ForecastCancelled",
        "RoundsForecast",
        "forecast_rounds_left",
        "forecast_steps",
    ),
    "solo_deck.insight.odds": (
        "CardOdds",
        "RemovalOdds",
        "frederick_ship_distribution",
        "next_card_odds",
        "removal_before_your_next_turn",
    ),
    "solo_deck.insight.review": (
        "EdictReview",
        "GameReview",
        "RoundReview",
        "next_title",
        "review",
        "total_by_source",
    ),
    "solo_deck.insight.round_plan": ("player_edicts_per_round",),
    "solo_deck.insight.standing": (
        "STANDING_MIN_GAMES",
        "Standing",
        "Suggestion",
        "TitleRate",
        "suggest_setting",
        "where_you_stand",
        "wilson_interval",
    ),
    "solo_deck.insight.vp_sources": ("source_label",),
    "solo_deck.model.action_cards": ("HOUSES",),
    "solo_deck.model.assumptions": ("Assumptions",),
    "solo_deck.model.board": ("Board", "MarketTile", "Trade", "WorkplaceSpace"),
    "solo_deck.model.board_facts": ("BoardFact", "BoardRefused", "still_assumed"),
    "solo_deck.model.city_bonus": ("CITY_TILE_IDS", "CityTileId"),
    "solo_deck.model.deck": ("SoloDeck",),
    "solo_deck.model.edict": ("Edict", "EdictKind", "awaits_letter", "parse_edict"),
    "solo_deck.model.edict_row": ("EdictRow",),
    "solo_deck.model.gains": ("GAIN_FIELDS", "Gains", "amount_label"),
    "solo_deck.model.grants": (
        "ActionTerms",
        "CountOf",
        "Grant",
        "GrantedAction",
        "MAIN_ACTIONS",
        "MainAction",
    ),
    "solo_deck.model.limits": ("PlayerLimits",),
    "solo_deck.model.moves": ("Move",),
    "solo_deck.model.obligations": ("Obligation",),
    "solo_deck.model.palace": ("Direction", "Palace", "PalaceLimits"),
    "solo_deck.model.player": ("PlayerState", "Specialist"),
    "solo_deck.model.provenance": ("SOURCE_KINDS", "Sourced"),
    "solo_deck.model.ruleset": ("MOST_STRUCTURES_RULES", "Ruleset"),
    "solo_deck.model.solo_cards": (
        "CardFace",
        "DeckDefinition",
        "Numeral",
        "ShipMove",
        "SoloCard",
        "deck_name",
    ),
    "solo_deck.model.state": ("GameEndReason", "GameState", "Phase"),
    "solo_deck.model.voyage": ("Voyage",),
    "solo_deck.model.workplaces": ("WorkplaceTile", "space_key"),
    "solo_deck.play.bots": ("Bot",),
    "solo_deck.play.roster": ("BOT_NAMES", "DEFAULT_BOTS", "bot_named"),
    "solo_deck.play.coach_bot": ("COACH_BUDGET",),
    "solo_deck.play.checks": ("Checker", "InvariantBroken"),
    "solo_deck.play.lab": (
        "LabTask",
        "Summary",
        "TITLE_KEYS",
        "game_seed",
        "lab_tasks",
        "merged",
        "play_task",
        "summarize",
    ),
    "solo_deck.play.simulate": ("GameResult", "GameTooLong", "new_game", "play_game", "play_out"),
    "solo_deck.play.table": ("CONFIGURATIONS", "Configuration", "DIFFICULTIES", "deal"),
    "solo_deck.queries": (
        "Capacity",
        "MarketTrades",
        "Slots",
        "TileDrawn",
        "ally_candidates",
        "capacity",
        "card_price",
        "cards_you_may_hold",
        "cards_you_may_remove",
        "discount",
        "hand",
        "market_trades",
        "slots",
        "tile_drawn",
        "travel_cost",
        "usual_summon_grain",
        "why_not_buy",
        "workplaces_in_use",
    ),
    "solo_deck.reference.entry": (
        "REFERENCE_SOURCES",
        "ReferenceEntry",
        "main_action_key",
        "reference_source",
        "source_parts",
    ),
    "solo_deck.reference.search": ("reference_scores", "search_reference"),
    "solo_deck.reference.walk": ("data_rows", "reference_entries"),
    "solo_deck.rules.board_check": (
        "Unchecked",
        "arrow_unchecked",
        "marked_space_unchecked",
        "ruleset_in_force",
        "site_cost_unchecked",
        "summon_cost_unchecked",
    ),
    "solo_deck.rules.card_slots": ("face_down_offers", "slot_actions"),
    "solo_deck.rules.castle_sites": ("SiteOffer", "can_pay", "great_offers", "site_offers"),
    "solo_deck.rules.corrections": ("correction_targets",),
    "solo_deck.rules.edict_order": ("reward_chooses_edict",),
    "solo_deck.rules.effects": (
        "AllyKindChoice",
        "choice_total",
        "count_of",
        "default_choice",
        "describe_action",
        "describe_grant",
        "describe_terms",
        "grant_gains",
    ),
    "solo_deck.rules.hand": ("pool", "unknown_in"),
    "solo_deck.rules.idle": ("idle_actions",),
    "solo_deck.rules.income": ("AllyIncome", "AllyIncomeLine", "ally_income"),
    "solo_deck.rules.legal": ("legal_moves",),
    "solo_deck.rules.scoring": (
        "MOST_STRUCTURES_TEXT",
        "ScoreBreakdown",
        "compares_castles",
        "final_counts",
        "final_score",
        "most_structures_line",
        "most_structures_why",
        "title_for",
        "with_most_structures",
    ),
    "solo_deck.rules.summon_cost": ("next_ally_space", "summon_cost", "summon_marks_edict"),
    "solo_deck.rules.workplace_area": ("likely_token_spaces", "promote_cost"),
    "solo_deck.schema": ("SCHEMA_VERSION",),
    "solo_deck.setup": ("DIFFICULTY_MARKETS", "GameSetup", "initial_state", "with_ports"),
}
"""The public names, by the module that defines each."""

_MODULE_OF: dict[str, str] = {name: module for module, names in _EXPORTS.items() for name in names}
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


__all__ = sorted(_MODULE_OF)
