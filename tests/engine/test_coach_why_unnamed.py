"""The Coach's reason names a summoned Ally only when the table has told it: an Ally its
rollouts dealt (the face-up Ally not named yet) is said to be the Ally at that port."""

from __future__ import annotations

from solo_deck.data.loaders import allies_by_id
from solo_deck.insight.coach.why import why
from solo_deck.model.state import GameState
from solo_deck.play.simulate import new_game
from solo_deck.play.table import Configuration


def summoned(state: GameState, *, told: bool) -> tuple[GameState, GameState]:
    """``(before, after)``: the Ally face up in your port summoned; ``told``: the table
    had named it before (else its name is unknown before the turn)."""
    port = state.voyage.player
    ally = state.voyage.ports[port].allies[0].face_up_id
    assert ally is not None
    before = state
    if not told:
        ports = list(state.voyage.ports)
        spaces = [ports[port].allies[0].model_copy(update={"face_up_id": None})]
        ports[port] = ports[port].model_copy(update={"allies": tuple(spaces)})
        voyage = state.voyage.model_copy(update={"ports": tuple(ports)})
        before = state.model_copy(update={"voyage": voyage})
    player = state.player.model_copy(update={"allies": (*state.player.allies, ally)})
    return before, state.model_copy(update={"player": player})


def test_an_ally_the_table_told_is_named() -> None:
    state = new_game(Configuration(), seed=3).state
    before, after = summoned(state, told=True)
    name = allies_by_id()[after.player.allies[-1]].name
    assert why(before, after).startswith(f"summons {name}")


def test_an_ally_not_named_yet_is_the_ally_at_the_port() -> None:
    state = new_game(Configuration(), seed=3).state
    before, after = summoned(state, told=False)
    name = allies_by_id()[after.player.allies[-1]].name
    port = state.voyage.ports[state.voyage.player].name
    assert why(before, after).startswith(
        f"summons the Ally at {port} (not named yet; weighed as {name})"
    )
