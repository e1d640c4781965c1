"""The Review's Edict lines, shared by ``stupor-solo review`` and the Review screen: each
Edict you issued that the advisor would have placed below another, and what it preferred.

The Edicts' words are the engine's (:class:`solo_deck.text.Text`), shown in the language in
use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import _, shown

if TYPE_CHECKING:
    from solo_deck import GameReview


def edict_lines(review: GameReview) -> list[str]:
    """Two lines per Edict the advisor ranked below its first choice (none: no lines)."""
    lines: list[str] = []
    for edict in review.edicts:
        if edict.difference > 0:
            lines.append(
                _("Round {round}: you issued {issued}").format(
                    round=edict.round, issued=shown(edict.issued)
                )
            )
            lines.append(
                _("  the advisor ranked first {best} ({difference:+d})").format(
                    best=shown(edict.best), difference=edict.difference
                )
            )
    return lines
