"""Board values told mid-game: a still-assumed value of one of your boards, checked against
your box the first time a move relies on it (:class:`~solo_deck.events.CheckBoard`).

The game keeps the checks in its state (``GameState.board_checks``, oldest first); the
ruleset a move plays on is the setup's with every check so far applied
(:func:`ruleset_in_force`), so undo, redo and a resumed game see the board as it was told.
A check goes through the board's own refusals (:func:`solo_deck.data.boards.correct_board`)
and the ruleset's (a board that does not fit the game is refused, saying why). Mid-game
only printed numbers and marks may be told (:data:`TOLD_MID_GAME`): the shape of a board
(which Towers a Wall joins, side incomes, Keep Covers, tile pairs, setup pieces) is the
Board screen's, before a game, as pieces already stand on it.

>>> from solo_deck import load_ruleset
>>> ruleset = load_ruleset()
>>> told = ruleset_in_force(ruleset, (("voyage_board", "port1.space1", "2"),))
>>> told.voyage_board.grain_at(1), ruleset.voyage_board.grain_at(1)
(2, 3)
>>> ruleset_in_force(ruleset, ()) is ruleset
True
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import NamedTuple

from solo_deck.data.boards import BOARDS, board_facts, correct_board, with_boards
from solo_deck.errors import RuleError
from solo_deck.events import CheckBoard
from solo_deck.model.board_fact_lists import arrow_key, voyage_key
from solo_deck.model.board_facts import YOURS, BoardFact, BoardRefused
from solo_deck.model.grants import ActionTerms
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.context import Context, Outcome
from solo_deck.text import t

TOLD_MID_GAME = ("cost", "count", "amount", "flag")
"""The kinds of fact a game in progress may be told (see the module)."""

BoardChecks = tuple[tuple[str, str, str], ...]
"""``(board, key, value)`` of each check told, oldest first."""

_IN_FORCE: dict[tuple[int, BoardChecks], tuple[Ruleset, Ruleset]] = {}
"""Rulesets with checks applied, by the setup ruleset's identity and the checks (a game
replays many events on the same checks: each is applied once)."""


def _apply(ruleset: Ruleset, board: str, key: str, value: str) -> Ruleset:
    """``ruleset`` with one check applied; :class:`RuleError` saying why when refused."""
    kind = BOARDS.get(board)
    current = getattr(ruleset, board, None) if kind is not None else None
    if kind is None or current is None:
        raise RuleError(
            t("this game has no {title} data to check", title=kind.title if kind else repr(board))
        )
    try:
        corrected = correct_board(current, key, value)
        return with_boards(ruleset, {board: corrected})
    except BoardRefused as exc:
        raise RuleError(
            t("your {title} cannot show that: {exc}", title=kind.title, exc=exc)
        ) from None


def ruleset_in_force(ruleset: Ruleset, checks: BoardChecks) -> Ruleset:
    """The setup's ``ruleset`` with the ``checks`` applied in order (the same object when
    there are none)."""
    if not checks:
        return ruleset
    key = (id(ruleset), checks)
    hit = _IN_FORCE.get(key)
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    result = _apply(ruleset_in_force(ruleset, checks[:-1]), *checks[-1])
    if len(_IN_FORCE) > 64:
        _IN_FORCE.clear()
    _IN_FORCE[key] = (ruleset, result)
    return result


def fact_of(ruleset: Ruleset, board: str, key: str) -> BoardFact | None:
    """The fact ``key`` of the game's ``board`` (``None``: the game has no such board or
    fact)."""
    current = getattr(ruleset, board, None) if board in BOARDS else None
    if current is None:
        return None
    return next((fact for fact in board_facts(current) if fact.key == key), None)


def needs_check(ruleset: Ruleset, board: str, key: str) -> BoardFact | None:
    """The fact ``key`` of ``board`` when its value is still assumed in this game (a move
    relying on it asks once), else ``None`` (printed in the rulebook, or yours).

    >>> from solo_deck import load_ruleset
    >>> needs_check(load_ruleset(), "castle_board", "T2.cost").value
    '1 Stone'
    >>> needs_check(load_ruleset(), "voyage_board", "port4.space1") is None  # rulebook
    True
    """
    fact = fact_of(ruleset, board, key)
    if fact is None or fact.source.startswith(("rulebook", YOURS)):
        return None
    return fact


class Unchecked(NamedTuple):
    """A board value a move relies on that is still assumed: the board (ruleset field) and
    the fact, as the Board screen shows it."""

    board: str
    fact: BoardFact

    def told(self, text: str) -> CheckBoard:
        """The event telling that the box shows ``text`` for this value."""
        return CheckBoard(board=self.board, key=self.fact.key, value=text.strip())


def unchecked(ruleset: Ruleset, board: str, key: str) -> Unchecked | None:
    """:func:`needs_check` with its board, for a front end to ask once."""
    fact = needs_check(ruleset, board, key)
    return None if fact is None else Unchecked(board, fact)


def site_cost_unchecked(
    ruleset: Ruleset, site_id: str, terms: ActionTerms | None = None
) -> Unchecked | None:
    """The printed cost of Castle Board site ``site_id``, when still assumed and a Build
    under ``terms`` would pay it (a free Build's or one paid in Augustales does not)."""
    if terms is not None and terms.waives_build_cost:
        return None
    return unchecked(ruleset, "castle_board", f"{site_id}.cost")  # i18n: not for a player


def summon_cost_unchecked(state: GameState, ruleset: Ruleset, space: int = 0) -> Unchecked | None:
    """The Summon cost under the 0-based Ally ``space`` at your port, when still assumed.

    >>> from solo_deck import GameSetup, load_ruleset, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> summon_cost_unchecked(state, load_ruleset()).fact.place  # your ship is in Roma
    'Port 1 (Roma)'
    """
    return unchecked(ruleset, "voyage_board", voyage_key(state.voyage.player + 1, space + 1))


def arrow_unchecked(ruleset: Ruleset, path: str, into: int) -> Unchecked | None:
    """The Grain on the arrow into space ``into`` of ``path``, when still assumed."""
    return unchecked(ruleset, "workplace_area", arrow_key(path, into))


def marked_space_unchecked(ruleset: Ruleset) -> Unchecked | None:
    """Which Ally space of your Player Board shows the Edict mark, when still assumed."""
    return unchecked(ruleset, "player_board", "marked_ally_space")


def check_board(state: GameState, event: CheckBoard, ruleset: Ruleset) -> tuple[GameState, str]:
    """Apply one check: the state remembers it (``ruleset`` is the one in force before)."""
    fact = fact_of(ruleset, event.board, event.key)
    if fact is None and event.board in BOARDS and getattr(ruleset, event.board) is not None:
        raise RuleError(
            t("your {title} has no value {key!r}", title=BOARDS[event.board].title, key=event.key)
        )
    if fact is not None and (fact.kind not in TOLD_MID_GAME or fact.key == "locked_slot"):
        raise RuleError(
            t(
                "{place} · {fact} is part of the board's shape: check it on "
                "the Board screen before a game, not during one",
                place=fact.place,
                fact=fact.label,
            )
        )
    after = _apply(ruleset, event.board, event.key, event.value)
    check = (event.board, event.key, event.value)
    new_state = state.model_copy(update={"board_checks": (*state.board_checks, check)})
    told = fact_of(after, event.board, event.key)
    assert fact is not None and told is not None
    return new_state, t(
        "Checked on your board: {place} · {fact}: {told}",
        place=fact.place,
        fact=fact.label,
        told=told.value,
    )


def check_outcome(state: GameState, event: CheckBoard, ctx: Context) -> Outcome:
    """:func:`check_board` as a handler: nothing is met or triggered."""
    new_state, text = check_board(state, event, ctx.ruleset)
    return new_state, text, []
