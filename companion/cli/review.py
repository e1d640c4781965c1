"""``stupor-solo review [ID | latest | current] [--json]``: where a game's points went.

``current`` is the game in progress (read only), ``latest`` the last finished game (the
default), and an ID a game of the history (``stupor-solo history --json`` lists the ids).
The review itself is the engine's (:func:`solo_deck.review`); a game entered by its score,
imported without its document, or whose document is missing or damaged has no review, and
the command says why (exit code 1). Every value shown is plain text, never markup.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.support import UsageError, read_history

if TYPE_CHECKING:
    from solo_deck import GameReview


def cmd_review(args: argparse.Namespace, folder: Path) -> int:
    """``stupor-solo review``: the review of one game, as a table or one JSON object."""
    result = load_review(folder, args.game)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    print(review_text(result))
    return 0


def load_review(folder: Path, which: str) -> GameReview:
    """The review of ``which`` (``current``, ``latest`` or an id). Raises ``ValueError``
    saying why there is none, :class:`UsageError` for an unknown id."""
    from companion.history.review_source import review_of_game, review_of_record
    from companion.storage.game_documents import read_game_in_progress
    from solo_deck import DocumentError, SoloGame

    if which == "current":
        document = read_game_in_progress(folder)
        if document is None:
            return review_of_game(None)
        try:
            return review_of_game(SoloGame.from_document(document))
        except DocumentError as exc:
            raise ValueError(f"the game in progress cannot be read ({exc})") from exc
    records = read_history(folder)
    if which == "latest":
        if not records:
            raise ValueError("no finished games yet")
        return review_of_record(folder, records[-1])
    found = [r for r in records if r.id == which]
    if not found:
        raise UsageError(f"no game with the id {which!r} in the history")
    return review_of_record(folder, found[0])


def review_text(result: GameReview) -> str:
    """The review as plain lines: one row per round, one column per source."""
    from solo_deck import source_label

    sources = list(result.vp_by_source)
    rows: list[list[str]] = [["Round", *(source_label(s) for s in sources), "VP"]]
    for row in result.rounds:
        mark = "" if row.complete else "*"
        cells = [str(row.vp_by_source.get(s, "")) for s in sources]
        rows.append([f"{row.round}{mark}", *cells, str(row.vp_gained)])
    end = result.end_by_source()
    if end:
        rows.append(["End", *(str(end.get(s, "")) for s in sources), str(sum(end.values()))])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(r, widths, strict=True)) for r in rows]
    if result.final is not None:
        lines.append(f"Final score {result.final.total} ({result.final.title}).")
    elif result.rounds:
        lines.append("* the round in progress (the game is not finished).")
    lines.extend(_edict_lines(result))
    lines.append(result.summary())
    return "\n".join(lines)


def _edict_lines(result: GameReview) -> list[str]:
    lines: list[str] = []
    for edict in result.edicts:
        if edict.difference > 0:
            lines.append(f"Round {edict.round}: you issued {edict.issued}")
            lines.append(f"  the advisor ranked first {edict.best} ({edict.difference:+d})")
    return lines
