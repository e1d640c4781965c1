"""The Help screen: every key of the app, screen by screen, and our rules decisions."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static

from companion.rules_help import help_markdown
from companion.widgets.key_footer import KeyFooter


class HelpScreen(Screen[None]):
    """Keys (read from the code's bindings) and the rules decisions, in one scrolling page."""

    DEFAULT_CSS = """
    HelpScreen > #help-title { height: 1; margin: 0 1; }
    HelpScreen > #help-body { padding: 0 2; }
    HelpScreen Markdown { margin: 0; }
    HelpScreen MarkdownTableContent { grid-gutter: 0 2; keyline: none; }
    HelpScreen MarkdownTable { width: auto; max-width: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q",
            "close",
            "Close",
            id="help.close",
            key_display="esc",
            tooltip="Close the help and go back",
        ),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Help · keys and rules decisions", id="help-title", classes="title-large")
        with VerticalScroll(id="help-body"):
            yield Markdown(help_markdown(), id="help-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        """Back to the screen underneath."""
        self.dismiss()
