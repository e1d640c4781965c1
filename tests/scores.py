"""The scores the tests share: the final score of a few counts, the sample game's score,
a breakdown made from its parts and the title boundaries.

Engine and app tests both import this module; it uses the engine only.
"""

from __future__ import annotations

from typing import Any

from solo_deck import ScoreBreakdown, final_score, title_for

NO_COUNTS = {
    "vp_track": 0,
    "structures": 0,
    "frederick_structures": 0,
    "grain": 0,
    "stone": 0,
    "augustales": 0,
}
"""The six final counts of :func:`~solo_deck.final_score`, all 0."""


def score(**arguments: Any) -> ScoreBreakdown:
    """:func:`~solo_deck.final_score` of these arguments, every count not given 0."""
    return final_score(**(NO_COUNTS | arguments))


SAMPLE_SCORE = score(
    vp_track=40, structures=10, frederick_structures=9, grain=1, stone=1, augustales=8
)
"""The sample game's score: 40 on the track, 10 Structures, the bonus 4 and 2 for the
resources, 56 in all (Feudal lord)."""


PARTS = ("vp_track", "structures", "most_structures_bonus", "resources_vp")
"""The parts of a :class:`~solo_deck.ScoreBreakdown` that add up to its total."""


def breakdown(title: str | None = None, **parts: int) -> ScoreBreakdown:
    """A breakdown of ``parts`` (each part not given is 0) whose total is their sum, with
    the title of that total unless ``title`` names another."""
    values = dict.fromkeys(PARTS, 0) | parts
    total = sum(values.values())
    return ScoreBreakdown(**values, total=total, title=title or title_for(total))


TITLE_BOUNDARIES = (
    (0, "Serf"),
    (29, "Serf"),
    (30, "Knight"),
    (49, "Knight"),
    (50, "Feudal lord"),
    (79, "Feudal lord"),
    (80, "Duke"),
)
"""The lowest and the highest total of each title (``(total, title)``)."""
