"""The engine's quick ``model_copy`` (``solo_deck.model.base``) gives what pydantic's own
gives: the same values, the same fields set, an equal and equally hashable model, a model
that stays frozen. It reaches pydantic's internal attributes, so a pydantic upgrade that
changes them fails here first."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from solo_deck import GameSetup, parse_edict
from solo_deck.model.player import PlayerState, Specialist
from solo_deck.setup import initial_state


def pydantic_copy(model: BaseModel, **update: object) -> BaseModel:
    return BaseModel.model_copy(model, update=update or None)


@pytest.mark.parametrize(
    ("model", "update"),
    [
        (PlayerState(), {"vp": 3}),
        (PlayerState(grain=2), {}),
        (Specialist(path="A", space=2), {"space": 3}),
        (
            initial_state(
                GameSetup(
                    active_edicts=(parse_edict("2T"),) * 3,
                    next_edicts=(parse_edict("1G"),) * 3,
                    edict_pile=18,
                )
            ),
            {"round": 2, "hand": 4},
        ),
    ],
)
def test_the_quick_copy_is_pydantics_copy(model: BaseModel, update: dict[str, object]) -> None:
    quick = model.model_copy(update=update or None)
    theirs = pydantic_copy(model, **update)
    assert type(quick) is type(model)
    assert quick == theirs and quick.__dict__ == theirs.__dict__
    assert quick.model_fields_set == theirs.model_fields_set
    assert hash(quick) == hash(theirs)
    assert quick.model_dump() == theirs.model_dump()
    with pytest.raises(ValidationError, match="frozen"):
        quick.vp = 9  # type: ignore[attr-defined]


def test_a_copy_leaves_the_original_as_it_was() -> None:
    player = PlayerState(grain=2)
    copied = player.model_copy(update={"grain": 5})
    assert (player.grain, copied.grain) == (2, 5)
    assert "grain" in copied.model_fields_set and player.model_copy() == player
    deep = player.model_copy(deep=True)
    assert deep == player and deep is not player


def test_copies_change_no_fields_set_they_share() -> None:
    """A copy without an update shares its original's fields set; a copy with one gets a
    set of its own, and neither changes the original's."""
    player = PlayerState(grain=2)
    plain = player.model_copy()
    updated = plain.model_copy(update={"vp": 1})
    assert player.model_fields_set == plain.model_fields_set == {"grain"}
    assert updated.model_fields_set == {"grain", "vp"}
