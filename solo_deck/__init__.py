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
Front ends import the names below (and :mod:`solo_deck.events`), never the subpackages.

Importing the package is cheap: each public name is imported from its module on first
use (PEP 562), so a program that needs only a part of the engine, such as the app's Start
screen, does not pay for building every model class at start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solo_deck.compat.legacy_v1 import upgrade_v1
    from solo_deck.data.boards import (
        BOARDS,
        BoardKind,
        board_facts,
        checked_board,
        correct_board,
        read_board,
        with_boards,
    )
    from solo_deck.data.loaders import (
        advanced_cards_by_id,
        allies_by_id,
        city_bonus_tiles,
        describe_validation_error,
        great_structures,
        house_cards_of,
        keep_covers,
        load_advanced_cards,
        load_allies,
        load_default_deck,
        load_house_cards,
        load_ruleset,
        side_incomes,
        workplace_tiles,
    )
    from solo_deck.data.names import ally_label, ally_name, ally_title, card_name
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
    from solo_deck.insight.review import (
        EdictReview,
        GameReview,
        RoundReview,
        next_title,
        review,
        total_by_source,
    )
    from solo_deck.insight.round_plan import player_edicts_per_round
    from solo_deck.insight.vp_sources import source_label
    from solo_deck.model.action_cards import HOUSES
    from solo_deck.model.board import Board, MarketTile, Trade, WorkplaceSpace
    from solo_deck.model.board_facts import BoardFact, BoardRefused, still_assumed
    from solo_deck.model.city_bonus import CITY_TILE_IDS, CityTileId
    from solo_deck.model.deck import SoloDeck
    from solo_deck.model.edict import Edict, EdictKind, parse_edict
    from solo_deck.model.edict_row import EdictRow
    from solo_deck.model.gains import GAIN_FIELDS, Gains, amount_label
    from solo_deck.model.grants import (
        MAIN_ACTIONS,
        ActionTerms,
        CountOf,
        Grant,
        GrantedAction,
        MainAction,
    )
    from solo_deck.model.limits import PlayerLimits
    from solo_deck.model.obligations import Obligation
    from solo_deck.model.palace import Direction, Palace, PalaceLimits
    from solo_deck.model.player import PlayerState, Specialist
    from solo_deck.model.provenance import SOURCE_KINDS, Sourced
    from solo_deck.model.ruleset import MOST_STRUCTURES_RULES, Ruleset
    from solo_deck.model.solo_cards import CardFace, DeckDefinition, Numeral, ShipMove, SoloCard
    from solo_deck.model.state import GameEndReason, GameState, Phase
    from solo_deck.model.voyage import Voyage
    from solo_deck.model.workplaces import WorkplaceTile, space_key
    from solo_deck.queries import (
        Capacity,
        MarketTrades,
        Slots,
        ally_candidates,
        capacity,
        card_price,
        discount,
        hand,
        market_trades,
        slots,
        travel_cost,
        usual_summon_grain,
        workplaces_in_use,
    )
    from solo_deck.reference.entry import REFERENCE_SOURCES, ReferenceEntry, reference_source
    from solo_deck.reference.search import search_reference
    from solo_deck.reference.walk import data_rows, reference_entries
    from solo_deck.rules.board_check import (
        Unchecked,
        arrow_unchecked,
        marked_space_unchecked,
        ruleset_in_force,
        site_cost_unchecked,
        summon_cost_unchecked,
    )
    from solo_deck.rules.card_slots import face_down_offers, slot_actions
    from solo_deck.rules.castle_sites import SiteOffer, can_pay, great_offers, site_offers
    from solo_deck.rules.corrections import correction_targets
    from solo_deck.rules.edict_order import reward_chooses_edict
    from solo_deck.rules.effects import (
        AllyKindChoice,
        choice_total,
        count_of,
        default_choice,
        describe_action,
        describe_grant,
        describe_terms,
        grant_gains,
    )
    from solo_deck.rules.income import AllyIncome, AllyIncomeLine, ally_income
    from solo_deck.rules.scoring import (
        MOST_STRUCTURES_TEXT,
        ScoreBreakdown,
        compares_castles,
        final_counts,
        final_score,
        most_structures_line,
        title_for,
        with_most_structures,
    )
    from solo_deck.rules.summon_cost import next_ally_space, summon_cost, summon_marks_edict
    from solo_deck.rules.workplace_area import promote_cost
    from solo_deck.schema import SCHEMA_VERSION
    from solo_deck.setup import DIFFICULTY_MARKETS, GameSetup, initial_state, with_ports

