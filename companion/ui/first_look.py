"""A dialog that opens by itself takes no key typed before the player could have seen it.

Most dialogs open because the player asked for them (Play a card, then ``b``: the Build
dialog), and keys typed ahead for them are meant for them (:mod:`companion.ui.type_ahead`
carries them there). A few open by themselves, as the consequence of a move: Put resources
back when a gain overflows the warehouse (the End Phase's castle income, a Market trade, a
card). Keys typed before such a dialog was drawn were meant for the screen below it (the
End Phase's ``a``, ``r``): they must not land in its fields.

A screen that mixes in :class:`OpensByItself` notes when it was mounted; a key typed
before that, or within :data:`FIRST_LOOK` seconds after it (sooner than a person can see
a dialog and answer it), is refused: it reaches no field and no binding, and the dialog
says once, in a notice, that the keys typed as it opened were not used. The times
compared are the keys' own (when the terminal read them), so a key held back while the
app was busy counts from when it was typed. The app asks :func:`refuses` of every key
before handing it on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events

if TYPE_CHECKING:
    from textual.screen import Screen

FIRST_LOOK = 0.25
"""Seconds after a dialog that opened by itself is mounted during which a key cannot be an
answer to it (a quick reaction to something seen takes longer)."""


class OpensByItself:
    """A screen (a dialog) that opens by itself (see the module)."""

    shown_at: float | None = None
    """When the screen was mounted, on the clock of the keys' own times."""
    _said: bool = False

    def _on_mount(self, event: events.Mount) -> None:
        # Textual calls each class's own handler: the dialog's on_mount runs as well
        self.shown_at = event.time

    def typed_too_soon(self, key: events.Key) -> bool:
        """True when ``key`` was typed before the screen was mounted or within
        :data:`FIRST_LOOK` after it."""
        return self.shown_at is not None and key.time < self.shown_at + FIRST_LOOK

    def refuse(self) -> None:
        """Say, once, that the keys typed as the dialog opened were not used."""
        if self._said:
            return
        self._said = True
        title = getattr(self, "DIALOG_TITLE", "") or "This dialog"
        notify = getattr(self, "notify", None)
        if notify is not None:
            notify(
                f"{title} opened by itself: the keys typed as it opened were not used.",
                severity="warning",
                timeout=5,
            )


def refuses(screen: Screen[Any], key: events.Key) -> bool:
    """True (after saying so) when ``screen`` opened by itself and ``key`` was typed too
    soon to be meant for it."""
    if isinstance(screen, OpensByItself) and screen.typed_too_soon(key):
        screen.refuse()
        return True
    return False
