"""Who acts in what is left of a round, and how often you issue Edicts: the timing the
end-of-game forecast (:mod:`solo_deck.insight.forecast`) plays out."""

from __future__ import annotations

from collections.abc import Iterable

from solo_deck.events import EndRound, Event, PlayerEdict
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import Phase

FREDERICK = 0
"""In a round schedule, a Frederick action; a positive number is your turn of that number."""


def player_edicts_per_round(events: Iterable[Event]) -> float | None:
    """Your average number of Edicts per completed round in an event log (``None`` before
    the first round is over).

    >>> from solo_deck.events import EndRound, PlayerEdict
    >>> edict = PlayerEdict(slot=0, choice={}, replacement=0)
    >>> player_edicts_per_round([edict, edict, EndRound(), edict, EndRound(), edict])
    1.5
    """
    completed = edicts = this_round = 0
    for event in events:
        if isinstance(event, PlayerEdict):
            this_round += 1
        elif isinstance(event, EndRound):
            completed += 1
            edicts += this_round
            this_round = 0
    return edicts / completed if completed else None


def round_schedule(
    phase: Phase,
    player_turns: int,
    frederick_actions: int,
    passed: bool,
    ruleset: Ruleset,
    turns: int = 5,
) -> list[int]:
    """Who acts in the rest of a round: ``0`` is a Frederick action, ``t`` your turn ``t``;
    ``turns`` is how many cards you play a round (your usable card slots).

    >>> from solo_deck import load_ruleset
    >>> round_schedule(Phase.PLAYER, 0, 0, False, load_ruleset())
    [1, 0, 2, 0, 3, 0, 4, 0, 5, 0]
    >>> round_schedule(Phase.PLAYER, 0, 0, False, load_ruleset(), turns=6)
    [1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6]
    >>> round_schedule(Phase.FREDERICK, 2, 2, True, load_ruleset())
    [0, 0, 0]
    """
    actions = ruleset.rounds.frederick_max_actions.value
    if phase in (Phase.END_PHASE, Phase.GAME_OVER):
        return []
    schedule: list[int] = []
    played, acted = player_turns, frederick_actions
    if phase is Phase.FREDERICK:
        schedule.append(FREDERICK)
        acted += 1
    if passed:
        schedule.extend([FREDERICK] * max(0, actions - acted))
        return schedule
    while played < turns:
        played += 1
        schedule.append(played)
        if played < turns:
            if acted < actions:
                schedule.append(FREDERICK)
                acted += 1
        else:  # your last slot: Frederick takes what he has left
            schedule.extend([FREDERICK] * max(0, actions - acted))
    return schedule
