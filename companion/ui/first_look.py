"""A dialog that opens by itself takes no key typed before the player could have seen it.

Most dialogs open because the player asked for them (Play a card, then ``b``: the Build
dialog), and keys typed ahead for them are meant for them (:mod:`companion.ui.type_ahead`
carries them there). A few open by themselves, as the consequence of a move: Put resources
back when a gain overflows the warehouse (the End Phase's castle income, a Market trade, a
card). Keys typed before such a dialog was drawn were meant for the screen below it (the
End Phase's ``a``, ``r``): they must not land in its fields.

Such a dialog (:class:`~companion.ui.screens.modals.by_itself.ByItselfModal`) notes when
it was mounted; a key typed before that, or within :data:`FIRST_LOOK` seconds after it
(sooner than a person can see a dialog and answer it), is refused (F1, which only opens
the Reference, excepted): it reaches no field and no binding, and the dialog says once,
in a notice, that the keys typed as it opened were not used. The times compared are the
keys' own (when the terminal read them), so a key held back while the app was busy counts
from when it was typed. The app asks :func:`refuses` of every key before handing it on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from textual import events
    from textual.screen import Screen

FIRST_LOOK = 0.25
"""Seconds after a dialog that opened by itself is mounted during which a key cannot be an
answer to it (a quick reaction to something seen takes longer)."""
LOOKS_ONLY = frozenset({"f1"})
"""Keys that only show something (F1: the Reference) and change nothing: never refused."""


def too_soon(shown_at: float | None, key: events.Key) -> bool:
    """True when ``key`` was typed before ``shown_at`` (a mount time, on the keys' clock)
    or within :data:`FIRST_LOOK` after it; a key that only shows something never is."""
    if shown_at is None or key.key in LOOKS_ONLY:
        return False
    return key.time < shown_at + FIRST_LOOK


@runtime_checkable
class OpensByItself(Protocol):
    """A screen that opens by itself (see the module)."""

    def typed_too_soon(self, key: events.Key) -> bool:
        """True when ``key`` came too soon to be meant for this screen."""
        ...

    def refuse(self) -> None:
        """Say (once) that the keys typed as the screen opened were not used."""
        ...


def refuses(screen: Screen[Any], key: events.Key) -> bool:
    """True (after saying so) when ``screen`` opened by itself and ``key`` was typed too
    soon to be meant for it."""
    if isinstance(screen, OpensByItself) and screen.typed_too_soon(key):
        screen.refuse()
        return True
    return False
