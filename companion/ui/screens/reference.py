"""The Reference: every component in the rules data and every rule of the game's flow,
searched as you type (names, ids such as A12 or "Village II B", words of the effect), the
best match first; the highlighted entry is shown beside the list (below it on a phone).

Typing goes to the search field; ↑/↓ move through the list from there; a tap on a line
shows it. The search runs once typing pauses (:data:`SEARCH_PAUSE`), not on every key, and
reads at most :data:`~companion.reference.MAX_QUERY` characters: a longer paste is cut and
the count line says so. The entries come from :mod:`companion.ui.views.reference`
(written from the data, never here)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from companion.i18n import N_, _, ngettext
from companion.reference import MAX_QUERY, entry_for
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import REFERENCE_KEYS, bindings
from companion.ui.views.reference import ReferenceLine, entry_text, reference_lines
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.widgets.touch_list import TouchOptionList

LIST_MOST = 40
"""The list shows the best this many matches (the count says how many more there are):
drawing every line of a wide search made each keystroke three times the Table's key."""

SEARCH_PAUSE = 0.15
"""Seconds of no typing before the list is searched again (a burst of keys, one search)."""
CUT_NOTE = N_(" (only the first {most} characters are searched)")
TITLE = N_("Reference · every component and rule")
PLACEHOLDER = N_("search: a name, an id (A12, T4), a word or a question (travel cost?)")


class SearchInput(Input):
    """The search field: what is typed or pasted past :data:`MAX_QUERY` characters is cut
    (``cut`` tells the screen), so the field never holds a whole pasted page."""

    cut = False

    def replace(self, text: str, start: int, end: int) -> None:
        """Replace ``start:end`` with ``text``, cut to the room left under the limit."""
        room = MAX_QUERY - (len(self.value) - (end - start))
        self.cut = len(text) > room
        super().replace(text[: max(room, 0)] if self.cut else text, start, end)


def count_line(query: str, count: int) -> str:
    """``12 entries for “grain”``; ``the best 40 of 179 entries: type to narrow``.

    >>> count_line("", 179)
    'the first 40 of 179 entries: type a name, an id or a word'
    >>> count_line("zz", 0)
    'nothing matches “zz”: try a name, an id or one word'
    """
    if not count:
        return _("nothing matches “{query}”: try a name, an id or one word").format(query=query)
    if count > LIST_MOST:
        if not query.strip():
            return _("the first {most} of {count} entries: type a name, an id or a word").format(
                most=LIST_MOST, count=count
            )
        return _(
            "the best {most} of {count} entries for “{query}”: type a name, an id or a word"
        ).format(most=LIST_MOST, count=count, query=query)
    if query.strip():
        return ngettext(
            "{count} entry for “{query}”", "{count} entries for “{query}”", count
        ).format(count=count, query=query)
    return ngettext("{count} entry", "{count} entries", count).format(count=count)


