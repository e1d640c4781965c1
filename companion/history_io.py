"""Taking the history elsewhere and bringing it back: one place to import it all from.

The work is split by concern:

* :mod:`companion.history.export`: the CSV and JSON formats and writing an export;
* :mod:`companion.history.importer`: reading an import file and adding its games;
* :mod:`companion.history.checks`: one game checked as the app would have written it;
* :mod:`companion.storage.backups`: the copies of the history kept before an import;
* :mod:`companion.storage.export_target`: where an export may be written.
"""

from __future__ import annotations

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
from companion.storage.backups import BACKUPS_KEPT, backup_history, list_backups
from companion.storage.export_target import ExportTargetError, check_export_target

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
