""":class:`ByItselfModal`: a dialog that opens by itself, which takes no key typed before
it was drawn (see :mod:`companion.ui.first_look`)."""

from __future__ import annotations

from textual import events, on

from companion.ui.first_look import too_soon
from companion.ui.screens.modals.event_modal import EventT, GameEventModal


class ByItselfModal(GameEventModal[EventT]):
    """A :class:`GameEventModal` that opens by itself, as the consequence of a move (Put
    resources back): keys typed before it was drawn, or sooner after than anyone can
    read it, are not used, and a notice says so once."""

    shown_at: float | None = None
    """When the dialog was mounted, on the clock of the keys' own times."""
    _said = False

    @on(events.Mount)
    def _note_shown(self, event: events.Mount) -> None:
        self.shown_at = event.time

    def typed_too_soon(self, key: events.Key) -> bool:
        """True when ``key`` came too soon to be meant for this dialog."""
        return too_soon(self.shown_at, key)

    def refuse(self) -> None:
        """Say, once, that the keys typed as the dialog opened were not used."""
        if not self._said:
            self._said = True
            self.notify(
                f"{self.DIALOG_TITLE} opened by itself: the keys typed as it opened were not used.",
                severity="warning",
                timeout=5,
            )
