"""Undo and redo from any screen, with the same messages everywhere."""

from __future__ import annotations

from typing import Literal

from textual.screen import Screen

from solo_deck import RuleError


def step_log(screen: Screen[object], direction: Literal["undo", "redo"]) -> None:
    """Take back (``undo``) or re-apply (``redo``) one event of the game in progress and
    say so when there is nothing to move or the move could not be saved."""
    session = screen.app.session  # type: ignore[attr-defined]
    try:
        event = session.undo() if direction == "undo" else session.redo()
    except RuleError as exc:
        screen.notify(str(exc), title="Cannot redo", severity="error")
        return
    except OSError as exc:
        done = "Undone" if direction == "undo" else "Redone"
        screen.notify(f"{done}, but could not save: {exc}", severity="error")
        return
    if event is None:
        screen.notify(f"Nothing to {direction}.")
