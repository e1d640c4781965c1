"""The footer every screen uses: one widget that draws the screen's keys itself.

Textual's ``Footer`` removes and mounts one widget per key after every ``bindings_updated``
signal, and a screen sends several in one frame (focus moves, ``refresh_bindings``, a modal
closing): a key press was drawn twice, the old key widgets stayed alive (a data binding kept
a watcher on the footer), and every screen opening paid for two or three more layouts while
the keys were mounted and the footer measured them (the Table opened in 216 ms with it, in
88 ms with a plain ``Static`` in its place).

This footer has no child widgets. It reads the keys when the screen's bindings change
(however many signals come at once, it reads them once, with the screen's other pending
messages, so the change is drawn in the frame that caused it) and paints them in
:meth:`KeyFooter.render_line`, as ``Footer`` draws them: per action its first binding, in
binding order; a key that does not apply now is absent, a disabled one dimmed, the one
under the pointer highlighted, with its tooltip; a click runs the key (a dimmed one rings
the bell). Its height comes from its width (:meth:`KeyFooter.get_content_height`), so the
first layout is already right; a change of keys repaints it, and asks for a layout only
when it needs another number of lines. When the keys do not fit one line (an 80-column
terminal), the footer takes as few lines as let every key show whole in a grid (two, on a
phone three or four), so every key stays visible and clickable. In a browser each line of
keys is three lines tall, a target a finger can hit. Binding groups
(``Binding.group``) are not used by this app and are shown as single keys. Keys whose
actions a screen offers otherwise (the Table's touch buttons) can be left out
(``leave_out``).

The look is the look of Textual's ``FooterKey``, from the same ``$footer-*`` variables, in
component classes a screen may restyle (the Table drops the space after each description):
``key-footer--key``, ``key-footer--description``, ``key-footer--item`` (a key's cell),
``key-footer--hover``, ``key-footer--disabled`` and ``key-footer--palette`` (the command
palette's key, drawn compact at the right, as ``Footer`` draws it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.geometry import Offset, Region, Size
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget

from companion.i18n import _ as in_language
from companion.i18n import current_language
from companion.ui.framework.textual_internals import get_box

if TYPE_CHECKING:
    from textual import events
    from textual.css.styles import StylesBase
    from textual.screen import Screen

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


@dataclass(frozen=True)
class FooterEntry:
    """One key the footer shows."""

    key: str
    """The key pressed when it is clicked (``Binding.key``)."""
    display: str
    """How the key is written (``App.get_key_display``)."""
    description: str
    enabled: bool
    """False: drawn dimmed, a click rings the bell."""
    tooltip: str


class Place(NamedTuple):
    """Where an entry is drawn, relative to the footer."""

    entry: FooterEntry
    region: Region
    palette: bool = False


class Arrangement(NamedTuple):
    """The footer's lines at one width."""

    width: int
    rows: int
    places: tuple[Place, ...]

    def at(self, offset: Offset) -> Place | None:
        """The place under ``offset`` (the command palette's key is on top)."""
        for place in sorted(self.places, key=lambda place: not place.palette):
            if place.region.contains_point(offset):
                return place
        return None


class _Layer(NamedTuple):
    """What ``DOMNode.rich_style`` accumulates from the root down to one node."""

    background: Color
    color: Color
    text_style: RichStyle
    opacity: float

    def add(self, styles: StylesBase) -> _Layer:
        """This layer with a child node of ``styles`` on top (as ``DOMNode.rich_style``)."""
        background, color = self.background, self.color
        opacity = self.opacity * styles.opacity
        text_background = background
        if styles.has_rule("background"):
            tinted = styles.background.tint(styles.background_tint)
            text_background = background + tinted
            background = background + tinted.multiply_alpha(opacity)
        if styles.has_rule("color"):
            color = styles.color
        if styles.has_rule("auto_color") and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
        return _Layer(background, color, self.text_style + styles.text_style, opacity)

    @property
    def rich_style(self) -> RichStyle:
        background, color = self.background, self.color
        return self.text_style + RichStyle.from_color(
            (background + color).rich_color if (background.a or color.a) else None,
            background.rich_color if background.a else None,
        )


