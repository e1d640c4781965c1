"""What an effect (:class:`~solo_deck.model.grants.Grant`) is worth in a given state, and how to say
it in table language.

>>> from solo_deck.data.loaders import advanced_cards_by_id
>>> describe_grant(advanced_cards_by_id()["A2"].grant)
'pay 1 Augustalis for 1 Grain, up to 3 times'
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from solo_deck.data.loaders import allies_by_id
from solo_deck.errors import RuleError
from solo_deck.model.allies import AllyKind
from solo_deck.model.gains import NO_GAINS, Gains, amount_label
from solo_deck.model.grants import (
    ActionTerms,
    CountOf,
    Grant,
    GrantedAction,
)
from solo_deck.model.palace import Palace
from solo_deck.model.player import PlayerState
from solo_deck.text import Text, joined, named, t, tn

AllyKindChoice = Literal["independent", "loyalist"]


def count_of(
    of: CountOf, player: PlayerState, palace: Palace, ally_kind: AllyKindChoice | None = None
) -> int:
    """How many of ``of`` there are now (``ally_kind`` for ``own_allies_of_kind``)."""
    if of == "own_allies":
        return len(player.allies)
    if of == "own_allies_of_kind":
        if ally_kind is None:
            raise RuleError(t("pick Independent or Loyalist for this card"))
        catalogue = allies_by_id()
        return sum(
            1
            for ally_id in player.allies
            if ally_id in catalogue and catalogue[ally_id].kind is AllyKind(ally_kind)
        )
    if of == "own_structures":
        return player.structures
    if of == "frederick_court":
        return palace.allies
    if of == "frederick_structures":
        return palace.structures
    return palace.grain + palace.stone


def grant_gains(
    grant: Grant,
    player: PlayerState,
    palace: Palace,
    *,
    grain: int = 0,
    stone: int = 0,
    times: int | None = None,
    ally_kind: AllyKindChoice | None = None,
) -> tuple[Gains, Gains]:
    """``(pay, get)`` for the gain part of ``grant`` with your choices: the ``grain`` /
    ``stone`` split of a resource choice, how many ``times`` to convert (default: as many
    as allowed and affordable) and the ``ally_kind`` counted. Raises :class:`RuleError`
    for a choice the effect does not allow.

    >>> from solo_deck.model.grants import Conversion
    >>> a2 = Grant(conversion=Conversion(pay=Gains(augustales=1), get=Gains(grain=1), times=3))
    >>> grant_gains(a2, PlayerState(augustales=2), Palace.initial(), times=2)[1].grain
    2
    """
    if grant.unknown:
        raise RuleError(t("this effect is not in our data: tell what it does"))
    pay = get = NO_GAINS
    if grant.condition is None or _holds(player, grant.condition.what, grant.condition.at_least):
        get = get + grant.gain
    conversion = grant.conversion
    if conversion is not None:
        if times is None:
            times = affordable_times(conversion.pay, player, conversion.times)
        if not 0 <= times <= conversion.times:
            raise RuleError(
                t(
                    "this can be done 0 to {times} times, not {times2}",
                    times=conversion.times,
                    times2=times,
                )
            )
        pay = pay + conversion.pay.scaled(times)
        get = get + conversion.get.scaled(times)
    chosen = grant.resource_choice
    one_kind = 0
    per = grant.per
    if per is not None:
        counted = count_of(per.of, player, palace, ally_kind)
        units = counted // per.every
        if per.max_units is not None:
            units = min(units, per.max_units)
        get = get + per.gain.scaled(units)
        one_kind = per.resource_choice * units
    if chosen or one_kind:
        if grain + stone != chosen + one_kind:
            raise RuleError(
                t(
                    "take {chosen} resource(s) in all (Grain and/or Stone), not {grain}",
                    chosen=chosen + one_kind,
                    grain=grain + stone,
                )
            )
        if one_kind and not chosen and grain and stone:
            raise RuleError(t("the resources of this card are all of one kind: Grain or Stone"))
        get = get + Gains(grain=grain, stone=stone)
    elif grain or stone:
        raise RuleError(t("this effect gives no resources of your choice"))
    return pay, get


def choice_total(
    grant: Grant,
    player: PlayerState,
    palace: Palace,
    ally_kind: AllyKindChoice | None = None,
) -> int:
    """How many resources of your choice ``grant`` gives now (its own choice plus one kind
    per counted unit; ``ally_kind`` for an effect that counts your Allies of one kind).

    >>> from solo_deck.model.grants import PerCount
    >>> b4 = Grant(per=PerCount(of="own_allies_of_kind", resource_choice=1, max_units=3))
    >>> choice_total(b4, PlayerState(allies=("tento", "gisela")), Palace.initial(), "loyalist")
    2
    """
    total = grant.resource_choice
    per = grant.per
    if per is not None and per.resource_choice:
        if per.of == "own_allies_of_kind" and ally_kind is None:
            return total
        units = count_of(per.of, player, palace, ally_kind) // per.every
        if per.max_units is not None:
            units = min(units, per.max_units)
        total += units * per.resource_choice
    return total


def default_choice(
    grant: Grant, player: PlayerState, palace: Palace
) -> dict[str, int | str | None]:
    """A sensible prefill for :func:`grant_gains`: all chosen resources as Grain (or the
    one you have less of), every conversion you can afford, the Ally kind you hold more
    of."""
    kind: AllyKindChoice | None = None
    if grant.per is not None and grant.per.of == "own_allies_of_kind":
        independents = count_of("own_allies_of_kind", player, palace, "independent")
        loyalists = count_of("own_allies_of_kind", player, palace, "loyalist")
        kind = "independent" if independents >= loyalists else "loyalist"
    times = None
    if grant.conversion is not None:
        times = affordable_times(grant.conversion.pay, player, grant.conversion.times)
    total = choice_total(grant, player, palace, kind)
    to_grain = player.grain <= player.stone
    return {
        "grain": total if to_grain else 0,
        "stone": 0 if to_grain else total,
        "times": times,
        "ally_kind": kind,
    }


def _holds(player: PlayerState, what: str, at_least: int) -> bool:
    return int(getattr(player, what)) >= at_least


def affordable_times(pay: Gains, player: PlayerState, limit: int) -> int:
    """How many times, up to ``limit``, you can pay ``pay`` with what you hold."""
    times = limit
    for field, amount in pay.items():
        times = min(times, int(getattr(player, field)) // amount)
    return times


# --- words ---------------------------------------------------------------------------------


def _action_noun(action: str, terms: ActionTerms) -> Text:
    if action == "build":
        if terms.structure == "tower":
            return t("build a Tower")
        if terms.structure == "wall":
            return t("build a Wall")
        if terms.structure == "keep":
            return t("build a Keep")
        return t("build a Structure")
    return {
        "promote": t("promote a Specialist"),
        "market": t("visit the Market"),
        "summon": t("summon an Ally"),
        "purchase": t("buy an Advanced card"),
        "issue_edict": t("issue an Edict"),
        "draw": t("draw cards"),
        "move_ship": t("move your ship to any port, free"),
    }[action]


def describe_terms(action: str, terms: ActionTerms) -> Text:
    """``build a Tower without its resource cost``, ``summon an Ally, 1 Grain off``..."""
    noun = _action_noun(action, terms)
    extras = []
    if terms.free_resources:
        extras.append(t("without its resource cost"))
    if terms.free_grain:
        extras.append(t("without paying Grain"))
    if not terms.discount.empty:
        extras.append(t("{discount} off", discount=terms.discount.describe(sign="")))
    if terms.augustales_instead is not None:
        coins = amount_label("augustales", terms.augustales_instead)
        extras.append(t("paying {coins} instead", coins=coins))
    if terms.mixed_resources:
        extras.append(t("paying any mix of Grain and Stone"))
    if terms.distinct:
        extras.append(t("each a different Specialist"))
    if not extras:
        return noun
    return t("{action} {terms}", action=noun, terms=joined(extras, ", "))


def _times(action: Text, count: int) -> Text:
    if count == 1:
        return action
    if count == 2:
        return t("{action} twice", action=action)
    return tn("{action} {n} times", "{action} {n} times", count, action=action)


def describe_action(step: GrantedAction) -> Text:
    """A granted step in words (``promote a Specialist twice``, ``draw 4 cards``).

    >>> from solo_deck.model.grants import ActionTerms
    >>> describe_action(GrantedAction(action="promote", count=2,
    ...                               terms=ActionTerms(distinct=True)))
    'promote a Specialist twice, each a different Specialist'
    """
    if step.action == "draw":
        return tn("draw {n} card", "draw {n} cards", step.count)
    if step.terms.distinct:
        plain = describe_terms(step.action, step.terms.model_copy(update={"distinct": False}))
        return t("{action}, each a different Specialist", action=_times(plain, step.count))
    return _times(describe_terms(step.action, step.terms), step.count)


_COUNT_WORDS: dict[CountOf, Text] = {
    "own_allies": t("Ally on your Player Board"),
    "own_allies_of_kind": t("Ally of the kind you pick (Independent or Loyalist) on your board"),
    "own_structures": t("Structures in your castle"),
    "frederick_court": t("Ally in Frederick's Court"),
    "frederick_structures": t("Structures in Frederick's castle"),
    "frederick_reserve": t("resource in Frederick's Reserve"),
}


def _per_unit(grant: Grant) -> Text | None:
    per = grant.per
    if per is None:
        return None
    each = per.gain.describe() if not per.gain.empty else None
    if per.resource_choice:
        n = per.resource_choice
        each = (
            t("{gain} +{n} Grain or Stone", gain=each, n=n)
            if each is not None
            else t("+{n} Grain or Stone", n=n)
        )
    counted = _COUNT_WORDS[per.of]
    gain = each if each is not None else ""
    if per.every > 1:
        line = t("{gain} for every {every} {counted}", gain=gain, every=per.every, counted=counted)
    else:
        line = t("{gain} for each {counted}", gain=gain, counted=counted)
    return t("{effect} (at most {n})", effect=line, n=per.max_units) if per.max_units else line


def describe_grant(grant: Grant) -> Text:
    """An effect in table language, e.g. ``+3 Augustales, then promote a Specialist``."""
    if grant.unknown:
        return t("not in our data: tell what it does")
    parts: list[Text] = []
    if not grant.gain.empty:
        gain = grant.gain.describe()
        if grant.condition is not None:
            what = named(grant.condition.what.capitalize(), "piece")
            gain = t(
                "{gain} if you hold {n}+ {what}",
                gain=gain,
                n=grant.condition.at_least,
                what=what,
            )
        parts.append(gain)
    if grant.resource_choice:
        n = grant.resource_choice
        parts.append(tn("+{n} resource of your choice", "+{n} resources of your choice", n))
    conversion = grant.conversion
    if conversion is not None:
        parts.append(
            t(
                "pay {cost} for {gain}, up to {n} times",
                cost=conversion.pay.describe(sign=""),
                gain=conversion.get.describe(sign=""),
                n=conversion.times,
            )
        )
    per = _per_unit(grant)
    if per is not None:
        parts.append(per)
    effects = joined(parts, ", ")
    steps = [describe_action(step) for step in grant.actions]
    if not steps:
        return effects
    then = joined(steps, ", then ")
    return t("{effects}, then {steps}", effects=effects, steps=then) if parts else then
