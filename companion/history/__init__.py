"""The finished games: the history as the app and the command line read and change it
(:mod:`~companion.history.service`), the records and statistics over it
(:mod:`~companion.history.stats`), taking it elsewhere (:mod:`~companion.history.export`,
with BG Stats plays from :mod:`~companion.history.bgstats`) and bringing games back
(:mod:`~companion.history.importer`, each game checked as the app would have written it by
:mod:`~companion.history.checks`).

The files themselves are the storage layer's (:mod:`companion.storage`); the face also
names the two parts of it an export or an import uses (the backups kept before an import,
:mod:`companion.storage.backups`, and where an export may be written,
:mod:`companion.storage.export_target`). Each name is imported on first use (PEP 562).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.lazy_face import lazy_face

if TYPE_CHECKING:
    from companion.history.checks import ImportFileError
    from companion.history.export import (
        CSV_COLUMNS,
        EXPORT_SCHEMA_VERSION,
        FORMAT_NAME,
        LIST_FIELDS,
        REQUIRED_CSV_COLUMNS,
        SCORE_FIELDS,
        Format,
        export_text,
        guess_format,
        join_items,
        records_to_csv,
        records_to_json,
        split_items,
        write_export,
    )
    from companion.history.importer import (
        MAX_IMPORT_BYTES,
        ImportedGame,
        ImportResult,
        import_file,
        import_games,
        import_records,
        parse_import_bytes,
        read_import_file,
        read_import_games,
    )
    from companion.history.service import HistoryService
    from companion.storage.backups import BACKUPS_KEPT, backup_history, list_backups
    from companion.storage.export_target import ExportTargetError, check_export_target

_MODULE_OF: dict[str, str] = {
    "CSV_COLUMNS": "companion.history.export",
    "EXPORT_SCHEMA_VERSION": "companion.history.export",
    "FORMAT_NAME": "companion.history.export",
    "LIST_FIELDS": "companion.history.export",
    "REQUIRED_CSV_COLUMNS": "companion.history.export",
    "SCORE_FIELDS": "companion.history.export",
    "Format": "companion.history.export",
    "export_text": "companion.history.export",
    "guess_format": "companion.history.export",
    "join_items": "companion.history.export",
    "records_to_csv": "companion.history.export",
    "records_to_json": "companion.history.export",
    "split_items": "companion.history.export",
    "write_export": "companion.history.export",
    "MAX_IMPORT_BYTES": "companion.history.importer",
    "ImportedGame": "companion.history.importer",
    "ImportResult": "companion.history.importer",
    "import_file": "companion.history.importer",
    "import_games": "companion.history.importer",
    "import_records": "companion.history.importer",
    "parse_import_bytes": "companion.history.importer",
    "read_import_file": "companion.history.importer",
    "read_import_games": "companion.history.importer",
    "ImportFileError": "companion.history.checks",
    "HistoryService": "companion.history.service",
    "BACKUPS_KEPT": "companion.storage.backups",
    "backup_history": "companion.storage.backups",
    "list_backups": "companion.storage.backups",
    "ExportTargetError": "companion.storage.export_target",
    "check_export_target": "companion.storage.export_target",
}
"""Which module defines each public name."""


__getattr__, __dir__ = lazy_face(globals(), _MODULE_OF)


__all__ = [
    "BACKUPS_KEPT",
    "CSV_COLUMNS",
    "EXPORT_SCHEMA_VERSION",
    "FORMAT_NAME",
    "LIST_FIELDS",
    "MAX_IMPORT_BYTES",
    "REQUIRED_CSV_COLUMNS",
    "SCORE_FIELDS",
    "ExportTargetError",
    "Format",
    "HistoryService",
    "ImportFileError",
    "ImportResult",
    "ImportedGame",
    "backup_history",
    "check_export_target",
    "export_text",
    "guess_format",
    "import_file",
    "import_games",
    "import_records",
    "join_items",
    "list_backups",
    "parse_import_bytes",
    "read_import_file",
    "read_import_games",
    "records_to_csv",
    "records_to_json",
    "split_items",
    "write_export",
]
