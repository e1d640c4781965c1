"""A table that never runs past its right edge: while its columns fit they keep their
natural widths (one line a row, as a plain :class:`~textual.widgets.DataTable`); when
they do not (a narrow screen, a language with longer words), the widest columns narrow
and their cells and headers wrap onto more lines (too narrow even so: each row stacked,
cell under cell), so no cell is cut or scrolled away.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import DataTable


def fitted_widths(natural: Sequence[int], floors: Sequence[int], room: int) -> list[int] | None:
    """Widths for columns of ``natural`` widths within ``room`` columns: ``None`` when
    they fit as they are; else the widest column narrows, one column at a time, down to
    its floor (the longest word in it, where the room allows).

    >>> fitted_widths([5, 10], [3, 4], 20) is None
    True
    >>> fitted_widths([5, 10], [3, 4], 12)
    [5, 7]
    >>> fitted_widths([8, 8], [2, 2], 6)
    [3, 3]
    """
    if sum(natural) <= room:
        return None
    if sum(floors) > room:  # even the longest words do not fit: they fold
        floors = [min(floor, max(room // len(floors), 1)) for floor in floors]
    widths = list(natural)
    while sum(widths) > room:
        narrower = [i for i, width in enumerate(widths) if width > floors[i]]
        if not narrower:
            break
        widest = max(narrower, key=lambda i: widths[i])
        widths[widest] -= 1
    return widths


def _longest_word(text: str) -> int:
    return max((cell_len(word) for word in text.split()), default=0)


class FittedTable(DataTable[str | Text]):
    """A :class:`DataTable` of strings filled whole by :meth:`fill`; it fits its columns
    to its width again whenever that changes (see the module). Too narrow for the columns
    even at their longest words, it stacks each row's cells one under the other, each
    beside its header."""

    DEFAULT_CSS = """
    FittedTable.-wrapped { max-height: 100; }
    """

    def __init__(self, *, id: str | None = None, cursor_type: str = "row") -> None:
        super().__init__(id=id, cursor_type=cursor_type)  # type: ignore[arg-type]
        self.headers: tuple[str, ...] = ()
        self.cells: tuple[tuple[str, ...], ...] = ()
        self._fitted_to = -1

    def fill(self, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """Show ``rows`` under ``headers``, fitted to the table's width."""
        self.headers = tuple(headers)
        self.cells = tuple(tuple(row) for row in rows)
        self._fit(self.size.width)

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._fitted_to:
            self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        """Lay the columns out for ``width`` columns (0: not laid out yet, natural widths)."""
        self._fitted_to = width
        columns = list(zip(self.headers, *self.cells, strict=True)) if self.headers else []
        natural = [max(cell_len(text) for text in column) for column in columns]
        floors = [max(_longest_word(text) for text in column) for column in columns]
        room = width - 2 * self.cell_padding * len(columns)
        self.clear(columns=True)
        fits = not width or sum(natural) <= room
        stacked = not fits and sum(floors) > room
        self.set_class(not fits, "-wrapped")
        self.show_header = not stacked
        self.header_height = 1
        if fits:
            self.add_columns(*self.headers)
            for row in self.cells:
                self.add_row(*row)
        elif stacked:
            self._stack(width - 4 * self.cell_padding)
        else:
            self._wrap(fitted_widths(natural, floors, room) or natural)

    def _wrap(self, widths: list[int]) -> None:
        """The columns at ``widths``, their headers and cells wrapped."""
        console = self.app.console
        self.header_height = max(
            len(Text(header).wrap(console, column_width))
            for header, column_width in zip(self.headers, widths, strict=True)
        )
        for header, column_width in zip(self.headers, widths, strict=True):
            self.add_column(header, width=column_width)
        for row in self.cells:
            self.add_row(*row, height=None)

    def _stack(self, room: int) -> None:
        """Too narrow for the columns side by side: each row one under the other, a
        header beside each of its cells, a blank line between rows."""
        headers = max(cell_len(header) for header in self.headers)
        headers = min(headers, room // 2)
        self.add_column("", width=headers)
        self.add_column("", width=room - headers)
        for number, row in enumerate(self.cells):
            if number:
                self.add_row("", "")
            for header, cell in zip(self.headers, row, strict=True):
                self.add_row(Text(header, style="bold"), cell, height=None)
