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

from companion.i18n import _
from companion.session import OUTCOME_TEXT
from companion.storage.takeover import Outcome
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import DATA_IN_USE_KEYS, bindings
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.touch_list import TouchOptionList


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

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="in-use", classes="panel"):
            if self.problem is None:
                text = (
                    f"Your data in {self.folder} is in use by {self.holder}.\n\n"
                    "Two copies writing at the same time could damage your games, so this "
                    "copy changes nothing."
                )
                if self.offer_take_over:
                    text += (
                        " Take over asks the other copy to save and quit; this one then "
                        "carries on with the same game."
                    )
                else:
                    text += " Finish in the other copy, or close it and start this one again."
            else:
                text = (
                    f"The lock of your data folder {self.folder} cannot be used: "
                    f"{self.problem}\n\nWithout it this copy changes nothing."
                )
            yield Static(text, id="in-use-text", markup=False)
            yield Static("", id="take-over-status", markup=False)
            options = [
                Option(_("h  Look at the history (read-only)"), id="history"),
                Option(_("q  Quit"), id="quit"),
            ]
            if self.offer_take_over:
                options.insert(0, Option(_("t  Take over here"), id="take_over"))
            yield TouchOptionList(*options)
        yield KeyFooter()

    def on_mount(self) -> None:
        title = "Data in use" if self.problem is None else "Data folder cannot be locked"
        self.query_one("#in-use", Vertical).border_title = title
        self.query_one(OptionList).focus()

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
        self._status("Asking the other copy to save and let go…")
        self._take_over()

    def _status(self, text: str) -> None:
        status = self.query_one("#take-over-status", Static)
        status.update(text)
        status.display = True

    @work(exclusive=True, group="take-over")
    async def _take_over(self) -> None:
        host = self.host
        take_over = host.take_over
        try:
            outcome = await take_over.take() if take_over is not None else Outcome.NO_ANSWER
        except OSError as exc:
            self._status(f"Could not ask the other copy: {exc}")
            outcome = None
        self.taking_over = False
        if outcome is Outcome.TAKEN:
            host.took_over()
            return
        if outcome is not None:
            self._status(OUTCOME_TEXT[outcome])
        self.refresh_bindings()
