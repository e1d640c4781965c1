"""Name your hand: say which cards of your hand the engine does not know by name yet, so
that what weighs your turns (the Coach) weighs only the cards you hold.

The dialog lists the cards that may be in your hand and can still be named (the engine's
:func:`~solo_deck.cards_you_may_hold`, less the cards whose every copy is known elsewhere:
:func:`~solo_deck.pool`), one count each, empty by default: nothing is named until you
say so. The counts are checked by the engine before anything is recorded (a hand holds
no more unnamed cards than :func:`~solo_deck.unknown_in` says), and one
:class:`~solo_deck.events.NameHand` is recorded with them all.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from companion.i18n import N_, _, ngettext, pgettext, shown
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.play_card import card_choices
from companion.ui.widgets.number_field import NumberField
from companion.ui.wording import worded
from solo_deck import cards_you_may_hold, pool, unknown_in
from solo_deck.events import NameHand

if TYPE_CHECKING:
    from solo_deck import GameState, Ruleset


def nameable(state: GameState) -> list[tuple[str, str, int]]:
    """``(card id, text, at most)`` for each card of your hand that may be named now, in
    the order the Play dialog lists them: the cards you may hold with a copy whose place
    is not known; ``at most`` is how many of it your hand may hold among its unnamed
    cards (its copies not known elsewhere, and no more than the unnamed cards)."""
    unnamed = unknown_in(state)["hand"]
    if unnamed < 1:
        return []
    free = pool(state)
    cards = [card for card in cards_you_may_hold(state) if free[card] > 0]
    return [(card, text, min(free[card], unnamed)) for card, text in card_choices(state, cards)]


def named_already(state: GameState) -> str:
    """The cards of your hand the engine knows by name, as the dialog lists them
    (``House card: +1 Stone ×2``), or ``""``."""
    known = Counter(state.cards.hand_known)
    texts = dict(card_choices(state, known))
    return "; ".join(
        texts.get(card, card) + (f" ×{count}" if count > 1 else "") for card, count in known.items()
    )


def field_id(card: str) -> str:
    """The id of ``card``'s count (card ids hold only letters, digits and dashes)."""
    return f"count-{card}"


