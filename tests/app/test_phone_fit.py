"""Issue 39, P5–P7 and the Table at 120x40: what a tablet, a phone and a long game must
still show whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Checkbox

from companion.ui.app import StuporSoloApp
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.widgets.instructions_panel import InstructionsPanel
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.log_panel import LogPanel
from companion.ui.widgets.player_panel import PlayerPanel
from solo_deck import GameSetup, SoloGame
from tests.app.pilot_helpers import open_table, press_and_settle, settle
from tests.app.setup_helpers import setup_form
from tests.app.test_table_fit import LONG_TURN, after_a_long_turn
from tests.browser.served import svg_lines
from tests.scripted_game import SCRIPT, tableau_setup

TABLET = (113, 42)
"""A 1024x768 tablet in a browser: 113 columns, 42 rows."""

SIX_STEPS = LONG_TURN.model_copy(
    update={
        "steps": tuple(step for step in LONG_TURN.steps if not step.startswith("Shuffle")),
        "reshuffled": False,
    }
)
"""A six-step turn of Frederick's (the table-fit test's long turn without its shuffle),
three of its steps wrapped on a tablet."""


def web(monkeypatch: Any) -> None:
    monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))


async def test_a_tablet_shows_the_prompt_under_a_six_step_turn(
    tmp_path: Path, monkeypatch: Any
) -> None:
    web(monkeypatch)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=TABLET) as pilot:
        table = await open_table(app, pilot, setup=after_a_long_turn(False, SIX_STEPS))
        await settle(pilot)
        panel = table.query_one("#instructions")
        steps = table.query_one(InstructionsPanel)
        # the prompt is What to do's last line: the panel shows its end
        assert "▶ Your turn" in str(steps.render())
        assert panel.max_scroll_y == panel.scroll_y, (panel.max_scroll_y, panel.scroll_y)
        assert table.query_one("#body").max_scroll_y == 0


PHONE = (46, 60)
"""A 390x844 phone in a browser."""


async def test_the_easier_solo_box_wraps_at_phone_width(tmp_path: Path) -> None:
    async with setup_form(tmp_path, size=PHONE) as (_app, _pilot, screen):
        box = screen.query_one("#easier", Checkbox)
        room = screen.query_one("#setup-form").content_region
        assert box.region.right <= room.right, (box.region, room)
        shown = " ".join(str(box.render()).split())
        assert shown.endswith("Edict tiles to the pile"), shown


async def test_a_phone_header_has_the_short_title_and_no_icon(
    tmp_path: Path, monkeypatch: Any
) -> None:
    web(monkeypatch)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await open_table(app, pilot)
        shown = svg_lines(app.export_screenshot())[0]
        assert "Stupor Mundi — Round 1" in shown, shown
        assert "Solo compani" not in shown and "⭘" not in shown, shown
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        shown = svg_lines(app.export_screenshot())[0]
        assert "Stupor Mundi · Solo companion — Round 1" in shown, shown
        assert table.is_current


async def test_a_touch_footer_names_the_actions_not_their_keys(
    tmp_path: Path, monkeypatch: Any
) -> None:
    web(monkeypatch)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await open_table(app, pilot)
        footer = table.query_one(KeyFooter)
        lines = [footer.render_line(y).text for y in range(footer.content_size.height)]
        shown = " ".join(lines).split()
        assert footer.entries and "Help" in shown, lines
        keys = {entry.display for entry in footer.entries}
        assert "^q" in keys and not keys & set(shown), (keys, lines)
        # the phone's Play card dialog scrolls in one place at most
        await pilot.click("#touch-play")
        await settle(pilot)
        assert isinstance(app.screen, PlayCardModal)
        scrolled = [
            widget
            for widget in app.screen.walk_children(Widget)
            if widget.display and widget.show_vertical_scrollbar
        ]
        assert len(scrolled) <= 1, scrolled


def late_board(at: int = 43) -> GameSetup:
    """The scripted game after ``at`` events, your board grown as in a long game: three
    Great structures, five closed sides, three Keep covers, thirteen Advanced cards, five Allies."""
    game = SoloGame(tableau_setup())
    for event in SCRIPT[:at]:
        game.push(event)
    player = game.state.player.model_copy(
        update={
            "greats": ("great_tower_b", "great_wall_a", "great_keep"),
            "closed_sides": ("grain", "stone", "augustales", "vp", "market"),
            "keep_covers": ("slot", "hand", "both_actions"),
            "allies": ("castellan", "tento", "gisela", "severin", "gregoria"),
            "advanced_cards": (
                "A3",
                "A7",
                "A12",
                "A1",
                "A5",
                "A9",
                "A14",
                "A2",
                "A4",
                "A6",
                "A8",
                "A10",
                "A11",
            ),
        }
    )
    start = game.state.model_copy(update={"player": player})
    return tableau_setup().model_copy(update={"start": start})


async def test_a_long_board_late_in_the_game_never_scrolls_the_table(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_table(app, pilot, *SCRIPT[43:48], setup=late_board())
        await press_and_settle(pilot, "ctrl+z")  # and a line for the event to redo
        for name in ("body", "left", "instructions"):
            part = table.query_one(f"#{name}")
            assert part.max_scroll_y == 0, name
            # What to do keeps its thin scroll bar (its text's width never changes)
            assert part.show_vertical_scrollbar == (name == "instructions"), name
        assert table.query_one("#lower").region.bottom <= table.query_one("#body").region.bottom
        board = str(table.query_one(PlayerPanel).render())
        assert "Great: Tower B, Wall A, Keep" in board and "Specialists" in board
        log = str(table.query_one(LogPanel).render())
        # the log gave rows: its newest lines, the line to redo
        assert "ctrl+y redoes" in log and "4 You played" in log and "1 Done" not in log
        assert "▶" in str(table.query_one(InstructionsPanel).render())
        # back to a short board (a game started anew), the log has its four lines again
        await open_table(app, pilot, *SCRIPT[:48], setup=tableau_setup())
        await settle(pilot)
        log = str(app.screen.query_one(LogPanel).render())
        assert len(log.splitlines()) == 4, log


@pytest.mark.parametrize("size", [PHONE, (46, 36)])
async def test_a_phone_s_what_to_do_scrolls_alone_and_shows_the_prompt(
    tmp_path: Path, monkeypatch: Any, size: tuple[int, int]
) -> None:
    """Issue 39: on a phone the Table's body scrolled with its bar down the right edge
    beside What to do; now What to do stays above the panels that scroll, and after a
    six-step turn shows its end, the prompt (P5, as on a tablet), however few the rows
    (a phone in landscape, a larger font)."""
    web(monkeypatch)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=size) as pilot:
        table = await open_table(app, pilot, setup=after_a_long_turn(False, SIX_STEPS))
        await settle(pilot)
        panel, body = table.query_one("#instructions").region, table.query_one("#body")
        # the scrolling body starts under What to do: its bar runs beside no line of it
        assert body.region.y >= panel.bottom, (panel, body.region)
        assert panel.right == size[0], panel  # nothing beside What to do
        instructions = table.query_one("#instructions")
        assert instructions.scroll_y == instructions.max_scroll_y
        screen = svg_lines(app.export_screenshot())
        shown = screen[panel.y : panel.bottom]
        assert any("▶ Your turn 1" in line for line in shown), "\n".join(shown)
        # and the panels under it keep rows of their own
        folds = screen[body.region.y : body.region.bottom]
        assert body.region.height >= 3 and any("Frederick's palace" in f for f in folds)
