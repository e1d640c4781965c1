"""``review_40``: reviewing a 40-round game (:func:`solo_deck.review`: one traced replay,
the VP put down to sources, the advisor asked at each Edict) against replaying the same
document alone (:meth:`SoloGame.from_document`), the two taking turns."""

from __future__ import annotations

from benchmarks.game_gen import game_with_rounds
from benchmarks.measure import Result, Settings, median, timed
from solo_deck import SoloGame, review

ROUNDS = 40


def review_40(settings: Settings) -> Result:
    """The median of ``review(game)`` against that of ``SoloGame.from_document``."""
    game = game_with_rounds(ROUNDS)
    document = game.to_document()
    runs = 3 if settings.quick else 9
    reviews: list[float] = []
    replays: list[float] = []
    for _ in range(runs):
        reviews.append(timed(lambda: review(game)))
        replays.append(timed(lambda: SoloGame.from_document(document)))
    edicts = len(review(game).edicts)
    return Result(
        "review_40",
        2.0,
        median(reviews),
        median(replays),
        what=f"review() of a {ROUNDS}-round game ({len(game.events):,} events, {edicts} Edicts)",
        reference_what="SoloGame.from_document of the same document",
        notes=[f"{runs} runs each, taking turns"],
    )
