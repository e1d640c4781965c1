"""The companion's files: the game in progress, the history and the settings.

Every file is written by :func:`companion.storage.atomic_write.atomic_write` (a private
temp file with an unpredictable name, fsync, rename, fsync of the folder; TinyDB files
through :class:`AtomicJSONStorage`); no symbolic link in the data folder is followed
(:class:`UnsafeFileError`); a damaged file is moved aside, never deleted
(:func:`move_aside`), and reported in plain words; data from a newer version of the
program raises :class:`NewerSchemaError` and is left untouched. Every message about an
``OSError`` words it with :func:`describe_os_error`. Nothing here is thread-safe: do all
writes from one place.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from companion.lazy_face import lazy_face

if TYPE_CHECKING:
    from companion.storage.atomic_storage import AtomicJSONStorage, remove_stray_temp_files
    from companion.storage.errors import (
        CorruptFileError,
        NewerSchemaError,
        StorageWriteError,
        UnsafeFileError,
        describe_os_error,
    )
    from companion.storage.game_store import GameStore, LoadResult
    from companion.storage.history_record import (
        CURRENT_HISTORY_SCHEMA,
        HistoryRecord,
        migrate_record,
    )
    from companion.storage.history_store import HistoryStore
    from companion.storage.quarantine import move_aside
    from companion.storage.settings_store import SettingsStore

_MODULE_OF: dict[str, str] = {
    "AtomicJSONStorage": "atomic_storage",
    "remove_stray_temp_files": "atomic_storage",
    "CorruptFileError": "errors",
    "NewerSchemaError": "errors",
    "StorageWriteError": "errors",
    "UnsafeFileError": "errors",
    "describe_os_error": "errors",
    "GameStore": "game_store",
    "LoadResult": "game_store",
    "CURRENT_HISTORY_SCHEMA": "history_record",
    "HistoryRecord": "history_record",
    "migrate_record": "history_record",
    "HistoryStore": "history_store",
    "move_aside": "quarantine",
    "SettingsStore": "settings_store",
}
"""Which submodule defines each public name: they are imported on first use (PEP 562),
so the Start screen, which needs only the game file and the lock, does not load the
history record's model."""


__getattr__, __dir__ = lazy_face(globals(), _MODULE_OF)


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
    "UnsafeFileError",
    "describe_os_error",
    "migrate_record",
    "move_aside",
    "remove_stray_temp_files",
]
