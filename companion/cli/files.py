"""``stupor-solo export``, ``import`` and ``locate``: the history to and from files.

``export`` only reads the data folder and writes a file the player names: a regular file
(or a new name) outside the data folder, never a link, a device or a pipe; an existing
file is replaced only after a yes on the terminal or with ``--force``, and keeps its mode
(:func:`output_target`, which ``lab --csv`` uses too).
``import`` checks the whole file before it creates or locks anything; ``locate`` creates
nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import companion.cli.support as cli_support
from companion.cli.support import (
    PROG,
    UsageError,
    command_config,
    err,
    read_history,
    report_store,
    writer_lock,
)
from companion.i18n import _, ngettext
from companion.plain_text import clip_text, clip_value

if TYPE_CHECKING:
    from companion.config import BgStatsOptions
    from companion.history.export import ExportFormat
    from companion.storage import HistoryRecord
    from companion.storage.export_target import ExportTarget


def _export_format(args: argparse.Namespace) -> ExportFormat:
    from companion.history.export import guess_format

    fmt: ExportFormat | None = args.format or (
        None if args.file == "-" else guess_format(args.file)
    )
    if fmt is None:
        raise UsageError(
            _(
                "say --format csv, --format json or --format bgstats (cannot tell from {file})"
            ).format(file=clip_value(args.file))
        )
    return fmt


def _refuse_data_file(target: Path, folder: Path) -> None:
    """An import of one of the program's own files is refused (a backup is fine)."""
    from companion.paths import GAME_FILE, HISTORY_FILE, LOCK_FILE, SETTINGS_FILE

    try:
        resolved = target.expanduser().resolve()
        own = {(folder / name).resolve() for name in (GAME_FILE, HISTORY_FILE, SETTINGS_FILE)}
        own.add((folder / LOCK_FILE).resolve())
    except (OSError, RuntimeError, ValueError):  # a loop of links: reading it says so
        return
    if resolved in own:
        shown = clip_text(str(target), 200)
        raise UsageError(
            _("{shown} is one of the program's own data files: choose another").format(shown=shown)
        )


def cmd_export(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo export``: every game to a CSV or JSON file."""
    from companion.storage.atomic_write import atomic_write

    fmt = _export_format(args)
    options = command_config(args).bgstats if fmt == "bgstats" else None
    if args.file == "-":
        records = read_history(folder)
        sys.stdout.write(_export_text(records, fmt, options, folder, args.with_games))
        return 0
    target = output_target(args.file, folder, force=args.force)
    if target is None:
        print(_("Nothing was exported."), file=sys.stderr)
        return 1
    records = read_history(folder)
    text = _export_text(records, fmt, options, folder, args.with_games)
    atomic_write(target.path, text.encode("utf-8"), mode=target.mode)
    shown = clip_text(str(target.path), 200)
    print(
        ngettext(
            "Exported {count} game to {shown}.", "Exported {count} games to {shown}.", len(records)
        ).format(count=len(records), shown=shown)
    )
    return 0


def output_target(name: str, folder: Path, *, force: bool) -> ExportTarget | None:
    """The file a command writes to, checked the way ``export`` checks its target: a
    regular file or a new name outside the data folder ``folder`` (else
    :class:`UsageError`); an existing file only with ``force`` or after a yes on the
    terminal (without a terminal :class:`UsageError`, after a no ``None``: write
    nothing). Write it with :func:`~companion.storage.atomic_write.atomic_write` and the
    target's ``mode``."""
    from companion.storage.export_target import ExportTargetError, check_export_target

    try:
        target = check_export_target(name, folder)
    except ExportTargetError as exc:
        raise UsageError(str(exc)) from None
    if target.existing and not force:
        shown = clip_text(str(target.path), 200)
        if not cli_support.stdin_is_tty():
            raise UsageError(
                _(
                    "{shown} exists: add --force to replace it, or choose another name; "
                    "nothing was written"
                ).format(shown=shown)
            )
        if not cli_support.ask_yes_no(_("{shown} exists. Replace it?").format(shown=shown)):
            return None
    return target


def _export_text(
    records: list[HistoryRecord],
    fmt: ExportFormat,
    options: BgStatsOptions | None,
    folder: Path,
    with_games: bool,
) -> str:
    """The export; with ``with_games`` (JSON only) the games' documents travel along."""
    from companion.history.export import export_text, records_to_json

    if not with_games:
        return export_text(records, fmt, options)
    if fmt != "json":
        raise UsageError(_("--with-games needs --format json (documents travel only in JSON)"))
    from companion.history.game_export import documents_for_export

    documents, missing = documents_for_export(folder, records)
    for line in missing:
        err(
            _("{prog} export: {line}; the game is exported without it").format(prog=PROG, line=line)
        )
    return records_to_json(records, documents)


def _documents_of(source: Path, fmt: str | None) -> dict[str, bytes]:
    """The games' documents a JSON export carries (none for CSV)."""
    from companion.history.game_export import documents_in_export
    from companion.history.importer import read_import_bytes
    from companion.storage.parsing import ParseError, parse_json

    if fmt == "csv" or (fmt is None and source.suffix.lower() == ".csv"):
        return {}
    raw = read_import_bytes(source)
    if b'"documents"' not in raw:
        return {}
    try:
        return documents_in_export(parse_json(raw), source)
    except ParseError:
        return {}


def cmd_import(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo import``: validated; a bad file changes nothing."""
    from companion.history.importer import import_games, read_import_games
    from companion.storage import HistoryStore

    source = Path(args.file).expanduser()
    _refuse_data_file(source, folder)
    games = read_import_games(source, args.format)
    keep = command_config(args).backups.keep
    with writer_lock(folder):
        store = HistoryStore(folder)
        documents = _documents_of(source, args.format)
        result = import_games(store, games, folder, keep=keep, documents=documents)
        report_store(store)
    print(
        ngettext(
            "Imported {added} new game from {name}; skipped {skipped} already in the history.",
            "Imported {added} new games from {name}; skipped {skipped} already in the history.",
            result.added,
        ).format(added=result.added, name=clip_text(source.name, 80), skipped=result.skipped)
    )
    if result.backup is not None:
        print(_("The history as it was before is saved as {backup}.").format(backup=result.backup))
    return 0


def cmd_locate(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo locate``: the data folder, its files and the configuration file
    (nothing is created)."""
    from companion.paths import (
        BACKUP_DIR,
        GAME_FILE,
        HISTORY_FILE,
        SETTINGS_FILE,
        chosen_config_file,
    )

    config = chosen_config_file(getattr(args, "config", None))
    missing = "" if config.exists() else _("  (not there yet: 'stupor-solo config --init')")
    lines = [
        (_("data folder:"), folder),
        (_("game in progress:"), folder / GAME_FILE),
        (_("history:"), folder / HISTORY_FILE),
        (_("settings:"), folder / SETTINGS_FILE),
        (_("backups:"), folder / BACKUP_DIR),
        (_("config file:"), config),
    ]
    width = max(18, *(len(label) + 1 for label, _path in lines))
    for label, path in lines:
        print(f"{label:<{width}}{path}{missing if path is config else ''}")
    return 0
