"""Every move the engine accepts now: the generator beside the judge.

:func:`legal_moves` asks the gate (:mod:`solo_deck.rules.gate`) which event types may come
now and lists, for each, the events of that type the engine accepts, built from the same
rules that judge them: a site's offer, a Summon's cost, a card's price, the Market's
trades, the Edict's legal choices, the hand's cards. Where hidden information enters (a
tile drawn, a card drawn, an Ally or card turned up, Frederick's card), each outcome is one
move with its probability from what is public (:mod:`~solo_deck.rules.legal.hidden`).

Corrections (``gain``, ``correct``, ``check_board``) are never listed: they can set
anything and are not moves. The names of what lies at a port are listed only while unknown
(naming a known one is a correction). Moves are one per distinct outcome: the Specialists
waiting beside the board are alike, so the first of them stands for all.

Invariants, tested on every state of thousands of seeded games: the engine accepts every
event listed, and :meth:`SoloGame.allowed <solo_deck.game.SoloGame.allowed>` says yes to a
type (besides the corrections and the names of what lies at a port) exactly when at least
one event of that type is listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from solo_deck.data.assumed import load_assumptions
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.moves import Move
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.gate import allowed_types
from solo_deck.rules.legal import actions, follow, hidden, turn
from solo_deck.rules.legal.scope import Scope

CORRECTIONS = frozenset({"gain", "correct", "check_board"})
"""Event types never listed: they can set anything."""
ALWAYS_TOLD = frozenset({"name_ally", "name_card"})
"""Event types the gate always allows, listed only while what they name is unknown."""

Generator = Callable[[Scope], Iterable[Move]]

GENERATORS: dict[str, Generator] = {
    "travel": turn.travel,
    "play_card": turn.play_card,
    "pass": turn.pass_turn,
    "frederick_turn": turn.frederick_turn,
    "reveal_edict": hidden.reveal_edict,
    "name_hand": lambda scope: hidden.name_hand(scope.state),
    "build": actions.build,
    "promote": actions.promote,
    "summon_ally": actions.summon,
    "buy_card": actions.purchase,
    "visit_market": actions.market,
    "resolve": follow.resolve,
    "decline": follow.decline,
    "drop_resources": follow.drop_resources,
    "take_edict_reward": follow.take_edict_reward,
    "player_edict": follow.player_edict,
    "place_workplace": hidden.place_workplace,
    "choose_city_bonus": hidden.choose_city_bonus,
    "castle_income": lambda scope: [follow.END_PHASE_STEPS["castle_income"]],
    "ally_income": lambda scope: [follow.END_PHASE_STEPS["ally_income"]],
    "reorganise": lambda scope: [follow.END_PHASE_STEPS["reorganise"]],
    "end_round": lambda scope: [follow.END_PHASE_STEPS["end_round"]],
}
"""The moves of each event type, when the gate allows it."""


def legal_moves(
    state: GameState,
    ruleset: Ruleset,
    *,
    difficulty: str = "medium",
    easier_solo: bool = False,
) -> tuple[Move, ...]:
    """Every move the engine accepts in ``state`` under ``ruleset`` (the ruleset in force:
    the setup's with the board values told). ``difficulty`` and ``easier_solo`` (the
    setup's) weigh the Market tiles and the Edict tiles that may come.

    >>> from solo_deck import GameSetup, load_ruleset, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> sorted({move.event.type for move in legal_moves(state, load_ruleset())})
    ['name_ally', 'name_card', 'name_hand', 'play_card', 'travel']
    >>> [move.decision for move in legal_moves(state, load_ruleset())][:2]
    [False, False]
    """
    scope = Scope(
        state=state,
        ruleset=ruleset,
        limits=PlayerLimits.from_ruleset(ruleset),
        assumptions=load_assumptions(),
        difficulty=difficulty,
        easier_solo=easier_solo,
    )
    moves: list[Move] = []
    for kind in sorted(allowed_types(state, ruleset) - CORRECTIONS - ALWAYS_TOLD):
        moves.extend(GENERATORS[kind](scope))
    moves.extend(hidden.name_ally(scope))
    moves.extend(hidden.name_card(scope))
    return tuple(moves)


__all__ = ["ALWAYS_TOLD", "CORRECTIONS", "Move", "legal_moves"]