class _Look(NamedTuple):
    """The styles of one kind of key (plain or palette, hovered or not, lit or dimmed)."""

    key: RichStyle
    description: RichStyle
    fill: RichStyle
    """The rest of its cell (a grid column wider than the key)."""
    key_padding: tuple[int, int]
    description_padding: tuple[int, int]
    border: Segment | None
    """The left edge (the command palette's key)."""
    padding: tuple[int, int]
    """Around the key and its description (the command palette's key)."""


class KeyFooter(Widget):
    """A footer that draws the screen's keys itself: on one line or, when they do not fit,
    in a grid of two to four lines."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "key-footer--key",
        "key-footer--description",
        "key-footer--item",
        "key-footer--hover",
        "key-footer--disabled",
        "key-footer--palette",
    }
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: auto;
        color: $footer-foreground;
        background: $footer-background;
        & > .key-footer--item { background: $footer-item-background; }
        & > .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
            padding: 0 1;
        }
        & > .key-footer--description {
            padding: 0 1 0 0;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .key-footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        & > .key-footer--disabled { text-style: dim; }
        & > .key-footer--palette {
            padding-right: 1;
            border-left: vkey $foreground 20%;
        }
    }
    """

    leave_out: frozenset[str] = frozenset()
    """Actions not listed (the screen shows them another way)."""

    def __init__(
        self,
        *,
        show_command_palette: bool = True,
        leave_out: Iterable[str] = (),
        keep_rows: bool = False,
    ) -> None:
        super().__init__()
        self.show_command_palette = show_command_palette
        self.leave_out = frozenset(leave_out)
        self.keep_rows = keep_rows
        self._kept: tuple[int, str, int] = (0, "", 0)
        self._keys_read_again = False  # the first keys drawn may be a screen's before it
        # has decided them (the Table drew all 18 for one frame until it did): not kept
        self._entries: tuple[FooterEntry, ...] | None = None
        self._palette: FooterEntry | None = None
        self._arrangement: Arrangement | None = None
        self._looks: dict[tuple[bool, bool, bool], _Look] = {}
        self._pointer: Offset | None = None
        self._hovered: Place | None = None
        self._update_pending = False

    # The keys

    def _read_entries(self) -> tuple[tuple[FooterEntry, ...], FooterEntry | None]:
        """Per action its first shown binding, in order, as ``Footer.compose`` lists them;
        and the command palette's key, if the footer shows it."""
        app = self.app
        active = self.screen.active_bindings
        seen: set[str] = set()
        entries = []
        for _, binding, enabled, tooltip in active.values():
            if not binding.show or binding.action in seen or binding.action in self.leave_out:
                continue
            seen.add(binding.action)
            display = app.get_key_display(binding)
            label = in_language(binding.description)
            tip = in_language(tooltip or binding.description)
            entries.append(FooterEntry(binding.key, display, label, enabled, tip))
        palette = None
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, _ = found
                display = app.get_key_display(binding)
                tip = in_language(binding.tooltip or binding.description)
                label = in_language(binding.description)
                palette = FooterEntry(binding.key, display, label, enabled, tip)
        return tuple(entries), palette

    @property
    def entries(self) -> tuple[FooterEntry, ...]:
        """The keys shown (without the command palette's), in order."""
        if self._entries is None:
            self._entries, self._palette = self._read_entries()
        return self._entries

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Schedule one update (however many signals come first). It runs with the
        screen's other pending messages, so it is drawn in the same frame as the change
        that caused it."""
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._update_pending:
            self._update_pending = True
            self.call_later(self._update)

    def _update(self) -> None:
        """Read the keys again; repaint if they changed, and lay out again only if the
        footer needs another number of lines."""
        self._update_pending = False
        if not self.is_attached:
            return
        entries, palette = self._read_entries()
        if (entries, palette) == (self._entries, self._palette):
            return
        self._entries, self._palette = entries, palette
        self._arrangement = None
        self._keys_read_again = True
        width, height = self.content_size
        self.refresh(layout=bool(width) and self._height_at(width) != height)
        self._follow_pointer()

    # Measuring and placing

    def _look(self, *, palette: bool, hovered: bool, enabled: bool) -> _Look:
        """The styles of a key, as a ``FooterKey`` child with these states would have them."""
        cache_key = (palette, hovered, enabled)
        if (look := self._looks.get(cache_key)) is not None:
            return look
        names = ["key-footer--item"]
        if palette:
            names.append("key-footer--palette")
        if hovered:
            names.append("key-footer--hover")
        if not enabled:
            names.append("key-footer--disabled")
        base = _Layer(Color(0, 0, 0, 0), Color(255, 255, 255, 0), RichStyle(), 1.0)
        for node in reversed(self.ancestors_with_self):
            base = base.add(node.styles)
        item_styles = self.get_component_styles(*names)
        item = base.add(item_styles)
        key_styles = self.get_component_styles("key-footer--key")
        description_styles = self.get_component_styles("key-footer--description")
        fill = Style(background=base.background + item.background)
        key_padding = (key_styles.padding.left, key_styles.padding.right)
        description_padding = (description_styles.padding.left, description_styles.padding.right)
        border = None
        if palette:
            # Drawn compact, as ``Footer`` draws it: no space around the key, one before
            # the description.
            key_padding, description_padding = (0, 0), (1, 0)
            edge, edge_color = item_styles.border.left
            if edge not in ("", "none", "hidden"):
                line = Style(foreground=base.background + edge_color.multiply_alpha(item.opacity))
                border = get_box(edge, fill, Style(background=base.background), line)[1][0]
        look = _Look(
            key=item.add(key_styles).rich_style,
            description=item.add(description_styles).rich_style,
            fill=fill.rich_style,
            key_padding=key_padding,
            description_padding=description_padding,
            border=border,
            padding=(item_styles.padding.left, item_styles.padding.right) if palette else (0, 0),
        )
        self._looks[cache_key] = look
        return look

    def _parts(self, entry: FooterEntry, look: _Look) -> list[tuple[str, RichStyle]]:
        """The key and its description, padded (the key alone, unpadded, if it has no
        description, as ``FooterKey`` draws it)."""
        if not entry.description:
            return [(entry.display, look.key)]
        (key_left, key_right), (left, right) = look.key_padding, look.description_padding
        if self.app.is_web:  # a touch screen: a tap, not a key ("^s" read as noise: P7)
            return [(" " * key_left + entry.description + " " * key_right, look.key)]
        return [
            (" " * key_left + entry.display + " " * key_right, look.key),
            (" " * left + entry.description + " " * right, look.description),
        ]

    def _width(self, entry: FooterEntry, *, palette: bool = False) -> int:
        """Columns the key and its description take (without the palette key's edge)."""
        look = self._look(palette=palette, hovered=False, enabled=True)
        return sum(cell_len(text) for text, _ in self._parts(entry, look))

    def arrange_keys(self, width: int) -> Arrangement:
        """Where each key goes in a footer ``width`` wide: side by side if they fit, with
        the command palette's key at the right; else a grid of ``rows_needed`` lines, the
        keys row by row, each column as wide as its widest key, no palette key (ctrl+p and
        the header's icon still open it)."""
        if self._arrangement is not None and self._arrangement.width == width:
            return self._arrangement
        entries, palette = self.entries, self._palette
        sizes = [self._width(entry) for entry in entries]
        palette_width = 0 if palette is None else self._width(palette, palette=True)
        one_line = sum(sizes) + palette_width <= width
        rows = 1 if one_line else rows_needed(sizes, width)
        places: list[Place] = []
        columns = max(1, ceil(len(entries) / rows))
        widths = [max(sizes[column::columns]) for column in range(min(columns, len(sizes)))]
        tall = self.line_height
        for index, entry in enumerate(entries):
            row, column = divmod(index, columns)
            region = Region(sum(widths[:column]), row * tall, widths[column], tall)
            places.append(Place(entry, region))
        if one_line and palette is not None:
            look = self._look(palette=True, hovered=False, enabled=True)
            total = palette_width + sum(look.padding) + (look.border is not None)
            places.append(Place(palette, Region(width - total, 0, total, tall), palette=True))
        self._arrangement = Arrangement(width, rows * tall, tuple(places))
        return self._arrangement

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the keys need at this width (or have needed, see
        :meth:`_height_at`)."""
        return self._height_at(width)

    def _height_at(self, width: int) -> int:
        """The lines the keys need at ``width``; with ``keep_rows``, at least as many as
        any keys drawn before at this width and in this language needed (a screen whose
        keys change with the turn keeps one height: its panels are not laid out again)."""
        rows = self.arrange_keys(width).rows
        return max(rows, self._kept_at(width)) if self.keep_rows else rows

    def _kept_at(self, width: int) -> int:
        """The most lines drawn at ``width`` in the language in use (0: none yet)."""
        kept_width, language, kept = self._kept
        return kept if (kept_width, language) == (width, current_language()) else 0

    def _note_drawn(self, width: int, rows: int) -> None:
        self._kept = (width, current_language(), max(self._kept_at(width), rows))

    # Drawing

    @property
    def line_height(self) -> int:
        """Lines per row of keys: three in a browser (a finger's target, about 50 px on a
        phone), else one."""
        return 3 if self.app.is_web else 1

    def _segments(self, place: Place, *, label: bool = True) -> list[Segment]:
        """The key drawn in its cell; ``label=False``: the cell's line above or below it."""
        entry = place.entry
        hovered = self._hovered is not None and self._hovered.region == place.region
        look = self._look(palette=place.palette, hovered=hovered, enabled=entry.enabled)
        segments = [] if look.border is None else [look.border]
        if not label:
            rest = place.region.width - len(segments)
            return [*segments, Segment(" " * rest, look.fill)] if rest > 0 else segments
        left, right = look.padding
        if left:
            segments.append(Segment(" " * left, look.fill))
        segments.extend(Segment(text, style) for text, style in self._parts(entry, look) if text)
        if right:
            segments.append(Segment(" " * right, look.fill))
        if (rest := place.region.width - sum(s.cell_length for s in segments)) > 0:
            segments.append(Segment(" " * rest, look.fill))
        return segments

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        arrangement = self.arrange_keys(width)
        if self.keep_rows and y == 0 and self._keys_read_again:  # only keys drawn count
            self._note_drawn(width, arrangement.rows)
        base, background = self.background_colors
        blank = Style(background=base + background).rich_style
        segments: list[Segment] = []
        for place in arrangement.places:
            top = place.region.y
            if not top <= y < top + place.region.height:
                continue
            label = y == top + place.region.height // 2
            if place.palette:
                # Docked at the right, over any key it reaches.
                keys = Strip(segments).adjust_cell_length(place.region.x, blank)
                segments = [*keys, *self._segments(place, label=label)]
            else:
                segments.extend(self._segments(place, label=label))
        return Strip(segments).crop(0, width) if segments else Strip.blank(width, blank)

    def notify_style_update(self) -> None:
        """New CSS (a theme): the styles and sizes of the keys may have changed."""
        super().notify_style_update()
        self._looks = {}
        self._arrangement = None

    # The pointer

    def _follow_pointer(self) -> None:
        """Highlight the key under the pointer, and make its tooltip the footer's."""
        arrangement = self.arrange_keys(self.content_size.width)
        place = None if self._pointer is None else arrangement.at(self._pointer)
        if place == self._hovered:
            return
        self._hovered = place
        self.tooltip = None if place is None else place.entry.tooltip
        self.styles.pointer = "default" if place is None else "pointer"
        self.screen.update_pointer_shape()
        self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._pointer = event.get_content_offset(self)
        self._follow_pointer()

    def on_leave(self, event: events.Leave) -> None:
        self._pointer = None
        self._follow_pointer()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """Run the key clicked (as ``FooterKey`` does); a dimmed one rings the bell."""
        offset = event.get_content_offset(self)
        place = None if offset is None else self.arrange_keys(self.content_size.width).at(offset)
        if place is None:
            return
        if place.entry.enabled:
            self.app.simulate_key(place.entry.key)
        else:
            self.app.bell()

    # Subscriptions

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
