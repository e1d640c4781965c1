"""The Coach: your three best complete turns from the position, each with its expected final
score and 95 % interval, the chance of the title you aim at and why, weighed by simulated
games (:class:`solo_deck.Coach`).

The games are played in the background a slice at a time and give way to every key
(:mod:`companion.ui.sharpening`): the first answer comes within a second or two, and a
sharper one after each round of games, while you look. The list names the three turns,
figures first (so no screen cuts them); the turn highlighted shows its decisions below, in
the words of the game log. Closing the dialog stops the games. Nothing is recorded: the
Coach plays on a copy of the position, from what the table shows you.

Nothing but your hand, when you name it: while some card of it is not named (and the
engine would take its name), the header says so and ``n`` (in a browser, the button "Name
your hand") opens :class:`~companion.ui.screens.modals.name_hand.NameHandModal`. What it
closes with is recorded the way the Table records a dialog's event (``record``, the
Table's ``apply``), and the Coach starts again on the new position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from companion.i18n import N_, _, shown
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import COACH_KEYS, bindings
from companion.ui.notices import sentence
from companion.ui.views.coach import decisions, entry, header, turn_key
from companion.ui.widgets.action_button import action_button
from companion.ui.widgets.dialog_list import DialogList
from companion.ui.wording import worded

if TYPE_CHECKING:
    from solo_deck import Coach, CoachAnswer, GameSetup, GameState
    from solo_deck.events import Event

COACH_GROUP = "coach"
"""The worker group of the Coach's games."""
FIRST_ANSWER = N_("The first answer comes within a second or two, and sharpens while you look.")
"""What the detail says before the first answer (English, shown through ``_``)."""
NAME_HAND = next(key for key in COACH_KEYS if key.action == "name_hand")
"""The key that names your hand (``n``), its id and its label (the button's)."""
NAME_HAND_LABEL = NAME_HAND.label
"""The button's name (English, from the key table: shown through ``_``)."""

Record = Callable[["Event | tuple[Event, ...] | None"], bool]
"""Records a dialog's event in the game (the Table's ``apply``): True when it did."""


