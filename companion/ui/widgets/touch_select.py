""":class:`TouchSelect`: a Select whose open list a finger can hit in a browser.

Textual's Select draws its open list itself (a ``SelectOverlay``, an OptionList it makes
in ``compose``), so the dialogs' Selects showed one-row lines in a browser. Here the list
is a ``SelectOverlay`` that pads its lines as :class:`TouchOptionList` does: in a browser
every line has a blank row above and below its text (three rows, one line: a tap on any of
them picks it, and the highlight covers all three); in a terminal nothing changes. What
the Select holds, shows closed, and how its list searches and moves are Textual's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay, SelectType

from companion.ui.widgets.touch_list import TouchOptionList

if TYPE_CHECKING:
    from textual.app import ComposeResult


class TouchSelectOverlay(SelectOverlay, TouchOptionList):
    """A Select's open list with three-row lines in a browser (TouchOptionList's lines,
    SelectOverlay's keys, search and messages)."""


class TouchSelect(Select[SelectType]):
    """A Select whose open list has three-row lines in a browser (see the module)."""

    def compose(self) -> ComposeResult:
        # Select.compose, with the touch list in place of Textual's SelectOverlay
        yield SelectCurrent(self.prompt)
        yield TouchSelectOverlay(type_to_search=self._type_to_search).data_bind(
            compact=Select.compact
        )
