"""Ally income at the End Phase: 1 VP per Ally, +2 when its condition holds (the module is not
named ``ally_income``: that is the public function it defines)."""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Mapping

from solo_deck.data.loaders import allies_by_id, load_ruleset
from solo_deck.model.allies import METRIC_LABELS, Ally, FrederickThreshold, Metric
from solo_deck.model.base import FrozenModel
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.palace import Palace
from solo_deck.model.player import PlayerState
from solo_deck.model.ruleset import Ruleset
from solo_deck.text import KeptText, Text, t


class AllyIncomeLine(FrozenModel):
    """One Ally's income with the reason in a few words."""

    ally_id: str
    name: str
    kind: str
    met: bool
    vp: int
    reason: KeptText
    """Why the condition holds or not, as data (rendered in the player's language)."""


class AllyIncome(FrozenModel):
    """The per-Ally breakdown and the total VP."""

    lines: tuple[AllyIncomeLine, ...]
    total: int


def frederick_metric(palace: Palace, metric: Metric) -> int:
    """Frederick's value for an Ally condition's metric (treasury for augustales)."""
    if metric is Metric.AUGUSTALES:
        return palace.treasury
    if metric is Metric.STRUCTURES:
        return palace.structures
    return int(getattr(palace, metric.value))


def _measured(
    ally: Ally, player: PlayerState, palace: Palace, limits: PlayerLimits | None
) -> tuple[bool, int, int]:
    """Whether ``ally``'s condition holds, with your measure and Frederick's (yours is 0
    for a threshold of his alone)."""
    cond = ally.condition
    theirs = frederick_metric(palace, cond.metric)
    if isinstance(cond, FrederickThreshold):
        return theirs >= cond.threshold, 0, theirs
    mine = player.metric(cond.metric, limits)
    return (mine > theirs if cond.relation == "more" else mine >= theirs), mine, theirs


def condition_holds(
    ally: Ally, player: PlayerState, palace: Palace, limits: PlayerLimits | None = None
) -> bool:
    """Whether ``ally``'s condition holds (:func:`condition_met` without its words: what a
    bot weighs thousands of times a game)."""
    return _measured(ally, player, palace, limits)[0]


def condition_met(
    ally: Ally, player: PlayerState, palace: Palace, limits: PlayerLimits | None = None
) -> tuple[bool, Text]:
    """Whether ``ally``'s condition holds, and why in a few words.

    Specialists are compared by board column (Countryside, Village, City), so a Specialist
    of yours in Path B's City is ahead of Frederick's on a Village space of Path A."""
    cond = ally.condition
    label = METRIC_LABELS[cond.metric]
    met, mine, theirs = _measured(ally, player, palace, limits)
    if isinstance(cond, FrederickThreshold):
        if cond.metric is Metric.SPECIALIST:
            where = (
                t("on Workplace {theirs} of Path A", theirs=theirs)
                if theirs
                else t("not yet on Path A")
            )
            return met, t(
                "Frederick's Specialist {where}, needs Workplace {threshold}+",
                where=where,
                threshold=cond.threshold,
            )
        return met, t(
            "Frederick {label} {theirs}, needs {threshold}+",
            label=label,
            theirs=theirs,
            threshold=cond.threshold,
        )
    sign = ">" if cond.relation == "more" else "≥"
    if cond.metric is Metric.SPECIALIST:
        if cond.relation == "more":
            return met, t(
                "your furthest Specialist in Workplace column {mine} vs "
                "Frederick's in {theirs}, needs yours ahead",
                mine=mine,
                theirs=theirs,
            )
        return met, t(
            "your furthest Specialist in Workplace column {mine} vs "
            "Frederick's in {theirs}, needs yours level or ahead",
            mine=mine,
            theirs=theirs,
        )
    return met, t(
        "you {mine} vs Frederick {theirs} {label}, needs you {sign} him",
        mine=mine,
        theirs=theirs,
        label=label,
        sign=sign,
    )


def ally_income(
    player: PlayerState,
    palace: Palace,
    *,
    allies: Mapping[str, Ally] | None = None,
    ruleset: Ruleset | None = None,
) -> AllyIncome:
    """Income of every Ally in the player's castle against Frederick's palace.

    >>> from solo_deck import Palace, PlayerState
    >>> ally_income(PlayerState(allies=("tento",)), Palace.initial()).total
    1
    """
    catalogue = allies if allies is not None else allies_by_id()
    rules = ruleset or load_ruleset()
    scoring = rules.scoring
    limits = PlayerLimits.from_ruleset(rules)
    base, bonus = scoring.ally_base_vp.value, scoring.ally_bonus_vp.value
    lines = []
    for ally_id in player.allies:
        ally = catalogue.get(ally_id)
        if ally is None:
            raise KeyError(f"unknown Ally id {ally_id!r}")
        met, reason = condition_met(ally, player, palace, limits)
        lines.append(
            AllyIncomeLine(
                ally_id=ally.id,
                name=ally.name,
                kind=ally.kind.value,
                met=met,
                vp=base + (bonus if met else 0),
                reason=reason,
            )
        )
    return AllyIncome(lines=tuple(lines), total=sum(line.vp for line in lines))
