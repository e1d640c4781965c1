"""Key bindings as data: one table per screen, each key with a stable id and a tooltip.

What a table is made of is :mod:`~companion.ui.keys.model` (:class:`Key`,
:func:`bindings`, :class:`ConfirmKeys`); the tables of the game's screens and the list of
them all (:data:`KEYMAPS`, read by Help) are :mod:`~companion.ui.keys.game`, those of the
record-keeping screens :mod:`~companion.ui.keys.records`, those of the Board screen
:mod:`~companion.ui.keys.boards`. Which Table keys apply now
comes from the engine (:mod:`~companion.ui.keys.table_state`); the overrides of the
configuration file's ``[keys]`` table are checked by :mod:`~companion.ui.keys.overrides`.
Screens build their ``BINDINGS`` from this face; users rebind by id.

The names are imported on first use (PEP 562).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.lazy_face import lazy_face

if TYPE_CHECKING:
    from companion.ui.keys.boards import (
        BOARD_FACT_KEYS,
        BOARD_KEYS,
        BOARD_LEAVE_KEYS,
        BOARD_RESET_KEYS,
        BOARD_SWITCH_KEYS,
        BOARD_TABLE_KEYS,
    )
    from companion.ui.keys.game import (
        ADVISOR_KEYS,
        APP_KEYS,
        CHOICE_KEYS,
        COACH_KEYS,
        DATA_IN_USE_KEYS,
        END_PHASE_EVENTS,
        END_PHASE_KEYS,
        FINAL_SCORE_KEYS,
        HELP_KEY,
        HELP_KEYS,
        ISSUE_EDICT_KEYS,
        KEYMAPS,
        LOG_KEYS,
        LOG_ROLL_BACK_KEYS,
        MODAL_KEYS,
        QUESTION_KEYS,
        REFERENCE_KEY,
        REFERENCE_KEYS,
        SETUP_KEYS,
        SOLO_FACE_KEYS,
        START_KEYS,
        TABLE_EVENTS,
        TABLE_KEYS,
        TOUCH_ACTIONS,
        TOUCH_KEYS,
        UNSAVED_QUIT_KEYS,
        all_ids,
    )
    from companion.ui.keys.model import ConfirmKeys, Key, bindings
    from companion.ui.keys.records import (
        BGSTATS_KEYS,
        CARD_EDITOR_KEYS,
        DECK_KEYS,
        DECK_RESET_KEYS,
        DECK_TABLE_KEYS,
        EXPORT_KEYS,
        HISTORY_DELETE_KEYS,
        HISTORY_DETAIL_KEYS,
        HISTORY_KEYS,
        HISTORY_RESTORE_KEYS,
        HISTORY_TABLE_KEYS,
        RESTORE_KEYS,
        REVIEW_KEYS,
        STATISTICS_KEYS,
    )

_MODULE_OF: dict[str, str] = {
    "Key": "companion.ui.keys.model",
    "bindings": "companion.ui.keys.model",
    "ConfirmKeys": "companion.ui.keys.model",
    "HELP_KEY": "companion.ui.keys.game",
    "APP_KEYS": "companion.ui.keys.game",
    "START_KEYS": "companion.ui.keys.game",
    "SETUP_KEYS": "companion.ui.keys.game",
    "TABLE_KEYS": "companion.ui.keys.game",
    "TOUCH_ACTIONS": "companion.ui.keys.game",
    "TOUCH_KEYS": "companion.ui.keys.game",
    "TABLE_EVENTS": "companion.ui.keys.game",
    "END_PHASE_KEYS": "companion.ui.keys.game",
    "END_PHASE_EVENTS": "companion.ui.keys.game",
    "FINAL_SCORE_KEYS": "companion.ui.keys.game",
    "LOG_KEYS": "companion.ui.keys.game",
    "HELP_KEYS": "companion.ui.keys.game",
    "REFERENCE_KEY": "companion.ui.keys.game",
    "REFERENCE_KEYS": "companion.ui.keys.game",
    "DATA_IN_USE_KEYS": "companion.ui.keys.game",
    "MODAL_KEYS": "companion.ui.keys.game",
    "ISSUE_EDICT_KEYS": "companion.ui.keys.game",
    "QUESTION_KEYS": "companion.ui.keys.game",
    "LOG_ROLL_BACK_KEYS": "companion.ui.keys.game",
    "ADVISOR_KEYS": "companion.ui.keys.game",
    "CHOICE_KEYS": "companion.ui.keys.game",
    "COACH_KEYS": "companion.ui.keys.game",
    "SOLO_FACE_KEYS": "companion.ui.keys.game",
    "UNSAVED_QUIT_KEYS": "companion.ui.keys.game",
    "KEYMAPS": "companion.ui.keys.game",
    "all_ids": "companion.ui.keys.game",
    "HISTORY_KEYS": "companion.ui.keys.records",
    "HISTORY_TABLE_KEYS": "companion.ui.keys.records",
    "HISTORY_DETAIL_KEYS": "companion.ui.keys.records",
    "EXPORT_KEYS": "companion.ui.keys.records",
    "RESTORE_KEYS": "companion.ui.keys.records",
    "HISTORY_RESTORE_KEYS": "companion.ui.keys.records",
    "BGSTATS_KEYS": "companion.ui.keys.records",
    "STATISTICS_KEYS": "companion.ui.keys.records",
    "REVIEW_KEYS": "companion.ui.keys.records",
    "DECK_KEYS": "companion.ui.keys.records",
    "DECK_TABLE_KEYS": "companion.ui.keys.records",
    "CARD_EDITOR_KEYS": "companion.ui.keys.records",
    "HISTORY_DELETE_KEYS": "companion.ui.keys.records",
    "DECK_RESET_KEYS": "companion.ui.keys.records",
    "BOARD_KEYS": "companion.ui.keys.boards",
    "BOARD_TABLE_KEYS": "companion.ui.keys.boards",
    "BOARD_FACT_KEYS": "companion.ui.keys.boards",
    "BOARD_LEAVE_KEYS": "companion.ui.keys.boards",
    "BOARD_RESET_KEYS": "companion.ui.keys.boards",
    "BOARD_SWITCH_KEYS": "companion.ui.keys.boards",
}
"""Which module defines each public name."""


__getattr__, __dir__ = lazy_face(globals(), _MODULE_OF)


__all__ = [
    "ADVISOR_KEYS",
    "APP_KEYS",
    "BGSTATS_KEYS",
    "BOARD_FACT_KEYS",
    "BOARD_KEYS",
    "BOARD_LEAVE_KEYS",
    "BOARD_RESET_KEYS",
    "BOARD_SWITCH_KEYS",
    "BOARD_TABLE_KEYS",
    "CARD_EDITOR_KEYS",
    "CHOICE_KEYS",
    "COACH_KEYS",
    "DATA_IN_USE_KEYS",
    "DECK_KEYS",
    "DECK_RESET_KEYS",
    "DECK_TABLE_KEYS",
    "END_PHASE_EVENTS",
    "END_PHASE_KEYS",
    "EXPORT_KEYS",
    "FINAL_SCORE_KEYS",
    "HELP_KEY",
    "HELP_KEYS",
    "HISTORY_DELETE_KEYS",
    "HISTORY_DETAIL_KEYS",
    "HISTORY_KEYS",
    "HISTORY_RESTORE_KEYS",
    "HISTORY_TABLE_KEYS",
    "ISSUE_EDICT_KEYS",
    "KEYMAPS",
    "LOG_KEYS",
    "LOG_ROLL_BACK_KEYS",
    "MODAL_KEYS",
    "QUESTION_KEYS",
    "REFERENCE_KEY",
    "REFERENCE_KEYS",
    "RESTORE_KEYS",
    "REVIEW_KEYS",
    "SETUP_KEYS",
    "SOLO_FACE_KEYS",
    "START_KEYS",
    "STATISTICS_KEYS",
    "TABLE_EVENTS",
    "TABLE_KEYS",
    "TOUCH_ACTIONS",
    "TOUCH_KEYS",
    "UNSAVED_QUIT_KEYS",
    "ConfirmKeys",
    "Key",
    "all_ids",
    "bindings",
]
