""":class:`DialogList`: a dialog's list, where a tap shows a choice and never records it.

In a Textual :class:`~textual.widgets.OptionList` a click both highlights the line and
chooses it (as Enter does). In a dialog that records, the choice must be seen before it
counts: a tap (or a click) here only highlights the line and says so
(:class:`DialogList.Tapped`); Enter, a key pressed on purpose, chooses it as before.
In a browser its lines are three rows tall
(:class:`~companion.ui.widgets.touch_list.TouchOptionList`).
"""

from __future__ import annotations

from textual import events
from textual.message import Message

from companion.ui.widgets.touch_list import TouchOptionList


class DialogList(TouchOptionList):
    """An OptionList whose tap highlights the line tapped (see the module)."""

    class Tapped(Message):
        """A line of ``option_list`` was tapped (it is highlighted now)."""

        def __init__(self, option_list: DialogList, index: int) -> None:
            super().__init__()
            self.option_list = option_list
            self.index = index

        @property
        def control(self) -> DialogList:
            """The list tapped (for ``@on(..., selector)``)."""
            return self.option_list

    async def on_click(self, event: events.Click) -> None:
        # runs before OptionList's own click handler, which it replaces
        event.prevent_default()
        tapped: int | None = event.style.meta.get("option")
        if tapped is None or self.get_option_at_index(tapped).disabled:
            return
        self.highlighted = tapped
        self.post_message(self.Tapped(self, tapped))
