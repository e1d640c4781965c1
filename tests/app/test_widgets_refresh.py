"""The footer and the Table's panels redraw only what changed (see the performance issue)."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from companion.widgets.key_footer import KeyFooter
from companion.widgets.text_panel import TextPanel


class FooterApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "gain", "Gain"),
        Binding("f", "frederick", "Frederick"),
        Binding("e", "end_phase", "End Phase"),
        Binding("ctrl+z", "undo", "Undo"),
    ]
    frederick_enabled = True
    end_phase = False

    def compose(self) -> ComposeResult:
        yield Input(id="field")
        yield TextPanel(id="panel")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "frederick":
            return True if self.frederick_enabled else None  # None: shown dimmed
        if action == "end_phase":
            return self.end_phase  # False: not shown at all
        return True

    def action_gain(self) -> None: ...

    def action_frederick(self) -> None: ...

    def action_undo(self) -> None: ...

    def action_end_phase(self) -> None: ...


def shown(app: App[None]) -> dict[str, tuple[bool, bool]]:
    """Per action: (displayed, dimmed)."""
    return {
        key.action: (key.display, key.has_class("-disabled"))
        for key in app.screen.query(FooterKey)
        if not key.has_class("-command-palette")
    }


async def test_the_footer_updates_its_keys_in_place() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        widgets = list(app.screen.query(FooterKey))
        assert shown(app) == {
            "gain": (True, False),
            "frederick": (True, False),
            "undo": (True, False),
        }

        app.frederick_enabled = False
        app.refresh_bindings()
        await pilot.pause()
        assert shown(app)["frederick"] == (True, True)

        app.query_one(Input).focus()  # the input claims the letter keys
        await pilot.pause()
        assert shown(app) == {
            "gain": (False, False),
            "frederick": (False, True),
            "undo": (True, False),
        }

        app.set_focus(None)
        app.frederick_enabled = True
        app.refresh_bindings()
        await pilot.pause()
        assert shown(app)["gain"] == (True, False)
        assert shown(app)["frederick"] == (True, False)
        assert list(app.screen.query(FooterKey)) == widgets  # never rebuilt


async def test_the_footer_mounts_a_key_once_however_often_it_comes_back() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        assert "end_phase" not in shown(app)
        app.end_phase = True  # a key it has never shown: mounted once, in binding order
        app.refresh_bindings()
        await pilot.pause()
        widgets = list(app.screen.query(FooterKey))
        assert [w.action for w in widgets if not w.has_class("-command-palette")] == [
            "gain",
            "frederick",
            "end_phase",
            "undo",
        ]
        for _ in range(3):
            app.end_phase = not app.end_phase
            app.refresh_bindings()
            await pilot.pause()
            assert shown(app)["end_phase"] == (app.end_phase, False)
            assert list(app.screen.query(FooterKey)) == widgets


async def test_the_key_widgets_a_new_key_replaces_are_released() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        before = [weakref.ref(key) for key in app.screen.query(FooterKey)]
        app.end_phase = True  # a key never shown before: the footer recomposes
        app.refresh_bindings()
        await pilot.pause()
        gc.collect()
        alive = [ref() for ref in before if ref() is not None]
        assert not [key for key in alive if key is not None and key.parent is None], (
            "replaced keys kept alive"
        )
        assert "end_phase" in shown(app)


async def test_a_panel_redraws_only_a_changed_text() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        panel = app.query_one(TextPanel)
        assert panel.show_text(Text("one\ntwo"))
        await pilot.pause()
        assert not panel.show_text(Text("one\ntwo"))
        assert panel.show_text(Text("one\ntwo", style="bold"))
        assert panel.show_text(Text("uno\ndos"))
        await pilot.pause()
        assert str(panel.render()) == "uno\ndos"
        # Same number of short lines: only a repaint; one more line: a new layout.
        assert not panel._height_may_change(Text("uno\ndos"), Text("tres\ncuatro"))
        assert panel._height_may_change(Text("uno\ndos"), Text("uno\ndos\ntres"))
        assert panel._height_may_change(Text("short"), Text("x" * 200))  # it would wrap


def test_the_warm_up_imports_the_engine_once_in_the_background() -> None:
    code = """
import sys, threading
from companion import warm_up
assert "solo_deck.game" not in sys.modules
assert warm_up.start_warm_up() is True
assert warm_up.start_warm_up() is False
for thread in threading.enumerate():
    if thread.name == "stupor-warm-up":
        assert thread.daemon
        thread.join(60)
print(all(name in sys.modules for name in warm_up.MODULES))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True", done.stderr


def test_the_start_screen_path_does_not_import_the_engine() -> None:
    code = (
        "import sys, companion.app, companion.screens.start; "
        "print(sorted(m for m in sys.modules if m.startswith(('pydantic', 'solo_deck.'))"
        " and m != 'solo_deck.schema'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stderr
