"""A log line with the follow-ups the engine applied after it (``… — …``) stays an engine
sentence: the line and each note are parts a front end renders in its language."""

from __future__ import annotations

from solo_deck import SoloGame
from solo_deck.text import Text
from tests.engine.test_messages_as_data import render
from tests.random_games import setup_for, walk


def _lines_with_notes(seeds: range, steps: int) -> list[Text]:
    found: list[Text] = []

    def look(game: SoloGame) -> None:
        for line in game.log[-1:]:
            if isinstance(line, Text) and line.template == "{line} — {notes}":
                found.append(line)

    for seed in seeds:
        walk(setup_for(seed), seed, steps, look)
        if found:
            break
    return found


def test_a_line_and_its_follow_up_notes_are_one_sentence_of_parts() -> None:
    lines = _lines_with_notes(range(12), 120)
    assert lines, "no random game applied a follow-up note"
    for line in lines:
        assert set(line.values) == {"line", "notes"}
        notes = line.values["notes"]
        assert isinstance(notes, Text) and notes.context == "list"
        assert render(line) == line.upper(), (line.template, line.values)
