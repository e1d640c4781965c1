"""``stupor-solo review [ID | latest | current] [--json] [--budget N] [--no-turns]``: where a
game's points went, and each of your turns judged.

``current`` is the game in progress (read only), ``latest`` the last finished game (the
default), and an ID a game of the history (``stupor-solo history --json`` lists the ids).
The review itself is the engine's (:func:`solo_deck.review`); a game entered by its score,
imported without its document, or whose document is missing or damaged has no review, and
the command says why (exit code 1). Every value shown is plain text, never markup.

Each turn of yours is judged too (:func:`solo_deck.judge_steps`): the Coach's best turn in
that position and the expected final score yours lost against it, from ``--budget``
rollouts per turn (default: the engine's ``JUDGE_BUDGET``) with a
fixed seed, so the same game gives the same verdicts. A whole game takes some seconds:
a progress bar shows on standard error when it is a terminal (standard output carries the
result only); ``--no-turns`` skips the judge. The table ends with the three costliest
turns; the JSON gains ``turns``, every judged turn in the game's order.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.support import UsageError, read_history, stderr_is_terminal
from companion.history.edict_verdicts import edict_lines
from companion.i18n import _, ngettext, shown
from companion.i18n.words import edition

if TYPE_CHECKING:
    from solo_deck import GameReview, SoloGame, TurnJudgement

BUDGET_MAX = 10_000
"""The largest ``--budget`` (rollouts per turn judged)."""
SEED = 0
"""The judge's seed: fixed, so a game's verdicts never change from one run to the next."""

Progress = Callable[[int, int], None]


def cmd_review(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo review``: the review of one game, as a table or one JSON object."""
    from companion.history.review_source import review_of_game
    from solo_deck import JUDGE_BUDGET

    budget = _budget(getattr(args, "budget", None), JUDGE_BUDGET)
    game = load_game(folder, args.game)
    result = review_of_game(game)
    turns: tuple[TurnJudgement, ...] | None = None
    if not getattr(args, "no_turns", False):
        turns = judge_turns(game, budget)
    if args.json:
        data = result.to_json()
        if turns is not None:
            data["turns"] = [turn.to_json() for turn in turns]
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(review_text(result, turns))
    return 0


def load_game(folder: Path, which: str) -> SoloGame:
    """The game ``which`` names (``current``, ``latest`` or an id). Raises ``ValueError``
    saying why it has no review, :class:`UsageError` for an unknown id."""
    from companion.history.review_source import NO_GAME, game_of_record
    from companion.storage.game_documents import read_game_in_progress
    from solo_deck import DocumentError, SoloGame

    if which == "current":
        document = read_game_in_progress(folder)
        if document is None:
            raise ValueError(_(NO_GAME))
        try:
            return SoloGame.from_document(document)
        except DocumentError as exc:
            raise ValueError(
                _("the game in progress cannot be read ({exc})").format(exc=exc)
            ) from exc
    records = read_history(folder)
    if which == "latest":
        if not records:
            raise ValueError(_("no finished games yet"))
        return game_of_record(folder, records[-1])
    found = [r for r in records if r.id == which]
    if not found:
        raise UsageError(_("no game with the id {which!r} in the history").format(which=which))
    return game_of_record(folder, found[0])


def judge_turns(game: SoloGame, budget: int) -> tuple[TurnJudgement, ...]:
    """Every turn of yours in ``game`` judged with ``budget`` rollouts each, a progress
    bar on standard error meanwhile (when it is a terminal)."""
    from solo_deck import judge_steps

    steps = judge_steps(game, budget=budget, seed=SEED)
    with progress_line() as shown:
        while True:
            try:
                done, total = next(steps)
            except StopIteration as finished:
                result: tuple[TurnJudgement, ...] = finished.value
                return result
            shown(done, total)


def review_text(result: GameReview, turns: tuple[TurnJudgement, ...] | None = None) -> str:
    """The review as plain lines: one row per round, one column per source; then the
    costliest of the judged ``turns`` (``None``: not judged)."""
    from solo_deck import source_label

    sources = list(result.vp_by_source)
    rows: list[list[str]] = [
        [_("Round"), *(shown(source_label(s)) for s in sources), edition("VP")]
    ]
    for row in result.rounds:
        mark = "" if row.complete else "*"
        cells = [str(row.vp_by_source.get(s, "")) for s in sources]
        rows.append([f"{row.round}{mark}", *cells, str(row.vp_gained)])
    end = result.end_by_source()
    if end:
        rows.append([_("End"), *(str(end.get(s, "")) for s in sources), str(sum(end.values()))])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(r, widths, strict=True)) for r in rows]
    if result.final is not None:
        lines.append(
            _("Final score {total} ({title}).").format(
                total=result.final.total, title=edition(result.final.title)
            )
        )
    elif result.rounds:
        lines.append(_("* the round in progress (the game is not finished)."))
    lines.extend(edict_lines(result))
    lines.append(shown(result.summary()))
    if turns is not None:
        lines.extend(costliest_lines(turns))
    return "\n".join(lines)


def costliest_lines(turns: tuple[TurnJudgement, ...]) -> list[str]:
    """``Costliest turns`` and one line for each of the three: which turn, the VP it
    lost, what you played and what the Coach prefers."""
    from companion.history.turn_verdicts import (
        COSTLIEST,
        NONE_WEIGHED,
        loss_label,
        turn_label,
    )
    from solo_deck import costliest

    top = costliest(turns, COSTLIEST)
    if not turns:
        return [_("Costliest turns: none. {reason}").format(reason=_(NONE_WEIGHED))]
    if not top:
        return [
            ngettext(
                "Costliest turns: none; the {count} turn judged matched the Coach's best.",
                "Costliest turns: none; every one of the {count} turns judged matched the "
                "Coach's best.",
                len(turns),
            ).format(count=len(turns))
        ]
    lines = [_("Costliest turns (of {count} judged):").format(count=len(turns))]
    for turn in top:
        lines.append(
            _("  {turn_label}, {loss_label} lost: {played}; the Coach's best: {best}").format(
                turn_label=turn_label(turn),
                loss_label=loss_label(turn),
                played=shown(turn.played),
                best=shown(turn.best),
            )
        )
    return lines


def _budget(value: str | None, default: int) -> int:
    from companion.cli.lab import whole_number

    return whole_number(value, "--budget", 1, BUDGET_MAX, default)


@contextlib.contextmanager
def progress_line() -> Iterator[Progress]:
    """A progress bar of the turns judged on standard error, gone when done; nothing when
    standard error is not a terminal. Yields the function to tell it ``(done, total)``."""
    if not stderr_is_terminal():
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    console = Console(stderr=True, highlight=False, emoji=False)
    columns = (TextColumn(_("judging your turns")), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("turns", total=None)

        def show(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield show
