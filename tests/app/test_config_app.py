"""Issue 18 in the app: the theme chosen in the command palette is written to the
configuration file and used again after a restart; a key rebound in the file works; what
is wrong in the file is said on the Start screen; the New game form starts with the
configured or the last choices; Help and the Start screen show the version."""

from __future__ import annotations

import pathlib
from typing import Any

from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.widgets import Checkbox, Markdown, RadioButton, RadioSet, Select, Static

from companion import __version__
from companion.config import load_config
from companion.ui.app import StuporSoloApp
from companion.ui.screens.help import HelpScreen
from companion.ui.screens.setup.form import SetupScreen
from companion.ui.screens.start import StartScreen
from tests.app.pilot_helpers import SIZE, press_and_settle, settle
from tests.app.setup_helpers import fill, start


def _app(data: pathlib.Path, config: pathlib.Path, text: str | None = None) -> StuporSoloApp:
    if text is not None:
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(text, encoding="utf-8")
    return StuporSoloApp(data, config=load_config(config))


def _notices(app: StuporSoloApp) -> str:
    return str(app.screen.query_one("#start-notices", Static).render())


async def _pick_theme_in_palette(app: StuporSoloApp, pilot: Any, name: str) -> None:
    app.action_change_theme()
    await settle(pilot)
    assert isinstance(app.screen, CommandPalette)
    await pilot.press(*name)
    for _ in range(1500):  # the palette searches in the background (30 s at most)
        await pilot.pause(0.02)
        if app.screen.query_one(CommandList).option_count:
            break
    await press_and_settle(pilot, "enter")


async def test_the_palettes_theme_is_saved_and_survives_a_restart(
    tmp_path: pathlib.Path,
) -> None:
    config = tmp_path / "config" / "config.toml"
    text = "# my own comment\n[backups]\nkeep = 4  # four is plenty\n"
    app = _app(tmp_path / "data", config, text)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _pick_theme_in_palette(app, pilot, "nord")
        assert app.theme == "nord"
        await settle(pilot)
    saved = config.read_text(encoding="utf-8")
    assert 'theme = "nord"' in saved
    assert "# my own comment" in saved and "keep = 4  # four is plenty" in saved
    again = _app(tmp_path / "data", config)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.theme == "nord"
        assert not again.screen.query_one("#start-notices", Static).display


async def test_a_theme_is_saved_in_a_new_file_when_there_is_none(tmp_path: pathlib.Path) -> None:
    config = tmp_path / "nowhere-yet" / "config.toml"
    app = _app(tmp_path / "data", config)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_and_settle(pilot, "t")
        theme = app.theme
    assert load_config(config).config.theme == theme
    assert load_config(config).problems == ()


async def test_a_theme_that_cannot_be_saved_is_told(tmp_path: pathlib.Path) -> None:
    config = tmp_path / "config.toml"
    app = _app(tmp_path / "data", config, "[backups\n")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "config.toml is not valid TOML" in _notices(app)
        await press_and_settle(pilot, "t")
        texts = [str(n.message) for n in app._notifications]
        assert any("could not be saved" in t and "not valid TOML" in t for t in texts), texts
    assert config.read_text(encoding="utf-8") == "[backups\n"


async def test_a_rebound_key_works_and_the_old_one_does_not(tmp_path: pathlib.Path) -> None:
    app = _app(tmp_path / "data", tmp_path / "c.toml", '[keys]\n"start.new" = "g"\n')
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_and_settle(pilot, "n")
        assert isinstance(app.screen, StartScreen)
        await press_and_settle(pilot, "g")
        assert isinstance(app.screen, SetupScreen)


