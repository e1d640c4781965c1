"""The app's wording for what goes wrong, in one place: a move the rules refuse and a save
that failed (the move stays in memory, the last saved file is intact)."""

from __future__ import annotations

from textual.widget import Widget

from companion.i18n import N_, _, shown
from companion.storage.errors import describe_os_error
from solo_deck import RuleError

REFUSED_TITLE = N_("Not allowed")
SAVE_FAILED_TITLE = N_("Could not save")
KEPT_IN_MEMORY = {
    "move": N_("{error} The move is kept in memory; the last saved file is intact."),
    "change": N_("{error} The change is kept in memory; the last saved file is intact."),
    "roll back": N_("{error} The roll back is kept in memory; the last saved file is intact."),
}
"""What a failed save means, by what could not be saved (the ``what`` of
:func:`save_failed`)."""


def sentence(message: str) -> str:
    """An engine message as a sentence: capital first letter, final full stop."""
    text = message.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def refused(node: Widget, error: RuleError) -> None:
    """Say why the rules refuse a move."""
    said = error.args[0] if len(error.args) == 1 else str(error)  # the engine's sentence
    node.notify(sentence(shown(said)), title=_(REFUSED_TITLE), severity="error")


def save_failed(node: Widget, error: OSError, what: str = "move") -> None:
    """Say that the game file could not be written and what that means (``what``: a key
    of :data:`KEPT_IN_MEMORY`, what could not be saved)."""
    meaning = _(KEPT_IN_MEMORY.get(what, KEPT_IN_MEMORY["move"]))
    node.notify(
        meaning.format(error=sentence(describe_os_error(error))),
        title=_(SAVE_FAILED_TITLE),
        severity="error",
        timeout=10,
    )
