"""Screens open at once: every screen of the app skips Textual's second styling pass when
it is first shown, gets its width class before it is mounted, and the New game form makes
its optional sections only when they are opened (see companion.ui.framework.quick_open)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

import companion
from companion.ui.app import StuporSoloApp
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.screens.setup.form import SetupScreen
from tests.app.pilot_helpers import SIZE, settle


def _companion_screens() -> list[type[Screen[Any]]]:
    found: dict[str, type[Screen[Any]]] = {}
    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        if module.name.endswith("__main__"):
            continue
        loaded = importlib.import_module(module.name)
        for _, value in inspect.getmembers(loaded, inspect.isclass):
            if issubclass(value, Screen) and value.__module__.startswith("companion."):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return list(found.values())


def test_every_screen_of_the_app_opens_at_once() -> None:
    screens = _companion_screens()
    assert len(screens) > 20  # the walk found the app's screens and dialogs
    missing = [cls.__qualname__ for cls in screens if not issubclass(cls, OpensAtOnce)]
    assert missing == []


async def test_the_new_game_form_styles_each_widget_once_as_it_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    styled: list[int] = []
    real = Stylesheet.update_nodes

    def counting(self: Stylesheet, nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        styled.append(len(nodes))
        real(self, nodes, animate=animate)

    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        monkeypatch.setattr(Stylesheet, "update_nodes", counting)
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.has_class("-roomy")
        widgets = len(list(screen.walk_children(with_self=True)))
        # Restyling a widget whose class or focus changed is fine; a pass over the whole
        # form (Textual's resume pass, a late width class) is not.
        assert max(styled, default=0) < widgets // 4, (styled, widgets)
        assert widgets < 150  # the optional sections are folded and not made yet


async def test_the_reference_shown_again_is_restyled_only_when_the_theme_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Input

    from companion.ui.app import DARK_THEME, LIGHT_THEME
    from companion.ui.screens.reference import ReferenceScreen

    styled: list[int] = []
    real = Stylesheet.update_nodes

    def counting(self: Stylesheet, nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        styled.append(len(nodes))
        real(self, nodes, animate=animate)

    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.theme = DARK_THEME
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        reference = app.screen
        assert isinstance(reference, ReferenceScreen)
        widgets = len(list(reference.walk_children(with_self=True)))
        dark = reference.query_one(Input).styles.background
        await pilot.press("escape")
        await settle(pilot)
        monkeypatch.setattr(Stylesheet, "update_nodes", counting)
        await pilot.press("f1")  # shown again as it was hidden: no pass over every widget
        await settle(pilot)
        assert app.screen is reference
        assert max(styled, default=0) < widgets // 2, (styled, widgets)
        await pilot.press("escape")
        await settle(pilot)
        app.theme = LIGHT_THEME  # changed while the Reference was hidden: restyled
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert app.screen is reference
        assert reference.query_one(Input).styles.background != dark


async def test_a_screen_hidden_under_an_opaque_one_is_drawn_whole_when_it_comes_back() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Under(OpensAtOnce, Screen[None]):
        def compose(self) -> ComposeResult:
            yield Static("before", id="under-text")

    class Over(OpensAtOnce, Screen[None]):
        def compose(self) -> ComposeResult:
            yield Static("on top", id="over-text")

    app: App[None] = App()
    async with app.run_test(size=(40, 5)) as pilot:
        under = Under()
        await app.push_screen(under)
        await pilot.pause()
        await app.push_screen(Over())
        await pilot.pause()
        under.query_one("#under-text", Static).update("changed underneath")
        await pilot.pause()
        await pilot.pause()
        shown = app.export_screenshot()
        assert "on&#160;top" in shown and "changed" not in shown
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert "changed&#160;underneath" in app.export_screenshot()
