"""The Textual application: screens, global keys, themes and the command palette.

The app is the only router: it alone opens the top screens (:meth:`StuporSoloApp.open_table`,
…), each imported when first opened so that start-up loads only the Start screen. Screens
reach the app through :class:`~companion.ui.host.Host`, which the app is checked against.

Notifications are plain text (``markup=False``: paths, names and reasons are data). Quitting
while a move could not be saved asks first (:mod:`companion.ui.screens.unsaved_quit`).
The configuration file (:mod:`companion.config`) gives the theme and the key overrides
(what is wrong in it is said on the Start screen); a theme chosen in the app is written
back to it. The language can be switched at any time (:mod:`companion.ui.language`).

The data folder's lock, the wait for a served page's earlier app and the take over
between two copies are :mod:`companion.ui.data_hold`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import BindingType
from textual.constants import DEFAULT_THEME
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.reactive import Initialize, Reactive
from textual.screen import Screen

from companion.config import LoadedConfig
from companion.i18n import N_
from companion.session import GameSession
from companion.storage.lock import DataLock
from companion.ui.app_words import TitleInLanguage, theme_not_saved, unknown_theme
from companion.ui.background import InputGate
from companion.ui.commands import GameCommands, with_patient_screenshot
from companion.ui.data_hold import HoldsTheData
from companion.ui.framework.hooks import ScreenBeforeMount
from companion.ui.framework.key_characters import PlainKeyCaptions
from companion.ui.framework.quick_open import give_width_class
from companion.ui.framework.textual_internals import shown_notices, watch_driver_input
from companion.ui.keys import APP_KEYS, bindings
from companion.ui.language import LanguageCommands
from companion.ui.screens.notice_room import notice_seconds
from companion.ui.type_ahead import TypeAhead

if TYPE_CHECKING:
    from companion.storage import HistoryRecord
    from companion.ui.host import Host

REFERENCE = "reference"  # the one Reference screen's name (kept: it opens again at once)
DARK_THEME = "textual-dark"
LIGHT_THEME = "textual-light"
SLIM = 60
"""Below this width (a phone) every screen has the ``-slim`` class: dialogs drop their
padding and put their buttons two a row (``companion.tcss``)."""


def _first_theme(app: StuporSoloApp) -> str:
    """The configuration's theme before the stylesheet is first read (set later, it is read
    again: a fifth of the start's work)."""
    wanted = app.configured_theme
    return wanted if wanted is not None and wanted in app.available_themes else DEFAULT_THEME


