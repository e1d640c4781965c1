"""A fixed set of 30 finished games for the History and Statistics tests and snapshots.

Everything is written out or derived from the game number: no randomness, no clock. The games
run from January to October 2026 and cover every title (with the boundary scores 29/30,
49/50 and 79/80), every difficulty, the three printed Houses plus one typed House, both deck
modes, two quick entries that recorded only the score, notes and log summaries (one of them
long enough to scroll).

In time order the titles give: Feudal-lord-or-better streaks of 2, 6, 5 and, at the end,
5 games (so the best streak is 6 and the current one 5); the first Duke is game 16 (80 points).
"""

from __future__ import annotations

import datetime as dt

from companion.storage import HistoryRecord
from solo_deck.rules.scoring import ScoreBreakdown, title_for

START = dt.datetime(2026, 1, 4, 19, 30, tzinfo=dt.UTC)
"""When the first sample game finished; game n finished 9 days and a little later each."""

# (total, structures in your castle, Frederick's structures, resources → VP)
GAMES: tuple[tuple[int, int, int, int], ...] = (
    (18, 6, 9, 1),
    (24, 7, 8, 1),
    (29, 8, 8, 2),
    (30, 8, 9, 2),
    (35, 9, 8, 1),
    (27, 7, 9, 0),  # quick entry
    (42, 9, 9, 2),
    (49, 10, 9, 3),
    (50, 10, 10, 2),
    (55, 11, 9, 1),
    (47, 9, 10, 2),
    (58, 10, 9, 3),
    (63, 11, 10, 2),
    (71, 12, 10, 3),
    (79, 12, 11, 3),
    (80, 12, 10, 2),
    (66, 11, 11, 1),
    (44, 9, 10, 2),
    (52, 10, 10, 1),
    (61, 11, 9, 2),
    (74, 12, 11, 3),
    (83, 12, 10, 4),
    (57, 10, 11, 2),
    (38, 8, 9, 1),
    (12, 5, 9, 0),  # quick entry
    (68, 11, 10, 2),
    (86, 12, 9, 3),
    (77, 12, 12, 2),
    (91, 12, 10, 4),
    (59, 10, 10, 2),
)

QUICK = frozenset({6, 25})
"""Game numbers entered with the quick calculator: only the score is known."""

DIFFICULTIES = ("easy", "medium", "hard")
HOUSES = ("Savoy", "Hohenstaufen", "Di Romano", "Altavilla")
"""The three printed Houses, then one the player typed in."""

NOTES: dict[int, str] = {
    1: "First solo game; read the rules twice.",
    3: "One point short of Knight!",
    8: "Forgot the Grain for the last Edict. Still close.",
    9: "Feudal lord at last [bold]",
    15: (
        "Frederick's palace filled up fast with Towers; I blocked Tunis twice and bought the "
        "Cartographer early, which paid off in the last round when the Voyage board ran dry."
    ),
    16: "DUKE! Castle complete in round 6.",
    22: "Table deck: two crowns in a row, reshuffle after round 3.",
    25: "Quick entry from a game at a friend's house.",
    29: "Best game so far.",
}

EDICTS = ("I", "II", "III")
PORTS = ("Tunis", "Venice", "Acre", "Alexandria", "Genoa")
ICONS = ("+1 Tower, +2 Grain", "+2 Walls", "+1 Keep, +1 Stone", "+2 Treasury", "+1 Specialist")
END_REASONS = (
    "your castle is complete",
    "an Active Edict space could not be refilled",
    "the Voyage board could not be refilled",
)


def _log(number: int, rounds: int, reason: str) -> list[str]:
    """A short event-log summary; game 15's is long (one line per Frederick turn)."""
    lines: list[str] = []
    turns = 5 if number == 15 else 1
    for round_no in range(1, rounds + 1):
        for turn in range(turns):
            step = number + round_no + turn
            lines.append(
                f"Round {round_no}: Frederick issued Edict {EDICTS[step % 3]} "
                f"({ICONS[step % len(ICONS)]}) and sailed to {PORTS[step % len(PORTS)]}"
            )
    lines.append(f"Round {rounds}: the game ends: {reason}")
    return lines


def sample_record(number: int) -> HistoryRecord:
    """Sample game ``number`` (1 to 30)."""
    total, structures, frederick, resources = GAMES[number - 1]
    bonus = 4 if structures >= frederick else 0
    score = ScoreBreakdown(
        vp_track=total - structures - bonus - resources,
        structures=structures,
        most_structures_bonus=bonus,
        resources_vp=resources,
        total=total,
        title=title_for(total),
    )
    finished = START + dt.timedelta(days=9 * (number - 1), minutes=23 * (number % 7))
    notes = NOTES.get(number, "")
    if number in QUICK:
        return HistoryRecord(
            id=f"sample-{number:02d}",
            finished_at=finished.isoformat(),
            score=score,
            frederick_structures=frederick,
            notes=notes,
            source="quick",
        )
    play_seconds = 60 * (48 + (number * 7) % 53)
    rounds = 5 + number % 4
    reason = END_REASONS[number % len(END_REASONS)]
    return HistoryRecord(
        id=f"sample-{number:02d}",
        finished_at=finished.isoformat(),
        started_at=(finished - dt.timedelta(seconds=play_seconds)).isoformat(),
        play_seconds=float(play_seconds),
        difficulty=DIFFICULTIES[number % 3],
        easier_solo=number % 3 == 1 and number < 12,
        house=HOUSES[number % 4],
        deck_mode="table" if number % 5 == 0 else "virtual",
        seed=1000 + number,
        rounds=rounds,
        score=score,
        frederick_structures=frederick,
        notes=notes,
        end_reasons=[reason],
        log_summary=_log(number, rounds, reason),
        source="app",
    )


def sample_records() -> list[HistoryRecord]:
    """The 30 sample games, oldest first."""
    return [sample_record(number) for number in range(1, len(GAMES) + 1)]
