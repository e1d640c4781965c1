"""Issue 39 (``form_key``): typing a tile in the New game form, the count showed a long red
error ("cannot read '2'…") wrapped over two lines until its letter came, and the letter
laid the whole form out again to take it away. A count awaiting its letter is not wrong:
it says so in one short line, and the letter changes that line in place."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Label

from companion.ui.widgets.edict_input import EdictField
from tests.app.pilot_helpers import press_and_settle
from tests.app.setup_helpers import setup_form


async def test_a_count_awaits_its_letter_in_one_line_then_reads_the_tile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with setup_form(tmp_path) as (_app, pilot, screen):
        field = screen.query_one("#active-1", EdictField)
        feedback = field.query_one(".edict-feedback", Label)
        field.query_one(Input).focus()
        await press_and_settle(pilot, "2")
        assert str(feedback.content) == "2… then its letter"
        assert not feedback.has_class("-invalid")
        assert not field.query_one(Input).has_class("-invalid")  # not red between the keys
        assert feedback.size.height == 1
        layouts: list[bool] = []
        original = feedback.refresh

        def refresh(*args: object, layout: bool = False, **kwargs: object) -> object:
            layouts.append(layout)
            return original(*args, layout=layout, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(feedback, "refresh", refresh)
        typed = field.query_one(Input)
        typed_layouts: list[bool] = []
        typed_refresh = typed.refresh

        def input_refresh(*args: object, layout: bool = False, **kwargs: object) -> object:
            typed_layouts.append(layout)
            return typed_refresh(*args, layout=layout, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(typed, "refresh", input_refresh)
        await press_and_settle(pilot, "t")
        assert str(feedback.content) == "= 2 Towers"
        assert layouts and not any(layouts)  # the line changed in place, no layout
        assert not any(typed_layouts)  # nor the field: "2T" fits it, nothing to scroll
        await press_and_settle(pilot, "x")  # a real mistake is still said, in red
        assert feedback.has_class("-invalid") and "not an edict letter" in str(feedback.content)
        assert field.query_one(Input).has_class("-invalid")
