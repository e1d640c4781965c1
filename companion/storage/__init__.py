"""The companion's files: the game in progress, the history and the settings.

Every file is a TinyDB JSON document written atomically (:class:`AtomicJSONStorage`); a
damaged file is moved aside, never deleted (:func:`move_aside`), and reported in plain
words; data from a newer version of the program raises :class:`NewerSchemaError` and is
left untouched. Nothing here is thread-safe: do all writes from one place.
"""

import logging

from companion.storage.atomic_storage import AtomicJSONStorage, remove_stray_temp_files
from companion.storage.errors import CorruptFileError, NewerSchemaError, StorageWriteError
from companion.storage.game_store import GameStore, LoadResult
from companion.storage.history_record import (
    CURRENT_HISTORY_SCHEMA,
    HistoryRecord,
    migrate_record,
)
from companion.storage.history_store import HistoryStore
from companion.storage.quarantine import move_aside
from companion.storage.settings_store import SettingsStore

# A library logs, the application decides where to: no stray stderr under the TUI.
logging.getLogger(__name__).addHandler(logging.NullHandler())

__all__ = [
    "CURRENT_HISTORY_SCHEMA",
    "AtomicJSONStorage",
    "CorruptFileError",
    "GameStore",
    "HistoryRecord",
    "HistoryStore",
    "LoadResult",
    "NewerSchemaError",
    "SettingsStore",
    "StorageWriteError",
    "migrate_record",
    "move_aside",
    "remove_stray_temp_files",
]
