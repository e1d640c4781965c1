"""What the key overrides' check and the boards in use say, in the language in use (the
English is checked with the configuration and the Board screen)."""

from __future__ import annotations

from companion.i18n import use_language
from companion.ui.keys.overrides import check_keymap
from companion.ui.views.boards import BoardsInUse
from solo_deck import BOARDS


def test_key_override_problems_speak_italian() -> None:
    use_language("it")
    checked = check_keymap({"table.play": "f", "start.new": "h", "table.plya": "c"})
    text = "\n".join(checked.problems)
    assert (
        "table.play, table.end_phase e table.final_score sarebbero tutti 'f' (ambito: il Tavolo)"
        in text
    )
    assert (
        "start.new e start.history sarebbero entrambi 'h' (ambito: la schermata iniziale)" in text
    )
    assert "quella modifica è stata esclusa. Scegli un altro tasto." in text
    assert "Intendevi table.play?" in text
    assert "would" not in text and "Did you mean" not in text


def test_the_boards_note_speaks_german() -> None:
    boards = BoardsInUse(boards={name: kind.packaged() for name, kind in BOARDS.items()})
    english = boards.note()
    assert english.endswith(
        "PROVISIONAL · some values assumed, not yet checked against your "
        "box (Board on the Start screen)"
    )
    use_language("de")
    german = boards.note()
    assert " und " in german and "VORLÄUFIG · einige Werte angenommen" in german
    assert "Castle Board" not in german and "PROVISIONAL" not in german
