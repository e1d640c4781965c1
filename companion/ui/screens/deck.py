"""The Deck screen: the 16 solo cards in use, checked one by one against the box, editable.

The packaged default deck is our guess (the rulebook never prints the faces), so it stays
PROVISIONAL until every card is ticked as checked, or until the player saves their own deck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from companion.i18n import _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import DECK_KEYS, DECK_RESET_KEYS, DECK_TABLE_KEYS, bindings
from companion.ui.screens.modals.card_editor import MOVE_LABELS, CardEditorModal
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.widgets.key_footer import KeyFooter
from solo_deck import DeckDefinition, SoloCard, describe_validation_error, load_default_deck

OWN_DECK_NAME = "My deck"


class DeckSettings(Protocol):
    """The part of the settings store the deck screen uses."""

    def deck(self) -> DeckDefinition | None: ...
    def save_deck(self, deck: DeckDefinition | None) -> Any: ...
    def verified_cards(self) -> set[str]: ...
    def set_verified(self, ids: Iterable[str]) -> Any: ...


def deck_in_use(settings: DeckSettings) -> DeckDefinition:
    """The player's saved deck, or the packaged default when none is saved."""
    return settings.deck() or load_default_deck()


def deck_is_provisional(settings: DeckSettings) -> bool:
    """True while the deck in use is the packaged (provisional) one and not all of its
    cards have been checked against the box."""
    deck = deck_in_use(settings)
    if not deck.provisional:
        return False
    verified = set(settings.verified_cards())
    return not {card.id for card in deck.cards} <= verified


def expected_flips_to_reshuffle(deck: DeckDefinition, crowns_needed: int = 2) -> str:
    """On average, how many flips until the crown that triggers a reshuffle.

    With k crowns in n shuffled cards the r-th crown lies on average at r·(n+1)/(k+1)."""
    crowns = deck.crowns
    if crowns < crowns_needed:
        return "no reshuffle possible"
    flips = crowns_needed * (len(deck.cards) + 1) / (crowns + 1)
    return f"{flips:.1f} flips"


def _yes(flag: bool) -> str:
    return "yes" if flag else "—"


