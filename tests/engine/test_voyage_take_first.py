"""Taking the first card or face-up Ally at a port, as Frederick's removals do."""

from __future__ import annotations

from solo_deck import Voyage


def two_spaces() -> Voyage:
    voyage = Voyage.initial(
        ["Roma", "Tunis"], start="Roma", advanced_pile=3, card_spaces=2, ally_spaces=2
    )
    voyage, _ = voyage.take_card(0, 0)  # Roma's first card space is empty
    voyage, _ = voyage.take_ally(0, 0)  # and its first Ally space face down
    return voyage


def test_take_first_card_takes_from_the_first_space_holding_one() -> None:
    voyage = two_spaces()
    after, taken = voyage.take_first_card(0)
    assert taken is not None and taken.present
    assert after == voyage.take_card(0, 1)[0]
    assert after.first_card_space(0) is None
    assert after.take_first_card(0) == (after, None)


def test_take_first_ally_takes_the_first_face_up_one() -> None:
    voyage = two_spaces()
    after, taken = voyage.take_first_ally(0)
    assert taken is not None and taken.face_up
    assert after == voyage.take_ally(0, 1)[0]
    assert after.first_ally_space(0) is None
    assert after.take_first_ally(0) == (after, None)
