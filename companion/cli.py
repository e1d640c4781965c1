"""The ``stupor-solo`` command: with no arguments it opens the app."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from companion.paths import ENV_VAR, DataDirError, data_dir


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (subcommands are added as the project grows)."""
    parser = argparse.ArgumentParser(
        prog="stupor-solo",
        description="A solo companion for Stupor Mundi: run with no command to open the app.",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"where games and history are kept (default: ${ENV_VAR} or your user data folder)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    locate = sub.add_parser("locate", help="print where the data files are")
    locate.add_argument(
        "--data-dir",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="where games and history are kept",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    args = build_parser().parse_args(argv)
    try:
        folder = data_dir(args.data_dir)
    except DataDirError as exc:
        print(f"stupor-solo: {exc}", file=sys.stderr)
        return 2
    if args.command == "locate":
        from companion.paths import GAME_FILE, HISTORY_FILE, SETTINGS_FILE

        print(f"data folder:     {folder}")
        for label, name in (
            ("game in progress", GAME_FILE),
            ("history", HISTORY_FILE),
            ("settings", SETTINGS_FILE),
        ):
            print(f"{label + ':':<17}{folder / name}")
        return 0
    from companion.app import StuporSoloApp

    StuporSoloApp(folder).run()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
