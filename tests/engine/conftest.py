"""Shared fixtures for the engine tests: small factories for setups, games and card faces.

The helpers are fixtures (not an importable module) so the engine tests need no package
``__init__`` and cannot clash with the other test folders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from solo_deck import (
    CardFace,
    DeckDefinition,
    GameSetup,
    Phase,
    RuleError,
    Ruleset,
    SoloGame,
    face_down_offers,
    load_default_deck,
    load_ruleset,
)
from solo_deck.events import (
    CastleIncome,
    Correct,
    Decline,
    EndRound,
    FrederickTurn,
    Pass,
    PlayCard,
    Reorganise,
    ScoreAllyIncome,
)
from solo_deck.model.limits import PlayerLimits
from solo_deck.setup import initial_state
from tests.game_setups import ACTIVE, KNOWN_BOARD, NEXT, edict_setup, reveal_drawn

GameFactory = Callable[..., SoloGame]
SetupFactory = Callable[..., GameSetup]

TYPED_BOARD = load_ruleset().model_copy(
    update={
        "castle_board": None,
        "player_board": None,
        "voyage_board": None,
        "workplace_area": None,
    }
)
"""The packaged ruleset without its boards: the shape of games saved before the engine
knew them, whose Builds and Summons say what the table showed (cost, Edict mark, sides)
and whose face-down cards take any main action.
Most engine tests were written that way and pin the mechanics a Build sets off (bonus
order, Great Structures, Workplace benefits, income), which do not depend on where the
Structure stands; they play on it unless they pass ``ruleset=``. The board itself is
tested on the packaged ruleset (``test_castle_board.py``, the scripted whole game)."""


def _setup(
    *,
    active: Sequence[str] = ACTIVE,
    next_: Sequence[str] = NEXT,
    pile: int = 18,
    mode: str = "virtual",
    seed: int = 1,
    deck: DeckDefinition | None = None,
    ruleset: Ruleset | None = None,
    **extra: Any,
) -> GameSetup:
    return edict_setup(
        active,
        next_,
        pile=pile,
        seed=seed,
        deck_mode=mode,
        deck=deck or load_default_deck(),
        ruleset=ruleset or TYPED_BOARD,
        **extra,
    )


@pytest.fixture
def make_setup() -> SetupFactory:
    """``make_setup(active=..., next_=..., pile=..., mode=..., seed=...)`` → GameSetup."""
    return _setup


@pytest.fixture
def make_game() -> GameFactory:
    """``make_game(...)`` → a fresh SoloGame; keyword arguments as for ``make_setup``."""

    def factory(**kwargs: Any) -> SoloGame:
        return SoloGame(_setup(**kwargs))

    return factory


@pytest.fixture
def face_of() -> Callable[[str], CardFace]:
    """The face of a card of the packaged default deck, by id (``S01``…``S16``)."""
    deck = load_default_deck()
    return lambda card_id: deck.card(card_id).face


@pytest.fixture
def ruleset_with() -> Callable[..., Ruleset]:
    """A copy of the packaged ruleset with some values replaced:
    ``ruleset_with(("scoring", "most_structures_rule", "more_than"), ...)``."""

    def factory(*changes: tuple[str, str, Any]) -> Ruleset:
        data = TYPED_BOARD.model_dump()
        for section, key, value in changes:
            data[section][key]["value"] = value
        return Ruleset.model_validate(data)

    return factory


# --- playing turns ---------------------------------------------------------------------------


def free_slot(game: SoloGame) -> int:
    """The leftmost free card slot this round."""
    limits = PlayerLimits.from_ruleset(game.setup.ruleset)
    return game.state.player.free_slots(limits)[0]


def play(game: SoloGame, *actions: str, slot: int | None = None) -> None:
    """Play a card face down for ``actions`` (leftmost free slot unless given)."""
    chosen = free_slot(game) if slot is None else slot
    game.push(PlayCard(slot=chosen, face_up=False, actions=actions or ("market",)))


def idle_turn(game: SoloGame) -> None:
    """A turn in which you play a card face down and take no action with it (the quickest
    legal turn: it uses a slot and ends)."""
    slot, offered = next(iter(face_down_offers(game.state, game.setup.ruleset).items()))
    action = "market" if "market" in offered else offered[0]
    game.push(PlayCard(slot=slot, face_up=False, actions=(action,)))
    game.push(Decline())


def frederick(game: SoloGame, face: CardFace | None = None, tile: str = "1G") -> None:
    """Frederick's turn, then type any Edict tile it drew (as ``tile``)."""
    game.push(FrederickTurn(face=face))
    reveal_drawn(game, tile)


