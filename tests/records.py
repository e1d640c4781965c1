"""A finished game's history record with sensible defaults, for the tests of the history,
the command line and the app."""

from __future__ import annotations

from typing import Any

from companion.storage import HistoryRecord
from tests.scores import SAMPLE_SCORE, score


def game_record(total: int | None = None, **overrides: Any) -> HistoryRecord:
    """A valid record of a game played in the app, scored :data:`SAMPLE_SCORE`; keyword
    arguments override any field. ``total=N`` sets a consistent score with that total (VP
    track N - 4, bonus 4)."""
    fields: dict[str, Any] = {
        "finished_at": "2025-03-01T20:15:00+00:00",
        "started_at": "2025-03-01T19:00:00+00:00",
        "play_seconds": 4500.0,
        "difficulty": "medium",
        "easier_solo": False,
        "house": "Savoy",
        "deck_mode": "virtual",
        "seed": 1,
        "rounds": 6,
        "score": SAMPLE_SCORE if total is None else score(vp_track=max(total - 4, 0)),
        "frederick_structures": 9,
        "end_reasons": ["The Edict pile ran out."],
    }
    return HistoryRecord(**(fields | overrides))
