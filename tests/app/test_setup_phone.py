"""The New game form at a phone's width (390 px: 46 columns): each Voyage port's name,
Ally and card one under the other, the whole width, so no prompt breaks a letter a line."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from tests.app.setup_helpers import open_folds, setup_form

PHONE = (46, 60)


async def test_the_ports_stack_their_fields_at_phone_width(tmp_path: Path) -> None:
    async with setup_form(tmp_path, size=PHONE) as (_app, pilot, screen):
        await open_folds(screen, pilot, "ports-fold")
        selects = list(screen.query(".port-select").results(Select))
        assert len(selects) == 10  # an Ally and a card for each of the five ports
        for select in selects:
            assert select.region.height == 3, select  # one line inside its border
            assert select.region.width >= PHONE[0] - 10, select  # the whole width
        names = [screen.query_one(f"#port-name-{i}").region for i in range(1, 5)]
        assert all(region.width >= PHONE[0] - 10 for region in names), names


async def test_the_ports_stay_side_by_side_on_a_wide_screen(tmp_path: Path) -> None:
    async with setup_form(tmp_path) as (_app, pilot, screen):
        await open_folds(screen, pilot, "ports-fold")
        ally, card = screen.query_one("#port-1"), screen.query_one("#port-card-1")
        assert ally.region.y == card.region.y and ally.region.x < card.region.x


async def test_the_tile_fields_stack_and_stay_put_while_a_tile_is_typed(tmp_path: Path) -> None:
    """At phone width the tile fields stood three to a row, so "= 2 Towers" wrapped and
    pushed the next row down while typing: a tap aimed at the pile count landed in Next III.
    Now each field has the whole width and its reading has a line kept for it."""
    from textual.widgets import Input

    from companion.ui.widgets.edict_input import EdictField

    async with setup_form(tmp_path, size=PHONE) as (_app, pilot, screen):
        fields = list(screen.query(".tile-row EdictField").results(EdictField))
        assert len(fields) == 6
        for field in fields:
            assert field.region.width >= PHONE[0] - 10, field
        first = fields[0].query_one(Input)
        first.focus()
        await pilot.pause()

        def offsets() -> list[int]:  # below the first field (the form scrolls)
            top = fields[0].region.y
            ys = [field.region.y for field in fields[1:]] + [screen.query_one("#pile").region.y]
            return [y - top for y in ys]

        before = offsets()
        await pilot.press("2", "t", "space", "1", "k")
        await pilot.pause()
        assert str(first.value).lower() == "2t 1k"
        assert offsets() == before


async def test_a_slow_tap_on_start_game_after_typing_the_pile_starts_the_game(
    tmp_path: Path,
) -> None:
    """Issue 27: "Start game" once ignored two taps. A finger's tap is a press and a
    release apart; the press takes the focus from the field just typed in, and anything
    that moved the button before the release would lose the click. Here the press and the
    release come a moment apart, with the focus in the pile field, at phone width."""
    from textual import events
    from textual.widgets import Input

    from companion.ui.screens.table import TableScreen
    from tests.app.pilot_helpers import settle
    from tests.app.setup_helpers import fill

    async with setup_form(tmp_path, size=PHONE) as (app, pilot, screen):
        await fill(screen, pilot)
        pile = screen.query_one("#pile", Input)
        pile.focus()
        await pilot.press("backspace", "1", "7")  # typed, as a player does last
        button = screen.query_one("#start-game")
        button.scroll_visible(animate=False)
        await settle(pilot)
        x, y = button.region.center

        def mouse(kind: type[events.MouseEvent]) -> events.MouseEvent:
            # as the driver sends it: through the app, which makes the Click itself when
            # the release lands on the widget the press found (Pilot's own clicks do not)
            return kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)

        app.post_message(mouse(events.MouseDown))
        await settle(pilot)  # the blur and whatever it redraws land between the two
        app.post_message(mouse(events.MouseUp))
        await settle(pilot)
        assert isinstance(app.screen, TableScreen), app.screen


async def test_the_fold_titles_wrap_within_a_phone_s_width(tmp_path: Path) -> None:
    """ "Voyage ports (optional): their names, …" ran off a phone's right edge."""
    from textual.geometry import Region
    from textual.widgets._collapsible import CollapsibleTitle

    async with setup_form(tmp_path, size=PHONE) as (_app, _pilot, screen):
        titles = list(screen.query(CollapsibleTitle))
        assert titles
        for title in titles:
            assert title.region.right <= PHONE[0], title.region
            lines = title.render_lines(Region(0, 0, *title.size))
            shown = " ".join(line.text.strip() for line in lines)
            assert str(title.label) in " ".join(shown.split()), shown