class CoachModal(OpensAtOnce, Hosted, ModalScreen[None]):
    """The Coach's answer, sharpening while it is open (see the module). ``budget`` stops
    the games after that many in all (``None``: the engine's own limit)."""

    DEFAULT_CSS = """
    CoachModal #coach {
        border-title-color: $accent; border-title-style: bold;
        border-subtitle-color: $text-muted;
    }
    CoachModal #coach-header { height: auto; margin-bottom: 1; }
    CoachModal #coach-turns { height: auto; border: none; padding: 0; background: $surface; }
    CoachModal #coach-turns:focus { border: none; }
    CoachModal #coach-detail { height: 1fr; margin-top: 1; }
    CoachModal #coach-decisions { height: auto; }
    CoachModal .dialog-buttons { margin-top: 0; }
    """

    # the What if dialog's keys (esc: both only advise) and n to name your hand
    BINDINGS: ClassVar[list[BindingType]] = list(bindings(COACH_KEYS))

    default_budget: ClassVar[int | None] = None
    """The games played in all when no ``budget`` is given (``None``: the engine's limit;
    the tests set a few, for an answer that is final and the same every time)."""

    def __init__(
        self,
        setup: GameSetup,
        state: GameState,
        *,
        aim: str,
        seed: int,
        budget: int | None = None,
        record: Record | None = None,
    ) -> None:
        super().__init__()
        self.setup = setup
        self.state = state
        self.aim = aim
        self.seed = seed
        self.budget = self.default_budget if budget is None else budget
        self.answer: CoachAnswer | None = None
        """The answer shown (``None`` before the first)."""
        self.answers = 0
        """How many answers were drawn."""
        self._chosen: str | None = None
        """The turn the player moved to (its key), followed as the order changes."""
        self._moved: list[str | None] = []
        """The turns highlighted by a new answer, whose messages are still on their way."""
        self._decisions_of: tuple[int, str] | None = None
        """The rank and the turn whose decisions are drawn."""
        self.stopped: str | None = None
        """Why the games stopped early (the engine found nothing to weigh)."""
        self.record = record
        """Records the naming of your hand (``None``: the hand is not named here)."""
        self._coach: Coach | None = None
        """The Coach whose answers are drawn (one of a position named before is not)."""
        self._naming: tuple[GameState, str | None] | None = None
        """The position last asked whether your hand may be named, and the engine's
        reason why not (``None``: it may)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="coach", classes="dialog") as dialog:
            dialog.border_title = _("Coach · nothing is recorded")
            dialog.border_subtitle = self._subtitle()
            yield Static(_("Weighing your turns…"), id="coach-header")
            yield DialogList(id="coach-turns")
            with VerticalScroll(id="coach-detail"):
                yield Static(
                    _(FIRST_ANSWER),
                    id="coach-decisions",
                    classes="muted",
                )
            if self.app.is_web:  # no key to press on a phone
                with Horizontal(classes="dialog-buttons"):
                    name_hand = action_button(_(NAME_HAND_LABEL), "name_hand", "primary")
                    name_hand.display = False  # until an answer says your hand is not named
                    yield name_hand
                    yield action_button(_("Close"), "close")

    def _subtitle(self) -> str:
        return worded(self, _("↑↓ another turn · esc back"), _("tap a turn"))

    def relabel(self) -> None:
        """Word the Coach again in the language in use (the games go on: the next answer
        is drawn in it; the one shown is drawn again now)."""
        dialog = self.query_one("#coach", Vertical)
        dialog.border_title = _("Coach · nothing is recorded")
        dialog.border_subtitle = self._subtitle()
        if self.stopped is not None:
            return  # the header says why the games stopped, in the words they stopped with
        if self.answer is not None:
            self._decisions_of = None
            self.answers -= 1  # drawn again, not a new answer
            self.show(self.answer)
        else:
            self.query_one("#coach-header", Static).update(_("Weighing your turns…"))
            self.query_one("#coach-decisions", Static).update(_(FIRST_ANSWER))

    def on_mount(self) -> None:
        self.query_one("#coach-turns", OptionList).focus()
        self._start()

    def _start(self) -> None:
        """Play the games of the position in the background (those of an earlier one stop)."""
        self.run_worker(self._weigh(), group=COACH_GROUP, exclusive=True, exit_on_error=False)

    def make_coach(self) -> Coach:
        """The Coach on a copy of the position (the game in progress is not touched)."""
        from solo_deck import Coach, SoloGame

        return Coach(SoloGame.at(self.setup, self.state), aim=self.aim, seed=self.seed)

    async def _weigh(self) -> None:
        from companion.ui.sharpening import run_answering

        coach: Coach | None = None

        def deliver(answer: CoachAnswer, last: bool) -> None:
            if coach is not None and coach is self._coach:  # not the position named since
                self.show(answer, last)

        try:
            coach = self._coach = self.make_coach()
            await run_answering(coach.steps(self.budget), self.host.input_gate, deliver)
        except Exception as exc:  # the engine found nothing to weigh, or a game went wrong
            if coach is not None and coach is not self._coach:
                return  # the games of a position named since
            said = shown(exc.args[0]) if len(exc.args) == 1 else str(exc)
            self.stopped = said or type(exc).__name__
            if self.is_attached:
                if self.answer is None:
                    told = _("No advice: {why}.").format(why=self.stopped)
                else:
                    told = _("The Coach stopped: {why}.").format(why=self.stopped)
                self.query_one("#coach-header", Static).update(Text(told))

    # --- drawing ----------------------------------------------------------------------

    def show(self, answer: CoachAnswer, last: bool = False) -> None:
        """Draw ``answer``: the header, the three turns (the one highlighted stays
        highlighted if it is still among them) and its decisions."""
        if not self.is_attached:
            return
        self.answer = answer
        self.answers += 1
        self.query_one("#coach-header", Static).update(header(answer, self.name_it(answer)))
        turns = self.query_one("#coach-turns", OptionList)
        options = [
            Option(entry(rank, line, answer.aim), id=turn_key(line))
            for rank, line in enumerate(answer.lines, 1)
        ]
        keys = [option.id for option in options]
        if [option.id for option in turns.options] == keys:  # the same turns, new figures
            for index, option in enumerate(options):
                turns.replace_option_prompt_at_index(index, option.prompt)
        else:
            turns.clear_options()
            turns.add_options(options)
        if options:
            chosen = self._chosen
            index = keys.index(chosen) if chosen in keys else 0
            if turns.highlighted != index:
                self._moved.append(keys[index])  # its message is not the player's
                turns.highlighted = index
        self._show_decisions()

    def _show_decisions(self) -> None:
        answer = self.answer
        turns = self.query_one("#coach-turns", OptionList)
        index = turns.highlighted
        if answer is None or index is None or index >= len(answer.lines):
            return
        line = answer.lines[index]
        if self._decisions_of == (index, turn_key(line)):
            return  # the same turn at the same rank: its decisions are drawn already
        self._decisions_of = (index, turn_key(line))
        detail = self.query_one("#coach-decisions", Static)
        detail.remove_class("muted")
        detail.update(decisions(index + 1, line))

    @on(OptionList.OptionHighlighted, "#coach-turns")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The player moved to a turn: show its decisions, and keep it highlighted as the
        order changes (until then the best turn is)."""
        if self._moved and self._moved[0] == event.option.id:
            self._moved.pop(0)
        else:
            self._chosen = event.option.id
        self._show_decisions()

    # --- naming your hand ---------------------------------------------------------------

    def naming_refusal(self) -> str | None:
        """Why your hand cannot be named here now (the engine's words), or ``None``
        (asked once per position)."""
        if self.record is None or not self.host.session.has_game:
            return _("the Coach is not on a game it may record in")
        state = self.state
        asked = self._naming
        if asked is None or asked[0] is not state:
            refusal = self.host.session.why_not("name_hand")
            asked = (state, None if refusal is None else shown(refusal))
            self._naming = asked
        return asked[1]

    def name_it(self, answer: CoachAnswer) -> str | None:
        """How to name your hand, for the header (``None``: it is named, or cannot be
        named here); the button shows or hides with it."""
        can = not answer.hand_named and self.naming_refusal() is None
        for button in self.query("#name-hand"):
            button.display = can
        if not can:
            return None
        return worded(
            self,
            _("press {key} to name it").format(key=self.name_hand_key()),
            _("tap {button}").format(button=_(NAME_HAND_LABEL)),
        )

    def name_hand_key(self) -> str:
        """The key that names your hand (the player's own, if the configuration rebinds
        it)."""
        keys = self.host.keymap_overrides.get(NAME_HAND.id, NAME_HAND.key)
        return keys.split(",")[0].strip()

    def action_name_hand(self) -> None:
        """Open the dialog that names your hand (or say why it cannot be named)."""
        refusal = self.naming_refusal()
        if refusal is not None:
            self.notify(sentence(refusal), title=_(NAME_HAND_LABEL), markup=False)
            return
        from companion.ui.screens.modals.name_hand import NameHandModal

        session = self.host.session
        self.app.push_screen(NameHandModal(session.state, session.ruleset), self._named)

    def _named(self, result: Any) -> None:
        """Record what the dialog closed with; once recorded, weigh the new position."""
        if result is None or self.record is None or not self.record(result):
            return
        self.restart()

    def restart(self) -> None:
        """Weigh the game's position now (after your hand was named): the games of the
        old position stop, and the answer starts afresh."""
        session = self.host.session
        self.state = session.state
        self.seed = len(session.events)  # as the Table's key seeds it: the same answers
        self.answer = None
        self.stopped = None
        self._chosen = None
        self._moved.clear()
        self._decisions_of = None
        self._coach = None
        self.query_one("#coach-header", Static).update(_("Weighing your turns…"))
        self.query_one("#coach-turns", OptionList).clear_options()
        detail = self.query_one("#coach-decisions", Static)
        detail.add_class("muted")
        detail.update(_(FIRST_ANSWER))
        for button in self.query("#name-hand"):
            button.display = False
        self._start()

    def action_close(self) -> None:
        """Stop the games and go back to the Table."""
        self.workers.cancel_group(self, COACH_GROUP)
        self.dismiss(None)
