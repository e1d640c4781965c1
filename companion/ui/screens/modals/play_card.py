"""Play a card: face down for a main action a free slot's spears give (both actions once
the Keep cover allows it) or face up (a House card of yours or an Advanced card you own, its
effect shown), in a free card slot."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, OptionList, Select

from companion.i18n import N_, _, ngettext, shown
from companion.reference_topics import action_topic
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.focus_hint import FocusHint
from companion.ui.widgets.keyed_list import KeyedLine, KeyedList
from companion.ui.widgets.touch_select import TouchSelect
from companion.ui.wording import worded
from solo_deck import (
    MAIN_ACTIONS,
    advanced_cards_by_id,
    cards_you_may_hold,
    describe_grant,
    face_down_offers,
    house_cards_of,
    idle_actions,
    slots,
)
from solo_deck.events import BuyCard, PlayCard

if TYPE_CHECKING:
    from solo_deck import GameState, MainAction, Obligation, Ruleset
    from solo_deck.events import Event

ACTION_LABELS: dict[str, str] = {
    "build": N_("Build a Structure"),
    "promote": N_("Promote a Specialist"),
    "summon": N_("Summon an Ally"),
    "purchase": N_("Purchase an Advanced card"),
    "market": N_("Visit the Market"),
}
"""Each main action as the dialog names it (English, shown through ``_``)."""
FACE_DOWN_KEYS: dict[str, str] = {
    "promote": "p",
    "market": "m",
    "build": "b",
    "summon": "s",
    "purchase": "a",
}
"""Each face-down action's key: the same letter every turn, whichever slots are free."""
FACE_UP_KEYS = "1234567890" + "".join(
    c for c in "cdefghijklnoqrtuvwxyz" if c not in FACE_DOWN_KEYS.values()
)
"""The keys of the cards you may play face up, in order: your House's cards first (always
the same digits), then the Advanced cards you own, in the order you bought them."""
NO_SECOND = "none"
SECOND_TOOLTIP = N_("Your Keep cover gives a face-down card both of its actions")
"""The second action's tooltip (English, shown through ``_``)."""
FIXED_LINES = 15
"""The dialog's lines besides the list of choices (frame, title, slot row, buttons)."""
LABEL_WIDTH = 15
"""The width of the slot rows' labels, their drop-downs lined up after them."""
SELECT_WIDTH = 40
DIALOG_WIDTH = 84
DIALOG_FRAME = 6
"""A dialog's width and the columns its border and padding take (``companion.tcss``)."""


def option_of(event: PlayCard) -> str:
    """The id of the line that plays as ``event`` did (``down-build``, ``up-A7``)."""
    if event.face_up:
        return f"up-{event.card_id}"
    return f"down-{event.actions[0]}" if event.actions else ""


def likeliest(events: list[Event], ids: list[str]) -> str | None:
    """The line among ``ids`` (the lines that may be chosen) the dialog opens on: the only
    one; else the card bought since the last card played; else the action last played
    face down, if it may be chosen; else the first line that is not a card played face up
    since then (a card played face up is rarely played again at once); ``None``: no line.

    >>> likeliest([], ["down-build"])
    'down-build'
    >>> played = PlayCard(slot=0, face_up=False, actions=("market",))
    >>> likeliest([played], ["down-build", "down-market", "up-A7"])
    'down-market'
    >>> likeliest([played, BuyCard(card_id="A7")], ["down-build", "down-market", "up-A7"])
    'up-A7'
    >>> likeliest([], ["down-build", "down-market"])
    'down-build'
    >>> face_up = PlayCard(slot=1, face_up=True, card_id="A7")
    >>> likeliest([played, face_up], ["up-A7", "down-market", "down-build"])
    'down-market'
    >>> likeliest([face_up], ["up-A7", "down-build"])
    'down-build'
    >>> likeliest([face_up], ["up-A7"])
    'up-A7'
    """
    if len(ids) <= 1:
        return ids[0] if ids else None
    played_up: set[str] = set()
    for event in reversed(events):
        if isinstance(event, BuyCard) and f"up-{event.card_id}" in ids:
            return f"up-{event.card_id}"
        if isinstance(event, PlayCard):
            line = option_of(event)
            if event.face_up:
                played_up.add(line)
                continue
            if line in ids:
                return line
            break
    return next((line for line in ids if line not in played_up), ids[0])


