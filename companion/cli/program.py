"""The ``stupor-solo`` command: with no arguments it opens the app.

Commands (``stupor-solo --help``; ``--data-dir DIR`` works before or after any of them)::

    stupor-solo                       open the app (it needs a terminal)
    stupor-solo score --vp N ...      the quick game-end calculator (--json, --save)
    stupor-solo history [--json]      the finished games, newest first
    stupor-solo stats [--json]        records and statistics
    stupor-solo review [GAME] [--json]  where a game's points went (latest, current, an id)
    stupor-solo export [--format csv|json] [--force] FILE
    stupor-solo import FILE           validated; a bad file changes nothing
    stupor-solo locate                where the data files and the config file are
    stupor-solo config [--init|--schema]  check the config file, write an example, its schema
    stupor-solo completion SHELL      a completion script for bash, zsh or fish
    stupor-solo backups               the copies of the history kept
    stupor-solo restore NAME          make a copy the history (the current one is kept)
    stupor-solo serve [--host H] [--port P]   play in a browser (tablet, phone)
    stupor-solo rules [QUERY] [--json]  look up a component or a rule (the Reference)
    stupor-solo lab [--games N] [--bot B] [--house H] [--market M] [--json] [--csv FILE]
                                      simulated games of each configuration with each bot
    stupor-solo --version             the version

``--config FILE`` (or ``STUPOR_SOLO_CONFIG``) names the configuration file.

Exit codes: 0 done, 1 the data or a file could not be used (the message says why), 2 the
command line was wrong (a missing or bad option, a number out of range, notes too long,
an export target refused) or there is no terminal for the app. No command shows a
traceback, and a bad value is echoed cut short. Only what writes creates the data folder
(0700). The commands live in :mod:`companion.cli.score`, :mod:`companion.cli.history`,
:mod:`companion.cli.files`, :mod:`companion.cli.lab` and the others, the options in
:mod:`companion.cli.parser`; Rich, the storage layer and the engine's lab are imported
inside the commands and Textual only to open the app, so the command starts fast.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

import companion.cli.support as cli_support
from companion.cli.parser import build_parser
from companion.cli.support import PROG, DataInUseError, UsageError, err, plain, silence_stdout
from companion.i18n import _
from companion.paths import DataDirError, chosen_data_dir, ensure_data_dir

__all__ = ["COMMANDS", "build_parser", "main", "run_app", "run_command"]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    import sys

    from companion.cli.language import speak_chosen_language

    speak_chosen_language(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or argparse's own usage errors (code 2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    try:
        folder = chosen_data_dir(args.data_dir)
    except DataDirError as exc:
        err(f"{PROG}: {exc}")
        return 2
    if args.command is None:
        return run_app(folder, args.config)
    return run_command(args, folder)


def run_app(folder: Path, config: str | None = None) -> int:
    """Open the app on ``folder`` with the configuration file ``config`` names (see
    :func:`companion.paths.chosen_config_file`): exit code 2 (one line, nothing created)
    without a terminal; the app's own code otherwise (non-zero after a crash)."""
    if not cli_support.has_terminal():
        err(
            _(
                "{prog}: the app needs a terminal to read keys from and draw in, and standard "
                "input or error is not one. In a script use a command ('{prog} --help')."
            ).format(prog=PROG)
        )
        return 2
    try:
        ensure_data_dir(folder)
    except DataDirError as exc:
        err(f"{PROG}: {exc}")
        return 2
    from companion.config import config_from_environment
    from companion.ui.app import StuporSoloApp

    app = StuporSoloApp(folder, config=config_from_environment(config))
    app.run()
    return app.return_code or 0


def run_command(args: argparse.Namespace, folder: Path) -> int:
    """Run the subcommand in ``args``; every expected error becomes a message and an exit
    code, never a traceback."""
    command = COMMANDS[args.command]
    try:
        return command(args, folder)
    except UsageError as exc:
        err(f"{PROG} {args.command}: {exc}")
        return 2
    except DataDirError as exc:
        err(f"{PROG}: {exc}")
        return 2
    except BrokenPipeError:
        silence_stdout()
        return 1
    except KeyboardInterrupt:
        err("\n" + _("{prog}: interrupted").format(prog=PROG))
        return 130
    # The storage errors are among these (imported here they would slow every command):
    # CorruptFileError, NewerSchemaError and ImportFileError are ValueErrors,
    # StorageWriteError and UnsafeFileError OSErrors.
    except (DataInUseError, OSError, ValueError) as exc:
        err(f"{PROG}: {plain(exc)}")
        return 1


Command = Callable[[argparse.Namespace, Path], int]


class _Commands(Mapping[str, Command]):
    """Each command's function, its module imported when the command is looked up: opening
    the app (or running one command) loads none of the others (the lab, the server, the
    Reference, ...; about 0.4 MB resident for the app, issue 39)."""

    def __init__(self, where: dict[str, tuple[str, str]]) -> None:
        self._where = where

    def __getitem__(self, name: str) -> Command:
        module, function = self._where[name]
        command: Command = getattr(importlib.import_module(f"companion.cli.{module}"), function)
        return command

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


COMMANDS: Mapping[str, Command] = _Commands(
    {
        "score": ("score", "cmd_score"),
        "history": ("history", "cmd_history"),
        "stats": ("history", "cmd_stats"),
        "review": ("review", "cmd_review"),
        "export": ("files", "cmd_export"),
        "import": ("files", "cmd_import"),
        "locate": ("files", "cmd_locate"),
        "backups": ("backups", "cmd_backups"),
        "restore": ("backups", "cmd_restore"),
        "config": ("config", "cmd_config"),
        "completion": ("config", "cmd_completion"),
        "serve": ("serve", "cmd_serve"),
        "rules": ("rules", "cmd_rules"),
        "lab": ("lab", "cmd_lab"),
    }
)
