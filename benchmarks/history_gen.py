"""A seeded generator of finished games for the history benchmarks.

:func:`generate_records` makes valid :class:`HistoryRecord` objects with a realistic
spread: most games played in the app (difficulty, House, deck mode, seed, rounds, play
time, end reasons and a 40-line log summary taken from a real engine game, as the Final
score screen stores them), some quick entries (``stupor-solo score --save``: the score
only) and some imports; scores roughly normal around 52 so every title occurs, Duke
rarely. :func:`write_history` stores them in one write through the history store
(``HistoryStore.add_many``), into the file the app reads (``history.json``).

Run ``python -m benchmarks.history_gen FOLDER [COUNT]`` to write a history by hand.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from pathlib import Path

from companion.paths import HISTORY_FILE
from companion.storage import HistoryRecord
from solo_deck import final_score
from solo_deck.model.state import GameEndReason

HOUSES = ("Savoy", "Hohenstaufen", "Di Romano")
OTHER_HOUSES = ("Malaspina", "Lancia", "Aquino")
DIFFICULTIES = ("easy", "medium", "hard")
LOG_LINES = 40
"""As many log lines as the Final score screen keeps with a game."""

NOTES = (
    "",
    "",
    "",
    "Frederick rushed the towers early.",
    "Forgot the castle income in round 3, fixed it.",
    "Great Voyage run: three Allies by round 4.",
    "Edict pile ran dry.",
)


def _log_pool(seed: int) -> list[str]:
    """Real log lines from a generated engine game (cut to the record's 300 chars)."""
    from benchmarks.game_gen import game_with_rounds

    return [line[:300] for line in game_with_rounds(14, seed=seed).log]


def generate_records(count: int, seed: int = 2024) -> list[HistoryRecord]:
    """``count`` finished games, oldest first, all valid, the same for the same seed."""
    rng = random.Random(seed)
    pool = _log_pool(seed % 1000)
    moment = dt.datetime(2019, 1, 5, 18, 0, tzinfo=dt.UTC)
    records: list[HistoryRecord] = []
    for index in range(count):
        moment += dt.timedelta(minutes=rng.randint(90, 4 * 24 * 60))
        kind = rng.choices(("app", "quick", "import"), weights=(80, 15, 5))[0]
        skill = rng.gauss(0, 1)
        vp = max(0, round(34 + 11 * skill + rng.gauss(0, 4)))
        structures = rng.randint(5, 15)
        frederick = rng.randint(6, 15)
        breakdown = final_score(
            vp_track=vp,
            structures=structures,
            frederick_structures=frederick,
            grain=rng.randint(0, 4),
            stone=rng.randint(0, 4),
            augustales=rng.randint(0, 14),
        )
        finished = moment.isoformat()
        common = {
            "id": f"bench{seed}-{index:06d}",
            "finished_at": finished,
            "score": breakdown,
            "frederick_structures": frederick,
            "notes": rng.choice(NOTES),
        }
        if kind == "quick":
            records.append(HistoryRecord(source="quick", **common))
            continue
        rounds = rng.randint(7, 16)
        play = rounds * rng.uniform(360, 720)
        started = (moment - dt.timedelta(seconds=play + rng.uniform(0, 900))).isoformat()
        start = rng.randrange(0, max(1, len(pool) - LOG_LINES))
        house = rng.choice(HOUSES) if rng.random() < 0.95 else rng.choice(OTHER_HOUSES)
        reasons = rng.sample(list(GameEndReason), k=rng.choice((1, 1, 1, 2)))
        records.append(
            HistoryRecord(
                source=kind,
                started_at=started,
                play_seconds=round(play, 1),
                difficulty=rng.choices(DIFFICULTIES, weights=(3, 5, 2))[0],
                easier_solo=rng.random() < 0.25,
                house=house,
                deck_mode="virtual" if rng.random() < 0.8 else "table",
                seed=rng.randrange(2**31),
                rounds=rounds,
                end_reasons=[reason.value for reason in reasons],
                log_summary=pool[start : start + LOG_LINES] if kind == "app" else [],
                **common,
            )
        )
    return records


def write_history(folder: Path, records: list[HistoryRecord]) -> Path:
    """Store ``records`` as the history of the data folder ``folder`` (one write, the
    store's own :meth:`~companion.storage.HistoryStore.add_many`)."""
    from companion.storage import HistoryStore

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / HISTORY_FILE
    path.unlink(missing_ok=True)
    HistoryStore(folder).add_many(records)
    return path


def main(argv: list[str]) -> int:
    """``python -m benchmarks.history_gen FOLDER [COUNT]``."""
    if not argv or len(argv) > 2:
        print("usage: python -m benchmarks.history_gen FOLDER [COUNT]", file=sys.stderr)
        return 2
    count = int(argv[1]) if len(argv) > 1 else 10_000
    path = write_history(Path(argv[0]), generate_records(count))
    print(f"{count} games written to {path} ({path.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
