"""Checking one imported game as the app would have written it.

An import file is data from anywhere: every game is migrated, validated by
:class:`HistoryRecord` (bounded strings and numbers, times between 1970 and 2999, a total
that is the sum of its parts, control characters stripped) and then held to what the app
itself writes: the title is the one the total earns and the most-structures bonus is 0 or
the ruleset's bonus. JSON values must have their own types (``true`` is not a number,
``"3"`` is not a whole number); CSV cells are text and are read as the column needs.

:class:`ImportFileError` refuses a whole file, naming the CSV line or JSON ``games[index]``
and the field of each problem.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError

from companion.i18n import N_, _, ngettext
from companion.plain_text import clip_text, clip_value
from companion.storage.errors import NewerSchemaError
from companion.storage.history_record import (
    CURRENT_HISTORY_SCHEMA,
    HistoryRecord,
    migrate_record,
)

MAX_PROBLEMS_SHOWN = 10
MAX_PROBLEM_LENGTH = 300

Location = tuple[Any, ...]
Namer = Callable[[Location], str]


class ImportFileError(ValueError):
    """A file that cannot be imported; nothing was changed.

    ``problems`` lists each problem found (``"line 4, total: ..."`` or
    ``"games[3].score.total: ..."``); the message names the file and the first few.
    """

    def __init__(self, path: str | os.PathLike[str], problems: Sequence[str]) -> None:
        self.path = pathlib.Path(path)
        self.problems = [clip_text(problem, MAX_PROBLEM_LENGTH) for problem in problems]
        shown = self.problems[:MAX_PROBLEMS_SHOWN]
        more = len(self.problems) - len(shown)
        name = clip_text(self.path.name, 80)
        lines = [_("{file} cannot be imported (nothing was changed):").format(file=name)]
        lines += [f"  {problem}" for problem in shown]
        if more:
            further = ngettext("... and {n} more problem", "... and {n} more problems", more)
            lines.append("  " + further.format(n=more))
        super().__init__("\n".join(lines))


class RecordProblems(ValueError):
    """One game that cannot be imported: ``problems`` are ``(location, message)``."""

    def __init__(self, problems: list[tuple[Location, str]]) -> None:
        super().__init__("; ".join(message for _loc, message in problems))
        self.problems = problems


NEWER_RECORD = N_(
    "saved by a newer version of this program (this version reads up to {supported}); update "
    "the program"
)


def check_record(raw: Any, *, strict: bool) -> HistoryRecord:
    """The game ``raw`` (a dict read from the file) migrated and validated, or
    :class:`RecordProblems` saying what is wrong. ``strict`` (JSON): every value must
    already have its type."""
    try:
        migrated = migrate_record(raw)
        record = HistoryRecord.model_validate(migrated, strict=strict)
    except ValidationError as exc:
        raise RecordProblems(
            [(tuple(err["loc"]), err["msg"]) for err in exc.errors(include_input=False)]
        ) from None
    except NewerSchemaError:
        newer = _(NEWER_RECORD).format(supported=CURRENT_HISTORY_SCHEMA)
        raise RecordProblems([(("schema_version",), newer)]) from None
    except (ValueError, TypeError, ArithmeticError) as exc:
        raise RecordProblems([((), str(exc) or type(exc).__name__)]) from None
    problems = as_written_problems(record)
    if problems:
        raise RecordProblems(problems)
    return record


def as_written_problems(record: HistoryRecord) -> list[tuple[Location, str]]:
    """What in a valid ``record`` the app would never have written: a title the total
    does not earn, a most-structures bonus the ruleset does not give."""
    from solo_deck import load_ruleset, title_for

    score = record.score
    problems: list[tuple[Location, str]] = []
    earned = title_for(score.total)
    if score.title != earned:
        problems.append(
            (
                ("score", "title"),
                _("{title} is not the title a total of {total} earns ({earned})").format(
                    title=clip_value(score.title), total=score.total, earned=earned
                ),
            )
        )
    bonus = load_ruleset().scoring.most_structures_bonus.value
    if score.most_structures_bonus not in (0, bonus):
        problems.append(
            (
                ("score", "most_structures_bonus"),
                _("must be 0 or {bonus} (the bonus of the rules), not {found}").format(
                    bonus=bonus, found=score.most_structures_bonus
                ),
            )
        )
    return problems


def json_location(loc: Location) -> str:
    """``("score", "total")`` → ``score.total``; ``()`` → ``(the record)``."""
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc)
    return where.lstrip(".") or _("(the record)")
