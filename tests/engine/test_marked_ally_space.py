"""Issue 25: the Player Board's marked Ally space as data. Your Allies take the Ally spaces
of your Player Board in order; the Summon whose Ally lands on the marked space issues an
Edict, taken from the board (the player is not asked). A game without the Player Board,
and Summons recorded before the board decided, keep what the player said."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import (
    GameSetup,
    RuleError,
    SoloGame,
    correct_board,
    load_ruleset,
    summon_marks_edict,
    with_boards,
)
from solo_deck.data.loaders import load_player_board
from solo_deck.events import Correct, PlayCard, SummonAlly
from solo_deck.setup import initial_state

RICH = {"grain": 3, "stone": 0, "augustales": 20}


def marked_on(space: int) -> Any:
    """The packaged ruleset with the Player Board's Edict mark on Ally space ``space``."""
    board = correct_board(load_player_board(), "marked_ally_space", str(space))
    return with_boards(load_ruleset(), {"player_board": board})


def summoning(make_setup: Callable[..., GameSetup], ruleset: Any, **player: Any) -> SoloGame:
    """A game on ``ruleset`` (Tento face up in Roma, Gisela in Alexandria), a card played
    face down for a Summon."""
    setup = make_setup(ruleset=ruleset, port_allies=("tento", "gisela"))
    state = initial_state(setup)
    changed = state.player.model_copy(update=RICH | player)
    game = SoloGame(
        setup.model_copy(update={"start": state.model_copy(update={"player": changed})})
    )
    game.push(PlayCard(slot=3, face_up=False, actions=("summon",)))
    return game


def test_the_ally_on_the_marked_space_issues_an_edict(
    make_setup: Callable[..., GameSetup],
) -> None:
    game = summoning(make_setup, load_ruleset())  # the packaged board marks space 1
    assert summon_marks_edict(game.state, game.setup.ruleset) is True
    game.push(SummonAlly(ally_id="tento", grain=3))
    first = game.state.obligation
    assert first is not None and first.does == "edict"
    assert game.state.player.marked_allies == 1


def test_an_ally_off_the_marked_space_issues_none(make_setup: Callable[..., GameSetup]) -> None:
    game = summoning(make_setup, marked_on(2))
    assert summon_marks_edict(game.state, game.setup.ruleset) is False
    game.push(SummonAlly(ally_id="tento", grain=3))
    assert not game.state.pending and game.state.player.marked_allies == 0


def test_the_second_ally_lands_on_space_two(make_setup: Callable[..., GameSetup]) -> None:
    game = summoning(make_setup, marked_on(2), allies=("gisela",))
    game.push(Correct(target="player.sites", value="T1 W1 T2"))  # room for a second Ally
    assert summon_marks_edict(game.state, game.setup.ruleset) is True
    game.push(SummonAlly(ally_id="tento", grain=3))
    assert game.state.obligation is not None and game.state.obligation.does == "edict"
    assert game.state.obligation.source == "marked Ally space"


def test_a_summon_recorded_with_its_mark_keeps_it(make_setup: Callable[..., GameSetup]) -> None:
    """A Summon saved before the board decided (schema 3) says its mark: it is kept."""
    said = summoning(make_setup, load_ruleset())
    said.push(SummonAlly(ally_id="tento", grain=3, edict_mark=False))
    assert not said.state.pending
    again = summoning(make_setup, marked_on(2))
    again.push(SummonAlly(ally_id="tento", grain=3, edict_mark=True))
    assert again.state.obligation is not None and again.state.obligation.does == "edict"


def test_the_marked_space_holds_one_ally(make_setup: Callable[..., GameSetup]) -> None:
    game = summoning(make_setup, load_ruleset(), marked_allies=1)
    assert summon_marks_edict(game.state, game.setup.ruleset) is False
    with pytest.raises(RuleError, match="marked Ally space already holds an Ally"):
        game.push(SummonAlly(ally_id="tento", grain=3, edict_mark=True))


def test_without_the_player_board_the_player_says(make_game: Callable[..., SoloGame]) -> None:
    game = make_game(port_allies=("tento",))  # the board-less ruleset of schema-2 games
    assert summon_marks_edict(game.state, game.setup.ruleset) is None
    game.push(PlayCard(slot=0, face_up=False, actions=("summon",)))
    game.push(SummonAlly(ally_id="tento", grain=1))  # nothing said: no Edict
    assert not game.state.pending
