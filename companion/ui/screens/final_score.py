"""The final score: counts prefilled from the tracked game (editable), the breakdown with
the most-Structures rule that applied, the title shown large, notes, saving the game to
the history, and the game as a BG Stats link and QR code (``ctrl+g``; its play id is the
record's id, so sending it before and after saving gives BG Stats one play)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, ClassVar

from pydantic import ValidationError
from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Digits, Header, Input, Label, Static, TextArea

from companion.formatting import shorten
from companion.i18n import N_, _, shown
from companion.i18n.words import edition
from companion.ui.keys import FINAL_SCORE_KEYS, bindings
from companion.ui.screens.game_screen import GameScreen
from companion.ui.widgets.block_figure import BigFigure
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.number_field import NumberField
from companion.ui.wording import key_label, worded
from solo_deck import ScoreBreakdown, final_counts, final_score, most_structures_line

if TYPE_CHECKING:
    from companion.storage import HistoryRecord
    from solo_deck import Ruleset

INPUTS = (
    ("vp_track", N_("VP track")),
    ("structures", N_("Your Structures")),
    ("frederick_structures", N_("Frederick's Structures")),
    ("grain", N_("Grain")),
    ("stone", N_("Stone")),
    ("augustales", N_("Augustales")),
)
"""Each count's field and its label (translated where it is shown)."""
PREFILLED = N_("Prefilled from the game: check each against the table.")
NOTES = N_("Notes (optional)")
LOG_LINES = 40
NOTES_MAX = 2000


def structures_rule_line(ruleset: Ruleset, counts: dict[str, int], bonus: int) -> str:
    """Which most-Structures rule the game's ruleset plays and why the bonus (as the engine
    scored it: ``bonus``) is or is not yours, in one short line (the engine's words)."""
    rule = ruleset.scoring.most_structures_rule.value
    return shown(
        most_structures_line(rule, bonus, counts["structures"], counts["frederick_structures"])
    )


def breakdown_lines(rows: Sequence[tuple[str, int]], width: int) -> list[str]:
    """The score's ``rows`` (name, points), the last one (the total) under a rule: the
    points right-aligned in 5 columns after the names' column, on a name's last line.
    28 columns while every name fits in 22 (whole beside the counts at 80x24, where the
    total must show); a longer name widens the names' column as far as ``width`` allows,
    then wraps (its points on its last line, or on its only one where they fit beside it).

    >>> breakdown_lines([("VP track", 3), ("Total", 3)], 40)[1]
    '────────────────────────────'
    >>> for line in breakdown_lines([("Short", 3), ("A longer name for a row", 3)], 30):
    ...     print(line)
    Short                       3
    ─────────────────────────────
    A longer name for a row     3
    >>> for line in breakdown_lines([("A much longer name for a row", 3), ("Total", 3)], 26):
    ...     print(line)
    A much longer name for
    a row                      3
    ────────────────────────────
    Total                      3
    """
    longest = max(cell_len(name) for name, _value in rows)
    column = 23 if longest <= 22 else max(23, min(longest + 1, width - 5))
    lines: list[str] = []
    for number, (name, value) in enumerate(rows):
        if number == len(rows) - 1:
            lines.append("─" * (column + 5))
        points = str(value)
        if cell_len(name) + 1 + len(points) > column + 5:
            *first, name = textwrap.wrap(name, column - 1) or [""]
            lines += first
        lines.append(f"{name}{' ' * (column + 5 - cell_len(name) - len(points))}{points}")
    return lines