class DeckTable(DataTable[str]):
    """The card table; space ticks a card as checked, enter edits it."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(DECK_TABLE_KEYS))


def reset_question() -> ConfirmModal:
    """The question asked before going back to the packaged default deck."""
    return ConfirmModal(
        _("Reset the solo deck?"),
        _(
            "Your edited cards are replaced by the packaged default deck, which is provisional. "
            "Ticks on cards whose face changes are cleared."
        ),
        yes_label=_("Reset"),
        no_label=_("Keep"),
        danger=True,
        keys=DECK_RESET_KEYS,
    )


class DeckScreen(OpensAtOnce, Hosted, Screen[None]):
    """The deck in use, its status, and the tools to check and edit it."""

    DEFAULT_CSS = """
    DeckScreen > #deck-box { padding: 0 1; }
    DeckScreen #deck-title { height: 1; margin-bottom: 1; }
    DeckScreen #deck-banner { height: auto; padding: 0 1; text-style: bold; }
    DeckScreen #deck-banner.-provisional { background: $warning 30%; color: $text; }
    DeckScreen #deck-banner.-verified { background: $success 30%; color: $text; }
    DeckScreen #deck-stats { height: auto; margin: 1 0; }
    DeckScreen DeckTable { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(DECK_KEYS))

    def __init__(self) -> None:
        super().__init__()
        self.deck = load_default_deck()
        self.verified: set[str] = set()
        self._told: set[str] = set()

    def compose(self) -> ComposeResult:
        with Vertical(id="deck-box"):
            yield Static(_("Solo deck"), id="deck-title", classes="title-large")
            yield Static("", id="deck-banner", markup=False)
            yield Static("", id="deck-stats", classes="muted")
            yield DeckTable(cursor_type="row", zebra_stripes=True, id="deck-table")
        yield KeyFooter()

    def _add_columns(self) -> None:
        self.query_one(DeckTable).add_columns(
            _("Id"),
            _("Ship move"),
            _("Removes card"),
            _("Removes ally"),
            _("Edict"),
            _("Crown"),
            _("Checked"),
        )

    def relabel(self) -> None:
        """Word the deck again in the language in use (the highlighted card stays)."""
        self.query_one("#deck-title", Static).update(_("Solo deck"))
        self.query_one(DeckTable).clear(columns=True)
        self._add_columns()
        self.refresh_deck()

    def on_mount(self) -> None:
        self._add_columns()
        self.refresh_deck()
        self.query_one(DeckTable).focus()

    @property
    def settings(self) -> Any:
        """The settings store."""
        return self.host.session.settings

    def _read(self) -> tuple[DeckDefinition, set[str]]:
        settings = self.settings
        try:
            deck = deck_in_use(settings)
            problems = list(getattr(settings, "problems", []))
            verified = set(settings.verified_cards())
            problems += getattr(settings, "problems", [])
        except (OSError, ValueError) as exc:
            self.notify(
                _("The saved deck could not be read ({exc}); showing the default.").format(exc=exc),
                severity="warning",
                markup=False,
            )
            return load_default_deck(), set()
        notice = getattr(settings, "notice", None)
        for message in [notice, *problems] if notice else problems:
            if message not in self._told:
                self._told.add(message)
                self.notify(message, severity="warning", timeout=10, markup=False)
        return deck, verified

    def refresh_deck(self) -> None:
        """Redraw the banner, the numbers and the table from the stores."""
        deck, verified = self._read()
        self.deck, self.verified = deck, verified
        checked = sum(card.id in verified for card in deck.cards)
        banner = self.query_one("#deck-banner", Static)
        provisional = deck.provisional and checked < len(deck.cards)
        if provisional:
            banner.update(
                _(
                    "PROVISIONAL · {name}: the packaged deck is our guess and is not yet "
                    "checked card by card against your box ({checked}/{count} checked)."
                ).format(name=deck.name, checked=checked, count=len(deck.cards))
            )
        elif deck.provisional:
            banner.update(
                _("Verified · {name}: every card was checked against your box.").format(
                    name=deck.name
                )
            )
        else:
            banner.update(
                _("Your own deck · {name} ({checked}/{count} checked).").format(
                    name=deck.name, checked=checked, count=len(deck.cards)
                )
            )
        banner.set_class(provisional, "-provisional")
        banner.set_class(not provisional, "-verified")
        self.query_one("#deck-stats", Static).update(
            _(
                "{count} cards · {crowns} with a crown · expected flips until the 2nd "
                "crown: {flips}"
            ).format(
                count=len(deck.cards), crowns=deck.crowns, flips=expected_flips_to_reshuffle(deck)
            )
        )
        table = self.query_one(DeckTable)
        row = table.cursor_row
        table.clear()
        for card in deck.cards:
            table.add_row(
                card.id,
                _(MOVE_LABELS[card.move]),
                _yes(card.removes_card),
                _yes(card.removes_ally),
                card.edict.value if card.edict else "—",
                _("crown") if card.crown else "—",
                "✓" if card.id in verified else "",
                key=card.id,
            )
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    def _highlighted(self) -> SoloCard | None:
        table = self.query_one(DeckTable)
        if not table.row_count:
            return None
        return self.deck.cards[table.cursor_row]

    def action_toggle_checked(self) -> None:
        """Tick or untick the highlighted card as checked against the box."""
        card = self._highlighted()
        if card is None:
            return
        verified = card.id not in self.verified
        ids = self.verified | {card.id} if verified else self.verified - {card.id}
        if not self._save(lambda: self.settings.set_verified(ids), "Could not save the tick"):
            return
        if verified and self.deck.provisional and self.verified >= {c.id for c in self.deck.cards}:
            self.notify(_("Every card is checked: the deck is no longer provisional."))

    def action_edit_card(self) -> None:
        """Open the editor for the highlighted card."""
        card = self._highlighted()
        if card is not None:
            self.app.push_screen(CardEditorModal(card), self._card_edited)

    def _card_edited(self, card: SoloCard | None) -> None:
        if card is None:
            return
        old = self.deck.card(card.id)
        if old.face == card.face:
            self.notify(_("Card {id} is unchanged.").format(id=card.id))
            return
        cards = [card if c.id == card.id else c for c in self.deck.cards]
        name = self.deck.name if not self.deck.provisional else OWN_DECK_NAME
        try:
            deck = DeckDefinition(name=name, provisional=False, cards=tuple(cards))
        except ValidationError as exc:
            self.notify(
                _("The deck was not saved: {reason}").format(reason=describe_validation_error(exc)),
                severity="error",
                markup=False,
            )
            return
        if not self._save(lambda: self.settings.save_deck(deck), "The deck was not saved"):
            return
        self.notify(
            _("Card {id} saved; the deck is now your own ({name}).").format(
                id=card.id, name=deck.name
            ),
            markup=False,
        )

    def action_reset_deck(self) -> None:
        """Ask, then go back to the packaged default deck."""
        self.app.push_screen(reset_question(), self._reset_confirmed)

    def _reset_confirmed(self, yes: bool | None) -> None:
        if not yes:
            return
        keep: set[str] = set()
        for card in load_default_deck().cards:
            if card.id in self.verified:
                try:
                    if self.deck.card(card.id).face == card.face:
                        keep.add(card.id)
                except KeyError:
                    pass

        def reset() -> None:
            if keep != self.verified:
                self.settings.set_verified(keep)
            self.settings.save_deck(None)

        if not self._save(reset, "The deck was not reset"):
            return
        self.notify(_("Back to the packaged default deck (provisional)."))

    def _save(self, change: Callable[[], object], failed: str) -> bool:
        """Make ``change`` to the settings and show the deck again; when it fails, say
        ``failed`` and why, and return False."""
        try:
            change()
        except (OSError, ValueError) as exc:
            self.notify(f"{failed}: {exc}", severity="error", markup=False)
            return False
        self.refresh_deck()
        return True

    def action_back(self) -> None:
        """Leave the deck screen."""
        self.dismiss()