def card_choices(state: GameState, cards: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """``(id, text)`` of your cards, each with what it does: your House's cards, then the
    Advanced cards you own (only those among ``cards`` when given)."""
    wanted = None if cards is None else set(cards)
    choices = []
    seen: set[str] = set()
    for card in house_cards_of(state.player.house):
        if card.id in seen or (wanted is not None and card.id not in wanted):
            continue
        seen.add(card.id)
        effect = state.board.card_effect(card.id) or card.grant
        text = shown(describe_grant(effect)) if not effect.unknown else card.effect
        choices.append((card.id, _("House card: {effect}").format(effect=text)))
    catalogue = advanced_cards_by_id()
    for card_id in state.player.advanced_cards:
        if wanted is None or card_id in wanted:
            grant = shown(describe_grant(catalogue[card_id].grant))
            choices.append((card_id, f"{card_id}: {grant}"))
    return choices


class PlayCardModal(GameEventModal[PlayCard]):
    """The choice: the key beside a line (or Enter on it) plays it, in the leftmost free
    slot that gives the action (Tab to the slot to pick another first). With the Keep
    cover's both actions, the key or Enter picks the first; Tab moves to the second action
    and Play records."""

    DIALOG_TITLE = N_("Play a card")
    OK_LABEL = N_("Play")
    DEFAULT_CSS = """
    PlayCardModal #choice { height: auto; }
    PlayCardModal .play-row { height: auto; margin-top: 1; }
    PlayCardModal .play-row > Label { width: 15; }
    PlayCardModal .play-row > Select { width: 40; }
    PlayCardModal.-slim .play-row > Label { width: 100%; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.slots = slots(state, ruleset)
        self.offers = face_down_offers(state, ruleset)
        """Each free slot with the main actions its spears give (the engine's answer)."""
        self.both = state.player.both_actions_ready
        self.idle = idle_actions(state, ruleset)
        """The face-down actions that could do nothing now, with why (the engine's)."""

    def slot_for(self, action: str) -> int | None:
        """The leftmost free slot whose spears give ``action``."""
        return next((slot for slot, acts in self.offers.items() if action in acts), None)

    def lines(self) -> list[KeyedLine]:
        """Every face-down action (those no free slot gives shown but not choosable) and
        every card you may play face up, each with a key that stays the same from turn to
        turn, so a key learnt is never another action's."""
        lines = [
            KeyedLine(
                FACE_DOWN_KEYS[action],
                self._face_down(action),
                self.slot_for(action) is None,
                f"down-{action}",
                action_topic(action),
                _("no free slot gives {action}").format(action=_(ACTION_LABELS[action])),
            )
            for action in MAIN_ACTIONS
        ]
        cards = card_choices(self.state)  # every card: its key is the same every turn
        held = set(cards_you_may_hold(self.state))  # the engine's: what may be in hand
        lines += [
            KeyedLine(
                FACE_UP_KEYS[index] if index < len(FACE_UP_KEYS) else "",
                _("Face up · {card}").format(card=text)
                if card_id in held
                else _("Face up · {card}  (not in your hand)").format(card=text),
                card_id not in held,
                f"up-{card_id}",
                card_id,
                _("that card is not in your hand ({card})").format(card=text),
            )
            for index, (card_id, text) in enumerate(cards)
        ]
        return lines

    def _face_down(self, action: str) -> str:
        """``Face down · Build a Structure``, with why no free slot gives it or why it
        would do nothing now."""
        line = _("Face down · {action}").format(action=_(ACTION_LABELS[action]))
        if self.slot_for(action) is None:
            line = _("{line}  (no free slot gives it)").format(line=line)
        if action in self.idle:
            why = shown(self.idle[action])
            line = _("{line} · would do nothing now: {why}").format(line=line, why=why)
        return line

    def compose_body(self) -> ComposeResult:
        free = self.slots.free
        yield Label(self._free_slots(), classes="muted", id="free-slots")
        yield KeyedList(self.lines(), id="choice")
        there, elsewhere = self.hints()
        yield FocusHint(there, elsewhere, "choice", id="keys-hint")
        if self.both:
            with Horizontal(classes="play-row"):
                yield Label(_("Second action"), id="second-label")
                yield TouchSelect(
                    self._second_options(),
                    value=NO_SECOND,
                    allow_blank=False,
                    compact=True,
                    id="second",
                    tooltip=_(SECOND_TOOLTIP),
                )
        with Horizontal(classes="play-row"):
            yield Label(_("Slot"), id="slot-label")
            yield TouchSelect(
                self._slot_options(),
                value=free[0] if free else Select.NULL,
                allow_blank=not free,
                compact=True,
                id="slot",
            )

    @staticmethod
    def _second_options() -> list[tuple[str, str]]:
        """The second action's drop-down: none, or each main action."""
        return [(_("none (one action)"), NO_SECOND)] + [
            (_(ACTION_LABELS[action]), action) for action in MAIN_ACTIONS
        ]

    def _slot_options(self) -> list[tuple[str, int]]:
        """The slot's drop-down: each free slot."""
        return [(_("slot {number}").format(number=slot + 1), slot) for slot in self.slots.free]

    def hint_words(self) -> dict[str, tuple[str, str]]:
        """The keys' hint (see :meth:`hints`)."""
        return {"keys-hint": self.hints()}

    def hints(self) -> tuple[str, str]:
        """What the keys do while the list has the focus, and elsewhere (a line's key
        works only in the list: in the slot's drop-down it does nothing)."""
        back = _("ctrl+s plays the line highlighted; shift+Tab goes back to the list.")
        if self.both:
            there = _(
                "The key beside a line (or Enter) picks it; Tab moves on to the second action."
            )
            taps = _("Tap a line, then the second action below, then {button}.").format(
                button=self.ok_label
            )
        else:
            there = _("The key beside a line plays it at once; Enter plays it.")
            taps = _("Tap a line, then {button}.").format(button=self.ok_label)
        return worded(self, there, taps), worded(self, back, taps)

    def _free_slots(self) -> str:
        return ngettext(
            "{free} of your {count} card slot is free this round.",
            "{free} of your {count} card slots are free this round.",
            self.slots.usable,
        ).format(free=len(self.slots.free), count=self.slots.usable)

    def _row_labels(self) -> dict[str, str]:
        """The slot rows' labels, by id, in the language in use."""
        labels = {"slot-label": _("Slot")}
        if self.both:
            labels["second-label"] = _("Second action")
        return labels

    def _fit_labels(self) -> None:
        """The slot rows' labels as wide as the longest of them and two blanks (at least
        :data:`LABEL_WIDTH`), when the rows still hold their drop-downs: a label longer in
        another language stays on one row rather than wrapping and taking a row from the
        list. At a phone's width each label has its own row (``companion.tcss``)."""
        labels = self._row_labels()
        widest = max(cell_len(text) for text in labels.values()) + 2
        room = min(DIALOG_WIDTH, self.app.size.width) - DIALOG_FRAME - SELECT_WIDTH
        width = max(LABEL_WIDTH, widest) if widest <= room else LABEL_WIDTH
        for label_id in labels:
            self.query_one(f"#{label_id}", Label).styles.width = (
                None if self.has_class("-slim") else width
            )

    def relabel(self) -> None:
        """Word the lines, hints and labels again in the language in use (the line
        highlighted and the slot chosen stay)."""
        super().relabel()
        for label_id, text in self._row_labels().items():
            self.query_one(f"#{label_id}", Label).update(text)
        self._fit_labels()
        self.query_one("#free-slots", Label).update(self._free_slots())
        choice = self.query_one("#choice", KeyedList)
        here = choice.highlighted
        with self.prevent(OptionList.OptionHighlighted):  # the slot chosen stays
            choice.set_lines(self.lines())
            choice.open_on(here)
        self.query_one("#slot", TouchSelect).reword(self._slot_options())
        for second in self.query("#second").results(TouchSelect):
            second.reword(self._second_options())
            second.tooltip = _(SECOND_TOOLTIP)

    def on_mount(self) -> None:
        choice = self.query_one("#choice", KeyedList)
        options = [choice.get_option_at_index(i) for i in range(choice.option_count)]
        ids = [option.id or "" for option in options]
        events = list(self.session.events) if self.session.has_game else []
        choosable = [o.id or "" for o in options if not o.disabled]
        useful = [line for line in choosable if line.removeprefix("down-") not in self.idle]
        opening = likeliest(events, useful or choosable)
        choice.open_on(ids.index(opening) if opening in ids else None)
        choice.focus(scroll_visible=False)  # the dialog opens at its top (show_top)
        self._fit()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """A face-down action moves the slot to the leftmost free one that gives it."""
        self._slot_for_line(event.option.id or "")

    def _slot_for_line(self, line: str) -> None:
        """Set the slot to the leftmost free one that gives ``line``'s action."""
        kind, _, action = line.partition("-")
        free = self.slots.free
        slot = self.slot_for(action) if kind == "down" else (free[0] if free else None)
        if slot is not None:
            self.query_one("#slot", Select).value = slot

    def on_resize(self) -> None:
        """Keep the buttons on screen: the list of choices takes the lines left over."""
        self._fit()

    def _fit(self) -> None:
        self._fit_labels()
        fixed = FIXED_LINES + (2 if self.both else 0) + self._given_up
        self.query_one("#choice").styles.max_height = max(4, self.app.size.height - fixed)

    _given_up = 0
    """Rows the list gives up besides :data:`FIXED_LINES` (a hint wrapped on two lines)."""

    def fit_rows(self, over: int) -> bool:
        """The list gives up the rows a wrapped hint took beyond :data:`FIXED_LINES`; the
        dialog, taller than the screen, is as tall as the screen from now on (as tall as
        its lines: reckoned as wide as the dialog's scroll bar leaves them, they may take a
        row more, and the scroll bar stayed)."""
        self._given_up += over
        self.query_one("#dialog").styles.height = "100%"
        self._fit()
        return True

    def settle_lists(self) -> None:
        """The line the list opens on is seen in the fitted list."""
        self.query_one("#choice", KeyedList).scroll_to_highlight()

    def enter_records(self) -> bool:
        """Enter on a line plays it (the slot keeps its default unless you Tab to it);
        with both actions Enter stays (Tab moves to the second one) and Play records."""
        return not self.both

    def build_event(self) -> PlayCard | None:
        choice = self.query_one("#choice", OptionList)
        if choice.highlighted is None:
            self.show_error(_("choose a card or an action"))
            return None
        option_id = choice.get_option_at_index(choice.highlighted).id or ""
        slot = self.query_one("#slot", Select).value
        if not isinstance(slot, int):
            self.show_error(_("no card slot is free this round"))
            return None
        self.show_error(None)
        kind, _dash, what = option_id.partition("-")
        if kind == "up":
            return PlayCard(slot=slot, face_up=True, card_id=what)
        actions: list[MainAction] = [what]  # type: ignore[list-item]
        if self.both:
            picked = self.query_one("#second", Select).value
            if isinstance(picked, str) and picked != NO_SECOND:
                if picked == what:
                    self.show_error(_("the two actions of one card differ"))
                    return None
                actions.append(picked)  # type: ignore[arg-type]
        return PlayCard(slot=slot, face_up=False, actions=tuple(actions))