class Breakdown(Static):
    """The score's breakdown (:func:`breakdown_lines`), laid out again for its width."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.rows: tuple[tuple[str, int], ...] = ()

    def show(self, rows: Sequence[tuple[str, int]]) -> None:
        """Show ``rows``, the last one the total."""
        self.rows = tuple(rows)
        self._lay_out()

    def on_resize(self, event: events.Resize) -> None:
        if self.rows:
            self._lay_out()

    def _lay_out(self) -> None:
        self.update("\n".join(breakdown_lines(self.rows, self.content_region.width)))


class FinalScoreScreen(GameScreen[None]):
    """Check the counts against the table (they are prefilled and editable); the total and
    the title follow every change. ``ctrl+s`` saves the game to the history."""

    DEFAULT_CSS = """
    FinalScoreScreen #final-body { padding: 0 1; }
    FinalScoreScreen #final-heading { height: 1; }
    FinalScoreScreen #final-reasons { margin-bottom: 1; width: 100%; content-align: center middle; }
    FinalScoreScreen #final-columns { height: auto; }
    FinalScoreScreen #counts { width: 42; }
    FinalScoreScreen #counts > Label { width: 100%; }
    FinalScoreScreen #result { width: 1fr; }
    FinalScoreScreen #breakdown { height: auto; }
    FinalScoreScreen #structures-rule { width: 100%; margin-top: 1; }
    FinalScoreScreen #total { width: auto; margin: 1 0 0 2; }
    FinalScoreScreen #title {
        height: 5;
        border: heavy $accent;
        text-style: bold;
        content-align: center middle;
        margin: 1 0 0 0;
    }
    FinalScoreScreen #notes { height: 6; }
    FinalScoreScreen NumberField > .number-label { width: 24; }
    FinalScoreScreen #save-status { height: auto; }
    FinalScoreScreen #save-ok { margin: 1 0 1 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(FINAL_SCORE_KEYS))

    def __init__(self) -> None:
        super().__init__()
        self.breakdown: ScoreBreakdown | None = None

    def compose(self) -> ComposeResult:
        state = self.state
        values = final_counts(state)
        yield Header()
        with VerticalScroll(id="final-body"):
            yield Static(_("Final score"), id="final-heading", classes="title-large")
            yield Label(self._reasons(), id="final-reasons", classes="muted")
            with Horizontal(id="final-columns"):
                with Vertical(id="counts", classes="panel"):
                    yield Label(_(PREFILLED), id="prefilled", classes="muted")
                    for name, label in INPUTS:
                        yield NumberField(_(label), values[name], id=name)
                with Vertical(id="result", classes="panel"):
                    yield Breakdown(id="breakdown")
                    yield Label("", id="structures-rule", classes="muted")
                    yield BigFigure("0", blocks=self.app.is_web, id="total")
                    yield Static("", id="title")
            yield Label(_(NOTES), id="notes-label")
            yield TextArea(id="notes")
            yield Label("", id="save-status", classes="error-text", markup=False)
            yield Button(self._save_label(), id="save-ok", variant="primary")
        yield KeyFooter()

    def _reasons(self) -> str:
        """Why and when the game ended."""
        state = self.state
        reasons = "; ".join(shown(reason.describe()) for reason in state.game_end)
        if reasons:
            return _("The game ended after round {round}: {reasons}.").format(
                round=state.round, reasons=reasons
            )
        return _("Scoring after round {round}.").format(round=state.round)

    def _save_label(self) -> str:
        return key_label(self, _("Save to history"), "ctrl+s")

    def _word_panels(self) -> None:
        self.query_one("#counts").border_title = _("Your final counts")
        self.query_one("#result").border_title = _("Score")

    def relabel(self) -> None:
        """Word the screen again in the language in use; the counts typed stay."""
        self.query_one("#final-heading", Static).update(_("Final score"))
        if self.session.has_game:
            self.query_one("#final-reasons", Label).update(self._reasons())
        self.query_one("#prefilled", Label).update(_(PREFILLED))
        for name, label in INPUTS:
            field = self.query_one(f"#{name}", NumberField)
            field.query_one(".number-label", Label).update(_(label))
        self.query_one("#notes-label", Label).update(_(NOTES))
        self.query_one("#save-ok", Button).label = self._save_label()
        self._word_panels()
        self.update_score()

    def on_mount(self) -> None:
        self._word_panels()
        self.update_score()
        self.query_one("#vp_track", NumberField).input.focus()
        super().on_mount()
        self.call_after_refresh(self._show_the_title)

    def _show_the_title(self) -> None:
        """Beside the counts (a terminal; on a phone the counts come first), the title at
        the foot of the score shows as the screen opens: a longer language can push it
        below the edge at 80x24; the body scrolls as little as shows it, if the count
        being typed stays in view."""
        if self.has_class("-slim"):
            return
        body = self.query_one("#final-body", VerticalScroll)
        title = self.query_one("#title", Static).content_region  # its word: the middle row
        below = title.y + title.height // 2 + 1 - body.region.bottom
        typed = self.focused
        if below <= 0 or typed is None or typed.region.y - below < body.region.y:
            return
        body.scroll_to(y=body.scroll_y + below, animate=False)

    # --- the score ----------------------------------------------------------------------

    def counts(self) -> dict[str, int] | None:
        """The six counts, or ``None`` while one of them is not a valid number."""
        values = {}
        for name, _label in INPUTS:
            value = self.query_one(f"#{name}", NumberField).value
            if value is None:
                return None
            values[name] = value
        return values

    def update_score(self) -> None:
        """Recompute the breakdown, the total and the title from the fields."""
        counts = self.counts()
        breakdown_view = self.query_one("#breakdown", Breakdown)
        title_view = self.query_one("#title", Static)
        if counts is None:
            self.breakdown = None
            breakdown_view.rows = ()
            breakdown_view.update(_("Fix the counts marked in red to see the score."))
            self.query_one("#total", Digits).update("--")
            title_view.update("")
            self.query_one("#structures-rule", Label).update("")
            return
        score = final_score(**counts, ruleset=self.ruleset)
        self.breakdown = score
        per_structure = self.ruleset.scoring.vp_per_structure.value
        rows = [
            (_("VP track"), score.vp_track),
            (_("Structures (+{n} each)").format(n=per_structure), score.structures),
            (_("Most Structures bonus"), score.most_structures_bonus),
            (_("Resources → VP"), score.resources_vp),
            (_("Total"), score.total),
        ]
        breakdown_view.show(rows)
        self.query_one("#structures-rule", Label).update(
            structures_rule_line(self.ruleset, counts, score.most_structures_bonus)
        )
        self.query_one("#total", Digits).update(str(score.total))
        title_view.update(edition(score.title).upper())

    @on(Input.Changed)
    def _count_changed(self, event: Input.Changed) -> None:
        self.update_score()

    @on(Input.Submitted)
    def _count_submitted(self, event: Input.Submitted) -> None:
        """Enter stays in the count (the focus moves only by Tab or a tap) and says which
        keys move on and save."""
        event.stop()
        self.notify(
            worded(
                self,
                _("Tab moves to the next count; ctrl+s saves the game."),
                _("Tap the next count; Save to history, below, saves the game."),
            ),
            timeout=4,
        )

    @on(Button.Pressed, "#save-ok")
    def _save_tapped(self, event: Button.Pressed) -> None:
        """The button at the end of the screen does what ctrl+s does (a phone's footer
        is easy to miss)."""
        event.stop()
        self.action_save()

    # --- saving -------------------------------------------------------------------------

    def _save_again(self) -> str:
        return worded(self, _("press ctrl+s again"), _("tap Save to history again"))

    def build_record(self) -> HistoryRecord | None:
        """The history record for this game (``None`` after telling what is wrong)."""
        from companion.storage import HistoryRecord
        from companion.storage.history_record import game_fields

        status = self.query_one("#save-status", Label)
        fields = [self.query_one(f"#{name}", NumberField) for name, _label in INPUTS]
        checks = [field.check() for field in fields]
        counts = self.counts()
        if not all(checks) or counts is None or self.breakdown is None:
            status.update(_("Fix the counts marked in red before saving."))
            return None
        notes = self.query_one("#notes", TextArea).text.strip()
        if len(notes) > NOTES_MAX:
            status.update(
                _("The notes are {n} characters long; keep them to {most}.").format(
                    n=len(notes), most=NOTES_MAX
                )
            )
            return None
        session = self.session
        try:
            return HistoryRecord(
                **({"id": session.game_id} if session.game_id else {}),
                finished_at=datetime.now(UTC).isoformat(timespec="seconds"),
                started_at=session.started_at,
                play_seconds=round(float(session.play_seconds), 1),
                **game_fields(session.setup, self.state),
                score=self.breakdown,
                frederick_structures=counts["frederick_structures"],
                notes=notes,
                log_summary=[shorten(line, 300) for line in session.log[-LOG_LINES:]],
                source="app",
            )
        except ValidationError as exc:
            status.update(
                _("This game cannot be recorded: {why}.").format(why=exc.errors()[0]["msg"])
            )
            return None

    def action_save(self) -> None:
        """Store the game in the history and go back to the Start screen."""
        if not self.session.has_game:
            self.notify(_("There is no game to save."), severity="error")
            return
        record = self.build_record()
        if record is None:
            return
        status = self.query_one("#save-status", Label)
        try:
            self.session.finish(record)
        except (OSError, ValueError) as exc:
            status.update(
                _(
                    "Could not save to the history: {exc}. Nothing is lost: the game and what "
                    "you typed are still here; fix the problem and {again}."
                ).format(exc=exc, again=self._save_again())
            )
            self.notify(str(exc), title=_("Not saved"), severity="error", timeout=10)
            return
        status.update("")
        self.notify(_("Saved to your history."), title=_("Saved"))
        self._back_to_start()

    def _back_to_start(self) -> None:
        if not self.host.back_to_start():
            self.dismiss()

    def action_back(self) -> None:
        """Leave without saving (back to the screen underneath)."""
        self.dismiss()

    def action_bgstats(self) -> None:
        """Show this game as a BG Stats link and QR code (nothing is saved)."""
        if not self.session.has_game:
            self.notify(_("There is no game to send."), severity="error")
            return
        record = self.build_record()
        if record is not None:
            self.host.open_bgstats(record)

    def action_review(self) -> None:
        """Where this game's points went, round by round."""
        self.host.open_review()