_MODULE_OF: dict[str, str] = {
    "REFERENCE_SOURCES": "solo_deck.reference.entry",
    "ReferenceEntry": "solo_deck.reference.entry",
    "reference_source": "solo_deck.reference.entry",
    "search_reference": "solo_deck.reference.search",
    "data_rows": "solo_deck.reference.walk",
    "reference_entries": "solo_deck.reference.walk",
    "ally_label": "solo_deck.data.names",
    "ally_name": "solo_deck.data.names",
    "ally_title": "solo_deck.data.names",
    "card_name": "solo_deck.data.names",
    "upgrade_v1": "solo_deck.compat.legacy_v1",
    "BOARDS": "solo_deck.data.boards",
    "BoardKind": "solo_deck.data.boards",
    "board_facts": "solo_deck.data.boards",
    "checked_board": "solo_deck.data.boards",
    "correct_board": "solo_deck.data.boards",
    "read_board": "solo_deck.data.boards",
    "with_boards": "solo_deck.data.boards",
    "BoardFact": "solo_deck.model.board_facts",
    "BoardRefused": "solo_deck.model.board_facts",
    "still_assumed": "solo_deck.model.board_facts",
    "advanced_cards_by_id": "solo_deck.data.loaders",
    "allies_by_id": "solo_deck.data.loaders",
    "city_bonus_tiles": "solo_deck.data.loaders",
    "describe_validation_error": "solo_deck.data.loaders",
    "great_structures": "solo_deck.data.loaders",
    "house_cards_of": "solo_deck.data.loaders",
    "keep_covers": "solo_deck.data.loaders",
    "load_advanced_cards": "solo_deck.data.loaders",
    "load_allies": "solo_deck.data.loaders",
    "load_default_deck": "solo_deck.data.loaders",
    "load_house_cards": "solo_deck.data.loaders",
    "load_ruleset": "solo_deck.data.loaders",
    "side_incomes": "solo_deck.data.loaders",
    "workplace_tiles": "solo_deck.data.loaders",
    "DataFileError": "solo_deck.errors",
    "DocumentError": "solo_deck.errors",
    "EdictParseError": "solo_deck.errors",
    "RuleError": "solo_deck.errors",
    "SoloGame": "solo_deck.game",
    "AdviceRow": "solo_deck.insight.advisor",
    "AllyChange": "solo_deck.insight.advisor",
    "edict_advice": "solo_deck.insight.advisor",
    "what_if": "solo_deck.insight.advisor",
    "ForecastCancelled": "solo_deck.insight.forecast",
    "RoundsForecast": "solo_deck.insight.forecast",
    "forecast_rounds_left": "solo_deck.insight.forecast",
    "forecast_steps": "solo_deck.insight.forecast",
    "CardOdds": "solo_deck.insight.odds",
    "RemovalOdds": "solo_deck.insight.odds",
    "frederick_ship_distribution": "solo_deck.insight.odds",
    "next_card_odds": "solo_deck.insight.odds",
    "removal_before_your_next_turn": "solo_deck.insight.odds",
    "player_edicts_per_round": "solo_deck.insight.round_plan",
    "EdictReview": "solo_deck.insight.review",
    "GameReview": "solo_deck.insight.review",
    "RoundReview": "solo_deck.insight.review",
    "next_title": "solo_deck.insight.review",
    "review": "solo_deck.insight.review",
    "source_label": "solo_deck.insight.vp_sources",
    "total_by_source": "solo_deck.insight.review",
    "HOUSES": "solo_deck.model.action_cards",
    "Board": "solo_deck.model.board",
    "MarketTile": "solo_deck.model.board",
    "Trade": "solo_deck.model.board",
    "WorkplaceSpace": "solo_deck.model.board",
    "CITY_TILE_IDS": "solo_deck.model.city_bonus",
    "CityTileId": "solo_deck.model.city_bonus",
    "SoloDeck": "solo_deck.model.deck",
    "Edict": "solo_deck.model.edict",
    "EdictKind": "solo_deck.model.edict",
    "parse_edict": "solo_deck.model.edict",
    "EdictRow": "solo_deck.model.edict_row",
    "GAIN_FIELDS": "solo_deck.model.gains",
    "Gains": "solo_deck.model.gains",
    "amount_label": "solo_deck.model.gains",
    "MAIN_ACTIONS": "solo_deck.model.grants",
    "ActionTerms": "solo_deck.model.grants",
    "CountOf": "solo_deck.model.grants",
    "Grant": "solo_deck.model.grants",
    "GrantedAction": "solo_deck.model.grants",
    "MainAction": "solo_deck.model.grants",
    "PlayerLimits": "solo_deck.model.limits",
    "Obligation": "solo_deck.model.obligations",
    "Direction": "solo_deck.model.palace",
    "Palace": "solo_deck.model.palace",
    "PalaceLimits": "solo_deck.model.palace",
    "PlayerState": "solo_deck.model.player",
    "Specialist": "solo_deck.model.player",
    "SOURCE_KINDS": "solo_deck.model.provenance",
    "Sourced": "solo_deck.model.provenance",
    "MOST_STRUCTURES_RULES": "solo_deck.model.ruleset",
    "Ruleset": "solo_deck.model.ruleset",
    "CardFace": "solo_deck.model.solo_cards",
    "DeckDefinition": "solo_deck.model.solo_cards",
    "Numeral": "solo_deck.model.solo_cards",
    "ShipMove": "solo_deck.model.solo_cards",
    "SoloCard": "solo_deck.model.solo_cards",
    "GameEndReason": "solo_deck.model.state",
    "GameState": "solo_deck.model.state",
    "Phase": "solo_deck.model.state",
    "Voyage": "solo_deck.model.voyage",
    "WorkplaceTile": "solo_deck.model.workplaces",
    "space_key": "solo_deck.model.workplaces",
    "Capacity": "solo_deck.queries",
    "MarketTrades": "solo_deck.queries",
    "Slots": "solo_deck.queries",
    "ally_candidates": "solo_deck.queries",
    "capacity": "solo_deck.queries",
    "card_price": "solo_deck.queries",
    "discount": "solo_deck.queries",
    "hand": "solo_deck.queries",
    "market_trades": "solo_deck.queries",
    "slots": "solo_deck.queries",
    "travel_cost": "solo_deck.queries",
    "usual_summon_grain": "solo_deck.queries",
    "workplaces_in_use": "solo_deck.queries",
    "face_down_offers": "solo_deck.rules.card_slots",
    "slot_actions": "solo_deck.rules.card_slots",
    "summon_cost": "solo_deck.rules.summon_cost",
    "summon_marks_edict": "solo_deck.rules.summon_cost",
    "Unchecked": "solo_deck.rules.board_check",
    "arrow_unchecked": "solo_deck.rules.board_check",
    "marked_space_unchecked": "solo_deck.rules.board_check",
    "ruleset_in_force": "solo_deck.rules.board_check",
    "site_cost_unchecked": "solo_deck.rules.board_check",
    "summon_cost_unchecked": "solo_deck.rules.board_check",
    "next_ally_space": "solo_deck.rules.summon_cost",
    "correction_targets": "solo_deck.rules.corrections",
    "AllyKindChoice": "solo_deck.rules.effects",
    "choice_total": "solo_deck.rules.effects",
    "count_of": "solo_deck.rules.effects",
    "default_choice": "solo_deck.rules.effects",
    "describe_action": "solo_deck.rules.effects",
    "describe_grant": "solo_deck.rules.effects",
    "describe_terms": "solo_deck.rules.effects",
    "grant_gains": "solo_deck.rules.effects",
    "AllyIncome": "solo_deck.rules.income",
    "AllyIncomeLine": "solo_deck.rules.income",
    "ally_income": "solo_deck.rules.income",
    "ScoreBreakdown": "solo_deck.rules.scoring",
    "final_counts": "solo_deck.rules.scoring",
    "final_score": "solo_deck.rules.scoring",
    "SiteOffer": "solo_deck.rules.castle_sites",
    "can_pay": "solo_deck.rules.castle_sites",
    "great_offers": "solo_deck.rules.castle_sites",
    "site_offers": "solo_deck.rules.castle_sites",
    "MOST_STRUCTURES_TEXT": "solo_deck.rules.scoring",
    "compares_castles": "solo_deck.rules.scoring",
    "most_structures_line": "solo_deck.rules.scoring",
    "with_most_structures": "solo_deck.rules.scoring",
    "title_for": "solo_deck.rules.scoring",
    "promote_cost": "solo_deck.rules.workplace_area",
    "reward_chooses_edict": "solo_deck.rules.edict_order",
    "SCHEMA_VERSION": "solo_deck.schema",
    "DIFFICULTY_MARKETS": "solo_deck.setup",
    "GameSetup": "solo_deck.setup",
    "initial_state": "solo_deck.setup",
    "with_ports": "solo_deck.setup",
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
    "BOARDS",
    "CITY_TILE_IDS",
    "DIFFICULTY_MARKETS",
    "GAIN_FIELDS",
    "HOUSES",
    "MAIN_ACTIONS",
    "MOST_STRUCTURES_RULES",
    "MOST_STRUCTURES_TEXT",
    "REFERENCE_SOURCES",
    "SCHEMA_VERSION",
    "SOURCE_KINDS",
    "ActionTerms",
    "AdviceRow",
    "AllyChange",
    "AllyIncome",
    "AllyIncomeLine",
    "AllyKindChoice",
    "Board",
    "BoardFact",
    "BoardKind",
    "BoardRefused",
    "Capacity",
    "CardFace",
    "CardOdds",
    "CityTileId",
    "CountOf",
    "DataFileError",
    "DeckDefinition",
    "Direction",
    "DocumentError",
    "Edict",
    "EdictKind",
    "EdictParseError",
    "EdictReview",
    "EdictRow",
    "ForecastCancelled",
    "Gains",
    "GameEndReason",
    "GameReview",
    "GameSetup",
    "GameState",
    "Grant",
    "GrantedAction",
    "MainAction",
    "MarketTile",
    "MarketTrades",
    "Numeral",
    "Obligation",
    "Palace",
    "PalaceLimits",
    "Phase",
    "PlayerLimits",
    "PlayerState",
    "ReferenceEntry",
    "RemovalOdds",
    "RoundReview",
    "RoundsForecast",
    "RuleError",
    "Ruleset",
    "ScoreBreakdown",
    "ShipMove",
    "SiteOffer",
    "Slots",
    "SoloCard",
    "SoloDeck",
    "SoloGame",
    "Sourced",
    "Specialist",
    "Trade",
    "Unchecked",
    "Voyage",
    "WorkplaceSpace",
    "WorkplaceTile",
    "advanced_cards_by_id",
    "allies_by_id",
    "ally_candidates",
    "ally_income",
    "ally_label",
    "ally_name",
    "ally_title",
    "amount_label",
    "arrow_unchecked",
    "board_facts",
    "can_pay",
    "capacity",
    "card_name",
    "card_price",
    "checked_board",
    "choice_total",
    "city_bonus_tiles",
    "compares_castles",
    "correct_board",
    "correction_targets",
    "count_of",
    "data_rows",
    "default_choice",
    "describe_action",
    "describe_grant",
    "describe_terms",
    "describe_validation_error",
    "discount",
    "edict_advice",
    "face_down_offers",
    "final_counts",
    "final_score",
    "forecast_rounds_left",
    "forecast_steps",
    "frederick_ship_distribution",
    "grant_gains",
    "great_offers",
    "great_structures",
    "hand",
    "house_cards_of",
    "initial_state",
    "keep_covers",
    "load_advanced_cards",
    "load_allies",
    "load_default_deck",
    "load_house_cards",
    "load_ruleset",
    "marked_space_unchecked",
    "market_trades",
    "most_structures_line",
    "next_ally_space",
    "next_card_odds",
    "next_title",
    "parse_edict",
    "player_edicts_per_round",
    "promote_cost",
    "read_board",
    "reference_entries",
    "reference_source",
    "removal_before_your_next_turn",
    "review",
    "reward_chooses_edict",
    "ruleset_in_force",
    "search_reference",
    "side_incomes",
    "site_cost_unchecked",
    "site_offers",
    "slot_actions",
    "slots",
    "source_label",
    "space_key",
    "still_assumed",
    "summon_cost",
    "summon_cost_unchecked",
    "summon_marks_edict",
    "title_for",
    "total_by_source",
    "travel_cost",
    "upgrade_v1",
    "usual_summon_grain",
    "what_if",
    "with_boards",
    "with_most_structures",
    "with_ports",
    "workplace_tiles",
    "workplaces_in_use",
]
