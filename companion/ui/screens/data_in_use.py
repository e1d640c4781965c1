"""Shown when another copy of the app holds the data folder, or its lock cannot be used (a
link where the lock file should be, say): take over, read the history, or quit.

Take over is offered when the other copy runs on this machine (a browser tab left open, a
tablet whose page reloaded after it slept): the other copy is asked to save and quit
(:mod:`companion.session.takeover`) and this one resumes the game it saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from companion.i18n import N_, _
from companion.session import OUTCOME_TEXT
from companion.storage.takeover import Outcome
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import DATA_IN_USE_KEYS, bindings
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.touch_list import TouchOptionList

ASKING = N_("Asking the other copy to save and let go…")
COULD_NOT_ASK = N_("Could not ask the other copy: {error}")


class DataInUseScreen(OpensAtOnce, Hosted, Screen[None]):
    """Explains that the data is in use; offers to take over, a read-only look at the
    history, or to quit."""

    DEFAULT_CSS = """
    DataInUseScreen { align: center middle; }
    DataInUseScreen #in-use { width: 84; max-width: 100%; height: auto; }
    DataInUseScreen #in-use-text { margin-bottom: 1; }
    DataInUseScreen #take-over-status { margin-bottom: 1; display: none; }
    DataInUseScreen OptionList { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(DATA_IN_USE_KEYS))

    def __init__(
        self, folder: Path, holder: str, problem: str | None = None, offer_take_over: bool = False
    ) -> None:
        super().__init__()
        self.folder = folder
        self.holder = holder
        self.problem = problem
        """Why the lock could not be used at all (``None``: another copy holds it)."""
        self.offer_take_over = offer_take_over and problem is None
        """The other copy runs on this machine: it can be asked to let go."""
        self.taking_over = False
        self._said: tuple[str, str] | None = None
        """The status shown: an English message and what fills it (``None``: none)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="in-use", classes="panel"):
            yield Static(self._text(), id="in-use-text", markup=False)
            yield Static("", id="take-over-status", markup=False)
            options = [Option(prompt, id=option_id) for option_id, prompt in self._options()]
            yield TouchOptionList(*options)
        yield KeyFooter()

    def _text(self) -> str:
        """Why this copy changes nothing, and what it offers, in the language in use."""
        if self.problem is not None:
            return _(
                "The lock of your data folder {folder} cannot be used: {problem}\n\n"
                "Without it this copy changes nothing."
            ).format(folder=self.folder, problem=self.problem)
        if self.offer_take_over:
            return _(
                "Your data in {folder} is in use by {holder}.\n\n"
                "Two copies writing at the same time could damage your games, so this copy "
                "changes nothing. Take over asks the other copy to save and quit; this one "
                "then carries on with the same game."
            ).format(folder=self.folder, holder=self.holder)
        return _(
            "Your data in {folder} is in use by {holder}.\n\n"
            "Two copies writing at the same time could damage your games, so this copy "
            "changes nothing. Finish in the other copy, or close it and start this one again."
        ).format(folder=self.folder, holder=self.holder)

    def _title(self) -> str:
        if self.problem is None:
            return _("Data in use")
        return _("Data folder cannot be locked")

    def on_mount(self) -> None:
        self.query_one("#in-use", Vertical).border_title = self._title()
        self.query_one(OptionList).focus()

    def relabel(self) -> None:
        """Word the explanation, the title and the status again in the language in use
        (the option highlighted stays)."""
        self.query_one("#in-use", Vertical).border_title = self._title()
        self.query_one("#in-use-text", Static).update(self._text())
        if self._said is not None:
            self._status(*self._said)
        options = self.query_one(OptionList)
        for option_id, prompt in self._options():
            options.replace_option_prompt(option_id, prompt)

    def _options(self) -> list[tuple[str, str]]:
        """The options' ids and words in the language in use."""
        options = [
            ("history", _("h  Look at the history (read-only)")),
            ("quit", _("q  Quit")),
        ]
        if self.offer_take_over:
            options.insert(0, ("take_over", _("t  Take over here")))
        return options

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer take over only where it can work, and once at a time."""
        if action == "take_over":
            return None if self.taking_over else self.offer_take_over
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Run the chosen option."""
        if event.option.id == "take_over":
            self.action_take_over()
        elif event.option.id == "history":
            self.action_history()
        else:
            self.app.exit()

    def action_history(self) -> None:
        """Open the History screen; the app is read-only."""
        self.host.open_history()

    def action_take_over(self) -> None:
        """Ask the other copy to let go, and carry on here once it has."""
        if not self.offer_take_over or self.taking_over:
            return
        self.taking_over = True
        self.refresh_bindings()
        self._status(ASKING)
        self._take_over()

    def _status(self, message: str, error: str = "") -> None:
        """Show ``message`` (English, a message of the catalogue; ``{error}`` is filled
        with ``error``) in the language in use."""
        self._said = (message, error)
        status = self.query_one("#take-over-status", Static)
        status.update(_(message).format(error=error))
        status.display = True

    @work(exclusive=True, group="take-over")
    async def _take_over(self) -> None:
        host = self.host
        take_over = host.take_over
        try:
            outcome = await take_over.take() if take_over is not None else Outcome.NO_ANSWER
        except OSError as exc:
            self._status(COULD_NOT_ASK, str(exc))
            outcome = None
        self.taking_over = False
        if outcome is Outcome.TAKEN:
            host.took_over()
            return
        if outcome is not None:
            self._status(OUTCOME_TEXT[outcome])
        self.refresh_bindings()