class NameHandModal(GameEventModal[NameHand]):
    """One count a card (Tab from one to the next; ctrl+s records them all as one event).
    Under the counts, how many of the unnamed cards they name."""

    DIALOG_TITLE = N_("Name your hand")
    OK_LABEL = "Name"  # a verb here: :attr:`ok_label` words it with its context
    ENTER_IN_FIELD_RECORDS = False
    DEFAULT_CSS = """
    NameHandModal #hand-counts { height: auto; margin-top: 1; }
    NameHandModal #hand-counts NumberField > .number-label,
    NameHandModal #hand-counts NumberField > .number-message { height: auto; min-height: 3; }
    NameHandModal #hand-counts NumberField > .number-label { width: 1fr; padding-right: 1; }
    NameHandModal #hand-counts NumberField > .number-message { width: 12; }
    NameHandModal #hand-counts NumberField > Input { width: 7; }
    NameHandModal #hand-counts NumberField.-compact > .number-label,
    NameHandModal #hand-counts NumberField.-compact > .number-message { min-height: 1; }
    NameHandModal #hand-counts NumberField.-compact > Input { width: 5; background: $panel; }
    NameHandModal #hand-total { margin-top: 1; }
    """

    def __init__(self, state: GameState, ruleset: Ruleset) -> None:
        super().__init__(state, ruleset)  # it answers nothing owed: the table tells it
        self.unnamed = unknown_in(state)["hand"]
        """How many cards of your hand are not known by name."""
        self.cards: list[tuple[str, str, int]] = []
        """``(card id, text, at most)`` of each count shown (:func:`nameable`)."""
        self.refusal: str | None = None
        """Why the engine names no card of your hand now (``None``: it does)."""

    @property
    def ok_label(self) -> str:
        """``Name`` the verb (the noun is another message)."""
        return pgettext("verb", "Name")

    def compose_body(self) -> ComposeResult:
        refusal = self.session.why_not("name_hand")
        self.refusal = None if refusal is None else shown(refusal)
        self.cards = nameable(self.state) if self.refusal is None else []
        if self.cards:
            yield Label(self._intro_text(), id="hand-intro", classes="muted")
            known = named_already(self.state)
            if known:
                yield Label(self._known_text(known), id="hand-known", markup=False)
        with Vertical(id="hand-counts"):
            for card, text, most in self.cards:
                yield NumberField(
                    text,
                    0,
                    maximum=most,
                    optional=True,
                    hint=_("up to {count}").format(count=most),
                    id=field_id(card),
                    compact=not self.app.is_web,  # in a browser, three lines a finger taps
                )
        if self.cards:
            yield Label(self._total_text(), id="hand-total")
            yield Label(self._keys_text(), id="hand-keys", classes="muted")

    def _intro_text(self) -> str:
        return ngettext(
            "{count} card of your hand is not named. Say how many of each card you hold;"
            " leave the others at 0.",
            "{count} cards of your hand are not named. Say how many of each card you"
            " hold; leave the others at 0.",
            self.unnamed,
        ).format(count=self.unnamed)

    @staticmethod
    def _known_text(known: str) -> str:
        return _("Already named: {cards}").format(cards=known)

    def _keys_text(self) -> str:
        return worded(
            self,
            _("Tab moves to the next card; ctrl+s names them ({button}).").format(
                button=self.ok_label
            ),
            _("Tap a count and type it, then {button}.").format(button=self.ok_label),
        )

    def field_words(self) -> dict[str, tuple[str, str | None]]:
        """Each card's count: the card's words and its most, in the language in use."""
        return {
            field_id(card): (text, _("up to {count}").format(count=most))
            for card, text, most in self.cards
        }

    def relabel(self) -> None:
        """The dialog's words again in the language in use (the counts typed stay)."""
        if self.cards:
            self.cards = nameable(self.state)  # the cards' words in the language in use
        super().relabel()
        if not self.cards:
            if self.refusal is not None and (refusal := self.session.why_not("name_hand")):
                self.refusal = shown(refusal)
            self._say_nothing_to_name()
            return
        self.query_one("#hand-intro", Label).update(self._intro_text())
        for known in self.query("#hand-known").results(Label):
            known.update(self._known_text(named_already(self.state)))
        self.query_one("#hand-total", Label).update(self._total_text(sum(self.counts().values())))
        self.query_one("#hand-keys", Label).update(self._keys_text())

    def _say_nothing_to_name(self) -> None:
        self.show_error(self.refusal or _("no card of your hand can be named now"))

    def on_mount(self) -> None:
        if not self.cards:
            self._say_nothing_to_name()
            return
        self.query_one(NumberField).input.focus()

    # --- the counts -------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """The count typed for each card (0 where empty or not a number in range)."""
        return {
            card: self.query_one(f"#{field_id(card)}", NumberField).value or 0
            for card, _, _ in self.cards
        }

    def _total_text(self, named: int = 0) -> str:
        return ngettext(
            "Named: {named} of the {count} unnamed card.",
            "Named: {named} of the {count} unnamed cards.",
            self.unnamed,
        ).format(named=named, count=self.unnamed)

    @on(Input.Changed)
    def _count_changed(self, event: Input.Changed) -> None:
        if self.cards:
            total = sum(self.counts().values())
            self.query_one("#hand-total", Label).update(self._total_text(total))

    def build_event(self) -> NameHand | None:
        if not self.cards:
            self._say_nothing_to_name()
            return None
        fields = [self.query_one(f"#{field_id(card)}", NumberField) for card, _, _ in self.cards]
        if not all([field.check() for field in fields]):
            self.show_error(_("fix the counts marked in red"))
            return None
        named = [card for card, count in self.counts().items() for _ in range(count)]
        if not named:
            self.show_error(_("say how many of at least one card you hold"))
            return None
        self.show_error(None)
        try:
            return NameHand(cards=tuple(named))
        except ValueError:  # more cards than one event names (pydantic's refusal)
            self.show_error(
                _("{count} cards are more than one naming holds: name fewer").format(
                    count=len(named)
                )
            )
            return None
