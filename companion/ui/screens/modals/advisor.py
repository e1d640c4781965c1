"""What if: every legal way to issue each Active Edict, ranked by the ally income it brings."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Static

from companion.i18n import _, pgettext, shown
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.keys import ADVISOR_KEYS, bindings
from companion.ui.widgets.field_input import FieldInput
from solo_deck import AdviceRow, GameState, Numeral, Ruleset, edict_advice


def ally_lines(row: AdviceRow) -> Text:
    """Each Ally's condition and VP before → after this choice."""
    text = Text()
    if not row.allies:
        return Text(_("You have no Allies yet: no edict changes your ally income."), style="dim")
    for change in row.allies:
        mark = {(False, True): "✗→✓", (True, False): "✓→✗"}.get(
            (change.met_before, change.met_after), "✓" if change.met_after else "✗"
        )
        style = (
            "bold green"
            if change.vp_after > change.vp_before
            else ("bold red" if change.vp_after < change.vp_before else "")
        )
        vp = _("{before}→{after} VP").format(before=change.vp_before, after=change.vp_after)
        text.append(f"{shown(change.name):<12} {mark:<4} {vp}  ", style)
        text.append(f"{shown(change.reason_after)}\n", style="dim")
    return text


class AdvisorModal(OpensAtOnce, ModalScreen[None]):
    """A read-only table of every tile × add/remove choice, best gain first; the
    highlighted row's effect on each of your Allies below. Nothing is issued here."""

    DEFAULT_CSS = """
    AdvisorModal .dialog > Label { width: 100%; }
    AdvisorModal DataTable { height: auto; max-height: 14; }
    AdvisorModal #allies { height: auto; margin-top: 1; }
    AdvisorModal #rewards { height: auto; margin-top: 1; }
    AdvisorModal #rewards Input { width: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(ADVISOR_KEYS))

    def __init__(self, state: GameState, ruleset: Ruleset, rewards: dict[int, str]) -> None:
        super().__init__()
        self.state = state
        self.ruleset = ruleset
        self.rewards = rewards
        self.rows: list[AdviceRow] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                _("What if: issuing an Edict now"), classes="dialog-title", id="advice-title"
            )
            yield Label(
                _(
                    "Ranked by the change to your ally income at the coming End Phase. "
                    "Nothing is issued from here."
                ),
                id="advice-help",
                classes="muted",
            )
            yield DataTable(id="advice", cursor_type="row", zebra_stripes=True)
            yield Static(id="allies")
            # only the rewards the game does not know yet can be typed (the others are shown)
            unknown = [i for i, grant in enumerate(self.state.board.edict_rewards) if grant.unknown]
            with Horizontal(id="rewards") as rewards:
                rewards.display = bool(unknown)
                for slot in unknown:
                    yield FieldInput(
                        self.rewards.get(slot, ""),
                        placeholder=self._reward_hint(slot),
                        id=f"reward-{slot}",
                        max_length=40,
                    )

    def on_mount(self) -> None:
        self.query_one(".dialog").styles.width = 112  # within the screen (max-width 100%)
        table = self.query_one(DataTable)
        # the long, free-length texts last: the figures stay in view on a narrow screen
        self._columns()
        self._fill()
        table.focus()

    def _columns(self) -> None:
        """The table's headers, in the language in use."""
        self.query_one(DataTable).add_columns(
            _("Edict"),
            _("Tile"),
            pgettext("advisor column", "Gain"),
            _("Income"),
            _("Reward"),
            _("Choice"),
        )

    @staticmethod
    def _reward_hint(slot: int) -> str:
        return _("reward under {numeral} (optional)").format(numeral=Numeral.from_index(slot).value)

    def relabel(self) -> None:
        """Word the advice again in the language in use (the rewards typed stay)."""
        self.query_one("#advice-title", Label).update(_("What if: issuing an Edict now"))
        self.query_one("#advice-help", Label).update(
            _(
                "Ranked by the change to your ally income at the coming End Phase. "
                "Nothing is issued from here."
            )
        )
        for field in self.query(FieldInput):
            field.placeholder = self._reward_hint(int((field.id or "reward-0").rsplit("-", 1)[1]))
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        self._columns()
        self._fill()
        if self.rows:
            table.move_cursor(row=min(row, len(self.rows) - 1))

    def _fill(self) -> None:
        self.rows = edict_advice(self.state, self.ruleset, reward=self.rewards)
        table = self.query_one(DataTable)
        table.clear()
        for row in self.rows:
            choice = ", ".join(shown(change.describe()) for change in row.changes)
            table.add_row(
                row.numeral.value,
                str(row.tile),
                Text(f"{row.gain:+d}", style="bold green" if row.gain > 0 else ""),
                f"{row.income_before} → {row.income_after}",
                shown(row.reward) if row.reward else "",
                choice,
            )
        if not self.rows:
            self.query_one("#allies", Static).update(_("No Active Edict to issue."))
        else:
            self._show_row(0)

    def _show_row(self, index: int) -> None:
        """The highlighted choice in full, and what it does to each of your Allies."""
        if 0 <= index < len(self.rows):
            row = self.rows[index]
            text = Text(
                _("Edict {numeral} ({tile}): ").format(numeral=row.numeral.value, tile=row.tile),
                style="bold",
            )
            text.append(", ".join(shown(change.describe()) for change in row.changes) + "\n")
            text.append_text(ally_lines(row))
            self.query_one("#allies", Static).update(text)

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_row(event.cursor_row)

    @on(Input.Changed)
    def _reward_typed(self, event: Input.Changed) -> None:
        slot = int((event.input.id or "reward-0").rsplit("-", 1)[1])
        text = event.value.strip()
        if text:
            self.rewards[slot] = text
        else:
            self.rewards.pop(slot, None)
        self._fill()

    def action_close(self) -> None:
        """Back to the Table."""
        self.dismiss(None)
