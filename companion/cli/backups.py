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
from companion.i18n import _, current_language, ngettext
from companion.i18n.dates import format_moment


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
            _(
                "No copies of the history yet: one is made after every finished game, before "
                "an import and before a restore."
            )
        )
        return 0
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(
        title=ngettext(
            "{count} copy of the history in {folder}, newest first",
            "{count} copies of the history in {folder}, newest first",
            len(infos),
        ).format(count=len(infos), folder=folder / "backups"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column(_("Name"), no_wrap=True)
    table.add_column(_("Saved"), no_wrap=True)
    table.add_column(_("Games"), justify="right")
    table.add_column(_("Size"), justify="right")
    for info in infos:
        saved = (
            format_moment(info.saved_at.astimezone(), current_language(), seconds=True)
            if info.saved_at
            else "—"
        )
        games = _("unreadable") if info.games is None else str(info.games)
        table.add_row(*(Text(cell) for cell in (info.name, saved, games, _size(info.size))))
    console().print(table)
    print(_("Restore one with: stupor-solo restore NAME"))
    return 0


def cmd_restore(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo restore NAME``: make a copy the history (the current one is kept)."""
    from companion.storage.restore import restore_backup

    keep = command_config(args).backups.keep
    with writer_lock(folder):
        result = restore_backup(folder, args.name, keep=keep)
    print(
        ngettext(
            "The history is now {name} ({games} game).",
            "The history is now {name} ({games} games).",
            result.games,
        ).format(name=result.restored.name, games=result.games)
    )
    if result.previous is not None:
        print(
            _(
                "The history as it was is saved as {name}: 'stupor-solo restore {name}'"
                " brings it back."
            ).format(name=result.previous.name)
        )
    for problem in result.problems:
        print(_("Note: {problem}").format(problem=problem))
    return 0
