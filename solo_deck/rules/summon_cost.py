"""What a Summon costs you: the Grain printed under the Ally space at your port (from the
Voyage Board data), less the action's discount (A16) and your Workplaces' (Village I C);
nothing when the action summons without Grain (Great Tower B, the City Bonus tile), or the
Augustales an effect asks instead (B15). A game saved before the board was known has no
printed costs: its Summons cost what the player says.

Whether a Summon issues an Edict is Player Board data too: your Allies take the Ally spaces
of your Player Board in order, and the one that lands on the space showing the Edict mark
issues it (:func:`summon_marks_edict`).

>>> from solo_deck import GameSetup, load_ruleset, parse_edict
>>> from solo_deck.model.grants import ActionTerms
>>> from solo_deck.model.gains import Gains
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> summon_cost(state, load_ruleset()).describe(sign="")
'3 Grain'
>>> summon_cost(state, load_ruleset(), ActionTerms(discount=Gains(grain=1))).describe(sign="")
'2 Grain'
>>> summon_cost(state, load_ruleset(), ActionTerms(augustales_instead=3)).describe(sign="")
'3 Augustales'
"""

from __future__ import annotations

from solo_deck.model.gains import Gains
from solo_deck.model.grants import ActionTerms
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.triggers import workplace_discount


def printed_summon_grain(state: GameState, ruleset: Ruleset, space: int = 0) -> int | None:
    """The Grain printed under the 0-based Ally ``space`` at your ship's port, or ``None``
    when the game has no Voyage Board data (or the board lists no such space)."""
    board = ruleset.voyage_board
    if board is None:
        return None
    try:
        return board.grain_at(state.voyage.player + 1, space + 1)
    except KeyError:
        return None


def summon_cost(
    state: GameState, ruleset: Ruleset, terms: ActionTerms | None = None, space: int = 0
) -> Gains | None:
    """What summoning from the Ally ``space`` at your port costs you now under ``terms``
    (discounts counted, never below nothing); ``None`` when only the table knows."""
    terms = terms or ActionTerms()
    if terms.augustales_instead is not None:
        return Gains(augustales=terms.augustales_instead)
    if terms.free_grain:
        return Gains()
    printed = printed_summon_grain(state, ruleset, space)
    if printed is None:
        return None
    off = terms.discount.grain + workplace_discount(state, "summon").grain
    return Gains(grain=max(0, printed - off))


def next_ally_space(state: GameState) -> int:
    """The Ally space of your Player Board (from 1) your next Ally takes: they fill the
    spaces in order."""
    return len(state.player.allies) + 1


def summon_marks_edict(state: GameState, ruleset: Ruleset) -> bool | None:
    """True when the Ally you summon now lands on the Player Board's marked Ally space (so
    the Summon issues an Edict), False when it does not, ``None`` when the game has no
    Player Board data (the player says).

    >>> from solo_deck import GameSetup, load_ruleset, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> summon_marks_edict(state, load_ruleset())  # the first Ally, on space 1: marked
    True
    """
    board = ruleset.player_board
    if board is None:
        return None
    used = state.player.marked_allies >= PlayerLimits.from_ruleset(ruleset).marked_ally_spaces
    return not used and next_ally_space(state) == board.marked_ally_space
