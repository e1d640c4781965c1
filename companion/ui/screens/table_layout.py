"""The Table's two arrangements of the same panels: wide (side by side) and narrow (a phone,
a tablet, an 80-column terminal).

Wide (:data:`NARROW` columns and more): the palace, the edict row and the deck on top, the
Voyage ring, then your board and the log beside "What to do".

Narrow: "What to do" (with the field for a drawn tile) comes first, then each other panel
folded under its title (:class:`Fold`: a tap or Enter on the title opens or closes it),
and at the bottom big buttons for the main keys (:class:`~companion.ui.widgets.touch_bar.
TouchBar`), so a touch screen needs no keyboard and nothing needs ctrl.

In a browser the wide arrangement has the big buttons too, on one line under the panels:
a tablet in landscape is wide enough for every panel, and is still tapped, not typed on.

The Table composes one or the other by the width it has, and composes again when the width
crosses :data:`NARROW` (a tablet turned, a terminal resized). The panels draw from the
Table's view either way; the screen queries them by id and type, never by position.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Collapsible

from companion.i18n import N_, _
from companion.ui.framework.hooks import LaidOutOnce
from companion.ui.keys import TOUCH_KEYS
from companion.ui.screens.notice_room import KeepFree
from companion.ui.widgets.deck_panel import DeckPanel
from companion.ui.widgets.edict_input import EdictField
from companion.ui.widgets.edict_row_panel import EdictRowPanel
from companion.ui.widgets.instructions_panel import InstructionsPanel
from companion.ui.widgets.log_panel import LogPanel
from companion.ui.widgets.odds_panel import OddsPanel
from companion.ui.widgets.palace_panel import PalacePanel
from companion.ui.widgets.player_panel import PlayerPanel
from companion.ui.widgets.touch_bar import TouchBar
from companion.ui.widgets.voyage_panel import VoyagePanel

if TYPE_CHECKING:
    from textual.widget import Widget

NARROW = 100
"""Below this width the Table uses the narrow arrangement."""

PANEL_TITLES = {
    "palace": N_("Frederick's palace"),
    "edicts": N_("Edict row"),
    "deck": N_("Round & solo deck"),
    "voyage": N_(
        "Voyage · odds: where Frederick's ship lands, what each port loses before your turn"
    ),
    "player": N_("Your board"),
    "instructions": N_("What to do"),
    "log": N_("Log"),
}
"""Each panel's title (English: translated where it is shown, :func:`relabel`)."""

FOLD_TITLES = {**PANEL_TITLES, "voyage": N_("Voyage & odds")}
"""The narrow arrangement's titles: one line on a phone."""

FOLDED_AT_FIRST = frozenset({"palace", "edicts", "deck", "voyage", "log"})
"""The narrow arrangement's panels that start folded (your board stays open)."""

NAMED_BUTTONS = ("frederick", "play", "follow", "pass_turn")
"""The big buttons What to do names ("tap Frederick"): the first row of the bar."""

KEEP_FREE = KeepFree(
    always=("#instructions", *(f"#touch-{action}" for action in NAMED_BUTTONS)),
    preferably=("#touch-bar", "Footer"),
)
"""What the Table's notices never cover (What to do, the buttons it names) and what they
cover only when nothing else is free (the other buttons, the footer): see
:mod:`companion.ui.screens.notice_room`."""


def is_narrow(width: int) -> bool:
    """Whether a Table ``width`` columns wide uses the narrow arrangement."""
    return 0 < width < NARROW


class Fold(Collapsible):
    """One panel of the narrow arrangement under a title line that opens and closes it."""

    DEFAULT_CSS = """
    Fold { padding: 0; border-top: none; background: $background; }
    Fold > CollapsibleTitle { width: 100%; padding: 0 1; background: $panel; }
    Fold > Contents { padding: 0; }
    Fold .panel { border: none; padding: 0 1; width: 100%; }
    """

    def __init__(self, *children: Widget, key: str, collapsed: bool) -> None:
        super().__init__(
            *children, title=_(FOLD_TITLES[key]), collapsed=collapsed, id=f"fold-{key}"
        )
        self.key = key


def _titled(widget: Widget, key: str) -> Widget:
    widget.border_title = _(PANEL_TITLES[key])
    return widget


def relabel(screen: Widget) -> None:
    """Title every panel of ``screen`` (either arrangement) again in the language in use:
    the titles only, nothing is composed again (a fold stays open or folded)."""
    for fold in screen.query(Fold):
        fold.title = _(FOLD_TITLES[fold.key])
    for key, title in PANEL_TITLES.items():
        for panel in screen.query(f"#{key}"):
            if panel.border_title is not None:
                panel.border_title = _(title)
    for bar in screen.query(TouchBar):
        bar.relabel()


def _deck() -> Vertical:
    return Vertical(DeckPanel(id="deck-state"), OddsPanel(id="odds"), id="deck", classes="panel")


class WhatToDo(Vertical, LaidOutOnce):
    """What to do: the steps, then the tile field when one is asked for."""

    def lays_out_again(self) -> bool:
        """No, while its scroll bar is always shown (the wide Table): a turn that changes
        how far its text runs below changes nothing else in it (issue 42)."""
        return bool(self.styles.overflow_y != "scroll")


def _instructions() -> Vertical:
    steps = WhatToDo(
        InstructionsPanel(id="steps"),
        EdictField("", id="reveal-field", compact=True, enter_button=True),
        id="instructions",
        classes="panel",
    )
    return _titled(steps, "instructions")  # type: ignore[return-value]


def wide(touch: bool = False) -> Iterator[Widget]:
    """The wide arrangement (the widgets between the header and the footer); ``touch``
    adds the big buttons on one line."""
    yield VerticalScroll(
        Horizontal(
            _titled(PalacePanel(id="palace", classes="panel"), "palace"),
            _titled(EdictRowPanel(id="edicts", classes="panel"), "edicts"),
            _titled(_deck(), "deck"),
            classes="row",
        ),
        _titled(VoyagePanel(id="voyage", classes="panel"), "voyage"),
        Horizontal(
            Vertical(
                _titled(PlayerPanel(id="player", classes="panel"), "player"),
                _titled(LogPanel(id="log", classes="panel"), "log"),
                id="left",
            ),
            _instructions(),
            classes="row",
            id="lower",
        ),
        id="body",
    )
    if touch:
        yield TouchBar(TOUCH_KEYS, id="touch-bar", classes="-one-row")


def narrow(folded: frozenset[str] | set[str], pinned: bool = False) -> Iterator[Widget]:
    """The narrow arrangement; the panels in ``folded`` start closed. ``pinned`` (a phone's
    browser): What to do stays above the panels, which scroll under it, and scrolls
    itself when it needs more rows than it is given (it shows its end: the prompt), so
    no scroll bar runs beside it that moves anything but What to do."""
    panels: list[tuple[str, Widget]] = [
        ("palace", PalacePanel(id="palace", classes="panel")),
        ("edicts", EdictRowPanel(id="edicts", classes="panel")),
        ("deck", _deck()),
        ("voyage", VoyagePanel(id="voyage", classes="panel")),
        ("player", PlayerPanel(id="player", classes="panel")),
        ("log", LogPanel(id="log", classes="panel")),
    ]
    folds = [Fold(panel, key=key, collapsed=key in folded) for key, panel in panels]
    if pinned:
        yield _instructions()
        yield VerticalScroll(*folds, id="body")
    else:
        yield VerticalScroll(_instructions(), *folds, id="body")
    yield TouchBar(TOUCH_KEYS, id="touch-bar")
