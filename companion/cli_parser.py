"""The ``stupor-solo`` command line: the options of the app and of each command.

:class:`Parser` is argparse's parser with one change: a bad value is echoed cut short in
the error message (a 131 KB argument prints about sixty characters of it), and the error
still exits with code 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn

from companion.cli_support import PROG, clip_usage_message
from companion.paths import ENV_VAR


class Parser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose errors echo long values cut short."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {clip_usage_message(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: the app by default, and one subcommand per task."""
    parser = Parser(
        prog=PROG,
        description="A solo companion for Stupor Mundi: run with no command to open the app.",
        epilog=(
            "examples:\n"
            "  stupor-solo score --vp 40 --structures 10 --frederick-structures 9 \\\n"
            "      --grain 1 --stone 1 --augustales 8 --save\n"
            "  stupor-solo export --format csv games.csv\n"
            "  stupor-solo --data-dir ~/solo-test history\n"
            "\nrun 'stupor-solo COMMAND --help' for a command's options"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    data_help = f"where games and history are kept (default: ${ENV_VAR} or your user data folder)"
    parser.add_argument("--data-dir", metavar="DIR", help=data_help)
    common = Parser(add_help=False)
    common.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=data_help)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    _add_score_parser(sub, common)

    history = sub.add_parser(
        "history",
        parents=[common],
        help="list the finished games, newest first",
        description="The finished games, newest first: a table, or a JSON array with --json.",
    )
    history.add_argument("--json", action="store_true", help="print a JSON array of the games")

    stats = sub.add_parser(
        "stats",
        parents=[common],
        help="show your records and statistics",
        description="Records and statistics of your solo career.",
    )
    stats.add_argument("--json", action="store_true", help="print them as one JSON object")

    export = sub.add_parser(
        "export",
        parents=[common],
        help="write the history to a CSV or JSON file",
        description=(
            "Write every game of the history to FILE ('-' for standard output). FILE must be "
            "a regular file (or a new name) outside the data folder; an existing file is "
            "replaced only after a yes on the terminal, or with --force."
        ),
    )
    export.add_argument(
        "--format",
        choices=("csv", "json"),
        help="the file format (default: from FILE's extension)",
    )
    export.add_argument(
        "--force", action="store_true", help="replace an existing FILE without asking"
    )
    export.add_argument("file", metavar="FILE", help="the file to write ('-': standard output)")

    import_ = sub.add_parser(
        "import",
        parents=[common],
        help="add the games of a CSV or JSON file to the history",
        description=(
            "Add the games of a CSV or JSON export to the history. Every game is checked "
            "first: one bad line refuses the whole file and nothing is changed. Games "
            "already in the history are skipped. The history is backed up first. FILE "
            "must be a regular file of at most 128 MB."
        ),
    )
    import_.add_argument(
        "--format",
        choices=("csv", "json"),
        help="the file format (default: from the extension, else the content)",
    )
    import_.add_argument("file", metavar="FILE", help="the CSV or JSON file to import")

    serve = sub.add_parser(
        "serve",
        parents=[common],
        help="play in a browser: on this computer, or a tablet or phone on your Wi-Fi",
        description=(
            "Serve the app to web browsers. By default only this computer can open it. "
            "With --host 0.0.0.0 (or this computer's network address) a tablet or phone on "
            "the same network can: every link then carries an access token, printed with a "
            "QR code. ctrl+c stops the server and every app it started."
        ),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: "
        "every network of this computer)",
    )
    serve.add_argument(
        "--port", type=int, default=8000, help="the port (default 8000; 0: any free port)"
    )

    sub.add_parser(
        "locate",
        parents=[common],
        help="print where the data files are",
        description="Print the data folder and the files in it (nothing is created).",
    )
    return parser


def _add_score_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    from companion.quick_score import COUNTS

    score = sub.add_parser(
        "score",
        parents=[common],
        help="the quick game-end calculator (final score and title)",
        description=(
            "Score a finished solo game from six counts on the table. Missing counts are "
            "asked for when a terminal is present."
        ),
    )
    for spec in COUNTS:
        score.add_argument(spec.flag, dest=spec.name, metavar="N", help=spec.help)
    score.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object: vp_track, structures, most_structures_bonus, "
        "resources_vp, total, title",
    )
    score.add_argument("--save", action="store_true", help="add the game to the history")
    score.add_argument(
        "--notes", metavar="TEXT", default="", help="notes kept with --save (2,000 characters)"
    )
