"""``stupor-solo score``: the quick game-end calculator, and ``--save`` to the history."""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

import companion.cli.support as cli_support
from companion.cli.support import (
    PROG,
    UsageError,
    command_config,
    err,
    report_store,
    writer_lock,
)
from companion.i18n import N_, _, ngettext
from companion.plain_text import clip_value

if TYPE_CHECKING:
    from companion.config import BackupPolicy
    from companion.storage.backups import BackupCopy

NOTES_MAX = 2000
"""As many characters of notes as a history record keeps."""
SAVE_REFUSED = N_(
    "Close it and run this again to save the score, or leave out --save to see the score "
    "without saving it; nothing was saved."
)
"""What to do when ``--save`` finds the data folder held by another copy."""


def _ask(spec: Any) -> int:
    """Ask for one count until it is a valid one."""
    from companion.cli.quick_score import QuickScoreError, parse_count

    while True:
        print(f"{_(spec.prompt)} ({spec.flag}): ", end="", file=sys.stderr, flush=True)
        try:
            answer = input()
        except EOFError:
            raise UsageError(
                _("no value for {flag}: nothing was scored").format(flag=spec.flag)
            ) from None
        try:
            return parse_count(answer, spec)
        except QuickScoreError as exc:
            err(f"  {exc}")


def cmd_score(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo score``: the breakdown and title of six counts (five when the
    most-Structures rule does not compare castles)."""
    from companion.cli.quick_score import (
        QuickScoreError,
        StructuresRule,
        breakdown_json,
        breakdown_rows,
        count_fields,
        missing_counts,
        parse_count,
        quick_record,
        score,
    )

    values: dict[str, int | None] = {}
    problems = []
    for spec in count_fields():
        text = getattr(args, spec.name)
        if text is None:
            values[spec.name] = None
            continue
        try:
            values[spec.name] = parse_count(text, spec)
        except QuickScoreError as exc:
            problems.append(str(exc))
    if len(args.notes) > NOTES_MAX:
        problems.append(
            _("--notes has at most {most} characters, not {count} ({notes})").format(
                most=f"{NOTES_MAX:,}",
                count=f"{len(args.notes):,}",
                notes=clip_value(args.notes, 30),
            )
        )
    if problems:
        raise UsageError("; ".join(problems))
    config = command_config(args)
    rule = StructuresRule.pick(args.most_structures_rule, config.rules.most_structures)
    missing = missing_counts(values, rule)
    if missing:
        if not cli_support.stdin_is_tty():
            flags = ", ".join(spec.flag for spec in missing)
            why = (
                _("; the {rule} rule compares your castle with Frederick's").format(rule=rule.name)
                if any(spec.name == "frederick_structures" for spec in missing)
                else ""
            )
            raise UsageError(
                ngettext(
                    "missing {flags} (no terminal to ask on; give it as an option{why})",
                    "missing {flags} (no terminal to ask on; give them as options{why})",
                    len(missing),
                ).format(flags=flags, why=why)
            )
        for spec in missing:
            values[spec.name] = _ask(spec)
    counts = {name: value for name, value in values.items() if value is not None}
    breakdown = score(counts, rule)
    if args.notes and not args.save:
        err(_("{prog} score: --notes is only kept with --save").format(prog=PROG))
    record = None
    if args.save:  # checked before anything is printed: a bad record is a usage error
        try:
            record = quick_record(
                breakdown, frederick_structures=counts.get("frederick_structures"), notes=args.notes
            )
        except QuickScoreError as exc:
            raise UsageError(str(exc)) from None
    with ExitStack() as held:
        if record is not None:  # the lock before the score: a refusal comes alone
            held.enter_context(writer_lock(folder, then=_(SAVE_REFUSED)))
        if args.json:
            print(json.dumps(breakdown_json(breakdown), ensure_ascii=False))
        else:
            _print_breakdown(breakdown_rows(breakdown, counts, rule))
        if record is not None:
            from companion.storage import HistoryStore

            store = HistoryStore(folder)
            copy = store.add(record, copy=config.backups.automatic)
            report_store(store)
            _back_up(folder, config.backups, copy)
            message = _("Saved to the history ({path}).").format(path=store.path)
            print(message, file=sys.stderr if args.json else sys.stdout)
    return 0


def _back_up(folder: Path, policy: BackupPolicy, copy: BackupCopy | None) -> None:
    """Copy the history after a saved game, as the backup policy says (``copy``: the one
    compressed while the game was added); what went wrong is printed, never raised (the
    game is saved)."""
    if not policy.automatic:
        return
    from companion.storage.backups import backup_history

    try:
        if copy is not None:
            copy.save(folder, keep=policy.keep)
        else:
            backup_history(folder, keep=policy.keep)
    except OSError as exc:
        err(
            _("{prog}: the game is saved, but the backup copy of the history failed: {exc}").format(
                prog=PROG, exc=exc
            )
        )


def _print_breakdown(rows: list[tuple[str, str]]) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(title=_("Final score"), box=box.SIMPLE, show_header=False, title_justify="left")
    table.add_column(_("part"))
    table.add_column(_("VP"), justify="right")
    for label, value in rows[:-2]:
        table.add_row(Text(label), Text(value))
    table.add_section()
    for label, value in rows[-2:]:
        table.add_row(Text(label, style="bold"), Text(value, style="bold"))
    cli_support.console().print(table)
