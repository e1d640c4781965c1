"""The BG Stats screen: one finished game as a QR code to scan with the phone that has BG
Stats, and as the link itself (to copy, or to open on the same device).

The QR code takes the whole screen, since it needs about 90 columns and 47 lines; when the
window is smaller the screen says how large it must be, and the link is one key away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static, TextArea

from companion.i18n import _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.keys import BGSTATS_KEYS, bindings
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.qr_code import qr_matrix, qr_size, qr_text
from companion.ui.wording import worded

if TYPE_CHECKING:
    from companion.config import BgStatsOptions
    from companion.storage import HistoryRecord

SCAN = (
    "Scan with your phone's camera: BG Stats opens the play to check and save. "
    "Sending it again updates the same play. "
)
HINT = SCAN + "c copies the link, l shows it."
TAP_HINT = SCAN + "In the footer, Copy link copies the link, Link / QR shows it."
"""The hint in a browser, where the footer's keys are tapped."""


class BgStatsScreen(OpensAtOnce, Screen[None]):
    """The link that hands one game to BG Stats, as a QR code or as text."""

    DEFAULT_CSS = """
    BgStatsScreen { align: center top; }
    BgStatsScreen #bgstats-title { height: 1; width: 100%; content-align: center middle; }
    BgStatsScreen #bgstats-hint { width: 100%; height: auto; content-align: center middle; }
    BgStatsScreen #bgstats-qr { width: auto; height: auto; }
    BgStatsScreen #bgstats-too-small { width: 100%; height: auto; margin: 1 2; }
    BgStatsScreen #bgstats-link { height: 1fr; margin: 1 2; display: none; }
    BgStatsScreen.-link #bgstats-link { display: block; }
    BgStatsScreen.-link #bgstats-qr-box { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(BGSTATS_KEYS))

    def __init__(self, link: str, title: str) -> None:
        super().__init__()
        self.link = link
        """The ``createPlay`` link with the play in it."""
        self.title_text = title
        self._matrix = qr_matrix(link)

    @property
    def qr_cells(self) -> tuple[int, int]:
        """The columns and lines the QR code needs."""
        return qr_size(self._matrix)

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="bgstats-title", classes="title-large", markup=False)
        yield Static(worded(self, HINT, TAP_HINT), id="bgstats-hint", classes="muted", markup=False)
        with Vertical(id="bgstats-qr-box"):
            yield Static("", id="bgstats-too-small", classes="error-text", markup=False)
            with Center():
                yield Static(qr_text(self._matrix), id="bgstats-qr")
        yield TextArea(self.link, read_only=True, soft_wrap=True, id="bgstats-link")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self) -> None:
        """A window too small for the code is told, with the size it needs."""
        self._fit()

    def _fit(self) -> None:
        columns, lines = self.qr_cells
        width, height = self.app.size
        needed_height = lines + 4  # the title, the hint and the key bar
        fits = width >= columns and height >= needed_height
        self.query_one("#bgstats-qr").display = fits
        message = self.query_one("#bgstats-too-small", Static)
        message.display = not fits
        message.update(
            _(
                "The QR code needs a window of at least {columns} columns and "
                "{needed_height} lines (this one: {width} x {height}). Make the window "
                "larger or the font smaller, or {worded} for the link."
            ).format(
                columns=columns,
                needed_height=needed_height,
                width=width,
                height=height,
                worded=worded(self, _("press l"), _("tap Link / QR in the footer")),
            )
        )

    def action_copy_link(self) -> None:
        """Copy the link to the clipboard (through the terminal)."""
        self.app.copy_to_clipboard(self.link)
        self.notify(_("The link is on the clipboard (if your terminal lets apps copy)."))

    def action_toggle_link(self) -> None:
        """Show the link as text, or the QR code again."""
        self.toggle_class("-link")
        if self.has_class("-link"):
            self.query_one("#bgstats-link", TextArea).focus()

    def action_close(self) -> None:
        """Back to the screen underneath."""
        self.dismiss()


def bgstats_screen(record: HistoryRecord, options: BgStatsOptions) -> BgStatsScreen:
    """The BG Stats screen for ``record``, worded as the configuration's ``options`` say."""
    from companion.history.bgstats import play_link
    from companion.ui.views.history import game_label

    title = f"BG Stats · {game_label(record)}"
    return BgStatsScreen(play_link(record, options), title)
