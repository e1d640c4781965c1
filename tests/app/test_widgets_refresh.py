"""The footer and the Table's panels redraw only what changed (see the performance issue)."""

from __future__ import annotations

import subprocess
import sys
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.geometry import Region, Size
from textual.pilot import Pilot
from textual.widgets import Input

from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.text_panel import TextPanel


class FooterApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "gain", "Gain", tooltip="Gain a coin"),
        Binding("f", "frederick", "Frederick"),
        Binding("e", "end_phase", "End Phase"),
        Binding("ctrl+z", "undo", "Undo"),
    ]
    frederick_enabled = True
    end_phase = False

    def __init__(self) -> None:
        super().__init__()
        self.ran: list[str] = []
        self.bells = 0

    def compose(self) -> ComposeResult:
        yield Input(id="field")
        yield TextPanel(id="panel")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "frederick":
            return True if self.frederick_enabled else None  # None: shown dimmed
        if action == "end_phase":
            return self.end_phase  # False: not shown at all
        if action == "next_round":
            return getattr(self, "next_round", False)
        return True

    def bell(self) -> None:
        self.bells += 1

    def action_gain(self) -> None:
        self.ran.append("gain")

    def action_frederick(self) -> None:
        self.ran.append("frederick")

    def action_undo(self) -> None:
        self.ran.append("undo")

    def action_end_phase(self) -> None:
        self.ran.append("end_phase")


