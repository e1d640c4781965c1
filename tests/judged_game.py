"""The scripted game (:mod:`tests.scripted_game`) as the Review's judge sees it: the whole
game through the engine, or kept in a history with its document. The script leaves some
face-up Allies unnamed; the Coach weighs every turn all the same (naming is never
required), so all twelve turns of yours are judged."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from solo_deck import SoloGame
from solo_deck.events import Event
from tests.scripted_game import SCRIPT, play_in_engine, tableau_setup

TURNS = 12
"""Turns of yours in it: six a round, each one the Coach can weigh."""


def scripted_game() -> SoloGame:
    """The whole scripted game through the engine alone."""
    return play_in_engine()


def finish_scripted_game(folder: Path) -> str:
    """Play the scripted game in a session of ``folder`` and keep it in the history; its id."""
    return finish_game(folder, SCRIPT)


def finish_game(folder: Path, events: Sequence[Event]) -> str:
    """Play ``events`` from the tableau setup in a session of ``folder`` and keep the game
    in the history, with its document; the record's id."""
    from companion.session import GameSession
    from tests.store.crash_driver import build_record

    session = GameSession(folder)
    session.start(tableau_setup())
    for event in events:
        session.push(event)
    record = build_record(session)
    session.finish(record)
    return record.id
