"""Statistics from the games' reviews: VP by source averaged over the reviewed games, the
best round of any game, and how far the best game was from the next title.

The classic statistics (:mod:`companion.history.stats`) never read a game's document, so
listing the history and its records stay as quick as before. These figures do read the
documents (one replay per reviewed game), so the Statistics screen computes them in a
thread worker, and only when asked or when games with documents are already in memory.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.storage import HistoryRecord


@dataclass(frozen=True)
class BestRound:
    """The round with the most VP gained over every reviewed game."""

    vp: int
    round: int
    finished_at: str


@dataclass(frozen=True)
class ReviewStats:
    """``reviewed`` games (those with a readable document), ``unavailable`` ones (with a
    document that could not be read), the VP by source averaged over the reviewed games,
    the best round, and the best score with the next title above it and the VP missing."""

    reviewed: int = 0
    unavailable: int = 0
    average_by_source: dict[str, float] = field(default_factory=dict)
    best_round: BestRound | None = None
    best_score: int | None = None
    next_title: tuple[str, int] | None = None


def best_and_next(records: Iterable[HistoryRecord]) -> tuple[int | None, tuple[str, int] | None]:
    """The best score of ``records`` and the next title above it (no document read)."""
    from solo_deck import next_title

    best = max((record.score.total for record in records), default=None)
    return best, None if best is None else next_title(best)


class ReviewsCancelled(Exception):
    """The reviews were stopped before the last game (the screen that asked closed)."""


def _never() -> bool:
    return False


def review_stats(
    folder: str | os.PathLike[str],
    records: Sequence[HistoryRecord],
    cancelled: Callable[[], bool] = _never,
) -> ReviewStats:
    """The statistics of the reviews of ``records`` (see the module). ``cancelled`` is
    asked before each game is reviewed: when it says yes, :class:`ReviewsCancelled` is
    raised and nothing more is read (a thread worker passes its ``is_cancelled``)."""
    from companion.history.review_source import review_of_record
    from solo_deck import total_by_source

    best, upcoming = best_and_next(records)
    totals: list[dict[str, int]] = []
    unavailable = 0
    best_round: BestRound | None = None
    for record in records:
        if record.game_document is None:
            continue
        if cancelled():
            raise ReviewsCancelled
        try:
            result = review_of_record(folder, record)
        except ValueError:
            unavailable += 1
            continue
        totals.append(result.vp_by_source)
        top = result.best_round
        if top is not None and (best_round is None or top.vp_gained > best_round.vp):
            best_round = BestRound(top.vp_gained, top.round, record.finished_at)
    summed = total_by_source(totals)
    average = {source: vp / len(totals) for source, vp in summed.items()} if totals else {}
    return ReviewStats(
        reviewed=len(totals),
        unavailable=unavailable,
        average_by_source=average,
        best_round=best_round,
        best_score=best,
        next_title=upcoming,
    )


def review_lines(stats: ReviewStats) -> list[str]:
    """The figures as plain lines for the Statistics screen."""
    from companion.i18n import _, ngettext, shown
    from companion.i18n.words import edition
    from solo_deck import source_label

    lines: list[str] = []
    if stats.best_score is not None:
        if stats.next_title is None:
            lines.append(
                _("Best game {score}: the top title is yours.").format(score=stats.best_score)
            )
        else:
            name, missing = stats.next_title
            lines.append(
                _("Best game {score}: {missing} VP short of {title}.").format(
                    score=stats.best_score, missing=missing, title=edition(name)
                )
            )
    if not stats.reviewed:
        lines.append(
            _("No reviewed games yet: games finished in the app from now on are kept whole.")
        )
    else:
        lines.append(
            ngettext(
                "VP by source, average of {n} reviewed game:",
                "VP by source, average of {n} reviewed games:",
                stats.reviewed,
            ).format(n=f"{stats.reviewed:,}")
        )
        ranked = sorted(stats.average_by_source.items(), key=lambda item: -item[1])
        lines.extend(f"  {shown(source_label(source)):<18}{vp:6.1f}" for source, vp in ranked)
        if stats.best_round is not None:
            top = stats.best_round
            lines.append(
                _("Best round: +{vp} VP (round {round}, {date}).").format(
                    vp=top.vp, round=top.round, date=top.finished_at[:10]
                )
            )
    if stats.unavailable:
        lines.append(
            ngettext(
                "{n} game left out: document missing or damaged.",
                "{n} games left out: document missing or damaged.",
                stats.unavailable,
            ).format(n=f"{stats.unavailable:,}")
        )
    return lines
