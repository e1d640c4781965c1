"""Taking the first card or face-up Ally at a port, as Frederick's removals do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import Voyage


def two_spaces() -> Voyage:
    voyage = Voyage.initial(
        ["Roma", "Tunis"], start="Roma", advanced_pile=3, card_spaces=2, ally_spaces=2
    )
    voyage, _ = voyage.take_card(0, 0)  # Roma's first card space is empty
    voyage, _ = voyage.take_ally(0, 0)  # and its first Ally space face down
    return voyage


@pytest.mark.parametrize(
    ("take_first", "take", "first_space", "held"),
    [
        pytest.param(
            Voyage.take_first_card,
            Voyage.take_card,
            Voyage.first_card_space,
            lambda space: space.present,
            id="card",
        ),
        pytest.param(
            Voyage.take_first_ally,
            Voyage.take_ally,
            Voyage.first_ally_space,
            lambda space: space.face_up,
            id="ally",
        ),
    ],
)
def test_take_first_takes_from_the_first_space_holding_one_and_then_finds_none(
    take_first: Callable[[Voyage, int], tuple[Voyage, Any]],
    take: Callable[[Voyage, int, int], tuple[Voyage, Any]],
    first_space: Callable[[Voyage, int], int | None],
    held: Callable[[Any], bool],
) -> None:
    voyage = two_spaces()
    after, taken = take_first(voyage, 0)
    assert taken is not None and held(taken)
    assert after == take(voyage, 0, 1)[0]
    assert first_space(after, 0) is None
    assert take_first(after, 0) == (after, None)