def to_end_phase(game: SoloGame) -> None:
    """Straight to the End Phase: Frederick finishes his turn if it is his, his actions are
    set to 5 and you pass."""
    if game.state.phase is Phase.FREDERICK:
        frederick(game)
    game.push(Correct(target="frederick_actions", value=5))
    game.push(Pass())
    assert game.state.phase is Phase.END_PHASE


def assert_round_over(game: SoloGame) -> None:
    """The round is in its End Phase and Frederick takes no further turn."""
    assert game.state.phase is Phase.END_PHASE
    with pytest.raises(RuleError, match="not Frederick's turn"):
        game.push(FrederickTurn())


def income_and_reorganise(game: SoloGame) -> None:
    """The End Phase in the rulebook's order, all but the end of the round: castle income,
    ally income, reorganisation (declining a Market visit from a Market side, if any)."""
    game.push(CastleIncome())
    while game.state.pending:
        game.push(Decline())
    game.push(ScoreAllyIncome())
    game.push(Reorganise())


def finish_round(game: SoloGame) -> None:
    """The whole End Phase: :func:`income_and_reorganise`, then the end of the round."""
    income_and_reorganise(game)
    game.push(EndRound())


def complete_castle(game: SoloGame, keeps: int = 3) -> None:
    """Corrections that give you all 5 Towers, all 5 Walls and ``keeps`` Keeps (3 complete
    the castle; 2 leave one Keep to build)."""
    for target, value in (("player.towers", 5), ("player.walls", 5), ("player.keeps", keeps)):
        game.push(Correct(target=target, value=value))


def play_round(game: SoloGame) -> None:
    """A whole round of idle turns: yours and Frederick's, then the End Phase."""
    while game.state.phase.value in ("player", "frederick"):
        if game.state.phase.value == "player":
            idle_turn(game)
        else:
            frederick(game)
    finish_round(game)


@pytest.fixture
def turns() -> Any:
    """The turn helpers as one namespace: ``turns.play``, ``turns.idle_turn``,
    ``turns.frederick``, ``turns.to_end_phase``, ``turns.assert_round_over``,
    ``turns.income_and_reorganise``, ``turns.finish_round``, ``turns.play_round``,
    ``turns.free_slot``, ``turns.complete_castle``."""

    class Turns:
        pass

    kit = Turns()
    for helper in (
        free_slot,
        play,
        idle_turn,
        frederick,
        to_end_phase,
        assert_round_over,
        income_and_reorganise,
        finish_round,
        play_round,
        complete_castle,
    ):
        setattr(kit, helper.__name__, staticmethod(helper))
    return kit


@pytest.fixture
def known_board() -> dict[str, Any]:
    """Setup keywords for :data:`KNOWN_BOARD` (``make_game(**known_board)``)."""
    return dict(KNOWN_BOARD)


@pytest.fixture
def game_with(make_setup: SetupFactory, known_board: dict[str, Any]) -> Callable[..., SoloGame]:
    """``game_with(player={...}, **setup)``: a game that starts from the initial position
    with your side changed as given (a known board unless the setup says otherwise)."""

    def factory(player: dict[str, Any] | None = None, **kwargs: Any) -> SoloGame:
        setup = make_setup(**(known_board | kwargs))
        state = initial_state(setup)
        if player:
            state = state.model_copy(update={"player": state.player.model_copy(update=player)})
        return SoloGame(setup.model_copy(update={"start": state}))

    return factory
