"""Issue an Edict: choose the Active tile, add/remove per kind, then the Next tile that
slides down. It answers an Edict owed (its line shows what triggered it) and opens without
one too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Button, Label, OptionList, Static

from companion.i18n import N_, _, pgettext, shown
from companion.reference_topics import EDICT_TOPIC
from companion.ui.keys import ISSUE_EDICT_KEYS, bindings
from companion.ui.screens.modals.advisor import ally_lines
from companion.ui.screens.modals.dialog_fields import unfocusable
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.dialog_list import DialogList
from companion.ui.widgets.keyed_list import KeyedLine, KeyedList
from companion.ui.wording import key_label, worded
from solo_deck import (
    AdviceRow,
    Direction,
    Edict,
    EdictKind,
    GameState,
    Numeral,
    Obligation,
    PalaceLimits,
    Ruleset,
    edict_advice,
)
from solo_deck.events import PlayerEdict

Choice = dict[EdictKind, Direction]


def _key(choice: Choice) -> tuple[tuple[EdictKind, Direction], ...]:
    return tuple(sorted(choice.items()))


def numeral(index: int) -> str:
    """``I``, ``II`` or ``III``."""
    return Numeral.from_index(index).value


def _space_options(
    row: str,
    tiles: Sequence[Edict | None],
    note: Callable[[int], str] = lambda _: "",
) -> list[KeyedLine]:
    """One line per space of an Edict row (``row`` I–III, keys 1–3, the row's name in the
    language in use): its tile, what the tile does and ``note(space)``; an empty space
    cannot be chosen."""
    return [
        KeyedLine(
            str(i + 1),
            _("{row} {numeral}: {tile} — {does}").format(
                row=row, numeral=numeral(i), tile=tile, does=shown(tile.describe())
            )
            + note(i)
            if tile is not None
            else _("{row} {numeral}: empty").format(row=row, numeral=numeral(i)),
            disabled=tile is None,
        )
        for i, tile in enumerate(tiles)
    ]


class IssueEdictModal(GameEventModal[PlayerEdict]):
    """Three short steps, each a list whose lines have digits: the Active tile (opening on
    the one the advisor rates best), the legal add/remove combination (only legal ones are
    listed, best ally income first), and the Next tile that slides down (skipped when none
    is left; opening on the one below the space issued). A line's digit or Enter on it
    takes the step and shows the next. Backspace, or the Back button, goes back one step."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(ISSUE_EDICT_KEYS))
    DIALOG_TITLE = N_("Issue an Edict")
    OK_LABEL = N_("Choose")
    DEFAULT_CSS = """
    IssueEdictModal #choices { height: auto; max-height: 7; }
    IssueEdictModal #allies { height: auto; max-height: 5; }
    """

    def reference_topic(self) -> str | None:
        """F1 in this dialog: the entry of issuing an Edict."""
        return EDICT_TOPIC

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.limits = PalaceLimits.from_ruleset(ruleset)
        self.step = 1
        self.slot: int | None = None
        self.choices: list[Choice] = []
        self.choice: Choice | None = None
        self.replacement: int | None = None
        self._rows: list[AdviceRow] | None = None
        self._shown_line: int | None = None
        """The line highlighted when the step on screen was shown."""
        self._picked = False
        """Whether the player has picked a line (tap, arrows) in the step on screen."""
        self.fixed = obligation.slot if obligation is not None else None
        """The Edict whose reward you took: only its icons are left (step 1 is skipped)."""
        if self.fixed is not None:
            self.slot = self.fixed
            self.choices = [dict(row.choice) for row in self._advice(self.fixed)]
            self.step = 2

    # --- what each step offers ----------------------------------------------------------

    @property
    def tile(self) -> Edict | None:
        """The Active tile chosen in step 1."""
        return None if self.slot is None else self.state.edicts.active[self.slot]

    def describe_choice(self, choice: Choice) -> str:
        """``remove 2 Walls (2/5), add 1 Keep (2/3)``."""
        assert self.tile is not None
        changes = self.state.palace.player_changes(self.tile, choice, self.limits)
        return ", ".join(shown(change.describe()) for change in changes)

    def _advice(self, slot: int) -> list[AdviceRow]:
        """The advisor's rows for one Active tile, best ally-income gain first."""
        rows = self._rows if self._rows is not None else edict_advice(self.state, self.ruleset)
        self._rows = rows
        return [row for row in rows if row.slot == slot]

    @staticmethod
    def _gain_text(row: AdviceRow) -> str:
        return _("  income {before} → {after} ({gain} VP)").format(
            before=row.income_before, after=row.income_after, gain=f"{row.gain:+d}"
        )

    def _options(self) -> list[KeyedLine]:
        edicts = self.state.edicts
        if self.step == 1:
            return _space_options(
                pgettext("edict row", "Active"),
                edicts.active,
                lambda i: _("   best: {gain} VP").format(gain=f"{self._best_gain(i):+d}"),
            )
        if self.step == 2:
            assert self.slot is not None
            rows = {tuple(sorted(row.choice.items())): row for row in self._advice(self.slot)}
            return [
                KeyedLine(
                    str(n + 1), self.describe_choice(choice) + self._gain_text(rows[_key(choice)])
                )
                for n, choice in enumerate(self.choices)
            ]
        return _space_options(pgettext("edict row", "Next"), edicts.next)

    def _best_gain(self, slot: int) -> int:
        return max((row.gain for row in self._advice(slot)), default=0)

    def likeliest(self) -> int | None:
        """The line a step opens on: the Active tile the advisor rates best (the first on
        a tie), the best choice, the Next tile below the space issued."""
        edicts = self.state.edicts
        if self.step == 1:
            active = edicts.non_empty_active()
            return max(active, key=lambda i: (self._best_gain(i), -i)) if active else None
        if self.step == 2:
            return 0
        return self.slot

    @on(DialogList.Tapped, "#choices")
    def _tapped(self, event: DialogList.Tapped) -> None:
        self._picked = True

    @on(OptionList.OptionHighlighted, "#choices")
    def _explain(self, event: OptionList.OptionHighlighted) -> None:
        """In step 2, show what the highlighted choice does to each of your Allies."""
        if event.option_index != self._shown_line:
            self._picked = True  # the player moved the highlight
        if self.step != 2 or self.slot is None or event.option_index >= len(self.choices):
            self.query_one("#allies", Static).update("")
            return
        choice = _key(self.choices[event.option_index])
        for row in self._advice(self.slot):
            if _key(dict(row.choice)) == choice:
                self.query_one("#allies", Static).update(ally_lines(row))

    def _prompt(self) -> str:
        keys = _("(its digit or Enter)") if self.step == 1 else _("(digit or Enter)")
        how = worded(self, keys, _("(tap it, then {button})").format(button=self.ok_label))
        if self.step == 1:
            asks = _("Step 1 of 3 · Which Active Edict do you issue? {how}")
        elif self.step == 2 and self.fixed is not None:
            asks = _("Its reward is taken · Add or remove per kind, best first {how}")
        elif self.step == 2:
            asks = _("Step 2 of 3 · Add or remove per kind, best first {how}")
        else:
            asks = _("Step 3 of 3 · Which Next tile slides into the empty space? {how}")
        return asks.format(how=how)

    def _summary(self) -> str:
        parts = []
        if self.slot is not None and self.tile is not None:
            parts.append(
                _("Edict {numeral} ({tile})").format(numeral=numeral(self.slot), tile=self.tile)
            )
        if self.choice is not None:
            parts.append(self.describe_choice(self.choice))
        return " → ".join(parts) or worded(
            self,
            _("Backspace goes back a step; Escape closes."),
            _("Back goes back a step; Cancel closes."),
        )

    @property
    def at_first_step(self) -> bool:
        """True on the first step shown (nothing to go back to)."""
        return self.step == 1 or (self.step == 2 and self.fixed is not None)

    # --- composing and moving between steps ----------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield Label(self._prompt(), id="prompt")
        yield Label(self._summary(), id="summary", classes="muted")
        yield KeyedList(id="choices")
        yield Static("", id="allies")

    def step_buttons(self) -> ComposeResult:
        yield unfocusable(
            Button(key_label(self, _("Back"), "backspace"), id="back", disabled=self.at_first_step)
        )

    def relabel(self) -> None:
        """Word the step on screen again in the language in use (its line stays)."""
        super().relabel()
        self.query_one("#back", Button).label = key_label(self, _("Back"), "backspace")
        self.query_one("#prompt", Label).update(self._prompt())
        self.query_one("#summary", Label).update(self._summary())
        options = self.query_one("#choices", KeyedList)
        here = options.highlighted
        options.set_lines(self._options())
        options.open_on(here)

    @on(Button.Pressed, "#back")
    def _back(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_back()

    def on_mount(self) -> None:
        self._show_step()

    def _show_step(self) -> None:
        self.query_one("#prompt", Label).update(self._prompt())
        self.query_one("#summary", Label).update(self._summary())
        options = self.query_one("#choices", KeyedList)
        options.set_lines(self._options())
        options.open_on(self.likeliest())
        options.focus()
        self.query_one("#back", Button).disabled = self.at_first_step
        self._shown_line = options.highlighted
        self._picked = False

    def action_back(self) -> None:
        """Go back one step (from the first step nothing happens): Backspace or Back."""
        if self.at_first_step:
            return
        self.show_error(None)
        if self.step == 3:
            self.choice = None
            self.step = 2
        else:
            self.slot = None
            self.choices = []
            self.step = 1
        self._show_step()

    def list_chosen(self) -> None:
        """Enter (or a line's digit) on a line takes it as this step's answer: here the
        list is the whole answer."""
        self.submit()

    def submit_from_button(self) -> None:
        """The Choose button takes only a line the player picked in the step on screen (a
        tap, or the arrows): a second tap on Choose never commits the next step's first
        line unseen. Enter, a digit and ctrl+s take the line highlighted, as shown."""
        if not self._picked:
            self.show_error(
                _("tap the line you choose for step {step}, then {button}").format(
                    step=self.step, button=self.ok_label
                )
            )
            return
        self.submit()

    def submit(self) -> None:
        """Take the highlighted line as this step's answer; after the last step, record."""
        options = self.query_one("#choices", OptionList)
        index = options.highlighted
        if index is None or options.get_option_at_index(index).disabled:
            self.show_error(_("choose one of the lines"))
            return
        self.show_error(None)
        if self.step == 1:
            self.slot = index
            assert self.tile is not None
            # best ally income first (the advisor's order); ties keep the rules' order
            self.choices = [dict(row.choice) for row in self._advice(self.slot)]
            self.step = 2
            self._show_step()
            return
        if self.step == 2:
            self.choice = self.choices[index]
            self.replacement = None
            if not self.state.edicts.non_empty_next():
                super().submit()
                return
            self.step = 3
            self._show_step()
            return
        self.replacement = index
        super().submit()

    def build_event(self) -> PlayerEdict | None:
        if self.slot is None or self.choice is None:
            self.show_error(_("choose the Edict and how to resolve it first"))
            return None
        return PlayerEdict(
            slot=self.slot,
            choice=dict(self.choice),
            replacement=self.replacement,
        )
