"""What a card played face down offers: the two main actions the spears point to from
its slot on your Player Board (one of them, or both with the Keep Cover that grants
both). A game saved before the board was known offers every main action from any slot.

>>> from solo_deck import GameSetup, load_ruleset, parse_edict
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> face_down_offers(state, load_ruleset())[3]
('build', 'summon')
>>> why_not_face_down(3, ("promote",), load_ruleset())
'slot 4 gives Build or Summon, not Promote: play the card in a slot that gives it'
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.model.grants import MAIN_ACTIONS, MainAction, action_term
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.text import joined, t


def slot_actions(slot: int, ruleset: Ruleset) -> tuple[MainAction, ...]:
    """The main actions a card played face down in the 0-based ``slot`` may take: the
    slot's two from the Player Board, or all five in a game without the board."""
    board = ruleset.player_board
    if board is None or not 0 <= slot < len(board.slots):
        return MAIN_ACTIONS
    return board.actions_of(slot)


def face_down_offers(state: GameState, ruleset: Ruleset) -> dict[int, tuple[MainAction, ...]]:
    """Each free card slot (0-based) this round with the main actions a face-down card
    there offers (both of them together once your Keep Cover allows it)."""
    free = state.player.free_slots(PlayerLimits.from_ruleset(ruleset))
    return {slot: slot_actions(slot, ruleset) for slot in free}


def why_not_face_down(slot: int, actions: tuple[MainAction, ...], ruleset: Ruleset) -> str | None:
    """Why a face-down card in ``slot`` cannot take ``actions`` (``None``: it can),
    saying which two the slot gives."""
    offered = slot_actions(slot, ruleset)
    wrong = [action for action in actions if action not in offered]
    if not wrong:
        return None
    gives = joined([action_term(action) for action in offered], " or ")
    refused = joined([action_term(action) for action in wrong], " or ")
    return t(
        "slot {slot} gives {gives}, not {refused}: play the card in a slot that gives it",
        slot=slot + 1,
        gives=gives,
        refused=refused,
    )
