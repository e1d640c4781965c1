"""The ``stupor-solo`` command line: the options of the app and of each command.

:class:`Parser` is argparse's parser with one change: a bad value is echoed cut short in
the error message (a 131 KB argument prints about sixty characters of it), and the error
still exits with code 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any, NoReturn

from companion import __version__
from companion.cli.support import PROG, clip_usage_message
from companion.i18n import N_, _
from companion.i18n.languages import CHOICES as LANGUAGE_CHOICES
from companion.paths import CONFIG_ENV_VAR, ENV_VAR

SHELLS = ("bash", "zsh", "fish")
"""The shells ``stupor-solo completion`` writes a script for."""


class Parser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose errors echo long values cut short."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        error = _("{prog}: error: {message}").format(
            prog=self.prog, message=clip_usage_message(message)
        )
        self.exit(2, error + "\n")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help, its ``usage:`` in the language in use."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


COMMAND_HELP: tuple[tuple[str, str, str], ...] = (
    (
        "score",
        N_("the quick game-end calculator (final score and title)"),
        N_(
            "Score a finished solo game from six counts on the table. Missing counts are "
            "asked for when a terminal is present."
        ),
    ),
    (
        "history",
        N_("list the finished games, newest first"),
        N_(
            "The finished games, newest first: a table of the latest 20 (--last N, "
            "--all), or a JSON array of every game with --json (the latest N with --last "
            "N)."
        ),
    ),
    (
        "stats",
        N_("show your records and statistics"),
        N_("Records and statistics of your solo career."),
    ),
    (
        "review",
        N_("where a game's points went, round by round"),
        N_(
            "The review of one game: the VP gained each round by source (castle income, "
            "Allies, Workplaces, City bonuses, Edict rewards, cards, ...), the end-of-"
            "game parts and the Edicts the advisor ranked higher, and each of your turns "
            "judged by the Coach (the expected final score it lost against the Coach's "
            "best; the three costliest, or every turn in the JSON's 'turns'). GAME is "
            "'latest' (the default), 'current' (the game in progress) or a game's id (see"
            " 'history --json'). Games entered by their score or imported without their "
            "documents have no review."
        ),
    ),
    (
        "export",
        N_("write the history to a CSV, JSON or BG Stats file"),
        N_(
            "Write every game of the history to FILE ('-' for standard output). FILE must"
            " be a regular file (or a new name) outside the data folder; an existing file"
            " is replaced only after a yes on the terminal, or with --force. --format "
            "bgstats writes a JSON array of BG Stats plays, one per game (see the "
            "README)."
        ),
    ),
    (
        "import",
        N_("add the games of a CSV or JSON file to the history"),
        N_(
            "Add the games of a CSV or JSON export to the history. Every game is checked "
            "first: one bad line refuses the whole file and nothing is changed. Games "
            "already in the history are skipped. The history is backed up first. FILE "
            "must be a regular file of at most 128 MB."
        ),
    ),
    (
        "serve",
        N_("play in a browser: on this computer, or a tablet or phone on your Wi-Fi"),
        N_(
            "Serve the app to web browsers. By default only this computer can open it. "
            "With --host 0.0.0.0 (or this computer's network address) a tablet or phone "
            "on the same network can: every link then carries an access token, printed "
            "with a QR code. ctrl+c stops the server and every app it started."
        ),
    ),
    (
        "rules",
        N_("look up a component or a rule: an Ally, a card, a tile, Frederick's turn, …"),
        N_(
            "Search the Reference (every Ally, card, tile and Structure in the rules "
            "data, Frederick's turn, the End Phase and the rules decisions) by name, id "
            "(A12, 'Village II B') or a word of the effect, and print the best match."
        ),
    ),
    (
        "lab",
        N_("simulate many games of each solo configuration with each bot"),
        N_(
            "Play N simulated games (--games) of each solo configuration (House, Market "
            "difficulty, easier game or not: 24 in all) with each bot (random, greedy, "
            "plan) and print what they add up to: the mean score with its 95 % interval, "
            "the share of each title, the rounds and what ended the games. --bot, --house"
            " and --market may be repeated; each narrows the games played. The same "
            "--seed gives the same numbers on any number of --jobs. The games use your "
            "checked boards when you have any, else the packaged ones."
        ),
    ),
    (
        "locate",
        N_("print where the data files and the configuration file are"),
        N_(
            "Print the data folder, the files in it and the configuration file (nothing "
            "is created)."
        ),
    ),
    (
        "backups",
        N_("list the copies of the history kept in the data folder"),
        N_(
            "The copies of the history in the data folder's backups/ folder, newest "
            "first: one is made after every finished game (see [backups] in the "
            "configuration), before an import and before a restore."
        ),
    ),
    (
        "restore",
        N_("make one of the copies the history (the current history is kept as a copy)"),
        N_(
            "Make the copy NAME (as 'stupor-solo backups' lists it) the history. The copy"
            " is checked first; the current history is copied to backups/ before it is "
            "replaced, so a restore can be undone the same way."
        ),
    ),
    (
        "config",
        N_("check the configuration file, or write an example or its schema"),
        N_(
            "Without an option: print where the configuration file is, the settings in "
            "force and every problem found in it (exit code 1 when there is one)."
        ),
    ),
    (
        "completion",
        N_("print a shell completion script (bash, zsh or fish)"),
        N_(
            "Print a completion script for SHELL. For example, in bash: stupor-solo "
            "completion bash > ~/.local/share/bash-completion/completions/stupor-solo; "
            "zsh: stupor-solo completion zsh > ~/.zfunc/_stupor-solo (with ~/.zfunc in "
            "fpath); fish: stupor-solo completion fish > "
            "~/.config/fish/completions/stupor-solo.fish"
        ),
    ),
)
"""Every command, in the order ``--help`` lists them: its name, its line in that list and
the description its own ``--help`` starts with."""

JSON_OUTPUT = {
    "history": N_("print a JSON array of the games"),
    "stats": N_("print them as one JSON object"),
    "backups": N_("print a JSON array"),
}
"""The commands whose ``--json`` is their only option, and what it prints (``score`` has
one among its others)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: the app by default, and one subcommand per task."""
    parser = Parser(
        prog=PROG,
        description=_("A solo companion for Stupor Mundi: run with no command to open the app."),
        epilog=(
            _("examples:")
            + "\n"
            + "  stupor-solo score --vp 40 --structures 10 --frederick-structures 9 \\\n"
            + "      --grain 1 --stone 1 --augustales 8 --save\n"
            + "  stupor-solo export --format csv games.csv\n"
            + "  stupor-solo --data-dir ~/solo-test history\n\n"
            + _("run 'stupor-solo COMMAND --help' for a command's options")
        ),
        add_help=False,
    )
    _add_help(parser)
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=_("show the program's version number and exit"),
    )
    data_help = _(
        "where games and history are kept (default: ${variable} or your user data folder)"
    ).format(variable=ENV_VAR)
    config_help = _(
        "the configuration file (default: ${variable} or your user config folder)"
    ).format(variable=CONFIG_ENV_VAR)
    lang_help = _(
        "the language: en, it, de or fr (default: [ui] language of the configuration, "
        "else your system's locale); qps: a pseudo-locale for layout tests"
    )
    parser.add_argument("--data-dir", metavar="DIR", help=data_help)
    parser.add_argument("--config", metavar="FILE", help=config_help)
    parser.add_argument("--lang", metavar="LANG", choices=LANGUAGE_CHOICES, help=lang_help)
    common = Parser(add_help=False)
    common.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=data_help)
    common.add_argument("--config", metavar="FILE", default=argparse.SUPPRESS, help=config_help)
    common.add_argument(
        "--lang",
        metavar="LANG",
        choices=LANGUAGE_CHOICES,
        default=argparse.SUPPRESS,
        help=lang_help,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title=_("commands"))
    command = {
        name: sub.add_parser(name, parents=[common], help=_(help), description=_(description))
        for name, help, description in COMMAND_HELP
    }
    _add_score_options(command["score"])
    for name, what in JSON_OUTPUT.items():
        command[name].add_argument("--json", action="store_true", help=_(what))
    _add_history_options(command["history"])
    _add_review_options(command["review"])
    _add_file_options(command["export"], command["import"])
    _add_serve_options(command["serve"])
    _add_lab_options(command["lab"])
    command["restore"].add_argument(
        "name", metavar="NAME", help=_("the copy's name, e.g. history-20260101-…")
    )
    _add_setup_options(command["config"], command["completion"])
    command["rules"].add_argument(
        "query", nargs="*", metavar="QUERY", help=_("what to look up (none: list every entry)")
    )
    command["rules"].add_argument(
        "--json", action="store_true", help=_("print the matching entries as a JSON array")
    )
    return parser


def _add_help(parser: argparse.ArgumentParser) -> None:
    """``-h``/``--help``, its line in the language in use."""
    parser.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))


def _add_history_options(history: argparse.ArgumentParser) -> None:
    """``history``: how many games."""
    shown = history.add_mutually_exclusive_group()
    shown.add_argument(
        "--last", type=_count, metavar="N", help=_("show the latest N games (default: 20)")
    )
    shown.add_argument("--all", action="store_true", help=_("show every game"))


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text[:40]))
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be 1 or more"))
    return value


def _add_setup_options(
    config: argparse.ArgumentParser, completion: argparse.ArgumentParser
) -> None:
    """``config`` and ``completion``: setting the program up."""
    what = config.add_mutually_exclusive_group()
    what.add_argument(
        "--init",
        action="store_true",
        help=_("write a commented example configuration file (never over an existing one)"),
    )
    what.add_argument(
        "--schema", action="store_true", help=_("print the JSON schema of the configuration file")
    )
    completion.add_argument("shell", choices=SHELLS, metavar="SHELL", help=_("bash, zsh or fish"))


def _add_file_options(export: argparse.ArgumentParser, import_: argparse.ArgumentParser) -> None:
    """``export`` and ``import``: the file and its format."""
    export.add_argument(
        "--format",
        choices=("csv", "json", "bgstats"),
        help=_("the file format (default: csv or json from FILE's extension)"),
    )
    export.add_argument(
        "--force", action="store_true", help=_("replace an existing FILE without asking")
    )
    export.add_argument(
        "--with-games",
        action="store_true",
        help=_("JSON only: carry each game's document, so an import keeps its review"),
    )
    export.add_argument("file", metavar="FILE", help=_("the file to write ('-': standard output)"))
    import_.add_argument(
        "--format",
        choices=("csv", "json"),
        help=_("the file format (default: from the extension, else the content)"),
    )
    import_.add_argument("file", metavar="FILE", help=_("the CSV or JSON file to import"))


def _add_serve_options(serve: argparse.ArgumentParser) -> None:
    """``serve``: where to listen."""
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=_(
            "the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: "
            "every network of this computer)"
        ),
    )
    serve.add_argument(
        "--port", type=int, default=8000, help=_("the port (default 8000; 0: any free port)")
    )
    serve.add_argument(
        "--new-token",
        action="store_true",
        help=_(
            "network mode: replace the kept access token (every link given before stops "
            "working; without this flag the link stays the same from one start to the next)"
        ),
    )


def _add_review_options(review: argparse.ArgumentParser) -> None:
    """``review``: which game, JSON or a table, and the judge of each turn."""
    review.add_argument(
        "game", metavar="GAME", nargs="?", default="latest", help=_("latest, current or an id")
    )
    review.add_argument("--json", action="store_true", help=_("print one JSON object"))
    review.add_argument(
        "--budget",
        metavar="N",
        help=_(
            "the Coach's rollouts per turn judged (1 to 10000; default 24; a whole game "
            "takes some seconds, more with a larger budget)"
        ),
    )
    review.add_argument(
        "--no-turns",
        action="store_true",
        help=_("do not judge each turn (no costliest turns, no 'turns' in the JSON): instant"),
    )


def _add_lab_options(lab: argparse.ArgumentParser) -> None:
    """``lab``: which games to play, on how many processes, and where the result goes
    (the values are checked by the command: the parser loads no engine)."""
    lab.add_argument(
        "--games",
        metavar="N",
        help=_("games of each configuration with each bot (1 to 100000; default 100)"),
    )
    lab.add_argument(
        "--bot",
        action="append",
        metavar="NAME",
        help=_(
            "random, greedy, plan or coach (repeat for several; default: random, greedy "
            "and plan; the coach plays each turn many times over, so it is far slower)"
        ),
    )
    lab.add_argument(
        "--budget",
        metavar="N",
        help=_("the coach's rollouts per turn (1 to 10000; default 24)"),
    )
    lab.add_argument(
        "--house",
        action="append",
        metavar="H",
        help=_(
            "Savoy, Wittelsbach, Di Romano or Hohenstaufen, in any case, with - or _ for "
            "a space (repeat for several; default: every House)"
        ),
    )
    lab.add_argument(
        "--market",
        action="append",
        metavar="LEVEL",
        help=_("the Market difficulty: easy, medium or hard (repeat for several; default: all)"),
    )
    lab.add_argument(
        "--easier",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_("only the easier solo game (--no-easier: only the standard one; default: both)"),
    )
    lab.add_argument(
        "--seed", metavar="S", help=_("the seed of every game (0 to 4294967295; default 1)")
    )
    lab.add_argument(
        "--check",
        action="store_true",
        help=_(
            "check every invariant of self-play after every event (slower): the engine "
            "accepts every move it lists, allowed() agrees, each event replays from JSON, "
            "undo/redo, your cards add up, the review adds up to the final score"
        ),
    )
    lab.add_argument(
        "--jobs", metavar="J", help=_("processes to play on (1 to 256; default: one per CPU)")
    )
    lab.add_argument(
        "--json",
        action="store_true",
        help=_(
            "print one JSON object: configurations (one summary per configuration and "
            "bot), seed, engine_version, board, games_per_configuration"
        ),
    )
    lab.add_argument(
        "--csv",
        metavar="FILE",
        help=_(
            "also write one CSV row per configuration and bot to FILE (checked like an "
            "export's target)"
        ),
    )
    lab.add_argument(
        "--force", action="store_true", help=_("replace an existing --csv FILE without asking")
    )


def _add_score_options(score: argparse.ArgumentParser) -> None:
    """``score``: the six counts, then what to do with the result."""
    from companion.cli.score_counts import COUNTS
    from companion.config import MOST_STRUCTURES_CHOICES

    for spec in COUNTS:
        score.add_argument(spec.flag, dest=spec.name, metavar="N", help=_(spec.help))
    score.add_argument(
        "--json",
        action="store_true",
        help=_(
            "print one JSON object: vp_track, structures, most_structures_bonus, "
            "resources_vp, total, title"
        ),
    )
    score.add_argument(
        "--most-structures-rule",
        choices=MOST_STRUCTURES_CHOICES,
        help=_(
            "when the most-Structures bonus is yours: always, or with at_least_as_many "
            "or more_than Frederick's Structures (default: [rules] most_structures of the "
            "configuration, else the built-in rule); Frederick's Structures are needed only "
            "when the rule compares castles"
        ),
    )
    score.add_argument("--save", action="store_true", help=_("add the game to the history"))
    score.add_argument(
        "--notes", metavar="TEXT", default="", help=_("notes kept with --save (2,000 characters)")
    )
