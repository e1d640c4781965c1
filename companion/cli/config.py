"""``stupor-solo config`` and ``completion``: the configuration file and shell completion.

``config`` only reads, except ``--init``, which creates the example file and never
replaces one. ``completion`` prints a static script made by ``shtab`` from the same
argument parser the program uses, so a completion costs the shell nothing at each TAB and
the program nothing at start-up (``shtab`` is imported only here).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.cli.support import UsageError
from companion.config import SECTIONS, LoadedConfig, load_config
from companion.i18n import _
from companion.plain_text import shown_path


def cmd_config(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo config``: check the file, or ``--init`` / ``--schema``."""
    from companion.paths import chosen_config_file

    path = chosen_config_file(getattr(args, "config", None))
    if args.schema:
        from companion.config.schema import schema_text

        sys.stdout.write(schema_text())
        return 0
    if args.init:
        from companion.config.write import ConfigWriteError, write_example

        try:
            write_example(path)
        except ConfigWriteError as exc:
            raise UsageError(str(exc)) from None
        print(
            _("Wrote a commented example to {path}; every setting in it is commented out.").format(
                path=shown_path(path)
            )
        )
        return 0
    return _check(load_config(path))


def _check(loaded: LoadedConfig) -> int:
    """Print where the file is, the settings in force and the problems found."""
    from companion.ui.keys.overrides import check_keymap

    config = loaded.config
    state = "" if loaded.exists else _(" (not there: the built-in settings are used)")
    print(_("configuration file: {path}{state}").format(path=shown_path(loaded.path), state=state))
    print(" = ".join(("theme", config.theme or _("(Textual default)"))))  # the key as written
    for section, (_title, settings) in SECTIONS.items():
        if not section:
            continue
        values = getattr(config, section)
        shown = ", ".join(f"{s.name} = {_plain(getattr(values, s.name))}" for s in settings)
        print(f"[{section}] {shown}")
    keys = check_keymap(config.keys, loaded.name)
    if keys.keymap:
        print("[keys] " + ", ".join(f"{k} = {v}" for k, v in keys.keymap.items()))
    problems = [*loaded.problems, *keys.problems]
    for problem in problems:
        print(_("problem: {problem}").format(problem=problem), file=sys.stderr)
    if problems:
        return 1
    print(_("No problem found."))
    return 0


def _plain(value: object) -> str:
    if value is None:
        return _("(not set)")
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _mark_paths(parser: argparse.ArgumentParser) -> None:
    """Tell ``shtab`` which arguments are files and which folders, in every command."""
    import shtab

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _mark_paths(sub)
        elif action.dest == "data_dir":
            action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
        elif action.dest in ("file", "config", "csv"):
            action.complete = shtab.FILE  # type: ignore[attr-defined]


def cmd_completion(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo completion SHELL``: print the completion script for SHELL."""
    import shtab

    from companion.cli.parser import build_parser

    parser = build_parser()
    _mark_paths(parser)
    sys.stdout.write(shtab.complete(parser, shell=args.shell))
    return 0
