"""Buy the Advanced Action card at your ship's port: which card (preselected when the app
knows it), its price as the rules give it, what it does at once, and for a card paid with
an Action card, the card you remove from the game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Label, Select

from companion.i18n import N_, _, ngettext, shown
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.play_card import card_choices
from companion.ui.screens.modals.terms import port_name
from companion.ui.widgets.search_select import SearchSelect
from companion.ui.widgets.toggles import ClearCheckbox
from companion.ui.widgets.touch_select import TouchSelect
from solo_deck import (
    advanced_cards_by_id,
    card_price,
    cards_you_may_remove,
    describe_grant,
    load_advanced_cards,
    why_not_buy,
)
from solo_deck.events import BuyCard

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset


def card_options(exclude: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``(label, id)`` for every Advanced card not in ``exclude``:
    ``A7 · 1 Action card · Gain 6 Augustales.``"""
    skip = set(exclude)
    return [
        (f"{c.id} · {shown(str(c.cost))} · {shown(c.effect)}", c.id)
        for c in load_advanced_cards()
        if c.id not in skip
    ]


REMOVES_PROMPT = N_("the Action card you remove from the game")
FROM_HAND = N_("It comes from my hand (else from my discard pile)")
"""The prompt of the card to remove and the box of where it comes from (English, shown
through ``_``)."""


