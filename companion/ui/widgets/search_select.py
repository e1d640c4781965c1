"""Form pieces for the dialogs' lists: a Select that searches as you type, and the first
line that may be chosen highlighted when a list opens. Picking a line never moves the focus:
the player moves on with Tab."""

from __future__ import annotations

from textual.widgets import OptionList

from companion.ui.widgets.touch_select import TouchSelect


class SearchSelect(TouchSelect[str]):
    """A Select whose list opens at the first key typed, that key starting the search (the
    keys never reach the screen's keys); the search is every
    :class:`~companion.ui.widgets.touch_select.TouchSelect`'s: an exact id wins, and keys
    typed faster than the list takes the focus find what the same keys typed slowly find."""

    OPENS_ON_A_KEY = True


def enabled_options(options: OptionList) -> list[int]:
    """The indexes of the options of ``options`` that may be chosen, in order."""
    return [i for i in range(options.option_count) if not options.get_option_at_index(i).disabled]


def focus_first_enabled(options: OptionList) -> None:
    """Highlight the first option that may be chosen (none when every one is disabled) and
    focus the list."""
    enabled = enabled_options(options)
    options.highlighted = enabled[0] if enabled else None
    options.focus()
