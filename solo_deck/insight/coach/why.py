"""One line in the table's words on why a turn is worth playing: what it changes on your
side that lasts (a side closed and what it pays each End Phase, an Ally summoned and what
it scores, a Structure, a card bought, a Specialist's step) and what it gains now.

>>> from solo_deck.play.simulate import new_game
>>> from solo_deck.play.table import Configuration
>>> state = new_game(Configuration(), seed=3).state
>>> after = state.model_copy(update={"player": state.player.model_copy(update={"vp": 3})})
>>> why(state, after)
'+3 VP now'
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.loaders import allies_by_id, side_incomes
from solo_deck.errors import RuleError
from solo_deck.insight.odds import removal_before_your_next_turn
from solo_deck.model.gains import resource_term
from solo_deck.model.state import GameState
from solo_deck.text import Text, joined, t, tn
from solo_deck.text import named as named_term

PARTS = 2
"""At most this many reasons in a line (the first are the lasting ones)."""


def why(before: GameState, after: GameState) -> Text:
    """What the turn from ``before`` to ``after`` changes on your side, most lasting first
    (``"keeps your hand for later"`` when it changes nothing yet)."""
    was, now = before.player, after.player
    parts: list[Text] = []
    for side in now.closed_sides:
        if side not in was.closed_sides:
            rule = side_incomes()[side]
            pays = t("a Market visit") if rule.market else rule.gains.describe()
            parts.append(
                t("closes the {side} side: {pays} each End Phase", side=rule.name, pays=pays)
            )
    allies = allies_by_id()
    named = {space.face_up_id for port in before.voyage.ports for space in port.allies}
    for ally in now.allies:
        if ally not in was.allies:
            who = named_term(allies[ally].name, "ally")
            if ally not in named:  # the table has not told it: the rollouts dealt one
                port = named_term(before.voyage.ports[after.voyage.player].name, "port")
                who = t(
                    "the Ally at {port} (not named yet; weighed as {ally})", port=port, ally=who
                )
            risk = _risk(before, after)
            parts.append(
                t("summons {ally} {risk}", ally=who, risk=risk)
                if risk
                else t("summons {ally}", ally=who)
            )
    for card in now.advanced_cards:
        if card not in was.advanced_cards:
            parts.append(t("buys {card} for later turns", card=card))
    built = now.structures - was.structures
    if built > 0:
        parts.append(
            tn(
                "builds {n} Structure (1 VP each at the end)",
                "builds {n} Structures (1 VP each at the end)",
                built,
            )
        )
    steps = sum(s.space for s in now.specialists) - sum(s.space for s in was.specialists)
    if steps > 0:
        parts.append(t("moves a Specialist on (a Workplace's ability)"))
    gained = now.vp - was.vp
    if gained > 0:
        parts.append(t("+{n} VP now", n=gained))
    coins = now.augustales - was.augustales
    resources = (now.grain - was.grain, now.stone - was.stone)
    if not parts and (coins > 0 or any(r > 0 for r in resources)):
        gains = [
            t("+{n} {resource}", n=n, resource=resource_term(field))
            for n, field in zip((coins, *resources), ("augustales", "grain", "stone"), strict=True)
            if n > 0
        ]
        parts.append(t("{gains} to spend", gains=joined(gains, ", ")))
    return joined(parts[:PARTS], "; ") if parts else t("keeps your hand for later")


def _risk(before: GameState, after: GameState) -> Text | None:
    """How likely Frederick was to take the Ally summoned before your next turn, had you
    waited (empty when he could not)."""
    port = after.voyage.player
    try:
        chance = float(removal_before_your_next_turn(before, port).ally)
    except (RuleError, ValueError):  # pragma: no cover - a port the voyage knows
        return None
    if chance <= 0:
        return None
    name = named_term(before.voyage.ports[port].name, "port")
    return t(
        "before Frederick takes the Ally at {port} ({percent:.0f} % by your next turn)",
        port=name,
        percent=chance * 100,
    )
