"""The six counts ``stupor-solo score`` asks for, as the command line declares them: the
parser builds its options from these at every start (the app's too), so they import
nothing of the calculator (:mod:`companion.cli.quick_score`, the glossary, the engine).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_

#: A typo guard for counts the rules do not cap (no solo game comes near it).
SANITY_MAX = 999


@dataclass(frozen=True)
class CountField:
    """One count the calculator needs: ``name`` is the keyword of ``final_score``;
    ``maximum`` is the most the rules (or :data:`SANITY_MAX`) allow, and ``why_maximum``
    says why."""

    name: str
    flag: str
    prompt: str
    help: str
    maximum: int = SANITY_MAX
    why_maximum: str = N_("a guard against typos")


#: The six counts in the order they are asked for, without the rules' maximums (cheap to
#: import: the command line builds its options from these).
COUNTS: tuple[CountField, ...] = (
    CountField("vp_track", "--vp", N_("VP track"), N_("your position on the VP track")),
    CountField(
        "structures",
        "--structures",
        N_("Structures in your castle"),
        N_("Towers, Walls and Keeps in your castle"),
    ),
    CountField(
        "frederick_structures",
        "--frederick-structures",
        N_("Structures in Frederick's castle"),
        N_("Towers, Walls and Keeps in Frederick's castle"),
    ),
    CountField("grain", "--grain", N_("Grain"), N_("Grain left in your reserve")),
    CountField("stone", "--stone", N_("Stone"), N_("Stone left in your reserve")),
    CountField("augustales", "--augustales", N_("Augustales"), N_("Augustales (coins) left")),
)
