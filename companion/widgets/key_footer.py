"""The footer every screen uses: Textual's ``Footer``, rebuilt only when it must be.

Textual's ``Footer`` removes and mounts all of its key widgets again after every
``bindings_updated`` signal, and a screen sends several in one frame (focus moves,
``refresh_bindings``, a modal closing); each rebuild comes after the next refresh, so a
key press is drawn twice. On the Table that was most of the time a key press took, and
every rebuild left the old key widgets alive (a Textual data binding keeps a watcher on
the footer), so a long game grew by megabytes per round.

This footer keeps one widget for every key it has ever shown on its screen, in the
screen's binding order: a key that does not apply now is hidden, a disabled one dimmed,
all in place. It mounts widgets again only when a key appears that it has never shown (a
few times per screen at most), and handles any number of signals at once, before the next
refresh. When the keys shown do not fit one line (an 80-column terminal), the footer takes
two lines, half the keys on each, so every key stays visible and clickable. Binding groups
(``Binding.group``) are not used by this app and are shown as single keys. Keys whose
actions a screen offers otherwise (the Table's touch buttons) can be left out
(``leave_out``).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from typing import TYPE_CHECKING

from textual.events import Resize
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.binding import Binding
    from textual.screen import Screen

KeyId = tuple[str, str, str]
"""(key, action, label) of a binding the footer lists."""
Wanted = tuple[tuple[KeyId, "Binding", bool, str], ...]
"""What the footer should show now: id, binding, enabled, tooltip."""


MOST_ROWS = 4
"""The footer never takes more lines than this (a key that still does not fit is cut)."""


def rows_needed(sizes: list[int], width: int) -> int:
    """How many lines keys of ``sizes`` columns need in a footer ``width`` wide: one if
    they fit side by side, else the fewest lines (at least two) on which a grid of equal
    cells fits the widest key.

    >>> rows_needed([10, 10], 40), rows_needed([10] * 6, 40), rows_needed([12] * 8, 46)
    (1, 2, 3)
    """
    if not sizes or sum(sizes) <= width:
        return 1
    widest = max(sizes)
    for rows in range(2, MOST_ROWS + 1):
        if width // ceil(len(sizes) / rows) >= widest:
            return rows
    return MOST_ROWS


def _key_id(widget: FooterKey) -> KeyId:
    return (widget.key, widget.action, widget.description)


class KeyFooter(Footer):
    """A ``Footer`` that keeps its key widgets and shows, hides or dims them in place, on
    one line or, when they do not fit, two."""

    DEFAULT_CSS = """
    KeyFooter.-two-rows {
        layout: grid;
        grid-columns: auto;
        grid-rows: 1;
    }
    KeyFooter.-two-rows FooterKey { width: 100%; }
    """

    _update_pending = False
    _shown: tuple[tuple[KeyId, bool], ...] | None = None
    _known_keys: list[tuple[KeyId, Binding, str]] | None = None
    leave_out: frozenset[str] = frozenset()
    """Actions not listed (the screen shows them another way)."""

    def __init__(self, *, show_command_palette: bool = True, leave_out: Iterable[str] = ()) -> None:
        super().__init__(show_command_palette=show_command_palette)
        self.leave_out = frozenset(leave_out)

    @property
    def _known(self) -> list[tuple[KeyId, Binding, str]]:
        """Every key shown so far on this screen, in the screen's binding order."""
        if self._known_keys is None:
            self._known_keys = []
        return self._known_keys

    def _wanted(self) -> Wanted:
        """Per action its first shown binding, in order, as ``Footer.compose`` lists them."""
        seen: set[str] = set()
        wanted = []
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen or binding.action in self.leave_out:
                continue
            seen.add(binding.action)
            key_id = (binding.key, binding.action, binding.description)
            wanted.append((key_id, binding, enabled, tooltip or ""))
        return tuple(wanted)

    def _learn(self, wanted: Wanted) -> bool:
        """Add keys never seen before, each after the key it follows now (the screen's
        binding order is fixed, so the known keys stay in an order that fits every
        moment). True if any was added."""
        known = [key_id for key_id, _, _ in self._known]
        added = False
        previous: KeyId | None = None
        for key_id, binding, _, tooltip in wanted:
            if key_id not in known:
                at = known.index(previous) + 1 if previous is not None else 0
                known.insert(at, key_id)
                self._known.insert(at, (key_id, binding, tooltip))
                added = True
            previous = key_id
        return added

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        wanted = self._wanted()
        self._learn(wanted)
        enabled = {key_id: is_enabled for key_id, _, is_enabled, _ in wanted}
        for key_id, binding, tooltip in self._known:
            widget = FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                disabled=not enabled.get(key_id, True),
                tooltip=tooltip or binding.description,
            ).data_bind(compact=Footer.compact)
            widget.display = key_id in enabled
            yield widget
        self._shown = tuple(enabled.items())
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if palette is not None:
                _, binding, is_enabled, tooltip = palette
                yield FooterKey(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    classes="-command-palette",
                    disabled=not is_enabled,
                    tooltip=binding.tooltip or binding.description,
                )

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Schedule one update (however many signals come first). It runs with the
        screen's other pending messages, so it is drawn in the same frame as the change
        that caused it."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._update_pending:
            self._update_pending = True
            self.call_later(self._update)

    def _forget_removed_keys(self) -> None:
        """Drop the ``compact`` watchers of key widgets a recompose removed.

        ``data_bind`` registers each key widget as a watcher of the footer's ``compact``;
        Textual prunes that list only when ``compact`` changes (never, in this app), so
        without this every recompose would keep the keys it replaced alive."""
        watchers = getattr(self, "__watchers", {}).get("compact")
        if watchers:
            watchers[:] = [(node, call) for node, call in watchers if node.parent is self]

    def _fit(self) -> None:
        """One line if the keys shown fit the width; else as few lines as let every key
        show whole in a grid (two on an 80-column terminal, three or four on a phone),
        the keys spread evenly over the lines, and no command palette key (ctrl+p and the
        header's icon still open it)."""
        palettes = list(self.query(".-command-palette"))
        keys = [w for w in self.query(FooterKey) if w.display and w not in palettes]
        sizes = [w.render().cell_len for w in keys]  # the key and its label, padded
        width = self.size.width or self.app.size.width
        extra = sum(w.render().cell_len for w in palettes if isinstance(w, FooterKey))
        one_line = sum(sizes) + extra <= width
        for palette in palettes:
            palette.display = one_line
        rows = 1 if one_line else rows_needed(sizes, width)
        if rows > 1:
            self.styles.grid_size_columns = ceil(len(keys) / rows)
            self.styles.height = rows
        else:
            self.styles.clear_rule("grid_size_columns")
            self.styles.clear_rule("height")
        self.set_class(rows > 1, "-two-rows")

    def on_resize(self, event: Resize) -> None:
        """A new width may change how many lines the keys need."""
        self._fit()

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self._fit)

    async def _update(self) -> None:
        self._update_pending = False
        if not self.is_attached:
            return
        wanted = self._wanted()
        shown = tuple((key_id, is_enabled) for key_id, _, is_enabled, _ in wanted)
        if shown == self._shown:
            return
        if self._learn(wanted) or not self.children:
            await self.recompose()
            self._forget_removed_keys()
            self._fit()
            return
        self._shown = shown
        enabled = dict(shown)
        for widget in self.query(FooterKey):
            if widget.has_class("-command-palette"):
                continue
            state = enabled.get(_key_id(widget))
            widget.display = state is not None
            if state is not None:
                # FooterKey keeps its enabled state in ``_disabled`` (a click on a disabled
                # key rings the bell) and shows it with the ``-disabled`` class.
                widget._disabled = not state
                widget.set_class(not state, "-disabled")
        self._fit()
