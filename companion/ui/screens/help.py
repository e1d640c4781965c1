"""The Help screen: the version, every key of the app screen by screen (the player's own
keys in place), and our rules decisions."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static

from companion import __version__
from companion.i18n import N_, _
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import HELP_KEYS, bindings
from companion.ui.views.help import help_markdown
from companion.ui.widgets.key_footer import KeyFooter

TITLE = N_("Help · keys and rules decisions · stupor-solo {version}")


class HelpScreen(OpensAtOnce, Hosted, Screen[None]):
    """Keys (read from the code's bindings) and the rules decisions, in one scrolling page."""

    DEFAULT_CSS = """
    HelpScreen > #help-title { height: 1; margin: 0 1; }
    HelpScreen > #help-body { padding: 0 2; }
    HelpScreen Markdown { margin: 0; }
    HelpScreen MarkdownTableContent { grid-gutter: 0 2; keyline: none; }
    HelpScreen MarkdownTable { width: auto; max-width: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(HELP_KEYS))

    def compose(self) -> ComposeResult:
        yield Static(
            _(TITLE).format(version=__version__),
            id="help-title",
            classes="title-large",
            markup=False,
        )
        overrides = self.host.keymap_overrides
        with VerticalScroll(id="help-body"):
            yield Markdown(help_markdown(overrides), id="help-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def relabel(self) -> None:
        """Word the page again in the language in use (where it is scrolled stays)."""
        self.query_one("#help-title", Static).update(_(TITLE).format(version=__version__))
        markdown = help_markdown(self.host.keymap_overrides)
        self.query_one("#help-text", Markdown).update(markdown)

    def action_close(self) -> None:
        """Back to the screen underneath."""
        self.dismiss()