class CrowdedFooterApp(FooterApp):
    """Keys that fit 80 columns (with the command palette's key) until ``next_round``
    shows one more; then they take two rows (7 keys, none wider than 80 // 4)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *FooterApp.BINDINGS,
        Binding("s", "stats", "Statistics"),
        Binding("h", "history", "History"),
        Binding("l", "log", "Log"),
        Binding("n", "next_round", "Next Round Phase"),
    ]
    next_round = False

    def action_stats(self) -> None: ...

    def action_history(self) -> None: ...

    def action_log(self) -> None: ...

    def action_next_round(self) -> None: ...


def footer_of(app: App[None]) -> KeyFooter:
    return app.screen.query_one(KeyFooter)


def drawn(app: App[None]) -> dict[str, bool]:
    """The descriptions the footer draws, in order, each with whether it is dimmed (the
    command palette's key included)."""
    footer = footer_of(app)
    found = {}
    for y in range(footer.size.height):
        for segment in footer.render_line(y):
            style = segment.style
            text = segment.text.strip()
            if text.isprintable() and text[:1].isalpha() and style and not style.bold:
                found[text] = bool(style.dim)  # a description
    return found


def lines(app: App[None]) -> list[str]:
    """The footer's lines as text."""
    footer = footer_of(app)
    return [footer.render_line(y).text.rstrip() for y in range(footer.size.height)]


def where(app: App[None], description: str) -> tuple[int, int]:
    """The screen offset of a key's first column."""
    footer = footer_of(app)
    places = footer.arrange_keys(footer.size.width).places
    region = next(p.region for p in places if p.entry.description == description)
    return footer.region.x + region.x, footer.region.y + region.y


def watch_refreshes(footer: KeyFooter) -> list[bool]:
    """Record each ``refresh`` the footer asks for: True if with a layout."""
    calls: list[bool] = []
    refresh = footer.refresh

    def recording(
        *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> KeyFooter:
        calls.append(layout)
        return refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    footer.refresh = recording  # type: ignore[method-assign]
    return calls


async def test_the_footer_is_one_widget_that_shows_dims_and_hides_keys() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        footer = footer_of(app)
        assert list(footer.children) == [] and list(footer.query("*")) == []
        assert drawn(app) == {"Gain": False, "Frederick": False, "Undo": False, "palette": False}
        # The palette's key at the right: its edge, the key, the description, one space.
        assert lines(app) == [" g Gain  f Frederick  ^z Undo".ljust(68) + "▏^p palette"]

        app.frederick_enabled = False
        app.refresh_bindings()
        await pilot.pause()
        assert drawn(app)["Frederick"] is True

        app.query_one(Input).focus()  # the input claims the letter keys
        await pilot.pause()
        assert drawn(app) == {"Undo": False, "palette": False}

        app.set_focus(None)
        app.frederick_enabled = True
        app.end_phase = True  # a key not shown so far: in binding order
        app.refresh_bindings()
        await pilot.pause()
        assert list(drawn(app)) == ["Gain", "Frederick", "End Phase", "Undo", "palette"]
        assert not any(drawn(app).values())
        assert list(footer.children) == []


async def test_a_change_of_keys_repaints_the_footer_without_a_layout() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        footer = footer_of(app)
        calls = watch_refreshes(footer)
        app.frederick_enabled = False
        app.end_phase = True
        app.refresh_bindings()
        await pilot.pause()
        assert drawn(app)["Frederick"] is True and "End Phase" in drawn(app)
        assert calls and not any(calls), calls  # repainted, one line as before
        assert footer.size.height == 1


async def test_the_footer_takes_two_rows_when_the_keys_do_not_fit_and_goes_back() -> None:
    app = CrowdedFooterApp()
    app.next_round = True
    async with app.run_test(size=(80, 12)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        footer = footer_of(app)
        # Two rows from the first layout, four keys on the first; no palette key.
        assert footer.size.height == 2 and footer.region.y == 10
        assert [line.split()[:2] for line in lines(app)] == [["g", "Gain"], ["h", "History"]]
        assert "palette" not in drawn(app)
        assert where(app, "History") == (0, 11)

        calls = watch_refreshes(footer)
        app.next_round = False
        app.refresh_bindings()
        await pilot.pause()
        assert True in calls  # the footer asked for a layout: one row now
        assert footer.size.height == 1 and footer.region.y == 11
        assert list(drawn(app)) == [
            "Gain",
            "Frederick",
            "Undo",
            "Statistics",
            "History",
            "Log",
            "palette",
        ]

        calls.clear()
        app.next_round = True
        app.refresh_bindings()
        await pilot.pause()
        assert True in calls
        assert footer.size.height == 2 and "Next Round Phase" in drawn(app)


class KeptRowsFooterApp(CrowdedFooterApp):
    """The crowded keys in a footer that keeps the rows it has drawn (the Table's)."""

    def compose(self) -> ComposeResult:
        yield Input(id="field")
        yield TextPanel(id="panel")
        yield KeyFooter(keep_rows=True)


async def _kept_footer(pilot: Pilot[None], *, crowded: bool) -> KeyFooter:
    """The footer of the app ``pilot`` drives, drawn with the crowded keys or without."""
    app = pilot.app
    assert isinstance(app, KeptRowsFooterApp)
    app.next_round = crowded
    app.set_focus(None)
    await pilot.pause()
    return footer_of(app)


async def test_a_footer_that_keeps_its_rows_keeps_them_at_one_width_and_language() -> None:
    """Issue 42: the Table's keys take two rows in French at 120 columns and Frederick's
    one, so every turn that ended his run of cards laid the Table out again, and the Log
    after it. The Table's footer keeps the rows it has drawn until its width or the
    language changes; its keys stay where they are drawn (one row used)."""
    app = KeptRowsFooterApp()
    async with app.run_test(size=(80, 12)) as pilot:
        footer = await _kept_footer(pilot, crowded=True)
        assert footer.size.height == 2

        calls = watch_refreshes(footer)
        app.next_round = False
        app.refresh_bindings()
        await pilot.pause()
        assert True not in calls  # no layout: the same two rows
        assert footer.size.height == 2 and footer.region.y == 10
        assert "Next Round Phase" not in drawn(app)
        assert lines(app)[1] == ""  # the keys fit the first row; the second stays empty

        await pilot.resize_terminal(100, 12)  # another width: the keys' own rows
        await pilot.pause()
        assert footer.size.height == 1


async def test_a_footer_counts_only_the_rows_it_has_drawn() -> None:
    """Keys measured but never drawn (a state that lasted less than a frame, as the Table's
    keys before its first frame) leave no rows behind: only a drawn arrangement counts."""
    app = KeptRowsFooterApp()
    async with app.run_test(size=(80, 12)) as pilot:
        footer = await _kept_footer(pilot, crowded=False)
        assert footer.size.height == 1
        app.next_round = True  # the crowded keys, measured as a layout measures them
        footer._entries, footer._arrangement = None, None
        assert footer.get_content_height(Size(80, 12), Size(80, 12), 80) == 2
        app.next_round = False  # and gone before a frame drew them
        app.refresh_bindings()
        await pilot.pause()
        assert footer.size.height == 1 and "Next Round Phase" not in drawn(app)


async def test_a_click_runs_a_lit_key_and_rings_the_bell_on_a_dimmed_one() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.set_focus(None)
        app.frederick_enabled = False
        app.refresh_bindings()
        await pilot.pause()
        await pilot.click(offset=where(app, "Gain"))
        await pilot.pause()
        assert app.ran == ["gain"] and app.bells == 0
        await pilot.click(offset=where(app, "Frederick"))
        await pilot.pause()
        assert app.ran == ["gain"] and app.bells == 1
        x, y = where(app, "Undo")
        await pilot.click(offset=(x + 10, y))  # past the last key: nothing
        await pilot.pause()
        assert app.ran == ["gain"] and app.bells == 1
        await pilot.click(offset=where(app, "palette"))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_the_key_under_the_pointer_is_lit_and_gives_its_tooltip() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        footer = footer_of(app)
        assert footer.tooltip is None
        x, y = where(app, "Gain")
        await pilot.hover(offset=(x + 1, y))
        await pilot.pause()
        assert footer.tooltip == "Gain a coin"  # the binding's tooltip
        backgrounds = {s.text: s.style.bgcolor for s in footer.render_line(0) if s.style}
        assert backgrounds["Gain "] != backgrounds["Frederick "]
        await pilot.hover(offset=where(app, "Frederick"))
        await pilot.pause()
        assert footer.tooltip == "Frederick"  # no tooltip: its description
        backgrounds = {s.text: s.style.bgcolor for s in footer.render_line(0) if s.style}
        assert backgrounds["Gain "] == backgrounds["Undo "] != backgrounds["Frederick "]
        await pilot.hover(offset=(x + 50, y))  # between the keys and the palette's
        await pilot.pause()
        assert footer.tooltip is None


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


async def test_a_wrapped_line_lays_out_again_only_when_its_rows_change() -> None:
    """A longer language wraps a line turn after turn: a new text wrapped to as many rows
    takes the same room (no layout); one more row does."""
    app = FooterApp()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(TextPanel)
        two_rows = Text("a " * 25)  # 50 columns in a 40-column panel
        panel.show_text(two_rows)
        await pilot.pause()
        assert panel.text_rows() == panel.size.height == 2
        assert not panel._height_may_change(two_rows, Text("b " * 30))
        assert panel._height_may_change(two_rows, Text("c " * 45))  # three rows
        assert panel._height_may_change(two_rows, Text("short"))  # one row
        panel.show_text(Text("c " * 45))
        await pilot.pause()
        assert panel.text_rows() == panel.size.height == 3


def test_the_warm_up_imports_the_engine_once_in_the_background() -> None:
    code = """
import sys, threading
from companion.ui import warm_up
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
        "import sys, companion.ui.app, companion.ui.screens.start; "
        "print(sorted(m for m in sys.modules if m.startswith(('pydantic', 'solo_deck.'))"
        " and m != 'solo_deck.schema'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stderr
