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

from __future__ import annotations

from solo_deck.data.loaders import allies_by_id, side_incomes
from solo_deck.errors import RuleError
from solo_deck.insight.odds import removal_before_your_next_turn
from solo_deck.model.state import GameState

PARTS = 2
"""At most this many reasons in a line (the first are the lasting ones)."""


def why(before: GameState, after: GameState) -> str:
    """What the turn from ``before`` to ``after`` changes on your side, most lasting first
    (``"keeps your hand for later"`` when it changes nothing yet)."""
    was, now = before.player, after.player
    parts: list[str] = []
    for side in now.closed_sides:
        if side not in was.closed_sides:
            rule = side_incomes()[side]
            pays = "a Market visit" if rule.market else rule.gains.describe()
            parts.append(f"closes the {rule.name} side: {pays} each End Phase")
    allies = allies_by_id()
    named = {space.face_up_id for port in before.voyage.ports for space in port.allies}
    for ally in now.allies:
        if ally not in was.allies:
            who = allies[ally].name
            if ally not in named:  # the table has not told it: the rollouts dealt one
                port = before.voyage.ports[after.voyage.player].name
                who = f"the Ally at {port} (not named yet; weighed as {who})"
            parts.append(f"summons {who}{_risk(before, after)}")
    for card in now.advanced_cards:
        if card not in was.advanced_cards:
            parts.append(f"buys {card} for later turns")
    built = now.structures - was.structures
    if built > 0:
        parts.append(f"builds {built} Structure{'s' if built > 1 else ''} (1 VP each at the end)")
    steps = sum(s.space for s in now.specialists) - sum(s.space for s in was.specialists)
    if steps > 0:
        parts.append("moves a Specialist on (a Workplace's ability)")
    gained = now.vp - was.vp
    if gained > 0:
        parts.append(f"+{gained} VP now")
    coins = now.augustales - was.augustales
    resources = (now.grain - was.grain, now.stone - was.stone)
    if not parts and (coins > 0 or any(r > 0 for r in resources)):
        gains = [
            f"+{n} {what}"
            for n, what in zip((coins, *resources), ("Augustales", "Grain", "Stone"), strict=True)
            if n > 0
        ]
        parts.append(", ".join(gains) + " to spend")
    return "; ".join(parts[:PARTS]) if parts else "keeps your hand for later"


def _risk(before: GameState, after: GameState) -> str:
    """How likely Frederick was to take the Ally summoned before your next turn, had you
    waited (empty when he could not)."""
    port = after.voyage.player
    try:
        chance = float(removal_before_your_next_turn(before, port).ally)
    except (RuleError, ValueError):  # pragma: no cover - a port the voyage knows
        return ""
    if chance <= 0:
        return ""
    name = before.voyage.ports[port].name
    return f" before Frederick takes the Ally at {name} ({chance * 100:.0f} % by your next turn)"