class BuyCardModal(GameEventModal[BuyCard]):
    """The card (named by the app when it knows it, else a searchable list), its price
    from the rules, its effect, and the card you remove when it costs an Action card. Buy
    records."""

    DIALOG_TITLE = N_("Buy an Advanced Action card")
    OK_LABEL = N_("Buy")
    DEFAULT_CSS = """
    BuyCardModal #card { margin-bottom: 1; }
    BuyCardModal #removes-row { height: auto; }
    BuyCardModal #removes-row > Label { width: 8; height: 3; content-align: left middle; }
    BuyCardModal #removes-row > Select { width: 1fr; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        voyage = state.voyage
        self.port = voyage.player
        self.space = voyage.first_card_space(self.port)

    @property
    def known_id(self) -> str | None:
        """The id of the card lying here, if the app knows it."""
        if self.space is None:
            return None
        card_id = self.state.voyage.ports[self.port].cards[self.space].card_id
        return card_id if card_id in advanced_cards_by_id() else None

    def elsewhere(self) -> set[str]:
        """Cards you own and cards known to lie in other card spaces."""
        taken = set(self.state.player.advanced_cards)
        for index, port in enumerate(self.state.voyage.ports):
            for number, space in enumerate(port.cards):
                if space.present and space.card_id and (index, number) != (self.port, self.space):
                    taken.add(space.card_id)
        return taken

    def chosen(self) -> str | None:
        """The card being bought (known, or chosen in the list)."""
        if self.known_id is not None:
            return self.known_id
        value = self.query_one("#card", Select).value
        return value if isinstance(value, str) else None

    @property
    def removable(self) -> set[str]:
        """The cards a Purchase may remove now, from your hand or your discard pile (the
        engine's list)."""
        return {card for card, _ in cards_you_may_remove(self.state)}

    def removes_card(self, card_id: str | None) -> bool:
        """True when ``card_id`` is paid by removing an Action card."""
        return card_id is not None and card_price(self.state, card_id) is None

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield Label(self._info(), classes="muted", id="buy-info")
        if self.known_id is not None:
            yield Label(self._known_line(), id="known", markup=False)
        else:
            yield SearchSelect(
                card_options(self.elsewhere()), prompt=self._card_prompt(), id="card"
            )
        yield Label("", id="price", markup=False)
        yield Label("", id="effect", classes="muted", markup=False)
        with Horizontal(id="removes-row"):
            yield Label(_("Remove"), id="removes-label")
            yield TouchSelect(self._removable_options(), prompt=_(REMOVES_PROMPT), id="removes")
        yield ClearCheckbox(
            _(FROM_HAND),
            any(from_hand for _, from_hand in cards_you_may_remove(self.state)),
            id="from-hand",
        )

    def relabel(self) -> None:
        """Word the lines, the lists, the price and the box again (the card chosen, the
        card removed and the tick stay)."""
        super().relabel()
        self.query_one("#buy-info", Label).update(self._info())
        for known in self.query("#known").results(Label):
            known.update(self._known_line())
        for card in self.query("#card").results(SearchSelect):
            card.reword(card_options(self.elsewhere()), self._card_prompt())
        self.query_one("#removes-label", Label).update(_("Remove"))
        removes = self.query_one("#removes", TouchSelect)
        removes.reword(self._removable_options(), _(REMOVES_PROMPT))
        self.query_one("#from-hand", ClearCheckbox).label = _(FROM_HAND)
        self._sync()

    def _port(self) -> str:
        return port_name(self.state.voyage.ports[self.port].name)

    def _info(self) -> str:
        """Where your ship is, your Augustales and the cards in your hand."""
        held = self.state.hand
        if held is None:
            told = _("Your ship is in {port}; you have {coins} Augustales.")
        else:
            told = ngettext(
                "Your ship is in {port}; you have {coins} Augustales and {count} card in hand.",
                "Your ship is in {port}; you have {coins} Augustales and {count} cards in hand.",
                held,
            )
        return told.format(port=self._port(), coins=self.state.player.augustales, count=held)

    def _known_line(self) -> str:
        card = advanced_cards_by_id()[self.known_id or ""]
        return _("The card in {port}: {card} · {effect}").format(
            port=self._port(), card=card.id, effect=shown(card.effect)
        )

    def _card_prompt(self) -> str:
        return _("which card lies in {port}? (type its id, e.g. A7)").format(port=self._port())

    def _removable_options(self) -> list[tuple[str, str]]:
        return [(text, card_id) for card_id, text in card_choices(self.state, self.removable)]

    def on_mount(self) -> None:
        self._sync()
        selects = {select.id: select for select in self.query(Select)}
        first = selects.get("card") if self.known_id is None else None
        (first or self._after_card()).focus()
        self.show_refusal("buy_card")

    def _after_card(self) -> Widget:
        if self.removes_card(self.chosen()):
            return self.query_one("#removes", Select)
        return self.query_one("#ok")

    @on(Select.Changed, "#removes")
    def _removes_changed(self, event: Select.Changed) -> None:
        """The card chosen lies in one place only: the box says which (your hand when it
        may lie in either)."""
        places = {hand for card, hand in cards_you_may_remove(self.state) if card == event.value}
        if places:
            self.query_one("#from-hand", ClearCheckbox).value = True in places

    @on(Select.Changed, "#card")
    def _card_changed(self, event: Select.Changed) -> None:
        self._sync()

    def _sync(self) -> None:
        """The price, the effect and the card to remove, for the card chosen."""
        card_id = self.chosen()
        price = self.query_one("#price", Label)
        effect = self.query_one("#effect", Label)
        self.query_one("#removes-row").display = self.removes_card(card_id)
        self.query_one("#from-hand").display = (
            self.removes_card(card_id) and self.state.hand is not None
        )
        if card_id is None:
            price.update(_("Choose the card to see its price and what it does."))
            effect.update("")
            return
        card = advanced_cards_by_id()[card_id]
        due = card_price(self.state, card_id, extra=self.terms.discount)
        if due is None:
            price.update(_("Price: remove one of your Action cards from the game."))
        elif due == card.cost.augustales:
            price.update(
                ngettext("Price: {n} Augustalis.", "Price: {n} Augustales.", due).format(n=due)
            )
        else:
            price.update(
                ngettext(
                    "Price: {n} Augustalis ({cost} less your discounts).",
                    "Price: {n} Augustales ({cost} less your discounts).",
                    due,
                ).format(n=due, cost=shown(str(card.cost)))
            )
        effect.update(
            _("It acts at once after you buy it: {effect}.").format(
                effect=shown(describe_grant(card.grant))
            )
        )
        why = why_not_buy(self.state, card_id, self.terms.discount)
        if why is not None:
            price.update(
                _("You cannot buy {card} now: {why}. Decline (ctrl+d) to go on.").format(
                    card=card_id, why=shown(why)
                )
            )
            self.query_one("#removes-row").display = False
            self.query_one("#from-hand").display = False

    # --- the event -----------------------------------------------------------------------

    def build_event(self) -> BuyCard | None:
        if self.space is None:
            port = port_name(self.state.voyage.ports[self.port].name)
            self.show_error(_("there is no Advanced card in {port}").format(port=port))
            return None
        card_id = self.chosen()
        if card_id is None:
            self.show_error(_("say which card you buy (type its id to find it)"))
            return None
        why = why_not_buy(self.state, card_id, self.terms.discount)
        if why is not None:
            self.show_error(
                _("{why}: decline it, or choose the card that lies there").format(why=shown(why))
            )
            return None
        removes = None
        if self.removes_card(card_id):
            value = self.query_one("#removes", Select).value
            if not isinstance(value, str):
                self.show_error(
                    _("{card} costs an Action card: choose the card you remove").format(
                        card=card_id
                    )
                )
                return None
            removes = value
        self.show_error(None)
        from_hand = removes is not None and self.state.hand is not None
        from_hand = from_hand and self.query_one("#from-hand", ClearCheckbox).value
        return BuyCard(space=self.space, card_id=card_id, removes=removes, from_hand=from_hand)
