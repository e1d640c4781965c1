"""Where a review comes from: the game in progress, or a finished game's document.

Shared by ``stupor-solo review`` and the Review screen. Every way there can be no review
(a game entered by its score, imported without its document, a document missing or
damaged, no game in progress) raises ``ValueError`` whose text says why, in plain words.
The game itself (:func:`game_of_record`) is what the Review's judge of each turn replays.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from companion.i18n import N_, _

if TYPE_CHECKING:
    from companion.storage import HistoryRecord
    from solo_deck import GameReview, SoloGame

NO_GAME = N_("there is no game in progress")
"""Why ``current`` has no review when no game is in progress."""


def review_of_game(game: SoloGame | None) -> GameReview:
    """The review of ``game`` (``None``: there is no game in progress)."""
    from solo_deck import review

    if game is None:
        raise ValueError(_(NO_GAME))
    return review(game)


def game_of_record(folder: str | os.PathLike[str], record: HistoryRecord) -> SoloGame:
    """A finished game, replayed from the document its record names."""
    from companion.storage.game_documents import read_document
    from solo_deck import DocumentError, SoloGame

    document = read_document(folder, record.game_document)
    try:
        return SoloGame.from_document(document)
    except DocumentError as exc:
        raise ValueError(
            _("review unavailable: the game's document is damaged ({why})").format(why=exc)
        ) from exc


def review_of_record(folder: str | os.PathLike[str], record: HistoryRecord) -> GameReview:
    """The review of a finished game, from the document its record names."""
    return review_of_game(game_of_record(folder, record))
