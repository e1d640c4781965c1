"""Messages the app sends its screens."""

from __future__ import annotations

from textual.message import Message


class GameChanged(Message):
    """The game in progress changed (an event pushed, undone or redone, a game started or
    loaded): every game screen redraws from the session. ``revision`` is the session's
    revision after the change."""

    def __init__(self, revision: int) -> None:
        super().__init__()
        self.revision = revision