class StuporSoloApp(TitleInLanguage, ScreenBeforeMount, PlainKeyCaptions, HoldsTheData):
    """Frederick's brain, the game's memory and the score keeper."""

    theme: Reactive[str] = Reactive(Initialize(_first_theme))

    TITLE = N_("Stupor Mundi · Solo companion")
    CSS_PATH = "companion.tcss"
    COMMANDS = App.COMMANDS | {GameCommands, LanguageCommands}
    BINDINGS: ClassVar[list[BindingType]] = list(bindings(APP_KEYS))
    # Textual annotates this "ClassVar[...] | None", which mypy will not let a subclass
    # annotate again; ruff would want the ClassVar.
    HORIZONTAL_BREAKPOINTS = [(0, "-slim"), (SLIM, "-roomy")]  # noqa: RUF012

    def __init__(
        self,
        data_dir: Path,
        *,
        use_lock: bool = True,
        insight: bool = True,
        config: LoadedConfig | None = None,
    ) -> None:
        loaded = config or LoadedConfig()
        self.configured_theme = loaded.config.theme  # read by _first_theme as Textual starts
        super().__init__()
        self.insight = insight
        """Compute the odds per port and the end-of-game forecast in the background."""
        self.config = loaded
        """The configuration file as read (the built-in settings when none is given)."""
        self.keymap_overrides: dict[str, str] = {}
        """The key overrides in force (binding id → keys), once checked at start."""
        self._theme_saved: str | None = None
        self.session = GameSession(data_dir, clean_on_open=False)
        self.session.backups = self.config.config.backups
        self.lock = DataLock(data_dir) if use_lock else None
        self.read_only = False
        """True when another copy holds the data: nothing may be written."""
        self.input_gate = InputGate()
        """Background work (the Table's odds and forecast) pauses while input arrives."""
        self.let_go = False
        """True once this copy has let another take the data over (it is quitting)."""
        self.type_ahead = TypeAhead(self)
        """Keys typed while the app still answers the ones before wait their turn."""

    def post_message(self, message: Message) -> bool:
        """Note every key and mouse event as it is posted, before it is handled: the
        background work gives way to it at once."""
        if isinstance(message, events.InputEvent):
            self.input_gate.input_arrived()
        return super().post_message(message)

    async def on_event(self, event: events.Event) -> None:
        """A key typed ahead waits until the app has answered the keys before it, so it
        reaches the screen and the field it was meant for (see :mod:`companion.ui.type_ahead`)."""
        if not isinstance(event, events.Key):
            await super().on_event(event)
        elif event.is_forwarded:  # back from the widgets: the app's bindings now
            await super().on_event(event)
            self.type_ahead.came_back(event)
        elif not self.screen_stack:  # quitting: no screen left to take a key
            return
        elif not self.type_ahead.holds(event):
            target = self.focused or self.screen
            await super().on_event(event)
            if event.is_forwarded:
                self.type_ahead.handed_on(event, target)

    def _note_input_at_the_driver(self) -> None:
        """Note every key and mouse event where the driver hands it over (for a terminal,
        in its input thread, before the event loop has even seen it), so background work
        pauses before the key is queued (if the driver cannot be reached,
        :meth:`post_message` still notes the event a little later)."""
        gate = self.input_gate

        def note(message: Message) -> None:
            if isinstance(message, events.InputEvent):
                gate.input_arrived()

        watch_driver_input(self, note)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A notice: never markup (see the module), closing by itself (``notice_seconds``),
        never stacked on the same one already shown (Enter pressed twice says it once)."""
        if (message, severity) in shown_notices(self):
            return
        seconds = notice_seconds(timeout, self.NOTIFICATION_TIMEOUT)
        super().notify(message, title=title, severity=severity, timeout=seconds, markup=False)

    def before_mount(self, screen: Screen[Any]) -> None:
        """A screen about to be mounted gets its width classes first (Textual gives them
        when the screen first gets its size, after its widgets were styled, and every
        widget is then styled again: see :mod:`companion.ui.framework.quick_open`)."""
        give_width_class(screen, self)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's palette commands, with a Screenshot that waits for the palette to be
        gone (Textual's own waits a tenth of a second, which a busy machine or a browser
        outlasts: the picture then shows the palette over the screen)."""
        return with_patient_screenshot(self, super().get_system_commands(screen))

    def on_mount(self) -> None:
        """Watch input at the driver, mark a browser's app, and open the data folder
        (:meth:`~companion.ui.data_hold.HoldsTheData.open_the_data`)."""
        self._note_input_at_the_driver()
        self.set_class(self.is_web, "-web")  # in a browser: touch-friendly touches (tcss)
        self.open_the_data()

    def _apply_config(self) -> None:
        """Apply the configuration's key overrides and theme; every problem becomes a
        notice on the Start screen. A theme chosen later is written back to the file. A
        read-only copy does not look at the settings file (reading it may move a damaged
        one aside, which only the lock holder may do)."""
        from companion.ui.keys.overrides import check_keymap

        notices = self.session.notices
        notices.extend(self.config.problems)
        checked = check_keymap(self.config.config.keys, self.config.name)
        notices.extend(checked.problems)
        self.keymap_overrides = checked.keymap
        if checked.keymap:
            self.set_keymap(checked.keymap)
        self._apply_saved_theme()
        self._theme_saved = self.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def _apply_saved_theme(self) -> None:
        """The configuration's theme, else the one an older version kept in the settings file;
        what went wrong reading either becomes a notice on the Start screen."""
        wanted = self.config.config.theme
        if wanted is not None:
            if wanted in self.available_themes:
                self.theme = wanted
                return
            known = ", ".join(sorted(self.available_themes))
            self.session.notices.append(unknown_theme(self.config.name, wanted, known))
            return
        if self.read_only:
            return
        settings = self.session.settings
        try:
            saved = settings.theme()
        except (OSError, ValueError) as exc:
            saved = None
            self.session.notices.append(str(exc))
        if settings.notice and settings.notice not in self.session.notices:
            self.session.notices.append(settings.notice)
        if saved in (DARK_THEME, LIGHT_THEME):
            self.theme = saved

    def _theme_changed(self, theme: object) -> None:
        """A theme was chosen: write it to the configuration file, once; say if that fails."""
        name = self.theme
        if name == self._theme_saved or self.config.path is None:
            return
        from companion.config.write import ConfigWriteError, save_theme

        self._theme_saved = name
        try:
            save_theme(self.config.path, name)
        except ConfigWriteError as exc:
            self.notify(theme_not_saved(exc), severity="warning", timeout=10)

    def on_unmount(self) -> None:
        """Give the data lock back."""
        if self.lock is not None and not self.read_only:
            self.lock.release()

    def action_help(self) -> None:
        """Show the help screen (keys and rules decisions)."""
        self.open_help()

    def action_reference(self) -> None:
        """F1: the Reference entry of what has the cursor (an Ally in a list, a card, a
        Structure…), else the Reference as a whole."""
        from companion.ui.widgets.reference_hint import topic_of

        self.open_reference(topic_of(self.screen))

    def action_toggle_theme(self) -> None:
        """Switch dark ↔ light; the choice is written to the configuration file like any
        theme chosen in the app (see :meth:`_theme_changed`)."""
        self.theme = LIGHT_THEME if self.theme == DARK_THEME else DARK_THEME

    async def action_quit(self) -> None:
        """Quit (ctrl+q, the command palette): see :meth:`request_quit`."""
        self.request_quit()

    def request_quit(self) -> None:
        """Leave the app, unless a move could not be saved: then ask first (retry the
        save, write the game to another file, quit anyway, or stay). Asked again while
        the question is up (ctrl+q twice), it quits."""
        from companion.ui.screens.unsaved_quit import UnsavedQuitScreen

        asked = isinstance(self.screen, UnsavedQuitScreen)
        if self.read_only or not self.session.has_unsaved_changes or asked:
            self.exit()
        else:
            self.push_screen(UnsavedQuitScreen())

    def game_changed(self) -> None:
        """Tell the game screens that the game changed (the one on top redraws now, the
        others when they come back)."""
        from companion.ui.messages import GameChanged
        from companion.ui.screens.game_screen import GameScreen

        message_revision = self.session.revision
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.post_message(GameChanged(message_revision))

    # --- the top screens, opened by name (see companion.ui.host) ------------------------

    def open_help(self) -> None:
        """Show the Help screen: every key and the rules decisions (unless it shows)."""
        from companion.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def open_reference(self, topic: str | None = None) -> None:
        """Show the Reference at ``topic``'s entry (or as a whole); when it is showing
        already, it turns to that entry."""
        from companion.ui.screens.reference import ReferenceScreen

        if isinstance(self.screen, ReferenceScreen):
            self.screen.look_up(topic)
        elif not self.is_screen_installed(REFERENCE):
            self.install_screen(ReferenceScreen(topic), REFERENCE)
            self.push_screen(REFERENCE)
        else:
            reference = self.get_screen(REFERENCE)
            assert isinstance(reference, ReferenceScreen)
            reference.reopen(topic)
            self.push_screen(reference)

    def open_setup(self) -> None:
        """Show the New game form."""
        from companion.ui.screens.setup.form import SetupScreen

        self.push_screen(SetupScreen())

    def open_table(self) -> None:
        """Show the Table for the game in progress (replacing any screen above Start)."""
        from companion.ui.screens.table import TableScreen

        self.push_screen(TableScreen())

    def open_end_phase(self) -> None:
        """Show the End Phase."""
        from companion.ui.screens.end_phase import EndPhaseScreen

        self.push_screen(EndPhaseScreen())

    def open_final_score(self, *, replacing: bool = False) -> None:
        """Show the Final score, over the current screen or ``replacing`` it."""
        from companion.ui.screens.final_score import FinalScoreScreen

        if replacing:
            self.switch_screen(FinalScoreScreen())
        else:
            self.push_screen(FinalScoreScreen())

    def open_log(self) -> None:
        """Show the whole game log."""
        from companion.ui.screens.log_screen import LogScreen

        self.push_screen(LogScreen())

    def back_to_start(self) -> bool:
        """Close every screen above the Start screen; False when there is none."""
        from companion.ui.screens.start import StartScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, StartScreen):
                screen.pop_until_active()
                return True
        return False

    def open_history(self) -> None:
        """Show the History of finished games."""
        from companion.ui.screens.history.games import HistoryScreen

        self.push_screen(HistoryScreen())

    def open_statistics(self, records: Sequence[HistoryRecord] | None = None) -> None:
        """Show the records and the score chart (over ``records`` when the History has
        read them; else the screen reads the history itself)."""
        from companion.ui.screens.history.statistics import StatisticsScreen

        self.push_screen(StatisticsScreen(records))

    def open_deck(self) -> None:
        """Show the solo deck screen."""
        from companion.ui.screens.deck import DeckScreen

        self.push_screen(DeckScreen())

    def open_board(self) -> None:
        """Show the Board screen (check your boards against your box)."""
        from companion.ui.screens.board import BoardScreen

        self.push_screen(BoardScreen())

    def open_bgstats(self, record: HistoryRecord) -> None:
        """Show ``record`` as a BG Stats link and QR code, worded as the configuration says."""
        from companion.ui.screens.history.bgstats import bgstats_screen

        self.push_screen(bgstats_screen(record, self.config.config.bgstats))

    def open_review(self, record: HistoryRecord | None = None) -> None:
        """Show where the points went: ``record``'s game from its document, or the game in
        progress (``None``); a game without a review shows why."""
        from companion.ui.screens.review import review_screen

        self.push_screen(review_screen(self.session, record))


if TYPE_CHECKING:

    def _hosts_its_screens(app: StuporSoloApp) -> Host:
        """The one check that the app is everything a screen may use of it (mypy)."""
        return app
