"""The New game form: validation where it is typed, nothing started on bad input, a start."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, Label, RadioButton, Select

from companion.app import StuporSoloApp
from companion.screens.setup import EDICT_SLOTS, OTHER_HOUSE, SetupScreen, setup_checklist
from companion.screens.start import StartScreen
from companion.widgets.edict_input import EdictField
from solo_deck import GameSetup

SIZE = (120, 40)
TILES = ("2T", "1W 1K", "2G 1A", "1S", "1C", "1P")


@pytest.fixture
def table_calls(monkeypatch: pytest.MonkeyPatch) -> list[StuporSoloApp]:
    """Record open_table() instead of showing the Table (owned by another module)."""
    calls: list[StuporSoloApp] = []
    monkeypatch.setattr(StuporSoloApp, "open_table", lambda self: calls.append(self))
    return calls


async def _open_setup(app: StuporSoloApp, pilot) -> SetupScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


def _edict_input(screen: SetupScreen, slot: str) -> Input:
    return screen.query_one(f"#{slot}", EdictField).query_one(Input)


async def _fill_tiles(screen: SetupScreen, pilot, tiles=TILES) -> None:  # type: ignore[no-untyped-def]
    for (slot, _), text in zip(EDICT_SLOTS, tiles, strict=True):
        _edict_input(screen, slot).value = text
    await pilot.pause()


def _error(screen: SetupScreen, name: str) -> str:
    label = screen.query_one(f"#{name}-error", Label)
    return str(label.render()) if label.display else ""


async def test_new_game_opens_setup_with_defaults(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        assert screen.difficulty == "medium"
        assert screen.deck_mode == "virtual"
        assert screen.query_one("#pile", Input).value == str(GameSetup.default_edict_pile(False))
        assert not screen.query_one("#house-name", Input).display
        assert len(screen.query(EdictField)) == 6


async def test_empty_form_starts_nothing_and_marks_every_tile(
    tmp_path: Path, table_calls: list[StuporSoloApp]
) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        for slot, _ in EDICT_SLOTS:
            assert "type the tile" in _error(screen, slot)
        assert app.focused is _edict_input(screen, "active-1")
        assert app.session.game is None
        assert not app.session.has_saved_game()
        assert table_calls == []
        assert app.screen is screen


async def test_bad_edict_shows_inline_error_and_starts_nothing(
    tmp_path: Path, table_calls: list[StuporSoloApp]
) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        await _fill_tiles(screen, pilot, ("2T", "1W 1K", "2G 1A", "1S", "9X", "1P"))
        field = screen.query_one("#next-2", EdictField)
        feedback = field.query_one(".edict-feedback", Label)
        assert feedback.has_class("-invalid")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "not valid" in _error(screen, "next-2")
        assert _error(screen, "active-1") == ""
        assert app.focused is _edict_input(screen, "next-2")
        assert app.session.game is None
        assert not app.session.has_saved_game()
        assert table_calls == []


async def test_valid_setup_starts_and_saves_the_game(
    tmp_path: Path, table_calls: list[StuporSoloApp]
) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        screen.query_one("#diff-hard", RadioButton).value = True
        screen.query_one("#mode-table", RadioButton).value = True
        screen.query_one("#seed", Input).value = "42"
        screen.query_one("#port-0", Select).value = "gisela"
        await _fill_tiles(screen, pilot)
        # type one tile by keyboard, as a player would
        _edict_input(screen, "active-1").value = ""
        _edict_input(screen, "active-1").focus()
        await pilot.press("3", "t")
        await pilot.pause()
        screen.query_one("#start-game").scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click("#start-game")
        await pilot.pause()
        game = app.session.game
        assert game is not None
        setup = game.setup
        assert setup.difficulty == "hard"
        assert setup.deck_mode == "table"
        assert setup.seed == 42
        assert str(setup.active_edicts[0]) == "3T"
        assert [str(e) for e in setup.next_edicts] == ["1S", "1C", "1P"]
        assert setup.edict_pile == GameSetup.default_edict_pile(False)
        assert setup.port_allies[0] == "gisela"
        assert set(setup.port_allies[1:]) == {None}
        assert app.session.has_saved_game()
        assert table_calls == [app]
        assert isinstance(app.screen, StartScreen)


async def test_empty_seed_is_random_and_in_range(
    tmp_path: Path, table_calls: list[StuporSoloApp]
) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        await _fill_tiles(screen, pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.game is not None
        assert 0 <= app.session.game.setup.seed < 2**63


@pytest.mark.parametrize("seed", ["-1", "abc", str(2**63)])
async def test_bad_seed_is_refused(
    tmp_path: Path, table_calls: list[StuporSoloApp], seed: str
) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        await _fill_tiles(screen, pilot)
        screen.query_one("#seed", Input).value = seed
        await pilot.pause()
        assert _error(screen, "seed")  # live message
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _error(screen, "seed")
        assert app.focused is screen.query_one("#seed", Input)
        assert app.session.game is None
        assert table_calls == []


async def test_bad_pile_is_refused(tmp_path: Path, table_calls: list[StuporSoloApp]) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        await _fill_tiles(screen, pilot)
        screen.query_one("#pile", Input).value = "61"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "0 to 60" in _error(screen, "pile")
        assert app.session.game is None


async def test_easier_solo_updates_the_pile_unless_edited(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        pile = screen.query_one("#pile", Input)
        easier = screen.query_one("#easier", Checkbox)
        easier.value = True
        await pilot.pause()
        assert pile.value == str(GameSetup.default_edict_pile(True))
        easier.value = False
        await pilot.pause()
        assert pile.value == str(GameSetup.default_edict_pile(False))
        pile.value = "17"
        easier.value = True
        await pilot.pause()
        assert pile.value == "17"


async def test_same_ally_in_two_ports_is_refused(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        screen.query_one("#port-0", Select).value = "gisela"
        await pilot.pause()
        screen.query_one("#port-2", Select).value = "gisela"
        await pilot.pause()
        assert screen.query_one("#port-2", Select).is_blank()
        assert "Gisela already lies face up in Roma" in _error(screen, "port-2")
        screen.query_one("#port-2", Select).value = "tento"
        await pilot.pause()
        assert _error(screen, "port-2") == ""


async def test_other_house_needs_a_name(tmp_path: Path, table_calls: list[StuporSoloApp]) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_setup(app, pilot)
        await _fill_tiles(screen, pilot)
        screen.query_one("#house-select", Select).value = OTHER_HOUSE
        await pilot.pause()
        name = screen.query_one("#house-name", Input)
        assert name.display
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "House" in _error(screen, "house-name")
        assert app.session.game is None
        name.value = "  Hauteville "
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.game is not None
        assert app.session.game.setup.house == "Hauteville"


async def test_escape_goes_back_without_starting(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _open_setup(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.session.game is None


async def test_form_is_usable_at_80x24(tmp_path: Path, table_calls: list[StuporSoloApp]) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(app, pilot)
        await _fill_tiles(screen, pilot)
        screen.query_one("#start-game").focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.game is not None


def test_checklist_follows_the_choices() -> None:
    medium = "\n".join(setup_checklist("medium", False, "virtual"))
    assert "3 blue + 2 red" in medium
    assert "Roma" in medium
    assert "marked Edict tiles" not in medium
    hard_easier_table = "\n".join(setup_checklist("hard", True, "table"))
    assert "5 red" in hard_easier_table
    assert "add 3 marked Edict tiles" in hard_easier_table
    assert "shuffle the 16 solo cards" in hard_easier_table


def test_setup_bindings_have_ids_and_tooltips() -> None:
    for binding in SetupScreen.BINDINGS:
        assert binding.id and binding.id.startswith("setup."), binding  # type: ignore[union-attr]
        assert binding.tooltip, binding  # type: ignore[union-attr]


def test_setup_screen_snapshot(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        for widget in pilot.app.screen.query(Input):
            widget.cursor_blink = False
        pilot.app.screen.query_one("#setup-form").scroll_home(animate=False)
        await pilot.pause()

    assert snap_compare(StuporSoloApp(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_setup_screen_snapshot_with_errors(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The tiles part after a Start with one bad and two missing tiles."""

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = pilot.app.screen
        for widget in screen.query(Input):
            widget.cursor_blink = False
        for (slot, _), text in zip(
            EDICT_SLOTS, ("2T", "1W 1K", "2G 1A", "1S", "9X", ""), strict=True
        ):
            screen.query_one(f"#{slot}", EdictField).query_one(Input).value = text
        await pilot.pause()
        screen.action_start_game()
        form = screen.query_one("#setup-form")
        await scrolling_done(pilot, form)  # the screen scrolls to the first bad tile
        screen.query_one("#checklist").scroll_visible(top=True, animate=False)
        await scrolling_done(pilot, form)

    assert snap_compare(StuporSoloApp(tmp_path), terminal_size=SIZE, run_before=run_before)


async def scrolling_done(pilot, container) -> None:  # type: ignore[no-untyped-def]
    """Wait until ``container`` has kept its scroll position over three pauses (a scroll
    requested by focus or ``scroll_visible`` lands after a refresh, not at once)."""
    still, last = 0, None
    for _ in range(100):
        await pilot.pause()
        offset = container.scroll_offset
        still = still + 1 if offset == last else 0
        if still >= 3:
            return
        last = offset
    raise AssertionError("the form never stopped scrolling")
