"""A card named in the Purchase dialog that you cannot buy now (its Action card with your
hand and discard pile empty) is said so at once, by the engine's ``why_not_buy``, and Buy
records nothing: the dialog never asks for a card to remove from an empty list."""

from __future__ import annotations

from pathlib import Path

from companion.ui.screens.modals.buy_card import BuyCardModal
from solo_deck import why_not_buy
from solo_deck.events import Decline
from tests.app.action_dialog_helpers import Host, face_down, frederick_plays, new_session, press


def last_card_for_purchase(folder: Path) -> Host:
    """Four cards played (each action declined), then the fifth, the last in hand, face
    down for a Purchase: hand and discard pile are empty."""
    session = new_session(folder)
    for slot, action in enumerate(("promote", "market", "summon", "build")):
        session.push(face_down(action, slot))  # type: ignore[arg-type]
        session.push(Decline())
        frederick_plays(session)
    session.push(face_down("purchase", 4))
    assert session.state.hand == 0
    return Host(session, BuyCardModal)


async def test_a_card_you_cannot_buy_is_said_at_once_and_buy_records_nothing(
    tmp_path: Path,
) -> None:
    app = last_card_for_purchase(tmp_path)
    async with app.shown() as pilot:
        await press(pilot, "a", "5", "enter")  # A5: paid with an Action card
        why = why_not_buy(app.session.state, "A5")
        assert why is not None and "hand and discard pile are empty" in why
        assert app.text_of("#price").startswith(f"You cannot buy A5 now: {why}")
        assert not app.screen.query_one("#removes-row").display  # no list to pick from
        await press(pilot, "ctrl+s")
        assert "decline it" in app.dialog_error()
    assert app.results == []


async def test_a_card_you_can_buy_shows_its_price_as_before(tmp_path: Path) -> None:
    app = last_card_for_purchase(tmp_path)
    async with app.shown() as pilot:
        await press(pilot, "a", "6", "enter")  # A6: 5 Augustales, you hold 6
        assert why_not_buy(app.session.state, "A6") is None
        assert app.text_of("#price") == "Price: 5 Augustales."
