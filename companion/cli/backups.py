"""``stupor-solo backups`` and ``restore``: the copies of the history and getting one back.

``backups`` only reads. ``restore NAME`` takes the data folder's lock (it is refused while
the app is open), checks the copy, copies the current history to ``backups/`` first and
then makes the copy the history, byte for byte (:mod:`companion.storage.restore`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.cli.support import command_config, console, writer_lock


def _size(size: int) -> str:
    return f"{size / 1024:,.1f} KB" if size < 1 << 20 else f"{size / (1 << 20):,.1f} MB"


def cmd_backups(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo backups``: the copies of the history, newest first."""
    from companion.storage.restore import backup_infos

    infos = backup_infos(folder)
    if args.json:
        rows = [
            {
                "name": info.name,
                "saved_at": info.saved_at.isoformat() if info.saved_at else None,
                "bytes": info.size,
                "games": info.games,
            }
            for info in infos
        ]
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    if not infos:
        print(
            "No copies of the history yet: one is made after every finished game, before "
            "an import and before a restore."
        )
        return 0
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(
        title=f"{len(infos)} cop{'ies' if len(infos) != 1 else 'y'} of the history in "
        f"{folder / 'backups'}, newest first",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("Name", no_wrap=True)
    table.add_column("Saved", no_wrap=True)
    table.add_column("Games", justify="right")
    table.add_column("Size", justify="right")
    for info in infos:
        saved = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M:%S") if info.saved_at else "—"
        games = "unreadable" if info.games is None else str(info.games)
        table.add_row(*(Text(cell) for cell in (info.name, saved, games, _size(info.size))))
    console().print(table)
    print("Restore one with: stupor-solo restore NAME")
    return 0


def cmd_restore(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo restore NAME``: make a copy the history (the current one is kept)."""
    from companion.storage.restore import restore_backup

    keep = command_config(args).backups.keep
    with writer_lock(folder):
        result = restore_backup(folder, args.name, keep=keep)
    plural = "s" if result.games != 1 else ""
    print(f"The history is now {result.restored.name} ({result.games} game{plural}).")
    if result.previous is not None:
        print(
            f"The history as it was is saved as {result.previous.name}: "
            f"'stupor-solo restore {result.previous.name}' brings it back."
        )
    for problem in result.problems:
        print(f"Note: {problem}")
    return 0
