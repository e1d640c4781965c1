"""What an effect (:class:`~solo_deck.model.grants.Grant`) is worth in a given state, and how to say
it in table language.

>>> from solo_deck.data.loaders import advanced_cards_by_id
>>> describe_grant(advanced_cards_by_id()["A2"].grant)
'pay 1 Augustalis for 1 Grain, up to 3 times'
"""

from __future__ import annotations

from typing import Literal

from solo_deck.data.loaders import allies_by_id
from solo_deck.errors import RuleError
from solo_deck.model.allies import AllyKind
from solo_deck.model.gains import NO_GAINS, Gains, amount_label
from solo_deck.model.grants import ActionTerms, CountOf, Grant, GrantedAction
from solo_deck.model.palace import Palace
from solo_deck.model.player import PlayerState
from solo_deck.text import t

AllyKindChoice = Literal["independent", "loyalist"]

_COUNT_WORDS: dict[CountOf, str] = {
    "own_allies": "Ally on your Player Board",
    "own_allies_of_kind": "Ally of the kind you pick (Independent or Loyalist) on your board",
    "own_structures": "Structures in your castle",
    "frederick_court": "Ally in Frederick's Court",
    "frederick_structures": "Structures in Frederick's castle",
    "frederick_reserve": "resource in Frederick's Reserve",
}


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


def describe_terms(action: str, terms: ActionTerms) -> str:
    """``build a Tower without its resource cost``, ``summon an Ally, 1 Grain off``..."""
    noun = {
        "promote": "promote a Specialist",
        "market": "visit the Market",
        "build": f"build a {terms.structure.capitalize()}"
        if terms.structure
        else "build a Structure",
        "summon": "summon an Ally",
        "purchase": "buy an Advanced card",
        "issue_edict": "issue an Edict",
        "draw": "draw cards",
        "move_ship": "move your ship to any port, free",
    }[action]
    extras = []
    if terms.free_resources:
        extras.append("without its resource cost")
    if terms.free_grain:
        extras.append("without paying Grain")
    if not terms.discount.empty:
        extras.append(terms.discount.describe(sign="") + " off")
    if terms.augustales_instead is not None:
        extras.append(f"paying {amount_label('augustales', terms.augustales_instead)} instead")
    if terms.mixed_resources:
        extras.append("paying any mix of Grain and Stone")
    if terms.distinct:
        extras.append("each a different Specialist")
    return noun + (" " + ", ".join(extras) if extras else "")


def describe_action(step: GrantedAction) -> str:
    """A granted step in words (``promote a Specialist twice``, ``draw 4 cards``).

    >>> from solo_deck.model.grants import ActionTerms
    >>> describe_action(GrantedAction(action="promote", count=2,
    ...                               terms=ActionTerms(distinct=True)))
    'promote a Specialist twice, each a different Specialist'
    """
    if step.action == "draw":
        return f"draw {step.count} card{'s' if step.count != 1 else ''}"
    times = {1: "", 2: " twice"}.get(step.count, f" {step.count} times")
    if step.terms.distinct:
        plain = describe_terms(step.action, step.terms.model_copy(update={"distinct": False}))
        return f"{plain}{times}, each a different Specialist"
    return describe_terms(step.action, step.terms) + times


def describe_grant(grant: Grant) -> str:
    """An effect in table language, e.g. ``+3 Augustales, then promote a Specialist``."""
    if grant.unknown:
        return "not in our data: tell what it does"
    parts = []
    if not grant.gain.empty:
        gain = grant.gain.describe()
        if grant.condition is not None:
            what = grant.condition.what.capitalize()
            gain = f"{gain} if you hold {grant.condition.at_least}+ {what}"
        parts.append(gain)
    if grant.resource_choice:
        n = grant.resource_choice
        parts.append(f"+{n} resource{'s' if n != 1 else ''} of your choice")
    conversion = grant.conversion
    if conversion is not None:
        parts.append(
            f"pay {conversion.pay.describe(sign='')} for {conversion.get.describe(sign='')}, "
            f"up to {conversion.times} times"
        )
    per = grant.per
    if per is not None:
        each = per.gain.describe() if not per.gain.empty else ""
        if per.resource_choice:
            each = (each + " " if each else "") + f"+{per.resource_choice} Grain or Stone"
        every = f"every {per.every} " if per.every > 1 else "each "
        cap = f" (at most {per.max_units})" if per.max_units else ""
        parts.append(f"{each} for {every}{_COUNT_WORDS[per.of]}{cap}")
    text = ", ".join(parts)
    steps = [describe_action(step) for step in grant.actions]
    if steps:
        text = (text + ", then " if text else "") + ", then ".join(steps)
    return text
