"""The Start screen: resume, new game, history, deck, board, help, quit, and the version.

It opens instantly: it asks the game store only whether a saved game exists (no replay) and
never opens the history.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from companion import __version__
from companion.i18n import N_, _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import START_KEYS, bindings
from companion.ui.warm_up import WARM_UP_DELAY, start_warm_up
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.touch_list import TouchOptionList

MENU: tuple[tuple[str, str, str], ...] = (
    ("resume", "r", N_("Resume the game in progress")),
    ("new", "n", N_("New game")),
    ("history", "h", N_("History of finished games")),
    ("stats", "s", N_("Statistics: records, titles, score chart")),
    ("deck", "d", N_("Solo deck: view, check, edit")),
    ("board", "b", N_("Boards: check them against your box")),
    ("help", "?", N_("Help: keys and rules decisions")),
    ("quit", "q", N_("Quit")),
)
"""(option id, key, label) of the menu, top to bottom (each label is shown through the
catalogue)."""


SUBTITLE = N_("Solo companion · you against Frederick")


class StartScreen(OpensAtOnce, Hosted, Screen[None]):
    """The first screen: a short menu, plus any notice from loading the data files."""

    DEFAULT_CSS = """
    StartScreen { align: center middle; }
    StartScreen > #start-box { width: auto; min-width: 60; max-width: 100%; height: auto; }
    StartScreen #start-menu { width: auto; min-width: 100%; }
    StartScreen #start-title { height: 1; }
    StartScreen #start-subtitle { width: 100%; content-align: center middle; margin-bottom: 1; }
    StartScreen #start-notices { margin-bottom: 1; border: round $warning; }
    StartScreen #start-menu { height: auto; max-height: 10; }
    StartScreen #start-version { width: 100%; content-align: center middle; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(START_KEYS))

    def compose(self) -> ComposeResult:
        with Vertical(id="start-box"):
            yield Static("Stupor Mundi", id="start-title", classes="title-large")
            yield Static(_(SUBTITLE), id="start-subtitle", classes="muted")
            notices = Static("", id="start-notices", classes="panel", markup=False)
            notices.border_title = _("Notice")
            yield notices
            yield TouchOptionList(id="start-menu")
            yield Static(
                f"stupor-solo {__version__}", id="start-version", classes="muted", markup=False
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_menu()
        self.query_one(OptionList).focus()
        self.set_timer(WARM_UP_DELAY, start_warm_up)

    def relabel(self) -> None:
        """The words again in the language in use (the menu keeps its highlighted line)."""
        self.query_one("#start-subtitle", Static).update(_(SUBTITLE))
        self.query_one("#start-notices", Static).border_title = _("Notice")
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        """Coming back from another screen: the saved game or notices may have changed."""
        self.refresh_menu()

    def _can_resume(self) -> bool:
        session = self.host.session
        return session.game is not None or session.has_saved_game()

    def refresh_menu(self) -> None:
        """Rebuild the menu (Resume only when there is a game) and the notice panel."""
        menu = self.query_one("#start-menu", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        can_resume = self._can_resume()
        menu.set_options(
            Option(f"[b]{key}[/b]  {_(label)}", id=option_id)
            for option_id, key, label in MENU
            if option_id != "resume" or can_resume
        )
        ids = [option_id for option_id, _, _ in MENU if option_id != "resume" or can_resume]
        menu.highlighted = ids.index(highlighted) if highlighted in ids else 0
        self._show_notices()
        self.refresh_bindings()

    def _show_notices(self) -> None:
        panel = self.query_one("#start-notices", Static)
        notices = self.host.session.notices
        panel.update("\n".join(f"• {notice}" for notice in notices))
        panel.display = bool(notices)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide Resume when there is nothing to resume."""
        if action == "resume":
            return self._can_resume()
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on a menu line runs its action."""
        event.stop()
        actions = {
            "resume": self.action_resume,
            "new": self.action_new_game,
            "history": self.action_history,
            "stats": self.action_statistics,
            "deck": self.action_deck,
            "board": self.action_board,
            "help": self.host.open_help,
            "quit": self.action_quit,
        }
        run = actions.get(event.option.id or "")
        if run is not None:
            run()

    def action_resume(self) -> None:
        """Replay the saved game and open the Table, or say why it cannot be resumed."""
        app = self.host
        session = app.session
        if session.game is not None:
            app.open_table()
            return
        if not session.has_saved_game():
            self.notify(_("There is no game in progress to resume."), severity="warning")
            self.refresh_menu()
            return
        try:
            resumed = session.load()
        except (OSError, ValueError) as exc:
            session.notices.append(
                _("The saved game could not be read: {reason}").format(reason=exc)
            )
            resumed = False
        if resumed:
            app.open_table()
            return
        self.refresh_menu()
        self.notify(
            _("The saved game could not be resumed; the notice on screen says why."),
            severity="warning",
        )

    def action_new_game(self) -> None:
        """Open the setup form."""
        self.host.open_setup()

    def action_history(self) -> None:
        """Open the list of finished games."""
        self.host.open_history()

    def action_statistics(self) -> None:
        """Open the records and the score chart (the screen reads the history itself)."""
        self.host.open_statistics()

    def action_deck(self) -> None:
        """Open the solo deck screen."""
        self.host.open_deck()

    def action_board(self) -> None:
        """Open the Board screen (your boards, one after the other)."""
        self.host.open_board()

    def action_quit(self) -> None:
        """Leave the app (asking first if a move of the game could not be saved)."""
        self.host.request_quit()
