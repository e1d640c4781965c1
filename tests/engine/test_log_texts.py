"""SoloGame keeps its latest log lines as Texts (with their parts) and the older ones as
plain English, and gives every line back with its parts when asked (by replay)."""

from __future__ import annotations

import pytest

import solo_deck.game as game_module
from benchmarks.game_gen import game_with_events
from solo_deck import SoloGame
from solo_deck.game import CHECKPOINT_EVERY, TEXT_SEGMENTS
from solo_deck.text import Text

EVENTS = 7 * CHECKPOINT_EVERY + 5


def parts(line: str) -> object:
    """What a line is made of: its English, and for a Text its template and values."""
    if isinstance(line, Text):
        return (str(line), line.template, dict(line.values), line.plural, line.number)
    return str(line)


@pytest.fixture(scope="module")
def every_text() -> tuple[str, ...]:
    """The log of the game below from a game that keeps every line's parts."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game_module, "TEXT_SEGMENTS", 10**6)
        return game_with_events(EVENTS).log


def test_older_lines_are_plain_english_and_the_latest_keep_their_parts(
    every_text: tuple[str, ...],
) -> None:
    game = game_with_events(EVENTS)
    log = game.log
    assert log == every_text  # the same English
    kept = (len(game.events) // CHECKPOINT_EVERY - TEXT_SEGMENTS + 1) * CHECKPOINT_EVERY
    assert not any(isinstance(line, Text) for line in log[:kept])
    assert [parts(line) for line in log[kept:]] == [parts(line) for line in every_text[kept:]]
    assert len(log) - kept >= 2 * CHECKPOINT_EVERY  # the Table and the final score read these
    assert sum(isinstance(line, Text) for line in every_text[:kept]) > kept / 2


def test_log_texts_replays_the_older_lines_with_their_parts(every_text: tuple[str, ...]) -> None:
    game = game_with_events(EVENTS)
    assert [parts(line) for line in game.log_texts()] == [parts(line) for line in every_text]
    assert not isinstance(game.log[0], Text)  # replayed for the caller, not kept


def test_undo_gives_the_lines_their_parts_back_and_redo_plain_again(
    every_text: tuple[str, ...],
) -> None:
    game = game_with_events(EVENTS)
    undone = 0
    while game.can_undo:
        game.undo()
        undone += 1
        log = game.log
        assert log == every_text[: len(log)]
        latest = log[-2 * CHECKPOINT_EVERY :]
        assert [parts(line) for line in latest] == [
            parts(line) for line in every_text[len(log) - len(latest) : len(log)]
        ], undone
    while game.can_redo:
        game.redo()
    assert [parts(line) for line in game.log] == [
        parts(line) for line in game_with_events(EVENTS).log
    ]
    assert [parts(line) for line in game.log_texts()] == [parts(line) for line in every_text]


def test_a_replayed_document_keeps_the_same_lines() -> None:
    game = game_with_events(EVENTS)
    again = SoloGame.from_document(game.to_document())
    assert [parts(line) for line in again.log] == [parts(line) for line in game.log]
    assert [parts(line) for line in again.log_texts()] == [parts(line) for line in game.log_texts()]


def test_a_redo_puts_back_what_the_undo_took_and_equals_a_replay() -> None:
    """An undo keeps the state and log line it takes; the redo puts them back (no
    replay), and they are what replaying the event gives."""
    game = game_with_events(300)
    state, log = game.state, game.log
    document = game.to_document()
    for _ in range(40):
        game.undo()
    for _ in range(40):
        game.redo()
    assert game.state is state  # put back, not replayed
    assert game.log == log and game.to_document() == document
    replayed = SoloGame.from_document(document)
    assert replayed.state == state and replayed.log == log
    for _ in range(3):
        replayed.undo()
    reread = SoloGame.from_document(replayed.to_document())  # its redo branch: replayed
    for _ in range(3):
        reread.redo()
    assert reread.state == state and reread.log == log
