"""Form pieces for the dialogs' lists: a Select that searches as you type, and the first
line that may be chosen highlighted when a list opens. Picking a line never moves the focus:
the player moves on with Tab."""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList

from companion.ui.widgets.touch_select import TouchSelect


class SearchSelect(TouchSelect[str]):
    """A Select whose list opens at the first letter typed and searches as you type (the
    letters never reach the screen's keys); in a browser its lines are three rows tall
    (:class:`TouchSelect`)."""

    def on_key(self, event: events.Key) -> None:
        """A letter typed on the closed list opens it and starts the search; letters typed
        before the open list has the focus go on to its search too (fast typing)."""
        if not event.is_printable or event.character is None:
            return
        event.stop()
        event.prevent_default()
        if not self.expanded:
            self.action_show_overlay()
        self.query_one("SelectOverlay").post_message(events.Key(event.key, event.character))


def enabled_options(options: OptionList) -> list[int]:
    """The indexes of the options of ``options`` that may be chosen, in order."""
    return [i for i in range(options.option_count) if not options.get_option_at_index(i).disabled]


def focus_first_enabled(options: OptionList) -> None:
    """Highlight the first option that may be chosen (none when every one is disabled) and
    focus the list."""
    enabled = enabled_options(options)
    options.highlighted = enabled[0] if enabled else None
    options.focus()
