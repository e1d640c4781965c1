"""What a screen may use of the app: one typed protocol, :class:`Host`.

Textual gives every screen ``self.app``, a plain ``App``. What a screen needs beyond that
(the game session, the configuration, the background work's input gate, whether this copy
may write, the take over) and the top screens it may open are :class:`Host`; a screen or
dialog reaches them through :attr:`Hosted.host`, the one accessor. The app
(:class:`companion.ui.app.StuporSoloApp`) is checked against the protocol once, by mypy,
where it is defined; no screen imports the app module.

Only the app knows the top screens: a screen opens another by asking the host
(``self.host.open_history()``), so the screens do not import each other. Dialogs
(``screens/modals``) are leaves and are opened directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.app import App

    from companion.config import LoadedConfig
    from companion.session import GameSession, TakeOver
    from companion.storage import HistoryRecord
    from companion.ui.background import InputGate


class Host(Protocol):
    """The app as its screens see it."""

    session: GameSession
    """The game in progress, the history and the settings of this data folder."""
    config: LoadedConfig
    """The configuration file as read."""
    keymap_overrides: dict[str, str]
    """The key overrides in force (binding id → keys)."""
    insight: bool
    """Whether the Table computes the odds and the forecast in the background."""
    input_gate: InputGate
    """Background work pauses while input arrives."""
    read_only: bool
    """True when another copy holds the data: nothing may be written."""

    @property
    def take_over(self) -> TakeOver | None:
        """The take over of the data folder (``None`` without a lock)."""

    def took_over(self) -> None:
        """This copy has just taken the data over: become the writer and resume."""

    def game_changed(self) -> None:
        """Tell the game screens that the game changed."""

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on, on every open screen, keeping their state."""

    def request_quit(self) -> None:
        """Leave the app (asking first if a move could not be saved)."""

    # --- the top screens, opened by name ----------------------------------------------

    def open_help(self) -> None:
        """Show the Help screen (unless it is showing)."""

    def open_reference(self, topic: str | None = None) -> None:
        """Show the Reference, at ``topic``'s entry (an id or key) when it has one."""

    def open_setup(self) -> None:
        """Show the New game form."""

    def open_table(self) -> None:
        """Show the Table for the game in progress."""

    def open_end_phase(self) -> None:
        """Show the End Phase."""

    def open_final_score(self, *, replacing: bool = False) -> None:
        """Show the Final score (``replacing`` the current screen instead of over it)."""

    def open_log(self) -> None:
        """Show the whole game log."""

    def back_to_start(self) -> bool:
        """Close every screen above the Start screen; False when there is none."""

    def open_history(self) -> None:
        """Show the History of finished games."""

    def open_statistics(self, records: Sequence[HistoryRecord] | None = None) -> None:
        """Show the Statistics (over ``records`` if already read)."""

    def open_deck(self) -> None:
        """Show the solo deck."""

    def open_board(self) -> None:
        """Show the Castle Board, to check it against your box."""

    def open_bgstats(self, record: HistoryRecord) -> None:
        """Show ``record`` as a BG Stats link and QR code."""

    def open_review(self, record: HistoryRecord | None = None) -> None:
        """Show where the points of ``record``'s game went (``None``: the game in
        progress), or why there is no review."""


class _InApp(Protocol):
    @property
    def app(self) -> App[object]: ...


class Hosted:
    """Mixin for a screen or dialog (listed before the Textual base): :attr:`host`."""

    @property
    def host(self: _InApp) -> Host:
        """The app, as what a screen may use of it (see the module)."""
        return cast("Host", self.app)
