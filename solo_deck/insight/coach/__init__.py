"""The Coach: which complete turn of yours is best from the position, by how much, and why,
from rollouts that see only what the table shows you (:mod:`~.coach`); the turns it weighs
(:mod:`~.turns`), the rollouts and their figures (:mod:`~.rollouts`), the position it may
see (:mod:`~.position`) and its reasons in the table's words (:mod:`~.why`)."""

from solo_deck.insight.coach.coach import Coach, CoachAnswer, CoachLine, NoAdvice, why_no_advice

__all__ = ["Coach", "CoachAnswer", "CoachLine", "NoAdvice", "why_no_advice"]
