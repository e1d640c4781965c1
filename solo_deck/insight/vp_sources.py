"""Where a change of VP came from: one event applied, told apart by what it met and what
the engine applied by itself after it.

The review (:mod:`solo_deck.insight.review`) reads no event field: it names a source from
the event's ``type``, the obligation the event met and the ``auto`` obligations the engine
settled after it (:func:`solo_deck.rules.transitions.apply_traced`). A new event field
changes nothing here; a new kind of obligation or event falls back to its own name.

>>> from solo_deck.model.obligations import Obligation
>>> workplace = Obligation(kind="workplace_bonus", does="auto", text="+3 VP", source="A3")
>>> source_of("build", None, workplace)
'workplaces'
>>> source_of("ally_income", None, None)
'ally_income'
>>> source_of("visit_market", None, None)
'visit_market'
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.model.obligations import Obligation
from solo_deck.model.state import GameState
from solo_deck.rules.transitions import Step
from solo_deck.text import t

LABELS: dict[str, str] = {
    "castle_income": t("Castle income"),
    "ally_income": t("Ally income"),
    "workplaces": t("Workplaces"),
    "city_bonuses": t("City bonuses"),
    "edict_rewards": t("Edict rewards"),
    "cards": t("Cards"),
    "keeps_and_greats": t("Keeps & Great Structures"),
    "castle_sides": t("Castle sides"),
    "by_hand": t("By hand"),
    "structures": t("Structures"),
    "most_structures_bonus": t("Most Structures"),
    "resources": t("Resources"),
}
"""Each named source (its id, a JSON key) and its label, in the order a review lists them;
any other source follows, named after its event or obligation."""

SOURCES: tuple[str, ...] = tuple(LABELS)[:9]
"""The sources of VP on the track during the game."""

END_SOURCES: tuple[str, ...] = ("structures", "most_structures_bonus", "resources")
"""The parts of the final score added when the game ends (not on the VP track)."""


def source_label(source: str) -> str:
    """The label of ``source`` for a table or a chart.

    >>> source_label("keeps_and_greats"), source_label("visit_market")
    ('Keeps & Great Structures', 'Visit market')
    """
    return LABELS.get(source, source.replace("_", " ").capitalize())


BY_OBLIGATION: dict[str, str] = {
    "workplace_bonus": "workplaces",
    "city_bonus": "city_bonuses",
    "edict_reward": "edict_rewards",
    "issue_edict": "edict_rewards",
    "card_effect": "cards",
    "great_structure_bonus": "keeps_and_greats",
    "keep_cover": "keeps_and_greats",
    "side_bonus": "castle_sides",
    "market_visit": "castle_income",
}
"""The source of VP an obligation of each kind gives."""

BY_EVENT: dict[str, str] = {
    "castle_income": "castle_income",
    "ally_income": "ally_income",
    "player_edict": "edict_rewards",
    "take_edict_reward": "edict_rewards",
    "choose_city_bonus": "city_bonuses",
    "resolve": "cards",
    "gain": "by_hand",
    "correct": "by_hand",
}
"""The source of VP an event of each type gives when it meets no obligation named above."""


def source_of(event_type: str, met: Obligation | None, applied: Obligation | None) -> str:
    """The source of VP gained by ``applied`` (an ``auto`` obligation the engine settled),
    or, when it is ``None``, by the event itself (which met ``met``)."""
    duty = applied or met
    if duty is not None and duty.kind in BY_OBLIGATION:
        return BY_OBLIGATION[duty.kind]
    if applied is not None:
        return applied.kind
    return BY_EVENT.get(event_type, event_type)


def split_vp(before: GameState, step: Step) -> dict[str, int]:
    """The VP ``step`` gained (or paid, negative), by source; the values add up to the
    change of the VP track exactly (what the settled obligations do not explain is the
    event's own)."""
    delta = step.state.player.vp - before.player.vp
    if not delta:
        return {}
    parts: dict[str, int] = {}
    settled = 0
    for duty in step.applied:
        if duty.gains.vp:
            source = source_of(step.event.type, step.met, duty)
            parts[source] = parts.get(source, 0) + duty.gains.vp
            settled += duty.gains.vp
    own = delta - settled
    if own:
        source = source_of(step.event.type, step.met, None)
        parts[source] = parts.get(source, 0) + own
    return {source: vp for source, vp in parts.items() if vp}
