"""What every ``stupor-solo`` command shares: errors, output, the lock and reading the
history.

Stored text is data, never markup: tables show it as ``rich.text.Text`` and messages print
plain. A command that only reads creates nothing: no data folder, no lock file, and it
moves a damaged history aside only if it can take the data folder's lock (only the lock
holder may move files); otherwise it reports the damage and leaves the file.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from companion.i18n import _
from companion.plain_text import clip_text, clip_value

if TYPE_CHECKING:
    import argparse

    from rich.console import Console

    from companion.config import Config
    from companion.storage import HistoryRecord, HistoryStore

T = TypeVar("T")

PROG = "stupor-solo"
MAX_MESSAGE_LINE = 1000
"""The longest line of an error message printed (a huge bad value is cut before that)."""


class UsageError(Exception):
    """A wrong command line: printed without a traceback, exit code 2."""


class DataInUseError(Exception):
    """Another copy of the program holds the data folder: exit code 1."""


class DamagedHistoryError(ValueError):
    """A reader found the history damaged and could not move it aside: exit code 1."""


def stdin_is_tty() -> bool:
    """Whether standard input is a terminal (someone can answer a question)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def stderr_is_terminal() -> bool:
    """Whether standard error is a terminal (a progress bar may be drawn there)."""
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def has_terminal() -> bool:
    """Whether the app can run: it reads keys from standard input and draws on standard
    error, so both must be a terminal."""
    try:
        return stdin_is_tty() and sys.__stderr__ is not None and sys.__stderr__.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def err(message: str) -> None:
    """Print ``message`` on standard error, each line cut to :data:`MAX_MESSAGE_LINE`."""
    lines = [clip_text(line, MAX_MESSAGE_LINE) for line in message.split("\n")]
    print("\n".join(lines), file=sys.stderr)


def plain(exc: BaseException) -> str:
    """The message of an error; an ``OSError`` without a message of ours in plain words."""
    from companion.storage.errors import StorageError, describe_os_error

    if isinstance(exc, OSError) and not isinstance(exc, StorageError):
        if exc.filename is not None:
            return f"{describe_os_error(exc)} ({clip_text(str(exc.filename), 200)})"
        return describe_os_error(exc)
    return str(exc)


_LONG_QUOTED = re.compile(r"'([^']{60,})'")


def clip_usage_message(message: str) -> str:
    """An argparse error with every long quoted value cut (``invalid choice: 'xxx…'``)."""
    message = _LONG_QUOTED.sub(lambda found: clip_value(found.group(1)), message)
    return clip_text(message, 400)


def silence_stdout() -> None:
    """After a closed pipe (``stupor-solo history | head``), keep Python's final flush
    from printing another error."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def console() -> Console:
    """A Rich console for tables: no highlighting, no emoji codes; wide into a file."""
    from rich.console import Console

    out = Console(highlight=False, emoji=False)
    if not out.is_terminal and not os.environ.get("COLUMNS"):
        out.width = max(out.width, 120)  # a file or a pipe: no need to squeeze
    return out


def ask_yes_no(question: str) -> bool:
    """Ask on the terminal; only ``y`` or ``yes`` is a yes (end of input is a no)."""
    print(f"{question} [y/N] ", end="", file=sys.stderr, flush=True)
    try:
        answer = input()
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


@contextlib.contextmanager
def writer_lock(folder: Path, then: str | None = None) -> Iterator[Path]:
    """Create the data folder if needed (0700) and hold its lock (the one the app holds
    while it runs) for a command that writes; :class:`DataInUseError` if another copy of
    the program has it (its message ends with ``then``: what to do; by default, close it
    and try again). Yields the folder."""
    from companion.paths import ensure_data_dir
    from companion.storage.lock import DataLock

    ensure_data_dir(folder)
    lock = DataLock(folder)
    if not lock.acquire():
        raise DataInUseError(
            _("the data in {folder} is in use by {holder}. {then}").format(
                folder=clip_text(str(folder), 200),
                holder=lock.holder(),
                then=then or _("Close it and try again; nothing was changed."),
            )
        )
    try:
        yield folder
    finally:
        lock.release()


def report_store(store: HistoryStore) -> None:
    """The store's notice and the games it skipped, on standard error."""
    if store.notice:
        err(f"{PROG}: {store.notice}")
    for problem in store.problems:
        err(f"{PROG}: {problem}")


def read_history(folder: Path) -> list[HistoryRecord]:
    """Every readable game, oldest first, for a command that only reads; the store's
    notices go to stderr. A damaged history is moved aside only if the data folder's lock
    can be taken; otherwise :class:`DamagedHistoryError` says so and the file stays."""
    from companion.storage import HistoryStore

    return read_history_with(folder, HistoryStore.all)


def read_latest_history(folder: Path, count: int) -> tuple[list[HistoryRecord], int]:
    """:func:`read_history` for a page: the ``count`` newest games, newest first, and how
    many the history holds (:meth:`HistoryStore.latest`: only those shown are read
    whole)."""
    from companion.storage import HistoryStore

    return read_history_with(folder, lambda store: HistoryStore.latest(store, count))


def read_history_with(folder: Path, read: Callable[[HistoryStore], T]) -> T:
    """``read`` on the history of ``folder``, as :func:`read_history` describes."""
    from companion.storage import HistoryStore
    from companion.storage.lock import DataLock

    store = HistoryStore(folder, may_move=False)
    found = read(store)
    if store.left_damaged:
        lock = DataLock(folder)
        if lock.acquire():
            try:
                store = HistoryStore(folder)
                found = read(store)
            finally:
                lock.release()
        else:
            raise DamagedHistoryError(store.notice or _("the history could not be read"))
    report_store(store)
    return found


def command_config(args: argparse.Namespace) -> Config:
    """The configuration a command uses (``--config``, the environment variable or the
    default file); each problem in it is printed on standard error, and the command goes
    on with the defaults for what was wrong."""
    from companion.config import config_from_environment

    loaded = config_from_environment(getattr(args, "config", None))
    for problem in loaded.problems:
        err(f"{PROG}: {problem}")
    return loaded.config


def local_time(stamp: str | None) -> str:
    """A stored UTC time as local ``YYYY-MM-DD HH:MM``."""
    import datetime as dt

    if not stamp:
        return "—"
    try:
        return dt.datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return stamp[:16].replace("T", " ")


def or_dash(value: object) -> str:
    """``—`` for a value not recorded."""
    return "—" if value is None or value == "" else str(value)