async def test_help_shows_the_version_and_the_players_own_keys(tmp_path: pathlib.Path) -> None:
    app = _app(tmp_path / "data", tmp_path / "c.toml", '[keys]\n"table.log" = "L"\n')
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert __version__ in str(app.screen.query_one("#start-version", Static).render())
        await press_and_settle(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert __version__ in str(app.screen.query_one("#help-title", Static).render())
        source = app.screen.query_one(Markdown).source
        assert "| `L` | Log |" in source and "changes 1 key" in source


async def test_problems_in_the_file_are_told_by_name_at_start(tmp_path: pathlib.Path) -> None:
    text = (
        'theme = "no-such-theme"\n[keys]\n"table.play" = "f"\n"start.nwe" = "g"\n'
        "[new_game]\nhouse = 4\n"
    )
    app = _app(tmp_path / "data", tmp_path / "c.toml", text)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        notices = _notices(app)
        assert "theme 'no-such-theme' is not a Textual theme" in notices
        assert "table.play, table.end_phase and table.final_score would all be 'f'" in notices
        assert "'start.nwe' is not a key binding" in notices and "start.new?" in notices
        assert "[new_game] house is 4" in notices
        assert app.theme == "textual-dark"


async def test_the_configured_theme_is_read_once_at_start(
    tmp_path: pathlib.Path, monkeypatch: Any
) -> None:
    # Issue 26 (start-up): a theme set after the start reads every style again; the
    # configured one is in use before the stylesheet is first read.
    reread: list[bool] = []
    monkeypatch.setattr(App, "refresh_css", lambda self, animate=True: reread.append(animate))
    app = _app(tmp_path / "data", tmp_path / "c.toml", 'theme = "solarized-light"\n')
    assert app.theme == "solarized-light"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen) and app.theme == "solarized-light"
        assert app.has_class("-light-mode") and not app.has_class("-dark-mode")
        theme = app.get_theme("solarized-light")
        assert theme is not None and theme.background is not None
        assert app.screen.styles.background.hex.lower() == theme.background.lower()
    assert reread == []


async def _setup_values(screen: SetupScreen) -> tuple[str, str, str, bool]:
    house = str(screen.query_one("#house-select", Select).value)
    easier = screen.query_one("#easier", Checkbox).value
    return house, screen.difficulty, screen.deck_mode, easier


async def test_the_new_game_form_starts_with_the_configured_values(
    tmp_path: pathlib.Path,
) -> None:
    text = '[new_game]\nhouse = "Wittelsbach"\ndifficulty = "hard"\neasier_solo = true\n'
    app = _app(tmp_path / "data", tmp_path / "c.toml", text)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_and_settle(pilot, "n")
        assert isinstance(app.screen, SetupScreen)
        assert await _setup_values(app.screen) == ("Wittelsbach", "hard", "virtual", True)


async def test_the_new_game_form_remembers_the_last_choices(
    tmp_path: pathlib.Path, table_calls: list[StuporSoloApp]
) -> None:
    data, config = tmp_path / "data", tmp_path / "c.toml"
    app = _app(data, config, '[new_game]\ndeck_mode = "virtual"\n')
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_and_settle(pilot, "n")
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#house-select", Select).value = "Hohenstaufen"
        screen.query_one("#diff-easy", RadioButton).value = True
        screen.query_one("#mode-table", RadioButton).value = True
        await fill(screen, pilot)
        await start(pilot)
        assert table_calls
    again = _app(data, config)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_and_settle(pilot, "n")
        screen = again.screen
        assert isinstance(screen, SetupScreen)
        # The file pins the deck mode; the rest is the last game's.
        assert await _setup_values(screen) == ("Hohenstaufen", "easy", "virtual", False)
        assert screen.query_one("#difficulty", RadioSet).pressed_button is not None


def test_starting_the_app_with_a_configuration_loads_no_heavy_module(
    tmp_path: pathlib.Path,
) -> None:
    """The configuration is read with tomllib and plain checks: up to the Start screen the
    app loads neither pydantic nor the modules only some commands need (shtab for
    completion, tomlkit for saving a theme, segno for QR codes)."""
    import subprocess
    import sys

    config = tmp_path / "config.toml"
    config.write_text('theme = "nord"\n[keys]\n"table.log" = "L"\n', encoding="utf-8")
    code = f"""
import asyncio, pathlib, sys
from companion.ui.app import StuporSoloApp
from companion.config import load_config

async def main():
    app = StuporSoloApp(pathlib.Path({str(tmp_path / "data")!r}),
                        config=load_config(pathlib.Path({str(config)!r})))
    async with app.run_test() as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen" and app.theme == "nord"
    print(sorted(m for m in ("pydantic", "shtab", "tomlkit", "segno") if m in sys.modules))

asyncio.run(main())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


async def test_the_new_game_form_starts_from_the_configured_structures_rule(
    tmp_path: pathlib.Path,
) -> None:
    app = _app(tmp_path / "data", tmp_path / "c.toml", '[rules]\nmost_structures = "more_than"\n')
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press_and_settle(pilot, "n")
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.query_one("#most-structures", Select).value == "more_than"
        note = str(screen.query_one("#most-structures-note", Static).render())
        assert "configuration" in note
        await fill(screen, pilot)
        await start(pilot)
        assert app.session.game is not None
        rule = app.session.game.setup.ruleset.scoring.most_structures_rule
        assert rule.value == "more_than"
        assert "[rules] most_structures" in rule.source
