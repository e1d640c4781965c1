"""Issue 39: a dialog opens at its top line. At 80x24 the Play card dialog opened scrolled
to its list (the focus scrolls to it) with its title cut; on a phone it showed two
scrollbars, the dialog's and its list's. Now its title and the list's first line show,
and only the list scrolls."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.ui.app import StuporSoloApp
from tests.app.action_dialog_helpers import Host
from tests.app.test_no_slips import keep_and_a_card_face_up
from tests.app.test_turn_dialogs import keep_with_both_actions
from tests.browser.served import svg_lines

GAMES: dict[str, Callable[[Path], Host]] = {
    "both actions": keep_with_both_actions,
    "a card face up": keep_and_a_card_face_up,
}
SIZES = {"80x24": ((80, 24), False), "phone": ((48, 52), True), "short phone": ((42, 30), True)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
async def test_the_play_card_dialog_opens_at_its_title_with_one_scrollbar(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, size: str
) -> None:
    (columns, rows), web = SIZES[size]
    if web:
        monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    app = GAMES[game](tmp_path)
    async with app.shown(size=(columns, rows)) as pilot:
        await pilot.pause()
        screen = svg_lines(app.export_screenshot())
        text = "\n".join(screen)
        assert any("Play a card" in line for line in screen), text
        assert any("p  Face down · Promote" in line for line in screen), text
        dialog = app.screen.query_one("#dialog")
        assert dialog.scroll_y == 0 and dialog.max_scroll_y == 0, text  # only the list scrolls