class ReferenceScreen(OpensAtOnce, Hosted, Screen[None]):
    """The searchable Reference, opened at ``topic``'s entry when one is given."""

    DEFAULT_CSS = """
    ReferenceScreen > #reference-title { height: 1; margin: 0 1; }
    ReferenceScreen > #reference-search { margin: 0 1; }
    ReferenceScreen #reference-body { height: 1fr; }
    ReferenceScreen #reference-list { width: 2fr; height: 1fr; }
    ReferenceScreen #reference-list { text-wrap: nowrap; text-overflow: ellipsis; }
    ReferenceScreen #reference-entry-box { width: 3fr; height: 1fr; padding: 0 1; }
    ReferenceScreen #reference-count { height: 1; margin: 0 1; color: $text-muted; }
    ReferenceScreen.-slim #reference-body { layout: vertical; }
    ReferenceScreen.-slim #reference-list { width: 1fr; height: 9; }
    ReferenceScreen.-slim #reference-entry-box { width: 1fr; padding: 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(REFERENCE_KEYS))

    def __init__(self, topic: str | None = None) -> None:
        super().__init__()
        found = entry_for(topic) if topic else None
        self.opened_at: str | None = found.key if found else None
        """The key of the entry F1 asked for (``None``: the Reference as a whole)."""
        self.lines: list[ReferenceLine] = []
        self.drawn: str | None = None
        """The key of the entry drawn beside the list (drawn once per change)."""
        self.pending: Timer | None = None
        """The search waiting for typing to pause (``None``: the list is up to date)."""

    def compose(self) -> ComposeResult:
        yield Static(_(TITLE), id="reference-title", classes="title-large", markup=False)
        yield SearchInput(placeholder=_(PLACEHOLDER), id="reference-search")
        yield Static("", id="reference-count", markup=False)
        with Horizontal(id="reference-body"):
            yield TouchOptionList(id="reference-list", compact=True)
            with VerticalScroll(id="reference-entry-box"):
                yield Static("", id="reference-entry", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_lines("", self.opened_at)
        self.query_one("#reference-search", Input).focus()

    def relabel(self) -> None:
        """Word the title, the search field's hint, the list and the entry again in the
        language in use (what is typed, the highlighted entry and the focus stay)."""
        self.query_one("#reference-title", Static).update(_(TITLE))
        search = self.query_one("#reference-search", SearchInput)
        search.placeholder = _(PLACEHOLDER)
        shown = self.shown
        self.drawn = None
        self.show_lines(search.value)
        keys = [line.key for line in self.lines]
        if shown in keys:
            self.query_one("#reference-list", OptionList).highlighted = keys.index(shown)
            self.show_entry(keys.index(shown))

    def reopen(self, topic: str | None) -> None:
        """Ready the screen to be shown again (the app keeps one Reference: opening it
        again costs no layout of new widgets): an empty search, at ``topic``'s entry."""
        found = entry_for(topic) if topic else None
        self.opened_at = found.key if found else None
        search = self.query_one("#reference-search", Input)
        self._cancel_search()
        if search.value:
            with search.prevent(Input.Changed):
                search.value = ""
        self.drawn = None  # drawn again, from its top
        self.show_lines("", self.opened_at)
        search.focus()

    # --- the list ------------------------------------------------------------------------

    def show_lines(self, query: str, highlight: str | None = None) -> None:
        """List the entries matching ``query`` and show ``highlight`` (else the best)."""
        found = reference_lines(query)
        if highlight is not None:  # F1's entry stays in the list, wherever it ranks
            found.sort(key=lambda line: line.key != highlight)
        self.lines = found[:LIST_MOST]
        options = self.query_one("#reference-list", OptionList)
        options.set_options(Option(line.label, id=line.key) for line in self.lines)
        cut = self.query_one("#reference-search", SearchInput).cut
        self.query_one("#reference-count", Static).update(
            count_line(query, len(found)) + (_(CUT_NOTE).format(most=MAX_QUERY) if cut else "")
        )
        if not self.lines:
            self.query_one("#reference-entry", Static).update("")
            self.drawn = None
            return
        keys = [line.key for line in self.lines]
        options.highlighted = keys.index(highlight) if highlight in keys else 0
        self.show_entry(options.highlighted)

    def show_entry(self, index: int | None) -> None:
        """Show the entry on line ``index`` of the list."""
        if index is None or not 0 <= index < len(self.lines):
            return
        entry = self.lines[index].entry
        if entry.key == self.drawn:  # the list's highlight message after show_lines
            return
        self.drawn = entry.key
        self.query_one("#reference-entry", Static).update(entry_text(entry))
        self.query_one("#reference-entry-box", VerticalScroll).scroll_home(animate=False)

    @property
    def shown(self) -> str | None:
        """The key of the entry shown (``None``: nothing matches)."""
        index = self.query_one("#reference-list", OptionList).highlighted
        return self.lines[index].key if index is not None and index < len(self.lines) else None

    @on(Input.Changed, "#reference-search")
    def _search(self) -> None:
        self._cancel_search()
        self.pending = self.set_timer(SEARCH_PAUSE, self.search_now)

    def search_now(self) -> None:
        """Search for what the field holds now (the pause is over, or Enter was pressed)."""
        self._cancel_search()
        self.show_lines(self.query_one("#reference-search", Input).value)

    def _cancel_search(self) -> None:
        if self.pending is not None:
            self.pending.stop()
            self.pending = None

    @on(Input.Submitted, "#reference-search")
    def _to_list(self) -> None:
        if self.pending is not None:
            self.search_now()
        if self.lines:
            self.query_one("#reference-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#reference-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_entry(event.option_index)

    # --- keys ----------------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        """Move the list's highlight by ``step`` (from the search field)."""
        options = self.query_one("#reference-list", OptionList)
        if step > 0:
            options.action_cursor_down()
        else:
            options.action_cursor_up()

    def action_clear(self) -> None:
        """Empty the search field: every entry again."""
        search = self.query_one("#reference-search", Input)
        search.value = ""
        search.focus()

    def action_close(self) -> None:
        """Back to the screen underneath."""
        self.dismiss()

    def look_up(self, topic: str | None) -> None:
        """Show ``topic``'s entry (F1 pressed again while the Reference is up); without
        one, keep what is shown and go back to the search field."""
        if topic and entry_for(topic) is not None:
            self.reopen(topic)
        else:
            self.query_one("#reference-search", Input).focus()
