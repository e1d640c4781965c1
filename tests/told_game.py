"""The scripted game (:mod:`tests.scripted_game`) with everything the table shows told: at
the start of each round, every face-up Ally and Advanced card the script leaves unnamed is
named (the naming changes no score), so the Coach can weigh every turn of yours and the
Review's judge has turns to judge.

The script as written leaves the Allies of Tunis, Barcelona and the fifth port unnamed:
an unnamed face-up Ally is something the table must tell first, and the Coach weighs no
turn of that game (see ``tests/engine/test_judge_scripted.py``). The names chosen are
ones the script never uses later, so every event of it stays as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from solo_deck import SoloGame
from solo_deck.events import Event, NameAlly, NameCard
from tests.scripted_game import ROUND_1, ROUND_2, tableau_setup

ROUND_1_TOLD: tuple[Event, ...] = (
    NameAlly(port=2, space=0, ally_id="theophilos"),  # Tunis
    NameAlly(port=3, space=0, ally_id="maumettu"),  # Barcelona
    NameAlly(port=4, space=0, ally_id="altair"),  # the fifth port
)
ROUND_2_TOLD: tuple[Event, ...] = (
    NameAlly(port=2, space=0, ally_id="severin"),  # Tunis's, turned up at the End Phase
    NameCard(port=1, space=0, card_id="A10"),  # the cards turned up in Alexandria
    NameCard(port=2, space=0, card_id="A11"),  # and in Tunis
)
TOLD_SCRIPT: tuple[Event, ...] = ROUND_1_TOLD + ROUND_1 + ROUND_2_TOLD + ROUND_2
"""Every event of the told game, in order."""
TURNS = 12
"""Turns of yours in it: six a round, each one the Coach can weigh."""


def told_game() -> SoloGame:
    """The whole told game through the engine alone."""
    game = SoloGame(tableau_setup())
    for event in TOLD_SCRIPT:
        game.push(event)
    return game


def finish_told_game(folder: Path) -> str:
    """Play the told game in a session of ``folder`` and keep it in the history; its id."""
    return finish_game(folder, TOLD_SCRIPT)


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
