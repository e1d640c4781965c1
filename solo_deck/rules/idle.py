"""The main actions a face-down card could be played for now that could do nothing: the
rules allow the play (the action is then declined), and a screen warns before it.

The answer comes from the same fold as the table: the card is played on the state, and
the gate says whether the action it leaves pending can be taken at all."""

from __future__ import annotations

from solo_deck.errors import RuleError
from solo_deck.events import PlayCard
from solo_deck.model.grants import MainAction
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.card_slots import face_down_offers
from solo_deck.rules.gate import cannot_take
from solo_deck.rules.transitions import apply_event


def idle_actions(state: GameState, ruleset: Ruleset) -> dict[MainAction, str]:
    """The main actions a face-down card could be played for now that could do nothing,
    each with why (a card played for one of them is spent on a Decline). The rules allow
    such a play; a screen warns before it. Actions no free slot gives are not listed.

    >>> from solo_deck import GameSetup, load_ruleset, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> idle_actions(state, load_ruleset())["summon"]
    'summoning in Roma costs you 3 Grain (you cannot pay)'
    """
    idle: dict[MainAction, str] = {}
    tried: set[MainAction] = set()
    for slot, actions in face_down_offers(state, ruleset).items():
        for action in actions:
            if action in tried:
                continue
            tried.add(action)
            play = PlayCard(slot=slot, face_up=False, actions=(action,))
            try:
                after = apply_event(state, play, ruleset)[0]
            except RuleError:
                continue
            first = after.obligation
            if first is None or first.does != action:
                continue  # something else comes first: the action is judged when it comes
            why = cannot_take(after, first, ruleset)
            if why is not None:
                idle[action] = why
    return idle
