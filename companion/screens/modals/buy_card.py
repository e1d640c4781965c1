"""Buy the Advanced Action card at your ship's port."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import Label, Select

from companion.widgets.number_field import EventModal, NumberField
from solo_deck import GameState, load_advanced_cards
from solo_deck.cards import AdvancedCard
from solo_deck.events import BuyCard


def cards_by_id() -> dict[str, AdvancedCard]:
    """The Advanced cards keyed by id (A1–A16, B1–B16)."""
    return {card.id: card for card in load_advanced_cards()}


def card_options() -> list[tuple[str, str]]:
    """``(label, id)`` for every Advanced card: ``A7 · 3 Augustales · Gain 2 Grain.``"""
    return [(f"{c.id} · {c.cost} · {c.effect}", c.id) for c in load_advanced_cards()]


def usual_price(card_id: str | None) -> int:
    """The Augustales a card costs (0 when it is paid with an Action card or unknown)."""
    card = cards_by_id().get(card_id or "")
    if card is None or card.cost.augustales is None:
        return 0
    return card.cost.augustales


class BuyCardModal(EventModal[BuyCard]):
    """Which card it is (optional; preselected when known) and the Augustales paid."""

    DIALOG_TITLE = "Buy an Advanced Action card"
    OK_LABEL = "Buy"

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        voyage = state.voyage
        self.port = voyage.player
        self.space = voyage.first_card_space(self.port)
        self._auto_price = usual_price(self.known_id)

    @property
    def known_id(self) -> str | None:
        """The id of the card lying here, if the app knows it."""
        if self.space is None:
            return None
        return self.state.voyage.ports[self.port].cards[self.space].card_id

    def compose_body(self) -> ComposeResult:
        port = self.state.voyage.ports[self.port]
        if self.space is None:
            yield Label(f"There is no Advanced card in {port.name}.", classes="error-text")
        else:
            card = self.known_id or "a card not named yet"
            yield Label(
                f"In {port.name} lies {card}. You have {self.state.player.augustales} Augustales.",
                classes="muted",
            )
        known = self.known_id if self.known_id in cards_by_id() else None
        yield Label("Which card is it? (optional)")
        yield Select(
            card_options(),
            prompt="not named (type the id to search)",
            value=known if known is not None else Select.NULL,
            id="card",
        )
        yield Label(self._effect_text(known), id="effect", classes="muted")
        yield NumberField(
            "Augustales paid",
            self._auto_price,
            hint="0 when you paid with an Action card",
            id="paid",
        )

    def on_mount(self) -> None:
        self.query_one("#paid", NumberField).input.focus()

    @staticmethod
    def _effect_text(card_id: str | None) -> str:
        card = cards_by_id().get(card_id or "")
        if card is None:
            return "The app does not need the card's id; name it if you like."
        return f"{card.id}: costs {card.cost}. {card.effect}"

    @on(Select.Changed, "#card")
    def _card_changed(self, event: Select.Changed) -> None:
        card_id = event.value if isinstance(event.value, str) else None
        self.query_one("#effect", Label).update(self._effect_text(card_id))
        paid = self.query_one("#paid", NumberField)
        if paid.text in ("", str(self._auto_price)):
            self._auto_price = usual_price(card_id)
            paid.text = str(self._auto_price)

    def build_event(self) -> BuyCard | None:
        paid = self.query_one("#paid", NumberField)
        if not paid.check() or paid.value is None:
            self.show_error("the Augustales paid is not a valid number")
            return None
        self.show_error(None)
        card = self.query_one("#card", Select).value
        return BuyCard(
            space=self.space or 0,
            card_id=card if isinstance(card, str) else None,
            augustales=paid.value,
        )
