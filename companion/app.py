"""The Textual application: screens, global keys, themes and the command palette.

Notifications are plain text (``markup=False`` always): their messages carry file paths,
stored names and error reasons, which are data, never markup. Quitting while a move could
not be saved asks first (:class:`~companion.screens.unsaved_quit.UnsavedQuitScreen`).

The configuration file (:mod:`companion.config`) gives the theme and the key overrides,
applied at start; what is wrong in it is said on the Start screen, and the app starts all
the same. A theme chosen in the app (``t``, or the command palette) is written back to the
file (:mod:`companion.config_write`).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App
from textual.binding import BindingType
from textual.message import Message
from textual.notifications import SeverityLevel

from companion.background import InputGate
from companion.commands import GameCommands
from companion.config import LoadedConfig
from companion.keymap import APP_KEYS, bindings
from companion.session import GameSession
from companion.storage.lock import DataLock

DARK_THEME = "textual-dark"
LIGHT_THEME = "textual-light"


class StuporSoloApp(App[None]):
    """Frederick's brain, the game's memory and the score keeper."""

    TITLE = "Stupor Mundi · Solo companion"
    CSS_PATH = "companion.tcss"
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS: ClassVar[list[BindingType]] = list(bindings(APP_KEYS))

    def __init__(
        self,
        data_dir: Path,
        *,
        use_lock: bool = True,
        insight: bool = True,
        config: LoadedConfig | None = None,
    ) -> None:
        super().__init__()
        self.insight = insight
        """Compute the odds per port and the end-of-game forecast in the background."""
        self.config = config or LoadedConfig()
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

    def post_message(self, message: Message) -> bool:
        """Note every key and mouse event as it is posted, before it is handled: the
        background work gives way to it at once."""
        if isinstance(message, events.InputEvent):
            self.input_gate.input_arrived()
        return super().post_message(message)

    def _note_input_at_the_driver(self) -> None:
        """Note every key and mouse event where the driver hands it over (for a terminal,
        in its input thread, before the event loop has even seen it), so background work
        pauses before the key is queued. Textual keeps the driver in ``_driver``; if that
        ever changes, :meth:`post_message` still notes the event a little later."""
        driver = getattr(self, "_driver", None)
        send = getattr(driver, "send_message", None)
        if send is None:
            return
        gate = self.input_gate

        def send_message(message: Message) -> None:
            if isinstance(message, events.InputEvent):
                gate.input_arrived()
            send(message)

        driver.send_message = send_message  # type: ignore[union-attr]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Show a notification; its text is never read as markup (see the module)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def on_mount(self) -> None:
        """Take the data lock, apply the configuration and open the Start screen (or, when
        another copy holds the data or the lock cannot be used, the screen that says so)."""
        from companion.screens.start import StartScreen

        self._note_input_at_the_driver()
        if self.lock is not None:
            try:
                acquired = self.lock.acquire()
                problem = None
            except OSError as exc:  # a link where the lock should be, a read-only disk
                acquired, problem = False, str(exc)
            if not acquired:
                from companion.screens.data_in_use import DataInUseScreen

                self.read_only = self.session.read_only = True
                self._apply_config()
                holder = self.lock.holder() if problem is None else ""
                self.push_screen(DataInUseScreen(self.session.folder, holder, problem))
                return
        self.session.clean_stray_files()
        self._apply_config()
        self.push_screen(StartScreen())

    def _apply_config(self) -> None:
        """Apply the configuration's key overrides and theme; every problem becomes a
        notice on the Start screen. A theme chosen later is written back to the file. A
        read-only copy does not look at the settings file (reading it may move a damaged
        one aside, which only the lock holder may do)."""
        from companion.config_keys import check_keymap

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
        """Use the configuration's theme; without one, the theme an older version kept in
        the settings file. What went wrong reading either (an unknown theme, a damaged
        settings file moved aside) becomes a notice on the Start screen."""
        wanted = self.config.config.theme
        if wanted is not None:
            if wanted in self.available_themes:
                self.theme = wanted
                return
            known = ", ".join(sorted(self.available_themes))
            self.session.notices.append(
                f"{self.config.name}: theme {wanted!r} is not a Textual theme; the default "
                f"is used. Known themes: {known}."
            )
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
        """A theme was chosen (``t`` or the command palette): write it to the
        configuration file, once per change; say so when that fails."""
        name = self.theme
        if name == self._theme_saved or self.config.path is None:
            return
        from companion.config_write import ConfigWriteError, save_theme

        self._theme_saved = name
        try:
            save_theme(self.config.path, name)
        except ConfigWriteError as exc:
            self.notify(
                f"The theme is in use but could not be saved: {exc}", severity="warning", timeout=10
            )

    def on_unmount(self) -> None:
        """Give the data lock back."""
        if self.lock is not None and not self.read_only:
            self.lock.release()

    def action_help(self) -> None:
        """Show the help screen (keys and rules decisions)."""
        from companion.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

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
        from companion.screens.unsaved_quit import UnsavedQuitScreen

        asked = isinstance(self.screen, UnsavedQuitScreen)
        if self.read_only or not self.session.has_unsaved_changes or asked:
            self.exit()
        else:
            self.push_screen(UnsavedQuitScreen())

    def game_changed(self) -> None:
        """Tell the game screens that the game changed (the one on top redraws now, the
        others when they come back)."""
        from companion.messages import GameChanged
        from companion.screens.game_screen import GameScreen

        message_revision = self.session.revision
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.post_message(GameChanged(message_revision))

    def open_table(self) -> None:
        """Show the Table for the game in progress (replacing any screen above Start)."""
        from companion.screens.table import TableScreen

        self.push_screen(TableScreen())
